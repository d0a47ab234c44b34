/**
 * Array helpers for lists whose length the user controls (Pods of a 2³¹−1-replica Deployment,
 * the items of a `kind: List`, the validation errors of a 1 MiB manifest). A call spread —
 * `into.push(...items)`, `Math.max(...values)` — passes every element as an argument on the
 * stack and throws a RangeError past about 100,000 of them; these loop instead.
 */

/** Appends every item, in order, and returns `into`: `into.push(...items)` without its limit. */
export function pushAll<T>(into: T[], items: Iterable<T>): T[] {
  for (const x of items) into.push(x);
  return into;
}

/** The largest value, or `-Infinity` for none: `Math.max(...values)` without its limit. */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) if (v > max || Number.isNaN(v)) max = v;
  return max;
}

/** The smallest value, or `Infinity` for none: `Math.min(...values)` without its limit. */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) if (v < min || Number.isNaN(v)) min = v;
  return min;
}
