import { describe, expect, it } from 'vitest';
import { sameStableJson, stableJson } from './status-manager';

describe('sameStableJson', () => {
  const cases: [unknown, unknown][] = [
    [{ a: 1, b: [1, 'x'] }, { b: [1, 'x'], a: 1 }],
    [{ a: 1, b: undefined }, { a: 1 }],
    [{ a: 1 }, { a: '1' }],
    [{ a: null }, { a: NaN }],
    [[undefined], []],
    [[1, 2], [1]],
    [{ a: {} }, { a: [] }],
    [{ phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }, { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] }],
  ];
  it.each(cases)('agrees with comparing stableJson strings: %j vs %j', (a, b) => {
    expect(sameStableJson(a, b)).toBe(stableJson(a) === stableJson(b));
    expect(sameStableJson(b, a)).toBe(stableJson(b) === stableJson(a));
  });
});
