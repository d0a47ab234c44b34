/**
 * The CRD registry strategy and REST storage: PrepareForCreate resets status to the stored
 * versions (the naming controller fills the rest), and the first DELETE only marks the CRD —
 * deletionTimestamp, the cleanup finalizer and Terminating=True — so the finalizer controller
 * can remove every custom object first (customresourcedefinition/etcd.go's Delete).
 */
import { CRD_CLEANUP_FINALIZER, type CustomResourceDefinition } from '../../k8s/apiextensions';
import { rfc3339 } from '../../k8s/time';
import type { KObject } from '../../k8s/types';
import { cloneData } from '../core/clone';
import type { World } from '../world';

export function prepareCrdForCreate(obj: KObject): void {
  const crd = obj as CustomResourceDefinition;
  const storage = (crd.spec?.versions ?? []).filter((v) => v.storage).map((v) => v.name);
  crd.status = { acceptedNames: { kind: '', plural: '' }, storedVersions: storage };
}

/** The marked CRD the first DELETE stores, or undefined when it is already terminating. */
export function markCrdForDeletion(w: World, old: KObject): KObject | undefined {
  if (old.metadata.deletionTimestamp) return undefined;
  const crd = cloneData(old) as CustomResourceDefinition;
  crd.metadata.deletionTimestamp = rfc3339(w.now);
  crd.metadata.deletionGracePeriodSeconds = 0;
  const finalizers = crd.metadata.finalizers ?? [];
  if (!finalizers.includes(CRD_CLEANUP_FINALIZER)) crd.metadata.finalizers = [...finalizers, CRD_CLEANUP_FINALIZER];
  const conditions = (crd.status ??= {}).conditions ?? [];
  const terminating = { type: 'Terminating' as const, status: 'True' as const, lastTransitionTime: rfc3339(w.now), reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' };
  crd.status.conditions = [...conditions.filter((c) => c.type !== 'Terminating'), terminating];
  return crd;
}

/** SetDefaults_CustomResourceDefinition(Spec): singular, listKind and the None conversion. */
export function defaultCrd(obj: KObject): boolean {
  const spec = (obj as CustomResourceDefinition).spec;
  if (!spec || typeof spec !== 'object') return false;
  let changed = false;
  const names = spec.names;
  if (names && typeof names === 'object') {
    if (!names.singular && names.kind) {
      names.singular = names.kind.toLowerCase();
      changed = true;
    }
    if (!names.listKind && names.kind) {
      names.listKind = `${names.kind}List`;
      changed = true;
    }
  }
  if (!spec.conversion) {
    spec.conversion = { strategy: 'None' };
    changed = true;
  }
  return changed;
}
