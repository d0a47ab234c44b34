import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal';

/** Small values built from a seed, with the shapes JSON treats specially. */
function value(seed: number, depth: number): unknown {
  const pick = seed % 13;
  const next = (k: number): number => (seed * 31 + k * 17 + 7) % 1009;
  if (depth > 2) return ['a', 1, null, true][pick % 4];
  switch (pick) {
    case 0: return undefined;
    case 1: return null;
    case 2: return seed % 2 === 0 ? 0 : -0;
    case 3: return NaN;
    case 4: return 'x' + (seed % 3);
    case 5: return seed % 3;
    case 6: return [value(next(1), depth + 1), value(next(2), depth + 1)];
    case 7: return [value(next(3), depth + 1)];
    case 8: return { a: value(next(4), depth + 1), b: value(next(5), depth + 1) };
    case 9: return { b: value(next(6), depth + 1), a: value(next(7), depth + 1) };
    case 10: return { a: value(next(8), depth + 1) };
    case 11: return new Date(Date.UTC(2026, 0, 1 + (seed % 2)));
    default: return () => seed;
  }
}

describe('jsonEqual', () => {
  it('agrees with comparing JSON.stringify texts, key order, undefined, NaN, -0, Dates and functions included', () => {
    const values = Array.from({ length: 300 }, (_, i) => value(i * 7 + 3, 0));
    let equalPairs = 0;
    for (const a of values) {
      for (const b of values) {
        const same = JSON.stringify(a) === JSON.stringify(b);
        if (same) equalPairs++;
        expect(jsonEqual(a, b)).toBe(same);
      }
    }
    expect(equalPairs).toBeGreaterThan(values.length);
  });

  it('treats a key holding undefined as absent and an undefined array element as null', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ b: undefined, a: 1 }, { a: 1, c: undefined })).toBe(true);
    expect(jsonEqual([undefined], [null])).toBe(true);
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });
});
