/** `--sort-by`: kubectl's sorter (pkg/cmd/get/sorter.go) with JSONPath keys. */
import type { KObject } from '../../k8s/types';
import { plainError } from '../errors';
import { findResults, parseTemplate, relaxedJsonPath } from './jsonpath';
import { quantityValue } from '../../k8s/quantity';
import { goSorted } from '../../k8s/go-sort';

/**
 * sorter.go's isLess for the values of an unstructured object: numbers by value, booleans
 * false first, strings byte-wise unless both parse as Quantities (`100m` before `1`), as kubectl
 * has sorted since v1.31 (it dropped natural order: `web-10` sorts before `web-2`).
 */
function less(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return !a && b;
  if (typeof a === 'string' && typeof b === 'string') {
    const qa = quantityValue(a);
    const qb = qa === undefined ? undefined : quantityValue(b);
    if (qa !== undefined && qb !== undefined) return qa < qb;
    return a < b;
  }
  const sa = JSON.stringify(a);
  const sb = JSON.stringify(b);
  return sa < sb;
}

/**
 * RuntimeSort with Go's sort.Sort (not stable, see k8s/go-sort.ts) by the first value the
 * expression selects; an object without it is less than any other, a missing one included.
 */
export function sortObjects(objs: KObject[], expr: string): KObject[] {
  let nodes;
  try {
    nodes = parseTemplate(relaxedJsonPath(expr));
  } catch (e) {
    throw plainError((e as Error).message);
  }
  const keyed = objs.map((o) => ({ o, v: findResults(nodes, o).flat()[0] }));
  if (objs.length > 0 && keyed.every((k) => k.v === undefined)) {
    throw plainError(`couldn't find any field with path "${relaxedJsonPath(expr)}" in the list of objects`);
  }
  const sorted = goSorted(keyed, (x, y) => {
    if (x.v === undefined) return true;
    if (y.v === undefined) return false;
    return less(x.v, y.v);
  });
  return sorted.map((k) => k.o);
}
