/**
 * kustomize's name suffix hash (api/hasher): a ConfigMap's data (and binaryData) or a Secret's
 * type, data (and stringData), with kind and name, as json.Marshal writes the map, SHA-256,
 * the first ten hex digits with 0 1 3 a e made g h k m t. The name it reads is always empty:
 * the hasher looks `metadata/name` up as one field, which no object has, so two generators of
 * equal data share a hash (`cfg-h29d89cmmt`, `cfg2-h29d89cmmt`, as recorded).
 */
import { contentHash } from '../commands/data-sources';
import type { Json, JsonMap } from './kustomization';
import { isMap } from './resource';

/** getNodeValues: a map as it is, a missing field as "". */
const field = (obj: JsonMap, key: string): Json => (obj[key] === undefined || obj[key] === null ? '' : obj[key]);

export function resourceHash(obj: JsonMap): string {
  if (obj['kind'] === 'ConfigMap') {
    return contentHash({ kind: 'ConfigMap', name: '', data: field(obj, 'data'), ...(isMap(obj['binaryData']) ? { binaryData: obj['binaryData'] } : {}) });
  }
  if (obj['kind'] === 'Secret') {
    return contentHash({ kind: 'Secret', type: field(obj, 'type'), name: '', data: field(obj, 'data'), ...(isMap(obj['stringData']) ? { stringData: obj['stringData'] } : {}) });
  }
  return contentHash(obj);
}
