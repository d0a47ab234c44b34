import { describe, expect, it } from 'vitest';
import { appendValues, arrayIndices, arrayListing, arrayValues, declareArrayLine, quoteElement, resolveIndex, sliceValues, unsetElement, type BashArray } from './bash-arrays';

// Recorded, bash 5.2.15: a=(x y "z w"); a+=(v); a[6]=q; then the expansions below.
const sample = (): BashArray => {
  const a: BashArray = ['x', 'y', 'z w'];
  appendValues(a, ['v']);
  a[6] = 'q';
  return a;
};

describe('bash arrays', () => {
  it('are sparse: indices, values, negative subscripts from the highest index', () => {
    const a = sample();
    expect([arrayIndices(a), arrayValues(a), resolveIndex(a, -1), resolveIndex(a, -20)]).toEqual([[0, 1, 2, 3, 6], ['x', 'y', 'z w', 'v', 'q'], 6, undefined]);
    expect(declareArrayLine('a', a)).toBe('declare -a a=([0]="x" [1]="y" [2]="z w" [3]="v" [6]="q")\n');
  });

  it('slice by index ≥ offset, then count', () => {
    const a = sample();
    expect([sliceValues(a, 1, 2), sliceValues(a, 5), sliceValues(a, -2), sliceValues(a, -20)]).toEqual([['y', 'z w'], ['q'], ['q'], []]);
  });

  it('unset leaves a hole; trailing holes no longer count for +=', () => {
    const a: BashArray = ['1', '2', '3'];
    unsetElement(a, 2);
    appendValues(a, ['x']);
    expect(arrayListing(a)).toBe('([0]="1" [1]="2" [2]="x")');
    unsetElement(a, 0);
    expect(arrayListing(a)).toBe('([1]="2" [2]="x")');
  });

  it('quote elements as declare -p does', () => {
    expect(['q"x', '$d', 'back\\s', 't\tab', '', '*'].map(quoteElement)).toEqual(['"q\\"x"', '"\\$d"', '"back\\\\s"', "$'t\\tab'", '""', '"*"']);
  });
});
