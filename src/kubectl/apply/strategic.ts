/**
 * Applies a three-way apply patch locally: a client dry run shows the object the server would
 * store. The patch itself is made by src/k8s/strategic-patch.ts.
 */
import { mergeKeyOf } from '../../k8s/merge-keys';
import { own, setOwn } from '../../k8s/own';
import { isMap } from '../../k8s/strategic-patch';

type Json = unknown;
type JsonMap = Record<string, Json>;

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
