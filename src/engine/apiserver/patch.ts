/**
 * kube-apiserver's patch handler: a PATCH's body applied by its Content-Type — strategic merge
 * (src/k8s/strategic-merge.ts, the one implementation kubectl's client-side dry run uses too),
 * JSON merge patch (RFC 7386) or JSON patch (RFC 6902).
 */
import { StrategicMergeError, strategicMerge, type MergeOptions } from '../../k8s/strategic-merge';
import { cloneData } from '../core/clone';
import { jsonMergePatch, jsonPatch, jsonTypeName, type PatchResult } from '../../k8s/json-patch';

/** The Content-Types a PATCH may carry (apimachinery types.PatchType), by kubectl's `--type` name. */
export type PatchType = 'strategic' | 'merge' | 'json';

type Json = unknown;


function isObject(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The strategic merge of `patch` into `target`, sharing nothing with either. */
export function mergePatch(target: Json, patch: Json, opts?: MergeOptions): Json {
  return cloneData(strategicMerge(target, patch, opts));
}

/** The object a PATCH request produces, by its Content-Type. */
export function applyPatchOfType(type: PatchType, target: Json, patch: Json, shared = false, kind?: string): PatchResult {
  // Both merge patches are decoded into a map first: strategicPatchObject's json.Unmarshal, and
  // for a JSON merge patch the strict decoding kubectl's fieldValidation=Strict asks for.
  if (type !== 'json' && !isObject(patch)) {
    const message = `json: cannot unmarshal ${jsonTypeName(patch)} into Go value of type map[string]interface {}`;
    return { ok: false, code: 400, message: type === 'merge' ? `error decoding patch: ${message}` : message };
  }
  switch (type) {
    case 'strategic':
      try {
        // `shared`: the caller takes a result that shares what the patch left alone with the target.
        return { ok: true, value: shared ? strategicMerge(target, patch, { kind }) : mergePatch(target, patch, { kind }) };
      } catch (e) {
        // interpretStrategicMergePatchError: a malformed directive is the client's 400; see StrategicMergeError.
        if (e instanceof StrategicMergeError) return { ok: false, code: e.code, message: e.message };
        throw e;
      }
    case 'merge':
      return { ok: true, value: jsonMergePatch(target, patch) };
    case 'json':
      return jsonPatch(target, patch);
  }
}
