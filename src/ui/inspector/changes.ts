/**
 * Which fields one write changed: a structural diff of two versions of an object, reported as
 * the deepest paths that differ (`status.conditions[1].status`, `spec.nodeName`). A field added
 * or removed whole is reported once at its own path, not leaf by leaf, so "the Pod got a
 * `status.podIP`" reads as one change.
 */

export type Segment = string | number;

export interface ChangedPath {
  /** JSONPath-like text: `a.b[2].c`, keys that are not identifiers as `metadata.labels['app.kubernetes.io/name']`. */
  path: string;
  segments: readonly Segment[];
  change: 'added' | 'removed' | 'modified';
}

/** Not shown in the object view (kubectl hides it too), so changes there are not reported. */
const HIDDEN: readonly (readonly Segment[])[] = [['metadata', 'managedFields']];

const IDENT = /^[A-Za-z_$][\w$]*$/;

export function formatPath(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENT.test(s)) out += out === '' ? s : `.${s}`;
    else out += `['${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }
  return out;
}

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

function hidden(segments: readonly Segment[]): boolean {
  return HIDDEN.some((h) => h.length === segments.length && h.every((s, i) => s === segments[i]));
}

/**
 * Paths that differ between `prev` and `next`, in document order of `next` (removed fields
 * after the kept ones at their level). Indexes are those of `next`, except for a removed list
 * element, which has its index in `prev`. Equal values, including both absent, give [].
 */
export function changedPaths(prev: unknown, next: unknown): ChangedPath[] {
  const out: ChangedPath[] = [];
  walk(prev, next, [], out);
  return out;
}

function push(out: ChangedPath[], segments: Segment[], change: ChangedPath['change']): void {
  if (!hidden(segments)) out.push({ path: formatPath(segments), segments, change });
}

function walk(a: unknown, b: unknown, at: Segment[], out: ChangedPath[]): void {
  if (hidden(at)) return;
  if (isPlain(a) && isPlain(b)) {
    for (const k of Object.keys(b)) {
      if (b[k] === undefined) continue;
      if (a[k] === undefined) push(out, [...at, k], 'added');
      else walk(a[k], b[k], [...at, k], out);
    }
    for (const k of Object.keys(a)) if (a[k] !== undefined && b[k] === undefined) push(out, [...at, k], 'removed');
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const key = mergeKey(a, b);
    if (key) return walkListMap(a as Plain[], b as Plain[], key, at, out);
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) walk(a[i], b[i], [...at, i], out);
    for (let i = n; i < b.length; i++) push(out, [...at, i], 'added');
    for (let i = n; i < a.length; i++) push(out, [...at, i], 'removed');
    return;
  }
  if (!sameScalar(a, b)) push(out, at, a === undefined ? 'added' : b === undefined ? 'removed' : 'modified');
}

/**
 * Lists Kubernetes treats as maps (conditions keyed by `type`, containers and their statuses by
 * `name`) are matched by that key, so a condition inserted at the front reads as one added
 * condition rather than every later one changing.
 */
const MERGE_KEYS = ['type', 'name'] as const;

function mergeKey(a: readonly unknown[], b: readonly unknown[]): string | undefined {
  return MERGE_KEYS.find((k) => uniqueKeys(a, k) && uniqueKeys(b, k));
}

function uniqueKeys(list: readonly unknown[], key: string): boolean {
  const seen = new Set<unknown>();
  for (const item of list) {
    if (!isPlain(item) || typeof item[key] !== 'string' || seen.has(item[key])) return false;
    seen.add(item[key]);
  }
  return list.length > 0;
}

function walkListMap(a: readonly Plain[], b: readonly Plain[], key: string, at: Segment[], out: ChangedPath[]): void {
  const before = new Map(a.map((item, i) => [item[key], i]));
  const kept = new Set<number>();
  b.forEach((item, i) => {
    const j = before.get(item[key]);
    if (j === undefined) return push(out, [...at, i], 'added');
    kept.add(j);
    walk(a[j], item, [...at, i], out);
  });
  a.forEach((_, j) => {
    if (!kept.has(j)) push(out, [...at, j], 'removed');
  });
}

function sameScalar(a: unknown, b: unknown): boolean {
  // Mixed shapes (object vs array vs scalar) differ; scalars compare by value.
  if (typeof a === 'object' && a !== null) return false;
  if (typeof b === 'object' && b !== null) return false;
  return Object.is(a, b);
}
