/**
 * Field sets of server-side apply (structured-merge-diff's fieldpath.Set), as paths of FieldsV1
 * keys, computed as SMD's typed/tofieldset.go walks an object against the schema of
 * `src/k8s/list-types.ts`: `f:<field>` for a struct field or map key, `k:{…}` for an item of a
 * list-map (every key, by name, as SMD's sorted key FieldList serializes), `v:<json>` for an
 * item of a set, `.` for a list-map item (or a map's struct value) being a member itself. An
 * atomic list, struct or map is one leaf, as is every scalar.
 *
 * A kind the table does not know (a custom resource) is walked untyped: objects field by field,
 * lists atomic. Approximate there: upstream walks a CRD's structural schema, and an untyped
 * object marks every key as a member (`.`), which this walk does not.
 */
import { KIND_TYPES, STRUCTS, type FieldSchema, type StructSchema } from '../../../k8s/list-types';

export type FieldPath = readonly string[];

/** A path of the set and the value it names in the object the set was computed from. */
export interface Leaf {
  readonly path: FieldPath;
  readonly value: unknown;
}

/** A field set keyed by pathKey, with the values of the object it came from. */
export type FieldSet = Map<string, Leaf>;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Identity fields: they name the object, nobody owns them (upstream strips them from every set). */
const IDENTITY_META = new Set(['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink']);

const OBJECT_META = STRUCTS['meta.v1.ObjectMeta'];

/** The schema of an object's kind (undefined: untyped). */
export function rootSchema(kind: unknown): StructSchema | undefined {
  const type = typeof kind === 'string' ? KIND_TYPES[kind] : undefined;
  return type === undefined ? undefined : STRUCTS[type];
}

/** The schema of the struct a field holds (its items', for a list; its values', for a map). */
export function structOf(fs: FieldSchema | undefined): StructSchema | undefined {
  return fs?.t === undefined ? undefined : STRUCTS[fs.t];
}

/**
 * The `k:` segment of a list-map item, or undefined when it names none of the keys (SMD rejects
 * such an item). A key the item omits takes its schema default (a port's protocol `TCP`), and
 * one with no default is left out (typed/helpers.go keyedAssociativeListItemToPathElement).
 */
export function itemKey(item: unknown, fs: FieldSchema): string | undefined {
  if (!isObject(item)) return undefined;
  const names = [...(fs.k ?? [])].sort();
  const parts: string[] = [];
  for (const n of names) {
    const v = Object.hasOwn(item, n) ? item[n] : fs.d?.[n];
    if (v !== undefined) parts.push(`${JSON.stringify(n)}:${JSON.stringify(v)}`);
  }
  return parts.length === 0 ? undefined : `k:{${parts.join(',')}}`;
}

/** The segment of a list's item, or undefined when the list is atomic (or the item unkeyable). */
export function itemSegment(item: unknown, fs: FieldSchema | undefined): string | undefined {
  if (fs?.l === 'set') return isObject(item) || Array.isArray(item) ? undefined : `v:${JSON.stringify(item)}`;
  if (fs?.l === 'map') return itemKey(item, fs);
  return undefined;
}

/** The field set of an object (or, for `status`, of its status alone). */
export function fieldSet(obj: Record<string, unknown>, part: 'main' | 'status' = 'main'): FieldSet {
  const out: FieldSet = new Map();
  const schema = rootSchema(obj.kind);
  if (part === 'status') {
    if (obj.status !== undefined && obj.status !== null) walk(obj.status, schema?.status, ['f:status'], out);
    return out;
  }
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'apiVersion' || k === 'kind' || k === 'status') continue;
    if (k === 'metadata' && isObject(v)) {
      for (const [mk, mv] of Object.entries(v)) if (!IDENTITY_META.has(mk)) walk(mv, OBJECT_META?.[mk], ['f:metadata', `f:${mk}`], out);
      continue;
    }
    walk(v, schema?.[k], [`f:${k}`], out);
  }
  return out;
}

/** The leaf paths of fieldSet. */
export function fieldPaths(obj: Record<string, unknown>, part: 'main' | 'status' = 'main'): FieldPath[] {
  return [...fieldSet(obj, part).values()].map((l) => l.path);
}

const add = (out: FieldSet, path: FieldPath, value: unknown): void => {
  out.set(pathKey(path), { path, value });
};

function walk(value: unknown, fs: FieldSchema | undefined, at: FieldPath, out: FieldSet): void {
  if (Array.isArray(value)) {
    if (fs?.l !== 'set' && fs?.l !== 'map') return add(out, at, value);
    const segs = value.map((item) => itemSegment(item, fs));
    // An item SMD cannot name makes the list unusable as a set or map: kept whole here.
    if (segs.some((s) => s === undefined)) return add(out, at, value);
    const seen = new Set<string>();
    const dup = new Set(segs.filter((s) => (seen.has(s!) ? true : (seen.add(s!), false))));
    const struct = structOf(fs);
    value.forEach((item, i) => {
      const seg = segs[i]!;
      const path = [...at, seg];
      // A duplicated item is owned whole (tofieldset.go visitListItems).
      if (dup.has(seg)) return add(out, path, item);
      if (fs.l === 'set') return add(out, path, item);
      add(out, [...path, '.'], item);
      for (const [k, v] of Object.entries(item as Record<string, unknown>)) walk(v, struct?.[k], [...path, `f:${k}`], out);
    });
    return;
  }
  if (!isObject(value) || fs?.a) return add(out, at, value);
  const entries = Object.entries(value);
  if (entries.length === 0) return add(out, at, value);
  if (fs?.m) {
    // A map's keys are members of the set; a struct value's key is so with its fields (`.`).
    const elem: FieldSchema | undefined = fs.t === undefined ? undefined : { t: fs.t };
    for (const [k, v] of entries) {
      walk(v, elem, [...at, `f:${k}`], out);
      if (isObject(v) && Object.keys(v).length > 0) add(out, [...at, `f:${k}`, '.'], v);
    }
    return;
  }
  const struct = structOf(fs);
  for (const [k, v] of entries) walk(v, struct?.[k], [...at, `f:${k}`], out);
}

export const pathKey = (p: FieldPath): string => p.join('\u0000');

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

/**
 * Removes the field or list item a path names from an object of kind `kind`, in place (a `.`
 * path removes the item). Items are found by their segment under the schema, so an item that
 * omits a defaulted key still answers to the key with the default.
 */
export function removeAt(obj: Record<string, unknown>, p: FieldPath): void {
  const last = p[p.length - 1] === '.' ? p.length - 2 : p.length - 1;
  let cur: unknown = obj;
  let fs: FieldSchema | undefined;
  let struct = rootSchema(obj.kind);
  for (let i = 0; i <= last; i++) {
    const seg = p[i]!;
    const final = i === last;
    if (seg.startsWith('f:') && isObject(cur)) {
      const name = seg.slice(2);
      if (final) return void delete cur[name];
      fs = i === 1 && p[0] === 'f:metadata' ? OBJECT_META?.[name] : fs?.m ? (fs.t === undefined ? undefined : { t: fs.t }) : struct?.[name];
      cur = cur[name];
      struct = structOf(fs);
    } else if (Array.isArray(cur) && (seg.startsWith('k:') || seg.startsWith('v:'))) {
      const list = cur;
      const idx = list.findIndex((item) => itemSegment(item, fs) === seg);
      if (idx < 0) return;
      if (final) return void list.splice(idx, 1);
      cur = list[idx];
      fs = undefined;
    } else return;
  }
}

/**
 * fieldpath.Path.String(): `.spec.replicas`, `.spec.template.spec.containers[name="web"].image`,
 * `[containerPort=80,protocol="TCP"]` for a list-map item, `[="example.com/x"]` for a set's.
 */
export function pathString(p: FieldPath): string {
  let s = '';
  for (const seg of p) {
    if (seg === '.') continue;
    if (seg.startsWith('f:')) s += `.${seg.slice(2)}`;
    else if (seg.startsWith('k:')) {
      const keys = JSON.parse(seg.slice(2)) as Record<string, unknown>;
      s += `[${Object.entries(keys).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}]`;
    } else if (seg.startsWith('v:')) s += `[=${seg.slice(2)}]`;
  }
  return s;
}

/**
 * What SMD's typed conversion of an applied configuration rejects (typed/validate.go
 * visitListItems): a list-map item that names none of its keys, and two items with the same
 * key or value. Each message is `<list path>: <error>` as ValidationError prints it.
 */
export function typedErrors(obj: Record<string, unknown>): string[] {
  const out: string[] = [];
  const schema = rootSchema(obj.kind);
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'apiVersion' || k === 'kind') continue;
    check(v, k === 'metadata' ? { t: 'meta.v1.ObjectMeta' } : schema?.[k], `.${k}`, out);
  }
  return out;
}

function check(value: unknown, fs: FieldSchema | undefined, at: string, out: string[]): void {
  if (fs?.a) return;
  if (Array.isArray(value)) {
    if (fs?.l !== 'set' && fs?.l !== 'map') return;
    const seen = new Set<string>();
    const struct = structOf(fs);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const seg = itemSegment(item, fs);
      if (seg === undefined) {
        if (fs.l === 'map') {
          const why = item === null ? 'may not have a null element' : !isObject(item) ? 'may not have non-map elements' : `has an element that omits all key fields [${(fs.k ?? []).map((k) => JSON.stringify(k)).join(' ')}] (and doesn't have default values for any key fields)`;
          out.push(`${at}: element ${i}: associative list with keys ${why}`);
        }
        return;
      }
      const name = pathString([seg]);
      if (seen.has(seg)) out.push(`${at}: duplicate entries for key ${name}`);
      seen.add(seg);
      if (isObject(item)) for (const [k, v] of Object.entries(item)) check(v, struct?.[k], `${at}${name}.${k}`, out);
    }
    return;
  }
  if (!isObject(value)) return;
  const struct = fs?.m ? undefined : structOf(fs);
  const elem: FieldSchema | undefined = fs?.m && fs.t !== undefined ? { t: fs.t } : undefined;
  for (const [k, v] of Object.entries(value)) check(v, fs?.m ? elem : struct?.[k], `${at}.${k}`, out);
}
