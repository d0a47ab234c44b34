/**
 * JSON merge patch (RFC 7386), with Kubernetes' strategic-merge rule for the lists it merges by
 * name (containers, initContainers, volumes, env, ports by containerPort). kubectl set image,
 * scale, label, annotate, rollout restart/pause and apply send patches of this shape.
 */
import { mergeKeyOf } from '../../k8s/merge-keys';
import { own, setOwn } from '../../k8s/own';
import { cloneData } from '../core/clone';
type Json = unknown;


function isObject(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function mergeList(field: string, cur: Json, patch: Json[]): Json[] {
  const key = mergeKeyOf(field);
  if (!key || !Array.isArray(cur) || !patch.every((p) => isObject(p) && Object.hasOwn(p, key))) return patch.map((p) => cloneData(p));
  const out = cur.map((c) => cloneData(c)) as Record<string, Json>[];
  for (const p of patch as Record<string, Json>[]) {
    const i = out.findIndex((c) => c[key] === p[key]);
    // Strategic merge's deletion directive, which `kubectl apply` sends for removed list items.
    if (p['$patch'] === 'delete') {
      if (i >= 0) out.splice(i, 1);
      continue;
    }
    if (i >= 0) out[i] = mergePatch(out[i], p) as Record<string, Json>;
    else out.push(mergePatch({}, p) as Record<string, Json>);
  }
  return out;
}

export function mergePatch(target: Json, patch: Json, field = ''): Json {
  if (!isObject(patch)) {
    if (Array.isArray(patch)) return mergeList(field, target, patch);
    return cloneData(patch);
  }
  const out: Record<string, Json> = isObject(target) ? { ...(cloneData(target) as Record<string, Json>) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, mergePatch(own(out, k), v, k));
  }
  return out;
}
