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

function diffKeyedList(key: string, o: Json[] | undefined, m: Json[], c: Json[]): Json[] {
  const out: Json[] = [];
  const find = (list: Json[] | undefined, v: Json): JsonMap | undefined => list?.find((x) => isMap(x) && x[key] === v) as JsonMap | undefined;
  for (const item of m as JsonMap[]) {
    const cur = find(c, item[key]);
    if (!cur) {
      out.push(item);
      continue;
    }
    const sub = diffMap(find(o, item[key]), item, cur);
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
        const sub = diffKeyedList(keyed.key, Array.isArray(ov) ? ov : undefined, mv, cv);
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
  return diffMap(isMap(original) ? original : undefined, modified, current);
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
