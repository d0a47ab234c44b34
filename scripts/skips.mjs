/**
 * Skipped tests and their reasons, for `npm test`'s summary (scripts/test.mjs). A skip must say
 * why: Playwright's `test.skip(condition, 'why')` / `test.fixme(condition, 'why')` carry it as the
 * annotation's description, vitest's `ctx.skip('why')` as the note scripts/vitest-skips.mjs reports.
 */

/** @typedef {{ name: string, reason: string }} Skip */

/**
 * Every skipped test of a Playwright JSON report (or one of its suites), with the description of
 * its skip/fixme annotation ('' when it has none).
 * @param {{ specs?: import('@playwright/test/reporter').JSONReportSpec[], suites?: import('@playwright/test/reporter').JSONReportSuite[] }} suite
 * @returns {Skip[]}
 */
export function playwrightSkips(suite) {
  /** @type {Skip[]} */
  const out = [];
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      if (t.status !== 'skipped') continue;
      const annotations = [...t.annotations, ...t.results.flatMap((r) => r.annotations ?? [])];
      const reason = annotations.find((a) => (a.type === 'skip' || a.type === 'fixme') && a.description?.trim())?.description?.trim() ?? '';
      out.push({ name: `${spec.file}: ${spec.title}`, reason });
    }
  }
  for (const child of suite.suites ?? []) out.push(...playwrightSkips(child));
  return out;
}

/**
 * The skips of scripts/vitest-skips.mjs's report. `it.skip`, `it.skipIf`, `it.todo` and
 * `describe.skip` have no note, so they come out without a reason.
 * @param {import('./vitest-skips.mjs').Skip[]} report
 * @returns {Skip[]}
 */
export function vitestSkips(report) {
  return report.map((s) => ({ name: `${s.file}: ${s.name}`, reason: s.note.trim() }));
}

/**
 * Splits skips into those that say why (counted as skipped) and those that do not (failures).
 * @param {Skip[]} skips
 */
export function judgeSkips(skips) {
  return { named: skips.filter((s) => s.reason), silent: skips.filter((s) => !s.reason) };
}
