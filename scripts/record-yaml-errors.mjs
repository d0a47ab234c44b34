#!/usr/bin/env node
/**
 * Records what a real kubectl prints for each malformed manifest in scripts/yaml-error-cases.mjs
 * into src/k8s/go-yaml-errors.corpus.json (the table src/k8s/go-yaml-errors.test.ts replays).
 * kubectl decodes -f files before it contacts a server, so a kubeconfig naming an unreachable
 * server is enough: `KUBECTL=path node scripts/record-yaml-errors.mjs` (default: kubectl on PATH).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CASES } from './yaml-error-cases.mjs';

const kubectl = process.env.KUBECTL ?? 'kubectl';
const dir = mkdtempSync(join(tmpdir(), 'yaml-errors-'));
const kubeconfig = join(dir, 'kubeconfig');
writeFileSync(kubeconfig, 'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\nusers: [{name: u, user: {token: x}}]\ncontexts: [{name: c, context: {cluster: c, user: u}}]\ncurrent-context: c\n');
const version = spawnSync(kubectl, ['version', '--client'], { encoding: 'utf8' }).stdout.split('\n')[0];
/** @type {{ name: string; input: string; stdout: string; stderr: string; exit: number | null; unvalidatedStderr?: string; stdinStderr?: string }[]} */
const out = [];
for (const [name, input] of CASES) {
  writeFileSync(join(dir, 'bad.yaml'), input);
  /** @param {string[]} args @param {string} [stdin] */
  const run = (args, stdin) => spawnSync(kubectl, ['apply', '--dry-run=client', ...args], { cwd: dir, input: stdin, encoding: 'utf8', env: { ...process.env, KUBECONFIG: kubeconfig } });
  const r = run(['-f', 'bad.yaml']);
  /** @type {(typeof out)[number]} */
  const c = { name, input, stdout: r.stdout, stderr: r.stderr, exit: r.status };
  // Validation needs the server's OpenAPI, so a file whose first document parses stops there;
  // without validation kubectl goes on to the next document and reaches its parse error.
  if (!r.stderr.includes('error parsing')) c.unvalidatedStderr = run(['--validate=false', '-f', 'bad.yaml']).stderr.replace(/^E\d{4} .*\n/gm, '');
  // From stdin the file is named STDIN.
  c.stdinStderr = run(['-f', '-'], input).stderr.replace(/^E\d{4} .*\n/gm, '');
  out.push(c);
}
const file = new URL('../src/k8s/go-yaml-errors.corpus.json', import.meta.url);
writeFileSync(file, `${JSON.stringify({ recordedWith: version, command: 'kubectl apply --dry-run=client -f bad.yaml', cases: out }, null, 1)}\n`);
console.log(`${out.length} cases recorded with ${version}`);
