/** The port of Go's sort.Sort: sorted output, and Go's own placement of equal items. */
import { describe, expect, it } from 'vitest';
import { goSorted } from './go-sort';

describe('goSorted', () => {
  it('sorts, through insertion sort, pdqsort partitions and the ninther pivot', () => {
    for (const n of [0, 1, 5, 12, 13, 49, 50, 200, 1000]) {
      const xs = Array.from({ length: n }, (_, i) => (i * 7919) % 1009);
      expect(goSorted(xs, (a, b) => a < b)).toEqual([...xs].sort((a, b) => a - b));
    }
  });

  it('is not stable past 12 items: equal keys leave their list order as pdqsort moves them', () => {
    // Twenty items with two keys. The port's placement was checked against a real kubectl 1.35
    // sorting 146 Events, most of them of the same second (examples/go-api.sh's golden holds one).
    const items = Array.from({ length: 20 }, (_, i) => ({ id: i, key: i % 3 === 0 ? 0 : 1 }));
    const out = goSorted(items, (a, b) => a.key < b.key);
    expect(out.map((x) => x.id)).toEqual([9, 18, 15, 3, 12, 0, 6, 5, 8, 7, 10, 11, 4, 13, 14, 2, 16, 17, 1, 19]);
    // Twelve or fewer: insertion sort, which is stable.
    const few = items.slice(0, 12);
    expect(goSorted(few, (a, b) => a.key < b.key).map((x) => x.id)).toEqual([0, 3, 6, 9, 1, 2, 4, 5, 7, 8, 10, 11]);
  });
});
