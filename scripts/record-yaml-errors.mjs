#!/usr/bin/env node
/**
 * Records what a real kubectl prints for each malformed manifest in scripts/yaml-error-cases.mjs
 * into src/k8s/go-yaml-errors.corpus.json (the table src/kubectl/yaml-errors.test.ts replays).
 * kubectl decodes -f files before it contacts a server, so a kubeconfig naming an unreachable
 * server is enough: `KUBECTL=path node scripts/record-yaml-errors.mjs` (default: kubectl on PATH).
 *
 * `node scripts/record-yaml-errors.mjs json` records scripts/json-error-cases.mjs into
 * src/k8s/go-json-stream.corpus.json instead (replayed by src/kubectl/json-manifests.test.ts),
 * each also through `kubectl create`. It needs kubectl v1.33 or later, whose YAMLOrJSONDecoder
 * falls back to YAML after a first JSON value it cannot read.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const json = process.argv[2] === 'json';
/** @type {[string, string][]} */
const CASES = (await import(json ? './json-error-cases.mjs' : './yaml-error-cases.mjs')).CASES;
const file = json ? 'x.json' : 'bad.yaml';

const kubectl = process.env.KUBECTL ?? 'kubectl';
const dir = mkdtempSync(join(tmpdir(), 'yaml-errors-'));
const kubeconfig = join(dir, 'kubeconfig');
writeFileSync(kubeconfig, 'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\nusers: [{name: u, user: {token: x}}]\ncontexts: [{name: c, context: {cluster: c, user: u}}]\ncurrent-context: c\n');
const version = spawnSync(kubectl, ['version', '--client'], { encoding: 'utf8' }).stdout.split('\n')[0];
/** @type {{ name: string; input: string; stdout: string; stderr: string; exit: number | null; unvalidatedStderr?: string; stdinStderr?: string; createStderr?: string }[]} */
const out = [];
for (const [name, input] of CASES) {
  writeFileSync(join(dir, file), input);
  /** @param {string[]} args @param {string} [stdin] @param {string} [verb] */
  const run = (args, stdin, verb = 'apply') => spawnSync(kubectl, [verb, '--dry-run=client', ...args], { cwd: dir, input: stdin, encoding: 'utf8', env: { ...process.env, KUBECONFIG: kubeconfig } });
  const r = run(['-f', file]);
  /** @type {(typeof out)[number]} */
  const c = { name, input, stdout: r.stdout, stderr: r.stderr, exit: r.status };
  // Validation needs the server's OpenAPI, so a file whose first document parses stops there;
  // without validation kubectl goes on to the next document and reaches its parse error.
  if (json || !r.stderr.includes('error parsing')) c.unvalidatedStderr = run(['--validate=false', '-f', file]).stderr.replace(/^E\d{4} .*\n/gm, '');
  // From stdin the file is named STDIN.
  c.stdinStderr = run(json ? ['--validate=false', '-f', '-'] : ['-f', '-'], input).stderr.replace(/^E\d{4} .*\n/gm, '');
  if (json) c.createStderr = run(['--validate=false', '-f', file], undefined, 'create').stderr.replace(/^E\d{4} .*\n/gm, '');
  out.push(c);
}
const corpus = new URL(json ? '../src/k8s/go-json-stream.corpus.json' : '../src/k8s/go-yaml-errors.corpus.json', import.meta.url);
writeFileSync(corpus, `${JSON.stringify({ recordedWith: version, command: `kubectl apply --dry-run=client -f ${file}`, cases: out }, null, 1)}\n`);
console.log(`${out.length} cases recorded with ${version}`);
