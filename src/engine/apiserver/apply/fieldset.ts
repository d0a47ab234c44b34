/**
 * Field sets of server-side apply (structured-merge-diff's fieldpath.Set), as paths of FieldsV1
 * keys: `f:<field>` for a struct field or map key, `k:{"name":"web"}` for an item of a list merged
 * by key (the strategic-merge keys of `src/k8s/merge-keys.ts`), `.` for the item itself. Every
 * other list is atomic (one leaf), and so is every scalar.
 *
 * Approximate: structs that upstream marks atomic (a LabelSelector) are tracked field by field,
 * and a list item's key is its one merge key (a container port's `protocol` is not part of it).
 */
import { mergeKeyOf } from '../../../k8s/merge-keys';

export type FieldPath = readonly string[];

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Identity fields: they name the object, nobody owns them (upstream strips them from every set). */
const IDENTITY_META = new Set(['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink']);

/** The leaf paths an applied configuration sets (or, for `status`, the paths of its status alone). */
export function fieldPaths(obj: Record<string, unknown>, part: 'main' | 'status' = 'main'): FieldPath[] {
  const out: FieldPath[] = [];
  if (part === 'status') {
    if (obj.status !== undefined && obj.status !== null) collect(obj.status, 'status', ['f:status'], out);
    return out;
  }
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'apiVersion' || k === 'kind' || k === 'status') continue;
    if (k === 'metadata' && isObject(v)) {
      for (const [mk, mv] of Object.entries(v)) if (!IDENTITY_META.has(mk)) collect(mv, mk, ['f:metadata', `f:${mk}`], out);
      continue;
    }
    collect(v, k, [`f:${k}`], out);
  }
  return out;
}

function collect(value: unknown, field: string, prefix: FieldPath, out: FieldPath[]): void {
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push(prefix);
    for (const [k, v] of entries) collect(v, k, [...prefix, `f:${k}`], out);
    return;
  }
  const key = mergeKeyOf(field);
  if (Array.isArray(value) && key && value.every((i) => isObject(i) && Object.hasOwn(i, key))) {
    for (const item of value as Record<string, unknown>[]) {
      const at = [...prefix, `k:${JSON.stringify({ [key]: item[key] })}`];
      out.push([...at, '.']);
      for (const [k, v] of Object.entries(item)) collect(v, k, [...at, `f:${k}`], out);
    }
    return;
  }
  out.push(prefix);
}

export const pathKey = (p: FieldPath): string => p.join('\u0000');
export const keyPath = (k: string): FieldPath => k.split('\u0000');

/** The FieldsV1 trie of a set of paths, keys sorted as the apiserver serializes them. */
export function toFieldsV1(paths: Iterable<FieldPath>): Record<string, unknown> {
  const root: Record<string, Record<string, unknown>> = {};
  for (const p of paths) {
    let node: Record<string, unknown> = root;
    for (const seg of p) node = (node[seg] ??= {}) as Record<string, unknown>;
  }
  return sortTrie(root);
}

function sortTrie(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(node).sort((a, b) => (a === '.' ? -1 : b === '.' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  for (const k of keys) out[k] = sortTrie(node[k] as Record<string, unknown>);
  return out;
}

/** The paths of a FieldsV1 trie (its leaves, and every `.`). */
export function fromFieldsV1(trie: unknown, prefix: FieldPath = []): FieldPath[] {
  if (!isObject(trie)) return [];
  const out: FieldPath[] = [];
  for (const [k, v] of Object.entries(trie)) {
    const p = [...prefix, k];
    if (isObject(v) && Object.keys(v).length > 0) out.push(...fromFieldsV1(v, p));
    else out.push(p);
  }
  return out;
}

/** The list item a `k:` segment names, and its index. */
function itemIndex(list: unknown[], seg: string): number {
  const keys = JSON.parse(seg.slice(2)) as Record<string, unknown>;
  return list.findIndex((i) => isObject(i) && Object.entries(keys).every(([k, v]) => i[k] === v));
}

/** The value at a path (`.` is the list item itself), or undefined. */
export function valueAt(obj: unknown, p: FieldPath): unknown {
  let cur: unknown = obj;
  for (const seg of p) {
    if (seg === '.') return cur;
    if (seg.startsWith('f:')) cur = isObject(cur) ? cur[seg.slice(2)] : undefined;
    else if (seg.startsWith('k:') && Array.isArray(cur)) {
      const i = itemIndex(cur, seg);
      cur = i >= 0 ? cur[i] : undefined;
    } else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Removes the field or list item a path names, in place (a `.` path removes the item). */
export function removeAt(obj: unknown, p: FieldPath): void {
  const last = p[p.length - 1] === '.' ? p.length - 2 : p.length - 1;
  const parent = valueAt(obj, p.slice(0, last));
  const seg = p[last];
  if (seg === undefined) return;
  if (seg.startsWith('f:') && isObject(parent)) delete parent[seg.slice(2)];
  else if (seg.startsWith('k:') && Array.isArray(parent)) {
    const i = itemIndex(parent, seg);
    if (i >= 0) parent.splice(i, 1);
  }
}

/** fieldpath.Path.String(): `.spec.replicas`, `.spec.template.spec.containers[name="web"].image`. */
export function pathString(p: FieldPath): string {
  let s = '';
  for (const seg of p) {
    if (seg === '.') continue;
    if (seg.startsWith('f:')) s += `.${seg.slice(2)}`;
    else if (seg.startsWith('k:')) {
      const keys = JSON.parse(seg.slice(2)) as Record<string, unknown>;
      s += `[${Object.entries(keys).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}]`;
    }
  }
  return s;
}
