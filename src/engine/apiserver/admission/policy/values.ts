/**
 * What a policy's expressions see (plugin/cel activation.go, condition.go): objects as
 * unstructured JSON, whose integral numbers are CEL ints (int64) and the rest doubles; the
 * AdmissionRequest as its JSON encodes it (omitempty fields absent, so `request.namespace` of
 * a cluster-scoped object is a missing key); the Namespace trimmed by CreateNamespaceObject.
 */
import type { KObject } from '../../../../k8s/types';
import type { AdmissionAttributes } from '../types';

export type CelValue = null | boolean | bigint | number | string | CelValue[] | { [k: string]: CelValue };

/** JSON → CEL: integral numbers become ints. */
export function toCel(v: unknown): CelValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(toCel);
  if (typeof v === 'object') {
    const out: { [k: string]: CelValue } = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = toCel(x);
    return out;
  }
  return null;
}

const OPTIONS_KIND: Record<AdmissionAttributes['operation'], string> = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions' };

/** CreateAdmissionRequest, with the request's own GVK/GVR (matchPolicy Equivalent finds no other version here). */
export function admissionRequest(a: AdmissionAttributes, name: string): CelValue {
  const kind = { group: a.info.group, version: a.info.version, kind: a.info.kind };
  const resource = { group: a.info.group, version: a.info.version, resource: a.info.resource };
  const userInfo: Record<string, unknown> = {};
  if (a.user.name) userInfo['username'] = a.user.name;
  if (a.user.uid) userInfo['uid'] = a.user.uid;
  if (a.user.groups.length) userInfo['groups'] = a.user.groups;
  return toCel({
    uid: '',
    kind,
    resource,
    ...(a.subresource ? { subResource: a.subresource } : {}),
    requestKind: kind,
    requestResource: resource,
    ...(a.subresource ? { requestSubResource: a.subresource } : {}),
    ...(name ? { name } : {}),
    ...(a.namespace ? { namespace: a.namespace } : {}),
    operation: a.operation,
    userInfo,
    dryRun: !!a.dryRun,
    options: { kind: OPTIONS_KIND[a.operation], apiVersion: 'meta.k8s.io/v1' },
  });
}

/** CreateNamespaceObject: metadata without managedFields and ownerReferences, spec and status. */
export function namespaceObject(ns: KObject | undefined): CelValue {
  if (!ns) return null;
  const m = ns.metadata;
  const metadata = {
    name: m.name,
    generateName: m.generateName,
    uid: m.uid,
    resourceVersion: m.resourceVersion,
    generation: m.generation,
    creationTimestamp: m.creationTimestamp,
    deletionTimestamp: m.deletionTimestamp,
    deletionGracePeriodSeconds: m.deletionGracePeriodSeconds,
    labels: m.labels,
    annotations: m.annotations,
    finalizers: m.finalizers,
  };
  return toCel({ metadata, spec: ns.spec, status: ns.status });
}
