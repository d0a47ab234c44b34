/**
 * The three-way patch behind client-side `kubectl apply` (CreateThreeWayMergePatch): fields
 * that differ from the live object are set to the manifest's values; fields present in the
 * last-applied configuration but gone from the manifest are deleted (`null`), whether or not the
 * live object still has them (upstream diffs the deletions against last-applied alone); fields
 * the user never managed are left alone. The patch metadata comes from the one table kube-apiserver's
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
  /** The object's kind, which pins a few fields' tags (merge-keys.ts). */
  readonly kind: string;
  readonly field: string;
  /** The map keeps only the keys it names (patchStrategy retainKeys): diffMaps' BuildRetainKeysDirective. */
  readonly retain: boolean;
}

const UNTAGGED: PatchMeta = {};

/**
 * The merge key of a merged list whose items all carry it. Upstream fails on an item without
 * it; such a list is sent whole here.
 */
function keyedBy(meta: PatchMeta, ...lists: Json[][]): string | undefined {
  const key = meta.mergeKey;
  if (key && lists.every((l) => l.every((x) => isMap(x) && key in x))) return key;
  return undefined;
}

/**
 * diffListsOfMaps, both ways merged as mergeMap merges the two patches: the manifest's items
 * that are new to the live list whole (with what the manifest dropped since last applied, for an
 * item the live list lost), changed ones as their diff, then a `$patch: delete` for each item the
 * last-applied list had and the manifest dropped, live or not.
 */
function diffKeyedList(key: string, o: Json[] | undefined, m: Json[], c: Json[], at: Place): Json[] {
  const out: Json[] = [];
  const find = (list: Json[] | undefined, v: Json): JsonMap | undefined => list?.find((x) => isMap(x) && x[key] === v) as JsonMap | undefined;
  for (const item of m as JsonMap[]) {
    const cur = find(c, item[key]);
    const was = find(o, item[key]);
    if (!cur && !was) {
      out.push(item);
      continue;
    }
    const sub = diffMap(was, item, cur, at);
    if (hasKeys(sub)) out.push({ [key]: item[key], ...sub });
  }
  for (const item of (o ?? []) as JsonMap[]) {
    if (!isMap(item) || find(m, item[key])) continue;
    out.push({ [key]: item[key], $patch: 'delete' });
  }
  return out;
}

/**
 * diffMaps(current, modified) without deletions merged with diffMaps(original, modified) with
 * deletions only, as CreateThreeWayMergePatch builds it. `c` undefined: the live object lacks
 * the map, so all of `m` is new.
 */
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
      // An explicit null (`creationTimestamp: null` in generated manifests) is a change wherever
      // the live value is not null: every apply of such a manifest patches. A custom resource's
      // JSON merge patch keeps only the nulls of the last-applied diff (keepOrDeleteNullInJsonPatch).
      if (at.typed ? cv !== null : ov !== null) setOwn(patch, k, null);
      continue;
    }
    const meta = at.typed ? patchMetaOf(k, at.field, at.kind) : UNTAGGED;
    if (isMap(mv) && meta.replace) {
      // handleMapDiff's replace strategy sends the manifest's map whole, changed or not.
      setOwn(patch, k, mv);
      continue;
    }
    if (isMap(mv) && (isMap(cv) || isMap(ov))) {
      const sub = diffMap(isMap(ov) ? ov : undefined, mv, isMap(cv) ? cv : undefined, { ...at, field: k, retain: meta.retainKeys === true });
      if (hasKeys(sub)) setOwn(patch, k, sub);
      continue;
    }
    if (Array.isArray(mv) && meta.scalarSet) {
      diffScalarSet(patch, k, ov, mv, cv);
      continue;
    }
    if (Array.isArray(mv) && (Array.isArray(cv) || Array.isArray(ov)) && at.typed) {
      const live = Array.isArray(cv) ? cv : [];
      const key = keyedBy(meta, mv, live, Array.isArray(ov) ? ov : []);
      if (key && (Array.isArray(cv) || (Array.isArray(ov) && ov.length > 0))) {
        const sub = diffKeyedList(key, Array.isArray(ov) ? ov : undefined, mv, live, { ...at, field: k, retain: meta.retainKeys === true });
        // A list the live object lacks is new whole, unless the last-applied diff adds deletions
        // (then it carries them, and their order directive).
        if (!Array.isArray(cv) && deepEqual(sub, mv)) setOwn(patch, k, mv);
        else {
          if (sub.length) setOwn(patch, k, sub);
          // diffLists: the order directive when the items changed or only their order did.
          if (sub.length > 0 || !sameOrder(key, mv, live)) setOwn(patch, `$setElementOrder/${k}`, mv.map((x) => ({ [key]: (x as JsonMap)[key] })));
        }
        continue;
      }
    }
    if (!deepEqual(mv, cv)) setOwn(patch, k, mv);
  }
  // updatePatchIfMissing, from the last-applied side: what the manifest dropped goes, whether
  // or not the live object still has it.
  for (const k in o) {
    if (Object.hasOwn(o, k) && !Object.hasOwn(m, k)) setOwn(patch, k, null);
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
  return diffMap(isMap(original) ? original : undefined, modified, current, { typed, kind: kindOf(modified), field: '', retain: false });
}

/**
 * CreateTwoWayMergePatch(original, modified): what takes `original` to `modified`, merged lists
 * by item with their order stated. Fields `modified` lacks are deleted (`null`).
 */
export function twoWayMergePatch(original: JsonMap, modified: JsonMap, typed = true): JsonMap {
  return diffMap(original, modified, original, { typed, kind: kindOf(modified) || kindOf(original), field: '', retain: false });
}

function kindOf(v: JsonMap): string {
  const k = v['kind'];
  return typeof k === 'string' ? k : '';
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
