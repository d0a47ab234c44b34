/**
 * The three-way patch behind client-side `kubectl apply` (CreateThreeWayMergePatch): fields
 * that differ from the live object are set to the manifest's values; fields present in the
 * last-applied configuration but gone from the manifest are deleted (`null`); fields the user
 * never managed are left alone. Lists merged by key (containers by name, ...) are diffed item
 * by item and removed items get strategic merge's `$patch: delete` directive. The merge keys
 * come from the one table kube-apiserver's patch handler uses too (src/k8s/merge-keys.ts).
 *
 * The two-way patch (CreateTwoWayMergePatch, which the kubelet's status manager sends) is the
 * same diff with the original as the live object, plus `$setElementOrder/<list>` beside every
 * merged list whose items or order changed, so the server keeps the modified list's order.
 */
import { mergeKeyOf } from './merge-keys';
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

/**
 * The strategic-merge key for a list field. Service ports merge by `port`, which the server's
 * patch handler does not merge by, so such lists are compared by key but sent whole.
 */
function keyedBy(field: string, ...lists: Json[][]): { key: string; whole: boolean } | undefined {
  const merge = mergeKeyOf(field);
  const candidates = field === 'ports' ? [['containerPort', false], ['port', true]] as const : merge ? [[merge, false]] as const : [];
  for (const [key, whole] of candidates) {
    if (lists.every((l) => l.every((x) => isMap(x) && key in x))) return { key, whole };
  }
  return undefined;
}

function diffKeyedList(key: string, o: Json[] | undefined, m: Json[], c: Json[], setOrder: boolean): Json[] {
  const out: Json[] = [];
  const find = (list: Json[] | undefined, v: Json): JsonMap | undefined => list?.find((x) => isMap(x) && x[key] === v) as JsonMap | undefined;
  for (const item of m as JsonMap[]) {
    const cur = find(c, item[key]);
    if (!cur) {
      out.push(item);
      continue;
    }
    const sub = diffMap(find(o, item[key]), item, cur, setOrder);
    if (hasKeys(sub)) out.push({ [key]: item[key], ...sub });
  }
  for (const item of (o ?? []) as JsonMap[]) {
    if (!isMap(item) || find(m, item[key]) || !find(c, item[key])) continue;
    out.push({ [key]: item[key], $patch: 'delete' });
  }
  return out;
}

function diffMap(o: JsonMap | undefined, m: JsonMap, c: JsonMap | undefined, setOrder = false): JsonMap {
  const patch: JsonMap = {};
  for (const k in m) {
    if (!Object.hasOwn(m, k)) continue;
    const mv = m[k];
    if (mv === undefined) continue;
    const cv = own(c, k);
    const ov = own(o, k);
    if (mv === null) {
      // An explicit null (`creationTimestamp: null` in generated manifests) only deletes a field
      // this manifest used to set.
      if (ov !== null && ov !== undefined && c && Object.hasOwn(c, k) && cv !== null) setOwn(patch, k, null);
      continue;
    }
    if (isMap(mv) && isMap(cv)) {
      const sub = diffMap(isMap(ov) ? ov : undefined, mv, cv, setOrder);
      if (hasKeys(sub)) setOwn(patch, k, sub);
      continue;
    }
    if (Array.isArray(mv) && Array.isArray(cv)) {
      const keyed = keyedBy(k, mv, cv, Array.isArray(ov) ? ov : []);
      if (keyed) {
        const sub = diffKeyedList(keyed.key, Array.isArray(ov) ? ov : undefined, mv, cv, setOrder);
        if (sub.length) setOwn(patch, k, keyed.whole ? mv : sub);
        // diffLists: the order directive when the items changed or only their order did.
        if (setOrder && !keyed.whole && (sub.length > 0 || !sameOrder(keyed.key, mv, cv))) {
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
  return patch;
}

/** The patch that takes `current` to `modified`, deleting what `original` had and `modified` dropped. */
export function threeWayPatch(original: Json, modified: JsonMap, current: JsonMap): JsonMap {
  // CreateThreeWayMergePatch diffs with SetElementOrder too: a changed merged list says its order.
  return diffMap(isMap(original) ? original : undefined, modified, current, true);
}

/**
 * CreateTwoWayMergePatch(original, modified): what takes `original` to `modified`, merged lists
 * by item with their order stated. Fields `modified` lacks are deleted (`null`).
 */
export function twoWayMergePatch(original: JsonMap, modified: JsonMap): JsonMap {
  return diffMap(original, modified, original, true);
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

/**
 * Applies a strategic merge patch (apimachinery's StrategicMergeMapPatch): kube-apiserver's patch
 * handler and kubectl's client-side dry run both use it. Copy-on-write: only the paths the patch
 * touches are new; what it leaves alone is the target's own value and what it sets is the patch's
 * own (callers that keep the result and must share nothing copy it).
 *
 * Maps merge key by key (`null` deletes; `$patch: replace` replaces). A list merged by key
 * (merge-keys.ts) merges item by item (`$patch: delete` removes one) and comes out in
 * normalizeElementOrder's order: the patch's items in the patch's order — or the
 * `$setElementOrder/<list>` directive's, when the patch carries one — with the items only the
 * server has merged in by their live order (one goes in front of a patch item when the live list
 * has it in front of that item; a new item goes in front of them). Any other list is replaced.
 */
export function strategicMerge(target: Json, patch: Json, field = ''): Json {
  if (!isMap(patch)) return Array.isArray(patch) ? mergeList(field, target, patch) : patch;
  // mergeMap's replace directive: the patch, minus the directive, is the whole new value
  // (`kubectl rollout undo daemonset` sends its template this way).
  if (patch['$patch'] === 'replace') {
    const { $patch: _directive, ...rest } = patch;
    return stripDirectives(rest);
  }
  const out: JsonMap = isMap(target) ? { ...target } : {};
  for (const k in patch) {
    if (!Object.hasOwn(patch, k) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    const v = patch[k];
    if (v === null) delete out[k];
    else setOwn(out, k, strategicMerge(own(out, k), v, k));
  }
  for (const k in patch) {
    const v = patch[k];
    if (!Object.hasOwn(patch, k) || !k.startsWith(SET_ELEMENT_ORDER) || !Array.isArray(v)) continue;
    const list = k.slice(SET_ELEMENT_ORDER.length);
    const key = mergeKeyOf(list);
    const merged = own(out, list);
    if (key && Array.isArray(merged)) setOwn(out, list, inElementOrder(merged, v, isMap(target) ? own(target, list) : undefined, key));
  }
  return out;
}

const SET_ELEMENT_ORDER = '$setElementOrder/';

function mergeList(field: string, cur: Json, patch: Json[]): Json[] {
  const key = mergeKeyOf(field);
  // mergeSliceWithSpecialElements: `$patch: replace` makes the patch's other items the list;
  // deletions go first, then the rest merge into the live items.
  if (key && patch.some((p) => isMap(p) && p['$patch'] === 'replace')) return patch.filter((p) => !(isMap(p) && Object.hasOwn(p, '$patch')));
  if (!key || !Array.isArray(cur) || !patch.every((p) => isMap(p) && Object.hasOwn(p, key))) return patch;
  let live = cur;
  const items: JsonMap[] = [];
  for (const p of patch as JsonMap[]) {
    if (p['$patch'] === 'delete') live = live.filter((c) => !(isMap(c) && c[key] === p[key]));
    else items.push(p);
  }
  const out = live.slice();
  for (const p of items) {
    const i = out.findIndex((c) => isMap(c) && c[key] === p[key]);
    if (i >= 0) out[i] = strategicMerge(out[i], p);
    else out.push(strategicMerge({}, p));
  }
  return inElementOrder(out, items, live, key);
}

/**
 * normalizeElementOrder: `merged`'s items that `order` names, in its order, with the others (the
 * server's own) merged in by their place in `live` (mergeSortedSlice).
 */
function inElementOrder(merged: Json[], order: Json[], live: Json, key: string): Json[] {
  const keyOf = (x: Json): Json => (isMap(x) ? x[key] : undefined);
  const rank = new Map<Json, number>();
  order.forEach((o, i) => {
    if (isMap(o) && Object.hasOwn(o, key) && !rank.has(o[key])) rank.set(o[key], i);
  });
  const liveIndex = new Map<Json, number>();
  if (Array.isArray(live)) live.forEach((x, i) => isMap(x) && Object.hasOwn(x, key) && !liveIndex.has(x[key]) && liveIndex.set(x[key], i));
  const named = merged.filter((x) => rank.has(keyOf(x))).sort((a, b) => rank.get(keyOf(a))! - rank.get(keyOf(b))!);
  const serverOnly = merged.filter((x) => !rank.has(keyOf(x))).sort((a, b) => (liveIndex.get(keyOf(a)) ?? 0) - (liveIndex.get(keyOf(b)) ?? 0));
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < serverOnly.length || j < named.length) {
    if (j >= named.length) out.push(serverOnly[i++]);
    else if (i >= serverOnly.length) out.push(named[j++]);
    else {
      const li = liveIndex.get(keyOf(serverOnly[i])) ?? -1;
      const ri = liveIndex.get(keyOf(named[j])) ?? -1;
      out.push(li >= 0 && ri >= 0 && li < ri ? serverOnly[i++] : named[j++]);
    }
  }
  return out;
}

/** A replaced value carries no directives and no nulls (they mean "absent" in a patch). */
function stripDirectives(v: Json): Json {
  if (Array.isArray(v)) return v.map(stripDirectives);
  if (!isMap(v)) return v;
  const out: JsonMap = {};
  for (const k in v) {
    const x = v[k];
    if (Object.hasOwn(v, k) && x !== null && k !== '$patch') setOwn(out, k, stripDirectives(x));
  }
  return out;
}
