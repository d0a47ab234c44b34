/** Small readers over object metadata that several controllers share. */
import type { KObject, OwnerReference } from '../../../k8s/types';

/** metav1.GetControllerOf: the ownerReference with `controller: true`. */
export function controllerRefOf(obj: KObject | undefined): OwnerReference | undefined {
  return obj?.metadata.ownerReferences?.find((r) => r.controller === true);
}

/** metav1.NewControllerRef. */
export function newControllerRef(owner: KObject, apiVersion: string, kind: string): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}

export function namespaceOfKey(key: string): string {
  const i = key.indexOf('/');
  return i < 0 ? '' : key.slice(0, i);
}

export function hasFinalizer(obj: KObject, f: string): boolean {
  return (obj.metadata.finalizers ?? []).includes(f);
}

/** Go's math.Round: halves round away from zero (JS Math.round rounds them up). */
export function goRound(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}
