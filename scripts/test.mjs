/**
 * `npm test`: every quality gate, in order, then one plain summary line.
 *
 *   typecheck (tsc -b) → build (vite)  ‖  lint (eslint, import cycles) → lessons (proven on the
 *   engine); then unit tests (vitest) → e2e (Playwright)
 *
 * The two chains are single-threaded jobs, so they share the two cores of a CI machine side by
 * side (about 90 s saved); each gate's output is printed whole, in the order above, once both
 * chains have finished.
 *
 * Every step runs even if an earlier one failed (one run shows everything that is wrong), except
 * that e2e needs a successful build. The last line is `N passed, N failed, N skipped`: the test
 * counts of vitest and Playwright summed, plus one failure for each gate (typecheck, lint, build, a
 * runner that could not start). The exit code is non-zero if anything failed.
 *
 * A skipped test must say why, or it counts as FAILED (a silent skip reads like a pass):
 * - vitest: skip only at run time with a note, `ctx.skip('why')` or `ctx.skip(condition, 'why')`
 *   (`it('…', (ctx) => { ctx.skip(!hasX, 'needs X'); … })`). `it.skip`, `it.skipIf`, `it.todo` and
 *   `describe.skip` carry no note, so they fail the run. scripts/vitest-skips.mjs reports the notes.
 * - Playwright: `test.skip(condition, 'why')` / `test.fixme(condition, 'why')`: the annotation's
 *   description is the reason; a skip or fixme without one fails the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_REPORT, runE2E } from './e2e.mjs';
import { judgeSkips, playwrightSkips, vitestSkips } from './skips.mjs';
import { SKIPS_REPORT } from './vitest-skips.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = (/** @type {string} */ pkg, /** @type {string} */ file) => join(ROOT, 'node_modules', pkg, file);
const VITEST_REPORT = join(ROOT, 'test-results', 'reports', 'vitest.json');

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, NO_COLOR: '1' };
delete env.FORCE_COLOR;
process.env.NO_COLOR = '1';

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const problems = [];

/** @param {string} title */
function banner(title) {
  console.log(`\n=== ${title} ===`);
}

/** @param {string} path */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Runs a gate with its output captured, resolving to its exit status and that output.
 * @param {string[]} args @returns {Promise<{ status: number | null, output: string }>}
 */
function capture(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (e) => resolve({ status: null, output: String(e) }));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/**
 * Gates in chains, the chains side by side; a chain's gates run one after another. Each gate's
 * output is printed under its banner, in the order listed; a non-zero exit is one failure.
 * Returns the titles of the gates that failed.
 * @param {[string, string[]][][]} chains
 */
async function gatesSideBySide(chains) {
  /** @type {Set<string>} */
  const failedTitles = new Set();
  const runs = await Promise.all(
    chains.map(async (chain) => {
      const out = [];
      for (const [title, args] of chain) out.push({ title, ...(await capture(args)) });
      return out;
    }),
  );
  for (const r of runs.flat()) {
    banner(r.title);
    process.stdout.write(r.output);
    if (r.status !== 0) {
      failed++;
      problems.push(`${r.title} failed`);
      failedTitles.add(r.title);
    }
  }
  return failedTitles;
}

// Every lesson, drill and misconception card proven on the real engine (npm run lessons:check).
const BUILD = 'build (vite)';
const sideBySide = await gatesSideBySide([
  [
    ['typecheck', [BIN('typescript', 'bin/tsc'), '-b']],
    [BUILD, [BIN('vite', 'bin/vite.js'), 'build', '--configLoader', 'runner']],
  ],
  [
    ['lint', [BIN('eslint', 'bin/eslint.js'), '.']],
    ['import cycles', [join(ROOT, 'scripts', 'cycles.mjs')]],
    ['lessons (proven on the engine)', [BIN('tsx', 'dist/cli.mjs'), join(ROOT, 'src', 'cli', 'lessons-check.ts')]],
  ],
]);

/**
 * Counts skipped tests: those with a reason are skipped, those without are failed.
 * @param {string} runner @param {import('./skips.mjs').Skip[]} skips
 */
function countSkips(runner, skips) {
  const { named, silent } = judgeSkips(skips);
  skipped += named.length;
  failed += silent.length;
  for (const s of silent) problems.push(`${runner}: skipped without a reason: ${s.name}`);
}

banner('unit tests (vitest)');
mkdirSync(dirname(VITEST_REPORT), { recursive: true });
rmSync(VITEST_REPORT, { force: true });
rmSync(SKIPS_REPORT, { force: true });
const vitest = spawnSync(process.execPath, [BIN('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`, `--reporter=${join(ROOT, 'scripts', 'vitest-skips.mjs')}`], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
const vr = readJson(VITEST_REPORT);
if (vr && typeof vr.numPassedTests === 'number') {
  passed += vr.numPassedTests;
  failed += vr.numFailedTests;
  // A file that fails to load has no tests to count but is still a failure.
  const brokenFiles = (vr.testResults ?? []).filter((/** @type {{ status: string, assertionResults?: unknown[] }} */ f) => f.status === 'failed' && !(f.assertionResults ?? []).length).length;
  failed += brokenFiles;
  if (vr.numFailedTests || brokenFiles) problems.push(`vitest: ${vr.numFailedTests} failed test(s), ${brokenFiles} file(s) failed to load`);
  else if (vitest.status !== 0) {
    failed++;
    problems.push(`vitest exited with ${vitest.status}`);
  }
  /** @type {import('./vitest-skips.mjs').Skip[] | undefined} */
  const skips = readJson(SKIPS_REPORT);
  if (skips) countSkips('vitest', vitestSkips(skips));
  else {
    failed++;
    problems.push('vitest: no skip report (scripts/vitest-skips.mjs)');
  }
} else {
  failed++;
  problems.push(`vitest produced no report (exit ${vitest.status})`);
}

const built = !sideBySide.has(BUILD);

banner('end-to-end tests (Playwright, Chromium)');
if (!built) {
  console.log('skipped: the build failed');
} else {
  rmSync(E2E_REPORT, { force: true });
  const e2e = await runE2E({ build: false });
  const er = existsSync(E2E_REPORT) ? readJson(E2E_REPORT) : undefined;
  if (e2e.error) console.error(e2e.error);
  if (er?.stats) {
    passed += er.stats.expected + er.stats.flaky;
    failed += er.stats.unexpected;
    if (er.stats.unexpected) problems.push(`e2e: ${er.stats.unexpected} failed test(s)`);
    countSkips('e2e', playwrightSkips(er));
    if ((er.errors ?? []).length || (e2e.code !== 0 && !er.stats.unexpected)) {
      failed++;
      problems.push(`e2e: Playwright exited with ${e2e.code}`);
    }
  } else {
    failed++;
    problems.push(`e2e did not run: ${e2e.error ?? `Playwright exited with ${e2e.code}`}`);
  }
}

console.log('');
for (const p of problems) console.log(`FAILED: ${p.split('\n')[0]}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
