/** `--sort-by`: kubectl's sorter (pkg/cmd/get/sorter.go) with JSONPath keys. */
import type { KObject } from '../../k8s/types';
import { plainError } from '../errors';
import { findResults, parseTemplate, relaxedJsonPath } from './jsonpath';
import { quantityValue } from '../../k8s/quantity';

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

/** Stable sort by the first value the expression selects; objects without it sort first. */
export function sortObjects(objs: KObject[], expr: string): KObject[] {
  let nodes;
  try {
    nodes = parseTemplate(relaxedJsonPath(expr));
  } catch (e) {
    throw plainError((e as Error).message);
  }
  const keyed = objs.map((o, i) => ({ o, i, v: findResults(nodes, o).flat()[0] }));
  if (objs.length > 0 && keyed.every((k) => k.v === undefined)) {
    throw plainError(`couldn't find any field with path "${relaxedJsonPath(expr)}" in the list of objects`);
  }
  keyed.sort((x, y) => {
    if (x.v === undefined && y.v !== undefined) return -1;
    if (y.v === undefined && x.v !== undefined) return 1;
    if (x.v !== undefined && y.v !== undefined) {
      if (less(x.v, y.v)) return -1;
      if (less(y.v, x.v)) return 1;
    }
    return x.i - y.i;
  });
  return keyed.map((k) => k.o);
}
