/**
 * The writes of pv_controller.go's bind(): the PV's claimRef (bindVolumeToClaim), the PV's phase
 * (updateVolumePhase), the claim's volumeName and bind annotations (bindClaimToVolume) and the
 * claim's status (updateClaimStatus). Each write is skipped when the object already says so, so
 * a periodic sync of a bound pair costs no request. A failed write throws a SyncError: the next
 * sync of the claim or the volume finishes the binding.
 */
import type { PersistentVolume, PersistentVolumeClaim } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { mustSucceed } from '../util/errors';

export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';

type ClaimPhase = NonNullable<NonNullable<PersistentVolumeClaim['status']>['phase']>;
type VolumePhase = NonNullable<NonNullable<PersistentVolume['status']>['phase']>;

export function claimKey(pvc: PersistentVolumeClaim): string {
  return `${pvc.metadata.namespace ?? 'default'}/${pvc.metadata.name ?? ''}`;
}

/** IsVolumeBoundToClaim: the claimRef names this claim (and its uid, once one is set). */
export function volumeBoundToClaim(pv: PersistentVolume, pvc: PersistentVolumeClaim): boolean {
  const ref = pv.spec.claimRef;
  if (!ref || ref.name !== pvc.metadata.name || ref.namespace !== pvc.metadata.namespace) return false;
  return !ref.uid || ref.uid === pvc.metadata.uid;
}

export function updateVolumePhase(ctx: ControllerContext, pv: PersistentVolume, phase: VolumePhase): PersistentVolume {
  if (pv.status?.phase === phase) return pv;
  const body: PersistentVolume = { ...pv, status: { ...pv.status, phase } };
  return mustSucceed(ctx.request({ verb: 'update', resource: 'persistentvolumes', subresource: 'status', name: pv.metadata.name!, body })) as PersistentVolume;
}

/** updateClaimStatus: phase, and the volume's access modes and capacity (cleared without a volume). */
export function updateClaimStatus(ctx: ControllerContext, pvc: PersistentVolumeClaim, phase: ClaimPhase, pv?: PersistentVolume): PersistentVolumeClaim {
  const status = structuredClone(pvc.status ?? {});
  let dirty = false;
  if (status.phase !== phase) {
    status.phase = phase;
    dirty = true;
  }
  if (!pv) {
    if (status.accessModes) delete status.accessModes;
    if (status.capacity) delete status.capacity;
    dirty ||= !!pvc.status?.accessModes || !!pvc.status?.capacity;
  } else {
    if (JSON.stringify(status.accessModes ?? null) !== JSON.stringify(pv.spec.accessModes ?? null)) {
      status.accessModes = pv.spec.accessModes ?? [];
      dirty = true;
    }
    // Capacity is copied only when the claim becomes Bound: a later difference can be deliberate.
    if (pvc.status?.phase !== phase && status.capacity?.['storage'] !== pv.spec.capacity?.['storage']) {
      status.capacity = pv.spec.capacity ?? {};
      dirty = true;
    }
  }
  if (!dirty) return pvc;
  const body: PersistentVolumeClaim = { ...pvc, status };
  return mustSucceed(
    ctx.request({ verb: 'update', resource: 'persistentvolumeclaims', subresource: 'status', namespace: pvc.metadata.namespace, name: pvc.metadata.name!, body }),
  ) as PersistentVolumeClaim;
}

function bindVolumeToClaim(ctx: ControllerContext, pv: PersistentVolume, pvc: PersistentVolumeClaim): PersistentVolume {
  const ref = pv.spec.claimRef;
  const bound = ref?.uid === pvc.metadata.uid && ref?.name === pvc.metadata.name && ref?.namespace === pvc.metadata.namespace;
  if (bound) return pv;
  const next: PersistentVolume = structuredClone(pv);
  next.spec.claimRef = { kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, apiVersion: 'v1', resourceVersion: pvc.metadata.resourceVersion };
  // A volume the controller picked (not one created or pre-bound for this claim) says so.
  if (!ref) next.metadata.annotations = { ...next.metadata.annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' };
  return mustSucceed(ctx.request({ verb: 'update', resource: 'persistentvolumes', name: pv.metadata.name!, body: next })) as PersistentVolume;
}

function bindClaimToVolume(ctx: ControllerContext, pvc: PersistentVolumeClaim, pv: PersistentVolume): PersistentVolumeClaim {
  const ann = pvc.metadata.annotations ?? {};
  const setName = pvc.spec.volumeName !== pv.metadata.name;
  if (!setName && ann[ANN_BIND_COMPLETED] === 'yes') return pvc;
  const next: PersistentVolumeClaim = structuredClone(pvc);
  next.spec.volumeName = pv.metadata.name!;
  next.metadata.annotations = { ...next.metadata.annotations, [ANN_BIND_COMPLETED]: 'yes' };
  if (setName) next.metadata.annotations[ANN_BOUND_BY_CONTROLLER] = 'yes';
  return mustSucceed(
    ctx.request({ verb: 'update', resource: 'persistentvolumeclaims', namespace: pvc.metadata.namespace, name: pvc.metadata.name!, body: next }),
  ) as PersistentVolumeClaim;
}

/** bind(): volume first, so a crash in between leaves a volume pointing at its claim. */
export function bind(ctx: ControllerContext, pv: PersistentVolume, pvc: PersistentVolumeClaim): void {
  let volume = bindVolumeToClaim(ctx, pv, pvc);
  volume = updateVolumePhase(ctx, volume, 'Bound');
  const claim = bindClaimToVolume(ctx, pvc, volume);
  updateClaimStatus(ctx, claim, 'Bound', volume);
}
