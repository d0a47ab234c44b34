/**
 * A StatefulSet Pod's PersistentVolumeClaims (stateful_pod_control.go): created from the
 * volumeClaimTemplates before the Pod, never recreated while one exists (so a Pod that comes
 * back on scale-up or after deletion mounts the same volume), and owned according to
 * persistentVolumeClaimRetentionPolicy so the garbage collector removes them when the policy
 * says Delete: by the StatefulSet (whenDeleted) or by a Pod scaled away (whenScaled).
 */
import type { KObject, OwnerReference, PersistentVolumeClaim, Pod, StatefulSet } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';
import { claimsFor, ordinalOf, podInOrdinalRange } from './identity';

function cachedClaim(ctx: ControllerContext, ns: string | undefined, name: string): PersistentVolumeClaim | undefined {
  return ctx.cache('persistentvolumeclaims').cache.get(`${ns ?? ''}/${name}`) as PersistentVolumeClaim | undefined;
}

/** recordClaimEvent. */
function recordClaim(ctx: ControllerContext, set: StatefulSet, pod: Pod, claim: string, err: string | undefined): void {
  if (err === undefined) {
    ctx.record(set, { type: 'Normal', reason: 'SuccessfulCreate', message: `create Claim ${claim} Pod ${pod.metadata.name ?? ''} in StatefulSet ${set.metadata.name ?? ''} success` });
  } else {
    ctx.record(set, { type: 'Warning', reason: 'FailedCreate', message: `create Claim ${claim} for Pod ${pod.metadata.name ?? ''} in StatefulSet ${set.metadata.name ?? ''} failed error: ${err}` });
  }
}

/** createPersistentVolumeClaims: the missing claims; errors are aggregated as upstream's. */
export function createMissingClaims(ctx: ControllerContext, set: StatefulSet, pod: Pod): string | undefined {
  const errs: string[] = [];
  for (const { claim } of claimsFor(set, ordinalOf(pod))) {
    const name = claim.metadata.name ?? '';
    const existing = cachedClaim(ctx, set.metadata.namespace, name);
    if (existing) {
      if (existing.metadata.deletionTimestamp) errs.push(`pvc ${name} is being deleted`);
      continue;
    }
    const res = ctx.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: set.metadata.namespace, body: claim });
    if (res.ok) {
      recordClaim(ctx, set, pod, name, undefined);
      continue;
    }
    errs.push(`failed to create PVC ${name}: ${res.error.message}`);
    if (!('code' in res.error) || res.error.reason !== 'AlreadyExists') recordClaim(ctx, set, pod, name, res.error.message);
  }
  if (errs.length === 0) return undefined;
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

const refersTo = (r: OwnerReference, owner: KObject): boolean => r.uid === owner.metadata.uid;

/** The owners a claim should have under the policy (updateClaimOwnerRefForSetAndPod). */
function wantedOwners(set: StatefulSet, pod: Pod): { set: boolean; pod: boolean } {
  const policy = set.spec.persistentVolumeClaimRetentionPolicy ?? {};
  const scaledDown = !podInOrdinalRange(pod, set);
  const whenScaled = policy.whenScaled === 'Delete';
  const whenDeleted = policy.whenDeleted === 'Delete';
  if (whenScaled && scaledDown) return { set: false, pod: true };
  return { set: whenDeleted, pod: false };
}

function ownerRef(owner: KObject, apiVersion: string, kind: string): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '' };
}

/** The claim's ownerReferences with the set's and the Pod's made to match the policy. */
function reowned(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): OwnerReference[] | undefined {
  const want = wantedOwners(set, pod);
  const refs = claim.metadata.ownerReferences ?? [];
  const hasSet = refs.some((r) => refersTo(r, set));
  const hasPod = pod.metadata.uid !== undefined && refs.some((r) => refersTo(r, pod));
  if (hasSet === want.set && (hasPod === want.pod || pod.metadata.uid === undefined)) return undefined;
  let next = refs.filter((r) => !refersTo(r, set) && !refersTo(r, pod));
  if (want.set) next = [...next, ownerRef(set, 'apps/v1', 'StatefulSet')];
  if (want.pod && pod.metadata.uid) next = [...next, ownerRef(pod, 'v1', 'Pod')];
  return next;
}

/** ClaimsMatchRetentionPolicy. */
export function claimsMatchRetentionPolicy(ctx: ControllerContext, set: StatefulSet, pod: Pod): boolean {
  return claimsFor(set, ordinalOf(pod)).every(({ claim }) => {
    const c = cachedClaim(ctx, set.metadata.namespace, claim.metadata.name ?? '');
    return !c || reowned(c, set, pod) === undefined;
  });
}

/** UpdatePodClaimForRetentionPolicy: patch each claim whose owners do not match the policy. */
export function updateClaimsForRetentionPolicy(ctx: ControllerContext, set: StatefulSet, pod: Pod): void {
  for (const { claim } of claimsFor(set, ordinalOf(pod))) {
    const c = cachedClaim(ctx, set.metadata.namespace, claim.metadata.name ?? '');
    if (!c) continue;
    const refs = reowned(c, set, pod);
    if (!refs) continue;
    const metadata: KObject['metadata'] = { ...c.metadata, ownerReferences: refs };
    if (refs.length === 0) delete metadata.ownerReferences;
    const body = { ...c, metadata } as KObject;
    const res = ctx.request({ verb: 'update', resource: 'persistentvolumeclaims', namespace: c.metadata.namespace, name: c.metadata.name, body });
    if (!res.ok) throw new SyncError(`could not update claim ${c.metadata.name ?? ''} for delete policy ownerRefs: ${res.error.message}`);
  }
}
