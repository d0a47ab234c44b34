/**
 * ControllerRefManager (pkg/controller/controller_ref_manager.go): a controller owns the objects
 * its selector matches. It adopts matching orphans (adds itself as the controller ownerReference)
 * and releases objects it owns that no longer match — so relabelling a Pod takes it out of its
 * ReplicaSet, and the ReplicaSet creates a replacement.
 */
import type { KObject, OwnerReference } from '../../../k8s/types';
import { matches, type Selector } from '../../../k8s/labels';
import type { ControllerContext } from '../framework';
import { SyncError, statusCode } from './errors';
import { controllerRefOf, newControllerRef } from './meta';

export interface ClaimSpec {
  /** The would-be controller. */
  owner: KObject;
  ownerApiVersion: string;
  ownerKind: string;
  /** Resource of the claimed objects: `pods`, `replicasets`. */
  resource: string;
  selector: Selector;
}

/**
 * RecheckDeletionTimestamp: an uncached GET of the owner before the first adoption, so a
 * controller that is being deleted never adopts.
 */
function canAdopt(ctx: ControllerContext, s: ClaimSpec): void {
  const o = s.owner;
  const res = ctx.request({ verb: 'get', resource: `${s.ownerKind.toLowerCase()}s`, namespace: o.metadata.namespace, name: o.metadata.name });
  if (!res.ok) throw new SyncError(res.error.message);
  const fresh = res.object!;
  if (fresh.metadata.uid !== o.metadata.uid) {
    throw new SyncError(`original ${s.ownerKind} ${o.metadata.namespace}/${o.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${o.metadata.uid}`);
  }
  if (fresh.metadata.deletionTimestamp) throw new SyncError(`${s.ownerKind} ${o.metadata.namespace}/${o.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
}

/**
 * The strategic merge patches controller_ref_manager.go sends: adoption adds the controller
 * reference (ownerRefControllerPatch), release deletes it by uid
 * (GenerateDeleteOwnerRefStrategicMergeBytes); ownerReferences merge by uid, so other owners
 * stay. Both carry the object's uid: a namesake created since fails (metadata.uid is immutable).
 */
function adoptPatch(obj: KObject, ref: OwnerReference): KObject {
  return { metadata: { ownerReferences: [ref], uid: obj.metadata.uid } } as unknown as KObject;
}

function releasePatch(obj: KObject, ownerUid: string): KObject {
  return { metadata: { uid: obj.metadata.uid, ownerReferences: [{ $patch: 'delete', uid: ownerUid }] } } as unknown as KObject;
}

/** False when the object is gone; a release also ignores Invalid, as ReleasePod does. */
function patchOwners(ctx: ControllerContext, s: ClaimSpec, obj: KObject, body: KObject, release: boolean): boolean {
  const res = ctx.request({ verb: 'patch', resource: s.resource, namespace: obj.metadata.namespace, name: obj.metadata.name, body });
  if (res.ok) return true;
  const code = statusCode(res);
  if (code === 404 || (release && code === 422)) return false;
  throw new SyncError(res.error.message);
}

/**
 * ClaimObjects: returns the candidates this owner now controls. `candidates` should hold the
 * objects it owns plus the orphans of its namespace; others are ignored.
 */
export function claimObjects<T extends KObject>(ctx: ControllerContext, s: ClaimSpec, candidates: T[]): T[] {
  const uid = s.owner.metadata.uid;
  const ownerDeleting = !!s.owner.metadata.deletionTimestamp;
  const claimed: T[] = [];
  let adoptChecked = false;
  for (const obj of candidates) {
    const ref = controllerRefOf(obj);
    const match = matches(s.selector, obj.metadata.labels);
    if (ref) {
      if (ref.uid !== uid) continue;
      if (match) {
        claimed.push(obj);
        continue;
      }
      if (ownerDeleting) continue;
      patchOwners(ctx, s, obj, releasePatch(obj, uid ?? ''), true);
      continue;
    }
    if (ownerDeleting || !match || obj.metadata.deletionTimestamp) continue;
    if (obj.metadata.namespace !== s.owner.metadata.namespace) continue;
    if (!adoptChecked) {
      canAdopt(ctx, s);
      adoptChecked = true;
    }
    const mine = newControllerRef(s.owner, s.ownerApiVersion, s.ownerKind);
    // The merged list as the server orders it: a new item goes in front of the live ones.
    const refs = [mine, ...(obj.metadata.ownerReferences ?? [])];
    if (patchOwners(ctx, s, obj, adoptPatch(obj, mine), false)) claimed.push({ ...obj, metadata: { ...obj.metadata, ownerReferences: refs } });
  }
  return claimed;
}
