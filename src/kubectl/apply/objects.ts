/**
 * Shared steps of the commands that send manifests (apply, create, delete -f): placing each
 * object in its namespace as kubectl does, and the last-applied-configuration annotation.
 */
import type { KObject } from '../../k8s/types';
import { apiVersionOf, type ResourceInfo } from '../../k8s/resources';
import { plainError } from '../errors';
import { toJsonCompact, toJsonCompactInOrder } from '../../k8s/printers/json';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * Sets the object's namespace: the manifest's own, else `-n`, else `default`. A manifest
 * namespace that contradicts an explicit `-n` is an error, as kubectl enforces.
 */
export function placeObject(info: ResourceInfo, obj: KObject, ns: string, explicitNs: boolean): KObject {
  const o = structuredClone(obj);
  o.metadata = o.metadata ?? {};
  if (!info.namespaced) return o;
  // unstructured.GetNamespace: a namespace that is not a string reads as none, so kubectl sets its own.
  const own = stringMeta(o, 'namespace');
  if (own && explicitNs && own !== ns) {
    throw plainError(`the namespace from the provided object "${own}" does not match the namespace "${ns}". You must pass '--namespace=${own}' to perform this operation.`);
  }
  o.metadata.namespace = own || ns;
  return o;
}

/**
 * GetModifiedConfiguration: the object with its own last-applied annotation removed, encoded as
 * compact JSON plus a newline, stored back into that annotation.
 */
export function withLastApplied(obj: KObject): { modified: KObject; lastApplied: string } {
  const o = structuredClone(obj);
  const annotations = { ...(o.metadata.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  o.metadata.annotations = annotations;
  const lastApplied = `${toJsonCompact(o)}\n`;
  const modified = structuredClone(o);
  modified.metadata.annotations = { ...annotations, [LAST_APPLIED]: lastApplied };
  return { modified, lastApplied };
}

/**
 * GetModifiedConfiguration of a typed object (a generator's --save-config): the annotation holds
 * the typed object's JSON, so its keys follow the Go structs (`typed`) and an emptied annotation
 * map is omitted from it.
 */
export function withTypedLastApplied(obj: KObject, typed: (o: KObject) => KObject): KObject {
  const { [LAST_APPLIED]: _old, ...annotations } = obj.metadata.annotations ?? {};
  const { annotations: _all, ...meta } = obj.metadata;
  const bare = { ...obj, metadata: Object.keys(annotations).length ? { ...meta, annotations } : meta };
  const lastApplied = `${toJsonCompactInOrder(typed(bare))}\n`;
  return { ...obj, metadata: { ...meta, annotations: { ...annotations, [LAST_APPLIED]: lastApplied } } };
}

/**
 * metadata.name or .namespace as kubectl's unstructured accessors read them: a manifest's value
 * that is not a string (`name: {a: 1}`) reads as "", and only the server's decoding refuses it.
 */
export function stringMeta(obj: KObject, field: 'name' | 'namespace'): string {
  const v: unknown = obj.metadata[field];
  return typeof v === 'string' ? v : '';
}

/** `Resource: "apps/v1, Resource=deployments", GroupVersionKind: ...` as resource.Info prints. */
export function infoString(info: ResourceInfo, obj: KObject): string {
  const gv = info.group ? `${info.group}/${info.version}` : `/${info.version}`;
  return `Resource: "${gv}, Resource=${info.resource}", GroupVersionKind: "${gv}, Kind=${info.kind}"\nName: "${stringMeta(obj, 'name')}", Namespace: "${info.namespaced ? stringMeta(obj, 'namespace') : ''}"`;
}

export function ensureTypeMeta(info: ResourceInfo, obj: KObject): KObject {
  return { ...obj, apiVersion: obj.apiVersion || apiVersionOf(info), kind: obj.kind || info.kind };
}
