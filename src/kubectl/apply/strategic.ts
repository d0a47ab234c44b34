/**
 * The three-way patch behind client-side `kubectl apply` (CreateThreeWayMergePatch): fields
 * that differ from the live object are set to the manifest's values; fields present in the
 * last-applied configuration but gone from the manifest are deleted (`null`); fields the user
 * never managed are left alone. Lists merged by key (containers by name, ...) are diffed item
 * by item and removed items get strategic merge's `$patch: delete` directive. The merge keys
 * come from the one table kube-apiserver's patch handler uses too (src/k8s/merge-keys.ts).
 */
import { mergeKeyOf } from '../../k8s/merge-keys';
import { own, setOwn } from '../../k8s/own';

type Json = unknown;
type JsonMap = Record<string, Json>;


export function isMap(v: Json): v is JsonMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], own(b, k)));
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
    if (Object.keys(sub).length) out.push({ [key]: item[key], ...sub });
  }
  for (const item of (o ?? []) as JsonMap[]) {
    if (!isMap(item) || find(m, item[key]) || !find(c, item[key])) continue;
    out.push({ [key]: item[key], $patch: 'delete' });
  }
  return out;
}

function diffMap(o: JsonMap | undefined, m: JsonMap, c: JsonMap | undefined): JsonMap {
  const patch: JsonMap = {};
  for (const [k, mv] of Object.entries(m)) {
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
      const sub = diffMap(isMap(ov) ? ov : undefined, mv, cv);
      if (Object.keys(sub).length) setOwn(patch, k, sub);
      continue;
    }
    if (Array.isArray(mv) && Array.isArray(cv)) {
      const keyed = keyedBy(k, mv, cv, Array.isArray(ov) ? ov : []);
      if (keyed) {
        const sub = diffKeyedList(keyed.key, Array.isArray(ov) ? ov : undefined, mv, cv);
        if (sub.length) setOwn(patch, k, keyed.whole ? mv : sub);
        continue;
      }
    }
    if (!deepEqual(mv, cv)) setOwn(patch, k, mv);
  }
  for (const k of Object.keys(o ?? {})) {
    if (Object.hasOwn(m, k) || !c || !Object.hasOwn(c, k)) continue;
    setOwn(patch, k, null);
  }
  return patch;
}

/** The patch that takes `current` to `modified`, deleting what `original` had and `modified` dropped. */
export function threeWayPatch(original: Json, modified: JsonMap, current: JsonMap): JsonMap {
  return diffMap(isMap(original) ? original : undefined, modified, current);
}

/** Applies such a patch locally (client dry-run shows the result the server would store). */
export function applyPatch(target: Json, patch: Json, field = ''): Json {
  if (Array.isArray(patch)) {
    const key = mergeKeyOf(field);
    if (!key || !Array.isArray(target) || !patch.every((p) => isMap(p) && Object.hasOwn(p, key))) return structuredClone(patch);
    const out = target.map((x) => structuredClone(x)) as JsonMap[];
    for (const p of patch as JsonMap[]) {
      const i = out.findIndex((x) => x[key] === p[key]);
      if (p['$patch'] === 'delete') {
        if (i >= 0) out.splice(i, 1);
      } else if (i >= 0) out[i] = applyPatch(out[i], p) as JsonMap;
      else out.push(applyPatch({}, p) as JsonMap);
    }
    return out;
  }
  if (!isMap(patch)) return structuredClone(patch);
  const out: JsonMap = isMap(target) ? structuredClone(target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, applyPatch(own(out, k), v, k));
  }
  return out;
}
