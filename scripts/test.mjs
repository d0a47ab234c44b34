/**
 * `npm test`: every quality gate, in order, then one plain summary line.
 *
 *   typecheck (tsc -b) → lint (eslint) → unit tests (vitest) → build (vite) → e2e (Playwright)
 *
 * Every step runs even if an earlier one failed (one run shows everything that is wrong), except
 * that e2e needs a successful build. The last line is `N passed, N failed`: the test counts of
 * vitest and Playwright summed, plus one failure for each gate (typecheck, lint, build, a runner
 * that could not start). The exit code is non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_REPORT, runE2E } from './e2e.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = (/** @type {string} */ pkg, /** @type {string} */ file) => join(ROOT, 'node_modules', pkg, file);
const VITEST_REPORT = join(ROOT, 'test-results', 'reports', 'vitest.json');

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, NO_COLOR: '1' };
delete env.FORCE_COLOR;
process.env.NO_COLOR = '1';

let passed = 0;
let failed = 0;
/** @type {string[]} */
const problems = [];

/** @param {string} title */
function banner(title) {
  console.log(`\n=== ${title} ===`);
}

/** @param {string} title @param {string[]} args */
function gate(title, args) {
  banner(title);
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) {
    failed++;
    problems.push(`${title} failed`);
    return false;
  }
  return true;
}

/** @param {string} path */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

gate('typecheck', [BIN('typescript', 'bin/tsc'), '-b']);
gate('lint', [BIN('eslint', 'bin/eslint.js'), '.']);

banner('unit tests (vitest)');
mkdirSync(dirname(VITEST_REPORT), { recursive: true });
rmSync(VITEST_REPORT, { force: true });
const vitest = spawnSync(process.execPath, [BIN('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`], {
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
} else {
  failed++;
  problems.push(`vitest produced no report (exit ${vitest.status})`);
}

const built = gate('build (vite)', [BIN('vite', 'bin/vite.js'), 'build']);

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
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
