/**
 * What a policy's expressions see (plugin/cel activation.go, condition.go): objects as
 * unstructured JSON, whose integral numbers are CEL ints (int64) and the rest doubles; the
 * AdmissionRequest as its JSON encodes it (omitempty fields absent, so `request.namespace` of
 * a cluster-scoped object is a missing key); the Namespace trimmed by CreateNamespaceObject.
 */
import type { KObject } from '../../../../k8s/types';
import type { AdmissionAttributes } from '../types';
import { admissionRequest } from '../request';

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

/** CreateAdmissionRequest as expressions read `request`. */
export function admissionRequestValue(a: AdmissionAttributes, name: string): CelValue {
  return toCel(admissionRequest(a, '', name));
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
