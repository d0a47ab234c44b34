/**
 * A vitest reporter for `npm test` (scripts/test.mjs): writes every skipped or todo test with the
 * reason it was given to test-results/reports/vitest-skips.json. vitest's JSON report has no
 * reason field; this one does (`ctx.skip(note)` / `ctx.skip(condition, note)`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SKIPS_REPORT = join(ROOT, 'test-results', 'reports', 'vitest-skips.json');

/** @typedef {{ name: string, file: string, mode: string, note: string }} Skip */

export default class SkipReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    /** @type {Skip[]} */
    const skips = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== 'skipped') continue;
        skips.push({ name: test.fullName, file: relative(ROOT, module.moduleId), mode: test.options.mode, note: result.note?.trim() ?? '' });
      }
    }
    mkdirSync(dirname(SKIPS_REPORT), { recursive: true });
    writeFileSync(SKIPS_REPORT, JSON.stringify(skips, null, 2));
  }
}
