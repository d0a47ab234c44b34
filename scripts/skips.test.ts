/**
 * `npm test`'s skip rule on report data shaped as Playwright and scripts/vitest-skips.mjs write
 * it: a skip that names its reason is skipped, one that does not is a failure.
 */
import { describe, expect, it } from 'vitest';
import { judgeSkips, playwrightSkips, vitestSkips } from './skips.mjs';

type Annotation = { type: string; description?: string };
/** A Playwright JSON test entry with the annotations `test.skip` / `test.fixme` leave on it and its result. */
function pwTest(title: string, status: 'skipped' | 'expected', annotations: Annotation[]) {
  const result = { workerIndex: 0, parallelIndex: 0, status: status === 'skipped' ? 'skipped' : 'passed', duration: 1, errors: [], stdout: [], stderr: [], retry: 0, startTime: '', annotations, attachments: [] };
  return {
    title,
    ok: true,
    tags: [],
    id: title,
    file: 'x.spec.ts',
    line: 1,
    column: 1,
    tests: [{ timeout: 30_000, annotations, expectedStatus: status === 'skipped' ? 'skipped' : 'passed', projectId: '', projectName: '', results: [result], status }],
  };
}

describe('skipped tests must say why', () => {
  it('reads Playwright skip and fixme annotations, in nested suites too', () => {
    const report = {
      specs: [
        pwTest('named runtime skip', 'skipped', [{ type: 'skip', description: 'needs a GPU' }]),
        pwTest('silent runtime skip', 'skipped', [{ type: 'skip' }]),
        pwTest('runs', 'expected', []),
      ],
      suites: [
        {
          title: 'inner',
          file: 'x.spec.ts',
          line: 1,
          column: 1,
          specs: [pwTest('static fixme', 'skipped', [{ type: 'fixme' }]), pwTest('named fixme', 'skipped', [{ type: 'fixme', description: ' flaky on CI ' }]), pwTest('blank reason', 'skipped', [{ type: 'skip', description: '  ' }])],
        },
      ],
    } as unknown as Parameters<typeof playwrightSkips>[0];
    const { named, silent } = judgeSkips(playwrightSkips(report));
    expect(named).toEqual([
      { name: 'x.spec.ts: named runtime skip', reason: 'needs a GPU' },
      { name: 'x.spec.ts: named fixme', reason: 'flaky on CI' },
    ]);
    expect(silent.map((s) => s.name)).toEqual(['x.spec.ts: silent runtime skip', 'x.spec.ts: static fixme', 'x.spec.ts: blank reason']);
  });

  it('reads vitest notes: only ctx.skip(…, note) names a reason', () => {
    const { named, silent } = judgeSkips(
      vitestSkips([
        { name: 'with note', file: 'a.test.ts', mode: 'run', note: 'needs X' },
        { name: 'it.skip', file: 'a.test.ts', mode: 'skip', note: '' },
        { name: 'it.todo', file: 'a.test.ts', mode: 'todo', note: '' },
      ]),
    );
    expect(named).toEqual([{ name: 'a.test.ts: with note', reason: 'needs X' }]);
    expect(silent.map((s) => s.name)).toEqual(['a.test.ts: it.skip', 'a.test.ts: it.todo']);
  });
});
