/**
 * `npm run sim -- [--seed N] [--topology basic|ha] [--kube-api-qps Q] [--kube-api-burst B] <script|->`:
 * the headless runner.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { TOPOLOGIES, type TopologyName } from '../engine/index';
import { loadKubectlChunks } from '../kubectl/chunks';
import { diskFiles } from './fs-source';
import { runTranscript } from './transcript';

const USAGE = `Usage: reconcile [--seed N] [--topology ${TOPOLOGIES.join('|')}] [--kube-api-qps Q] [--kube-api-burst B] <script|->

Runs a script of kubectl commands and sim directives against a fresh simulated cluster and
prints the transcript. '#' starts a comment; relative paths resolve against the script's folder.
--kube-api-qps and --kube-api-burst are kube-controller-manager's flags (default 20 and 30):
raise them to run a big cluster as its admin would.
`;

interface Args {
  seed: number;
  topology: TopologyName;
  kubeApi: { kubeApiQps?: number; kubeApiBurst?: number };
  script: string;
}

function parseArgs(argv: string[]): Args | string {
  let seed = 1;
  let topology: TopologyName = 'basic';
  const kubeApi: Args['kubeApi'] = {};
  let script: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i]);
    if (a === '--help' || a === '-h') return USAGE;
    if (a === '--seed' || a.startsWith('--seed=')) {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) return `error: --seed needs a whole number\n\n${USAGE}`;
      seed = n;
    } else if (a === '--topology' || a.startsWith('--topology=')) {
      const t = value();
      if (!TOPOLOGIES.includes(t as TopologyName)) return `error: unknown topology "${t}"\n\n${USAGE}`;
      topology = t as TopologyName;
    } else if (a === '--kube-api-qps' || a.startsWith('--kube-api-qps=')) {
      const n = Number(value());
      if (!Number.isFinite(n) || n <= 0) return `error: --kube-api-qps needs a positive number\n\n${USAGE}`;
      kubeApi.kubeApiQps = n;
    } else if (a === '--kube-api-burst' || a.startsWith('--kube-api-burst=')) {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) return `error: --kube-api-burst needs a whole number above 0\n\n${USAGE}`;
      kubeApi.kubeApiBurst = n;
    } else if (a.startsWith('-') && a !== '-') return `error: unknown flag: ${a}\n\n${USAGE}`;
    else if (script === undefined) script = a;
    else return `error: only one script can be run at a time\n\n${USAGE}`;
  }
  if (script === undefined) return `error: a script path (or - for stdin) is required\n\n${USAGE}`;
  return { seed, topology, kubeApi, script };
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    const isHelp = args === USAGE;
    (isHelp ? process.stdout : process.stderr).write(args);
    return isHelp ? 0 : 2;
  }
  let source: string;
  let base: string;
  try {
    source = args.script === '-' ? readFileSync(0, 'utf8') : readFileSync(args.script, 'utf8');
    base = args.script === '-' ? process.cwd() : dirname(resolve(args.script));
  } catch (e) {
    process.stderr.write(`error: cannot read script "${args.script}": ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const timings = Object.keys(args.kubeApi).length ? args.kubeApi : undefined;
  const out = runTranscript(source, { seed: args.seed, topology: args.topology, fileSource: diskFiles(base), timings }, args.script === '-' ? 'stdin' : args.script);
  if (!out.ok) {
    process.stderr.write(out.error + '\n');
    return 2;
  }
  process.stdout.write(out.text);
  return 0;
}

// explain's descriptions and the commands' help load on their own chunks; a transcript never prints before they are in.
void loadKubectlChunks().then(() => {
  process.exitCode = main();
});
