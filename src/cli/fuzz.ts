/**
 * `npm run fuzz -- [--runs N] [--seed S] [--suite a|b|c] [--replay FILE]`: runs the fuzz suites
 * (src/cli/fuzz) many times. A failing case is shrunk by fast-check and written to
 * fuzz-failures/<suite>-<seed>.json with the way to replay it; the exit code is 1.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { SUITES } from './fuzz/suites';
import type { FuzzSuite, SuiteId } from './fuzz/suite';

const USAGE = `Usage: npm run fuzz -- [--runs N] [--seed S] [--suite a|b|c] [--replay FILE]

  --runs N      cases per suite (default 100)
  --seed S      fast-check's seed (default: a new one, printed)
  --suite X     one suite: a (command lines), b (manifests), c (command-and-fault sequences)
  --replay FILE run the case saved in FILE once and print what it found
`;

const DIR = 'fuzz-failures';

interface Args {
  runs: number;
  seed: number;
  suites: FuzzSuite<never>[];
  replay?: string;
}

function parseArgs(argv: string[]): Args | string {
  // The wall clock only picks a seed; the seed is printed, so any run can be repeated.
  const args: Args = { runs: 100, seed: Date.now() % 2_147_483_647, suites: [...SUITES] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[++i] ?? ''));
    const whole = (v: string): number | undefined => (/^\d+$/.test(v) ? Number(v) : undefined);
    if (a === '--help' || a === '-h') return USAGE;
    else if (a === '--runs' || a.startsWith('--runs=')) {
      const n = whole(value());
      if (n === undefined || n < 1) return `error: --runs needs a whole number above 0\n\n${USAGE}`;
      args.runs = n;
    } else if (a === '--seed' || a.startsWith('--seed=')) {
      const n = whole(value());
      if (n === undefined || n > 2_147_483_647) return `error: --seed needs a whole number below 2^31\n\n${USAGE}`;
      args.seed = n;
    } else if (a === '--suite' || a.startsWith('--suite=')) {
      const id = value();
      const s = SUITES.filter((x) => x.id === id);
      if (!s.length) return `error: unknown suite "${id}"\n\n${USAGE}`;
      args.suites = s;
    } else if (a === '--replay' || a.startsWith('--replay=')) args.replay = value();
    else return `error: unknown argument: ${a}\n\n${USAGE}`;
  }
  return args;
}

interface SavedFailure {
  suite: SuiteId;
  seed: number;
  /** fast-check's path to the shrunk case: `--seed S --path P` regenerates it. */
  path: string;
  error: string;
  input: unknown;
}

function replay(file: string): number {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedFailure;
  const suite = SUITES.find((s) => s.id === saved.suite);
  if (!suite) {
    console.error(`error: ${file} names no known suite`);
    return 2;
  }
  try {
    suite.check(saved.input as never);
    console.log(`${file}: the case passes now`);
    return 0;
  } catch (e) {
    console.log(`${file}: still fails:\n${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    (args === USAGE ? console.log : console.error)(args);
    return args === USAGE ? 0 : 2;
  }
  if (args.replay) return replay(args.replay);
  let failed = 0;
  for (const suite of args.suites) {
    const started = performance.now();
    const out = fc.check(fc.property(suite.arbitrary, (input) => suite.check(input)), { seed: args.seed, numRuns: args.runs });
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    if (!out.failed || !out.counterexample) {
      console.log(`suite ${suite.id}: ${out.numRuns} runs, seed ${args.seed}: no failure (${secs} s)`);
      continue;
    }
    failed++;
    mkdirSync(DIR, { recursive: true });
    const file = join(DIR, `${suite.id}-${args.seed}.json`);
    const error = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
    const saved: SavedFailure = { suite: suite.id, seed: args.seed, path: out.counterexamplePath ?? '', error, input: out.counterexample[0] };
    writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
    console.log(`suite ${suite.id}: FAILED after ${out.numRuns} runs (seed ${args.seed}, shrunk ${out.numShrinks} times, ${secs} s)`);
    console.log(error.split('\n').slice(0, 20).join('\n'));
    console.log(`saved ${file}; replay it with: npm run fuzz -- --replay ${file}`);
  }
  return failed ? 1 : 0;
}

process.exitCode = main();
