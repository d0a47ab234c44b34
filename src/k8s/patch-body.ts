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
import { goJsonSyntaxError } from './go-json';

export type PatchBodyType = 'strategic' | 'merge' | 'json';

/** kube-apiserver's BadRequest message for `body`, or undefined when it is valid JSON. */
export function serverPatchSyntaxError(type: PatchBodyType, body: string): string | undefined {
  const error = goJsonSyntaxError(body);
  if (error === undefined) return undefined;
  return type === 'strategic' ? error : `error decoding patch: ${error}`;
}

/** What kubectl's client-side patch says of `body`, or undefined when it is valid JSON. */
export function clientPatchSyntaxError(type: PatchBodyType, body: string): string | undefined {
  const error = goJsonSyntaxError(body);
  if (error === undefined) return undefined;
  switch (type) {
    case 'strategic':
      return 'invalid JSON document';
    case 'merge':
      return 'Invalid JSON Patch';
    case 'json':
      return error;
  }
}
