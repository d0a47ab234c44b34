/**
 * The three-way patch behind client-side `kubectl apply` (CreateThreeWayMergePatch): fields
 * that differ from the live object are set to the manifest's values; fields present in the
 * last-applied configuration but gone from the manifest are deleted (`null`); fields the user
 * never managed are left alone. The patch metadata comes from the one table kube-apiserver's
 * patch handler (strategic-merge.ts) uses too (src/k8s/merge-keys.ts):
 *
 * - a list merged by key (containers by name, ...) is diffed item by item, and removed items get
 *   strategic merge's `$patch: delete` directive;
 * - a list of scalars merged as a set (finalizers) sends the values it gains, and the ones it
 *   drops in `$deleteFromPrimitiveList/<list>`;
 * - a changed map with the retainKeys strategy (a Deployment's strategy, a volume) says which
 *   keys it keeps in `$retainKeys`, so the server drops what the manifest does not set;
 * - a merged list whose items or order changed has `$setElementOrder/<list>` beside it, so the
 *   server keeps the manifest's order.
 *
 * The two-way patch (CreateTwoWayMergePatch, which the kubelet's status manager, `kubectl edit`
 * and `kubectl set` send) is the same diff with the original as the live object.
 *
 * A custom resource has no Go struct to carry patch strategies: kubectl diffs it as a JSON merge
 * patch (`typed` false), every list atomic.
 */
import { patchMetaOf, type PatchMeta } from './merge-keys';
import { own, setOwn } from './own';

type Json = unknown;
type JsonMap = Record<string, Json>;

export function isMap(v: Json): v is JsonMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isMap(a) && isMap(b)) {
    // The same keys with defined values, pairwise equal; walked without building key lists (the
    // kubelet compares every status it reports this way).
    let defined = 0;
    for (const k in a) {
      if (!Object.hasOwn(a, k) || a[k] === undefined) continue;
      defined++;
      if (!deepEqual(a[k], own(b, k))) return false;
    }
    for (const k in b) if (Object.hasOwn(b, k) && b[k] !== undefined) defined--;
    return defined === 0;
  }
  return false;
}

/** Where a map being diffed sits: its field (the parent of its keys) and that field's tags. */
interface Place {
  readonly typed: boolean;
  readonly field: string;
  /** The map keeps only the keys it names (patchStrategy retainKeys): diffMaps' BuildRetainKeysDirective. */
  readonly retain: boolean;
}

const UNTAGGED: PatchMeta = {};

/**
 * The strategic-merge key for a list field. Service ports merge by `port`, which the server's
 * patch handler does not merge by, so such lists are compared by key but sent whole.
 */
function keyedBy(field: string, meta: PatchMeta, ...lists: Json[][]): { key: string; whole: boolean } | undefined {
  const candidates = field === 'ports' ? [['containerPort', false], ['port', true]] as const : meta.mergeKey ? [[meta.mergeKey, false]] as const : [];
  for (const [key, whole] of candidates) {
    if (lists.every((l) => l.every((x) => isMap(x) && key in x))) return { key, whole };
  }
  return undefined;
}

function diffKeyedList(key: string, o: Json[] | undefined, m: Json[], c: Json[], at: Place): Json[] {
  const out: Json[] = [];
  const find = (list: Json[] | undefined, v: Json): JsonMap | undefined => list?.find((x) => isMap(x) && x[key] === v) as JsonMap | undefined;
  for (const item of m as JsonMap[]) {
    const cur = find(c, item[key]);
    if (!cur) {
      out.push(item);
      continue;
    }
    const sub = diffMap(find(o, item[key]), item, cur, at);
    if (hasKeys(sub)) out.push({ [key]: item[key], ...sub });
  }
  for (const item of (o ?? []) as JsonMap[]) {
    if (!isMap(item) || find(m, item[key]) || !find(c, item[key])) continue;
    out.push({ [key]: item[key], $patch: 'delete' });
  }
  return out;
}

function diffMap(o: JsonMap | undefined, m: JsonMap, c: JsonMap | undefined, at: Place): JsonMap {
  const patch: JsonMap = {};
  const kept: string[] | undefined = at.retain ? [] : undefined;
  for (const k in m) {
    if (!Object.hasOwn(m, k)) continue;
    const mv = m[k];
    if (mv === undefined) continue;
    if (kept && mv !== null) kept.push(k);
    const cv = own(c, k);
    const ov = own(o, k);
    if (mv === null) {
      // An explicit null (`creationTimestamp: null` in generated manifests) only deletes a field
      // this manifest used to set.
      if (ov !== null && ov !== undefined && c && Object.hasOwn(c, k) && cv !== null) setOwn(patch, k, null);
      continue;
    }
    const meta = at.typed ? patchMetaOf(k, at.field) : UNTAGGED;
    if (isMap(mv) && isMap(cv)) {
      const sub = diffMap(isMap(ov) ? ov : undefined, mv, cv, { typed: at.typed, field: k, retain: meta.retainKeys === true });
      if (hasKeys(sub)) setOwn(patch, k, sub);
      continue;
    }
    if (Array.isArray(mv) && meta.scalarSet) {
      diffScalarSet(patch, k, ov, mv, cv);
      continue;
    }
    if (Array.isArray(mv) && Array.isArray(cv) && at.typed) {
      const keyed = keyedBy(k, meta, mv, cv, Array.isArray(ov) ? ov : []);
      if (keyed) {
        const sub = diffKeyedList(keyed.key, Array.isArray(ov) ? ov : undefined, mv, cv, { typed: true, field: k, retain: meta.retainKeys === true });
        if (sub.length) setOwn(patch, k, keyed.whole ? mv : sub);
        // diffLists: the order directive when the items changed or only their order did.
        if (!keyed.whole && (sub.length > 0 || !sameOrder(keyed.key, mv, cv))) {
          setOwn(patch, `$setElementOrder/${k}`, mv.map((x) => ({ [keyed.key]: (x as JsonMap)[keyed.key] })));
        }
        continue;
      }
    }
    if (!deepEqual(mv, cv)) setOwn(patch, k, mv);
  }
  for (const k in o) {
    if (!Object.hasOwn(o, k) || Object.hasOwn(m, k) || !c || !Object.hasOwn(c, k)) continue;
    setOwn(patch, k, null);
  }
  // diffMaps: the kept keys go with a change, or when the live map (or the last-applied one) has
  // a key the manifest lacks — a defaulted `rollingUpdate` — which the server is to drop.
  if (kept?.length && (hasKeys(patch) || hasOtherKey(c, m) || hasOtherKey(o, m))) setOwn(patch, '$retainKeys', sortScalars(kept));
  return patch;
}

/** hasAdditionalNewField: `x` has a key with a value that `m` lacks. */
function hasOtherKey(x: JsonMap | undefined, m: JsonMap): boolean {
  for (const k in x) {
    if (Object.hasOwn(x, k) && x[k] !== null && x[k] !== undefined && own(m, k) === undefined) return true;
  }
  return false;
}

/**
 * A list of scalars merged as a set, as CreateThreeWayMergePatch builds it from its two diffs:
 * from the live list (diffListsOfScalars without deletions) the values the manifest adds, in its
 * order — or the whole list when the live one is empty or absent; from the last-applied list the
 * values the manifest dropped, live or not, in `$deleteFromPrimitiveList/<list>`; and the
 * manifest's list as `$setElementOrder/<list>` when either diff found a difference.
 */
function diffScalarSet(patch: JsonMap, k: string, ov: Json, mv: Json[], cv: Json): void {
  let order = false;
  if (!Array.isArray(cv)) setOwn(patch, k, mv);
  else if (cv.length === 0) {
    if (mv.length) setOwn(patch, k, mv);
  } else {
    const added = scalarsMissing(mv, cv);
    if (added.length) setOwn(patch, k, inOrderOf(added, mv));
    order = !deepEqual(cv, mv);
  }
  if (Array.isArray(ov) && ov.length) {
    const removed = deduplicateScalars(scalarsMissing(ov, mv));
    if (removed.length) {
      setOwn(patch, `$deleteFromPrimitiveList/${k}`, removed);
      order = true;
    }
  }
  if (order && mv.length) setOwn(patch, `$setElementOrder/${k}`, mv);
}

/** fmt's %v of a JSON scalar: strategicpatch compares and sorts scalars by it. */
function scalarText(v: Json): string {
  return v === null ? '<nil>' : String(v);
}

function byText(a: Json, b: Json): number {
  const x = scalarText(a);
  const y = scalarText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** sortScalars. */
function sortScalars<T>(list: T[]): T[] {
  return list.slice().sort(byText);
}

/**
 * The values of `from` that `to` lacks, counting repeats, in sorted order: diffListsOfScalars'
 * walk over both lists sorted.
 */
function scalarsMissing(from: Json[], to: Json[]): Json[] {
  const f = sortScalars(from);
  const t = sortScalars(to);
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < f.length) {
    const d = j < t.length ? byText(f[i], t[j]) : -1;
    if (d === 0) {
      i++;
      j++;
    } else if (d < 0) out.push(f[i++]);
    else j++;
  }
  return out;
}

/** normalizeSliceOrder: stably by where each value first is in `order`. */
function inOrderOf(values: Json[], order: Json[]): Json[] {
  return values.slice().sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * deduplicateScalars, move for move: a repeat is overwritten by the last value, so the order
 * that comes out is upstream's, not first-seen.
 */
function deduplicateScalars(list: Json[]): Json[] {
  const s = list.slice();
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s[i] === s[j]) {
        s[j] = s[length];
        s.length = length;
        length--;
        j--;
      }
    }
  }
  return s;
}

/**
 * The patch that takes `current` to `modified`, deleting what `original` had and `modified`
 * dropped. `typed` false: a custom resource's JSON merge patch.
 */
export function threeWayPatch(original: Json, modified: JsonMap, current: JsonMap, typed = true): JsonMap {
  return diffMap(isMap(original) ? original : undefined, modified, current, { typed, field: '', retain: false });
}

/**
 * CreateTwoWayMergePatch(original, modified): what takes `original` to `modified`, merged lists
 * by item with their order stated. Fields `modified` lacks are deleted (`null`).
 */
export function twoWayMergePatch(original: JsonMap, modified: JsonMap, typed = true): JsonMap {
  return diffMap(original, modified, original, { typed, field: '', retain: false });
}

function sameOrder(key: string, a: Json[], b: Json[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if ((a[i] as JsonMap)[key] !== (b[i] as JsonMap)[key]) return false;
  return true;
}

function hasKeys(v: JsonMap): boolean {
  for (const k in v) if (Object.hasOwn(v, k)) return true;
  return false;
}
