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
  // A field present as null (an events.k8s.io Event's lastTimestamp in its core/v1 view) is a nil
  // interface{}: less than any value, not less than another nil (unlike a missing field, below).
  if (a === null) return b !== null;
  if (b === null) return false;
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
  const keyed = keyedBy(objs, parsed(expr));
  if (objs.length > 0 && keyed.every((k) => k.v === undefined)) {
    throw plainError(`couldn't find any field with path "${relaxedJsonPath(expr)}" in the list of objects`);
  }
  return sortKeyed(keyed);
}

/** The relaxed expression, parsed; its errors as kubectl prints them. */
function parsed(expr: string): ReturnType<typeof parseTemplate> {
  try {
    return parseTemplate(relaxedJsonPath(expr));
  } catch (e) {
    throw plainError((e as Error).message);
  }
}

function keyedBy(objs: KObject[], nodes: ReturnType<typeof parseTemplate>): { o: KObject; v: unknown }[] {
  return objs.map((o) => ({ o, v: findResults(nodes, o).flat()[0] }));
}

function sortKeyed(keyed: { o: KObject; v: unknown }[]): KObject[] {
  const sorted = goSorted(keyed, (x, y) => {
    if (x.v === undefined) return true;
    if (y.v === undefined) return false;
    return less(x.v, y.v);
  });
  return sorted.map((k) => k.o);
}

/** Whether the first node of a parsed template selects anything in `o` (sorter.go's fieldFoundOnce test). */
function selects(nodes: ReturnType<typeof parseTemplate>, o: KObject): boolean {
  return (findResults(nodes, o)[0]?.length ?? 0) > 0;
}

/**
 * `--sort-by` on the tables a human-readable `get` prints, as get.go does it in two passes. Run's
 * RuntimeSorter sees each table as an unstructured object (kind Table), not a *metav1.Table: one
 * alone is left as it is, two or more (`get pods,svc`) are sorted as objects by the relaxed
 * expression, which a Pod's or Service's field never matches in a Table — `couldn't find any
 * field`. The SortingPrinter then sorts each table of two or more rows by the rows' objects; when
 * no row has the field its error is dropped by get.go's print loop, so that table prints nothing
 * (and `No resources found` follows if none printed). A one-row table prints as it is.
 * Approximate: tables that do share the field (`.kind`, `.metadata.resourceVersion`) keep their order.
 */
export function sortTables(groups: { objs: KObject[] }[], expr: string): void {
  const relaxed = parsed(expr);
  if (groups.length > 1) {
    const table = { apiVersion: 'meta.k8s.io/v1', kind: 'Table', metadata: { resourceVersion: '0' }, columnDefinitions: [], rows: [] } as unknown as KObject;
    if (!selects(relaxed, table)) throw plainError(`couldn't find any field with path "${relaxedJsonPath(expr)}" in the list of objects`);
  }
  for (const g of groups) {
    if (g.objs.length < 2) continue;
    // Keyed once: the test for the field and the sort read the same values.
    const keyed = keyedBy(g.objs, relaxed);
    g.objs = keyed.some((k) => k.v !== undefined) ? sortKeyed(keyed) : [];
  }
}
