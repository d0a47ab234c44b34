/**
 * JSON merge patch (RFC 7386), with Kubernetes' strategic-merge rule for the lists it merges by
 * name (containers, initContainers, volumes, env, ports by containerPort). kubectl set image,
 * scale, label, annotate, rollout restart/pause and apply send patches of this shape.
 */
import { mergeKeyOf } from '../../k8s/merge-keys';
import { own, setOwn } from '../../k8s/own';
import { cloneData } from '../core/clone';
import { jsonMergePatch, jsonPatch, jsonTypeName, type PatchResult } from '../../k8s/json-patch';

/** The Content-Types a PATCH may carry (apimachinery types.PatchType), by kubectl's `--type` name. */
export type PatchType = 'strategic' | 'merge' | 'json';

type Json = unknown;


function isObject(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The merge itself, copying only along the paths the patch touches: what it leaves alone is the
 * target's own value, and values taken from the patch are the patch's. mergePatch copies the
 * result once; a status write takes it as it is (update() copies a status not handed over, and
 * the rest is the stored object's, which is never mutated).
 */
function merge(target: Json, patch: Json, field: string): Json {
  if (!isObject(patch)) return Array.isArray(patch) ? mergeList(field, target, patch) : patch;
  // Strategic merge's replace directive on a map (mergeMap): the patch, minus the directive, is
  // the whole new value. `kubectl rollout undo daemonset` sends its template this way.
  if (patch['$patch'] === 'replace') {
    const { $patch: _directive, ...rest } = patch;
    return stripReplace(rest);
  }
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const k in patch) {
    if (!Object.hasOwn(patch, k) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    const v = patch[k];
    if (v === null) delete out[k];
    else setOwn(out, k, merge(own(out, k), v, k));
  }
  for (const k in patch) {
    const v = patch[k];
    if (Object.hasOwn(patch, k) && k.startsWith(SET_ELEMENT_ORDER) && Array.isArray(v)) {
      const field = k.slice(SET_ELEMENT_ORDER.length);
      reorder(out, field, v, isObject(target) ? own(target, field) : undefined);
    }
  }
  return out;
}

function mergeList(field: string, cur: Json, patch: Json[]): Json[] {
  const key = mergeKeyOf(field);
  if (!key || !Array.isArray(cur) || !patch.every((p) => isObject(p) && Object.hasOwn(p, key))) return patch;
  const out = cur.slice() as Record<string, Json>[];
  for (const p of patch as Record<string, Json>[]) {
    const i = out.findIndex((c) => c[key] === p[key]);
    // Strategic merge's deletion directive, which `kubectl apply` sends for removed list items.
    if (p['$patch'] === 'delete') {
      if (i >= 0) out.splice(i, 1);
      continue;
    }
    if (i >= 0) out[i] = merge(out[i], p, '') as Record<string, Json>;
    else out.push(merge({}, p, '') as Record<string, Json>);
  }
  return out;
}

/** The strategic merge of `patch` into `target`, sharing nothing with either. */
export function mergePatch(target: Json, patch: Json, field = ''): Json {
  return cloneData(merge(target, patch, field));
}

/** Strategic merge's `$setElementOrder/<list>` directive (CreateTwoWayMergePatch sends it beside a merged list). */
const SET_ELEMENT_ORDER = '$setElementOrder/';

/**
 * The merged list in the directive's order (mergePatchIntoOriginal → normalizeElementOrder): the
 * items the directive names come in its order; the items only the server has keep their order
 * in the live list and are merged in among them (mergeSortedSlice) — one goes in front of a
 * named item when the live list has it in front of that item.
 */
function reorder(out: Record<string, Json>, field: string, order: Json[], live: Json): void {
  const key = mergeKeyOf(field);
  const list = own(out, field);
  if (!key || !Array.isArray(list)) return;
  const keyOf = (x: Json): Json => (isObject(x) ? x[key] : undefined);
  const rank = new Map<Json, number>();
  order.forEach((o, i) => {
    if (isObject(o) && Object.hasOwn(o, key)) rank.set(o[key], i);
  });
  const liveIndex = new Map<Json, number>();
  if (Array.isArray(live)) live.forEach((x, i) => isObject(x) && Object.hasOwn(x, key) && !liveIndex.has(x[key]) && liveIndex.set(x[key], i));
  const named = list.filter((x) => rank.has(keyOf(x))).sort((a, b) => rank.get(keyOf(a))! - rank.get(keyOf(b))!);
  const serverOnly = list.filter((x) => !rank.has(keyOf(x))).sort((a, b) => (liveIndex.get(keyOf(a)) ?? 0) - (liveIndex.get(keyOf(b)) ?? 0));
  const merged: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < serverOnly.length || j < named.length) {
    if (j >= named.length) merged.push(serverOnly[i++]);
    else if (i >= serverOnly.length) merged.push(named[j++]);
    else {
      const li = liveIndex.get(keyOf(serverOnly[i])) ?? -1;
      const ri = liveIndex.get(keyOf(named[j])) ?? -1;
      merged.push(li >= 0 && ri >= 0 && li < ri ? serverOnly[i++] : named[j++]);
    }
  }
  setOwn(out, field, merged);
}

/** A replaced value carries no directives and no nulls (they mean "absent" in a patch). */
function stripReplace(v: Json): Json {
  if (Array.isArray(v)) return v.map(stripReplace);
  if (!isObject(v)) return cloneData(v);
  const out: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v)) if (x !== null && k !== '$patch') setOwn(out, k, stripReplace(x));
  return out;
}

/** The object a PATCH request produces, by its Content-Type. */
export function applyPatchOfType(type: PatchType, target: Json, patch: Json, shared = false): PatchResult {
  // Both merge patches are decoded into a map first: strategicPatchObject's json.Unmarshal, and
  // for a JSON merge patch the strict decoding kubectl's fieldValidation=Strict asks for.
  if (type !== 'json' && !isObject(patch)) {
    const message = `json: cannot unmarshal ${jsonTypeName(patch)} into Go value of type map[string]interface {}`;
    return { ok: false, code: 400, message: type === 'merge' ? `error decoding patch: ${message}` : message };
  }
  switch (type) {
    case 'strategic':
      // `shared`: the caller takes a result that shares what the patch left alone with the target.
      return { ok: true, value: shared ? merge(target, patch, '') : mergePatch(target, patch) };
    case 'merge':
      return { ok: true, value: jsonMergePatch(target, patch) };
    case 'json':
      return jsonPatch(target, patch);
  }
}
