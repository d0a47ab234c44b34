/** `--sort-by`: kubectl's sorter with JSONPath keys and natural string order. */
import type { KObject } from '../../k8s/types';
import { plainError } from '../errors';
import { findResults, parseTemplate, relaxedJsonPath } from './jsonpath';

function chunks(s: string): string[] {
  return s.match(/\d+|\D+/g) ?? [];
}

/** sortorder.NaturalLess: digit runs compare by value, everything else byte-wise. */
export function naturalLess(a: string, b: string): boolean {
  const ca = chunks(a);
  const cb = chunks(b);
  for (let i = 0; i < ca.length && i < cb.length; i++) {
    const x = ca[i]!;
    const y = cb[i]!;
    if (x === y) continue;
    const dx = /^\d/.test(x);
    const dy = /^\d/.test(y);
    if (dx && dy) {
      const nx = Number(x);
      const ny = Number(y);
      if (nx !== ny) return nx < ny;
      return x.length < y.length;
    }
    return x < y;
  }
  return ca.length < cb.length;
}

function less(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return !a && b;
  if (typeof a === 'string' && typeof b === 'string') return naturalLess(a, b);
  return naturalLess(JSON.stringify(a), JSON.stringify(b));
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
