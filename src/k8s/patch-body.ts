/**
 * A PATCH body that starts like JSON but is not JSON. kubectl's yaml.ToJSON passes such text
 * through untouched (apimachinery util/yaml: hasJSONPrefix), so nothing on the client rejects it
 * before it is sent; who reads it first decides the words:
 * - kube-apiserver, with the fieldValidation=Strict kubectl asks for: strategicPatchObject's
 *   kjson.UnmarshalStrict error as it is, jsonPatcher's `error decoding patch: …` for merge and
 *   JSON patches (handlers/patch.go);
 * - kubectl itself under --dry-run=client (getPatchedJSON): strategicpatch's ErrBadJSONDoc,
 *   evanphx/json-patch MergePatch's ErrBadJSONPatch, DecodePatch's json.Unmarshal error.
 * Recorded with kubectl 1.35 over `reconcile serve` (examples/parity-2.sh).
 */
export type PatchBodyType = 'strategic' | 'merge' | 'json';

/** kube-apiserver's BadRequest message for a body encoding/json refused with `syntax` (go-json.ts's parseGoJson). */
export function serverPatchSyntaxError(type: PatchBodyType, syntax: string): string {
  return type === 'strategic' ? syntax : `error decoding patch: ${syntax}`;
}

/** What kubectl's client-side patch says of a body encoding/json refused with `syntax`. */
export function clientPatchSyntaxError(type: PatchBodyType, syntax: string): string {
  switch (type) {
    case 'strategic':
      return 'invalid JSON document';
    case 'merge':
      return 'Invalid JSON Patch';
    case 'json':
      return syntax;
  }
}
