/**
 * The PersistentVolume controller (`persistentvolume-binder`, pv_controller.go), running as
 * `persistent-volume-binder` and recording as `persistentvolume-controller`. It binds claims to
 * volumes; it does not create volumes. For a class whose provisioner is external (every CSI
 * driver) it marks the claim with `volume.kubernetes.io/storage-provisioner` and says it is
 * waiting for that provisioner (ExternalProvisioning) on every sync until a PV for the claim
 * appears, which is why a stopped CSI driver leaves a trail of events on the claim. Claims of a
 * WaitForFirstConsumer class wait for kube-scheduler's `volume.kubernetes.io/selected-node`.
 * Released volumes are marked Released; deleting them is the external provisioner's job.
 *
 * Workqueue keys: claims as `namespace/name`, volumes as their (cluster-scoped) name. Every
 * claim and volume is synced again each --pvclaimbinder-sync-period (15 s).
 */
import type { PersistentVolume, PersistentVolumeClaim, Pod, StorageClass } from '../../../k8s/types';
import { milli } from '../../../k8s/quantity';
import { componentId } from '../../core/ids';
import { listCache, metaKey, type Delta } from '../../client/informer';
import type { ControllerContext, ControllerDef, ReconcileResult } from '../framework';
import { mustSucceed, runSync } from '../util/errors';
import { ANN_BIND_COMPLETED, ANN_BOUND_BY_CONTROLLER, bind, claimKey, updateClaimStatus, updateVolumePhase, volumeBoundToClaim } from './binder';

export const PV_CONTROLLER_SYNC_PERIOD = 15_000;
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
const ANN_DYNAMICALLY_PROVISIONED = 'pv.kubernetes.io/provisioned-by';

function claims(ctx: ControllerContext): PersistentVolumeClaim[] {
  return listCache<PersistentVolumeClaim>(ctx.cache('persistentvolumeclaims'));
}

function volumes(ctx: ControllerContext): PersistentVolume[] {
  return listCache<PersistentVolume>(ctx.cache('persistentvolumes'));
}

function keysFor(_ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = d.cur ?? d.old;
  if (!obj) return [];
  if (resource === 'persistentvolumeclaims') {
    const pvc = obj as PersistentVolumeClaim;
    // A deleted claim: its volume learns it was released.
    if (!d.cur) return pvc.spec.volumeName ? [pvc.spec.volumeName] : [];
    return [metaKey(pvc)];
  }
  if (resource === 'persistentvolumes') return d.cur ? [obj.metadata.name ?? ''] : [];
  return [];
}

function storageClass(ctx: ControllerContext, pvc: PersistentVolumeClaim): StorageClass | undefined {
  const name = pvc.spec.storageClassName;
  return name ? (ctx.cache('storageclasses').cache.get(name) as StorageClass | undefined) : undefined;
}

/** IsDelayBindingMode. */
function delayBinding(ctx: ControllerContext, pvc: PersistentVolumeClaim): boolean {
  return storageClass(ctx, pvc)?.volumeBindingMode === 'WaitForFirstConsumer';
}

/**
 * findBestMatchForClaim: a volume pre-bound to this claim first; otherwise, unless binding is
 * delayed (kube-scheduler picks those on a node), the smallest Available volume of the claim's
 * class that is big enough and offers every access mode asked for.
 */
function findBestMatch(ctx: ControllerContext, pvc: PersistentVolumeClaim, delayed: boolean): PersistentVolume | undefined {
  const all = volumes(ctx);
  const preBound = all.find((pv) => volumeBoundToClaim(pv, pvc) && !pv.metadata.deletionTimestamp);
  if (preBound || delayed) return preBound;
  const want = milli(pvc.spec.resources?.requests?.['storage']);
  const modes = pvc.spec.accessModes ?? [];
  let best: PersistentVolume | undefined;
  for (const pv of all) {
    if (pv.spec.claimRef || pv.metadata.deletionTimestamp || pv.status?.phase !== 'Available') continue;
    if ((pv.spec.storageClassName ?? '') !== (pvc.spec.storageClassName ?? '')) continue;
    if ((pv.spec.volumeMode ?? 'Filesystem') !== (pvc.spec.volumeMode ?? 'Filesystem')) continue;
    const size = milli(pv.spec.capacity?.['storage']);
    if (size < want || !modes.every((m) => (pv.spec.accessModes ?? []).includes(m))) continue;
    if (!best || size < milli(best.spec.capacity?.['storage'])) best = pv;
  }
  return best;
}

/** findNonScheduledPodsByPVC: Pods that mount the claim and have no node yet. */
function unscheduledPodsUsing(ctx: ControllerContext, pvc: PersistentVolumeClaim): string[] {
  const names: string[] = [];
  for (const pod of listCache<Pod>(ctx.cache('pods'))) {
    if (pod.metadata.namespace !== pvc.metadata.namespace || pod.spec.nodeName) continue;
    if ((pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === pvc.metadata.name)) names.push(pod.metadata.name ?? '');
  }
  return names.sort();
}

/** emitEventForUnboundDelayBindingClaim. */
function waitingForConsumer(ctx: ControllerContext, pvc: PersistentVolumeClaim): void {
  const pods = unscheduledPodsUsing(ctx, pvc);
  if (pods.length === 0) {
    ctx.record(pvc, { type: 'Normal', reason: 'WaitForFirstConsumer', message: 'waiting for first consumer to be created before binding' });
  } else {
    const message = pods.length > 1 ? `waiting for pods ${pods.join(',')} to be scheduled` : `waiting for pod ${pods[0]} to be scheduled`;
    ctx.record(pvc, { type: 'Normal', reason: 'WaitForPodScheduled', message });
  }
}

/**
 * provisionClaimOperationExternal: no in-tree plugin provisions here, so every provisioner is
 * external; the claim is handed over by annotation and the controller waits for its PV.
 */
function provisionExternally(ctx: ControllerContext, pvc: PersistentVolumeClaim): void {
  const cls = storageClass(ctx, pvc);
  if (!cls) {
    ctx.record(pvc, { type: 'Warning', reason: 'ProvisioningFailed', message: `storageclass.storage.k8s.io "${pvc.spec.storageClassName}" not found` });
    return;
  }
  const provisioner = cls.provisioner;
  let claim = pvc;
  if (pvc.metadata.annotations?.[ANN_STORAGE_PROVISIONER] !== provisioner) {
    // setClaimProvisioner: tells the external provisioner the claim is its to provision.
    const next: PersistentVolumeClaim = structuredClone(pvc);
    next.metadata.annotations = { ...next.metadata.annotations, [ANN_BETA_STORAGE_PROVISIONER]: provisioner, [ANN_STORAGE_PROVISIONER]: provisioner };
    const res = ctx.request({ verb: 'update', resource: 'persistentvolumeclaims', namespace: pvc.metadata.namespace, name: pvc.metadata.name!, body: next });
    if (!res.ok) ctx.record(pvc, { type: 'Warning', reason: 'ProvisioningFailed', message: `Error saving claim: ${res.error.message}` });
    claim = mustSucceed(res) as PersistentVolumeClaim;
  }
  ctx.record(claim, {
    type: 'Normal',
    reason: 'ExternalProvisioning',
    message: `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
  });
}

/** syncUnboundClaim for a claim that names no volume (the only kind learners create). */
function syncUnboundClaim(ctx: ControllerContext, pvc: PersistentVolumeClaim): void {
  if (pvc.spec.volumeName) {
    // The user asked for a volume by name: bind it if it exists and is free or already ours.
    const pv = ctx.cache('persistentvolumes').cache.get(pvc.spec.volumeName) as PersistentVolume | undefined;
    if (pv && (!pv.spec.claimRef || volumeBoundToClaim(pv, pvc))) return bind(ctx, pv, pvc);
    if (pv) ctx.record(pvc, { type: 'Warning', reason: 'FailedBinding', message: `volume "${pv.metadata.name}" already bound to a different claim.` });
    updateClaimStatus(ctx, pvc, 'Pending');
    return;
  }
  const delayed = delayBinding(ctx, pvc);
  const pv = findBestMatch(ctx, pvc, delayed);
  if (pv) return bind(ctx, pv, pvc);
  if (delayed && !pvc.metadata.annotations?.[ANN_SELECTED_NODE]) waitingForConsumer(ctx, pvc);
  else if (pvc.spec.storageClassName) {
    // The provisioner's PV will bring the claim back here (syncVolume enqueues it).
    provisionExternally(ctx, pvc);
    return;
  } else ctx.record(pvc, { type: 'Normal', reason: 'FailedBinding', message: 'no persistent volumes available for this claim and no storage class is set' });
  updateClaimStatus(ctx, pvc, 'Pending');
}

function lost(ctx: ControllerContext, pvc: PersistentVolumeClaim, reason: string, message: string): void {
  if (pvc.status?.phase === 'Lost') return;
  const claim = updateClaimStatus(ctx, pvc, 'Lost');
  ctx.record(claim, { type: 'Warning', reason, message });
}

/** syncBoundClaim: the claim was bound once (bind-completed). */
function syncBoundClaim(ctx: ControllerContext, pvc: PersistentVolumeClaim): void {
  if (!pvc.spec.volumeName) return lost(ctx, pvc, 'ClaimLost', 'Bound claim has lost reference to PersistentVolume. Data on the volume is lost!');
  const pv = ctx.cache('persistentvolumes').cache.get(pvc.spec.volumeName) as PersistentVolume | undefined;
  if (!pv) return lost(ctx, pvc, 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
  if (!pv.spec.claimRef || pv.spec.claimRef.uid === pvc.metadata.uid) return bind(ctx, pv, pvc);
  lost(ctx, pvc, 'ClaimMisbound', 'Two claims are bound to the same volume, this one is bound incorrectly');
}

function syncClaim(ctx: ControllerContext, key: string): void {
  const pvc = ctx.cache('persistentvolumeclaims').cache.get(key) as PersistentVolumeClaim | undefined;
  if (!pvc) return;
  if (pvc.metadata.annotations?.[ANN_BIND_COMPLETED]) syncBoundClaim(ctx, pvc);
  else syncUnboundClaim(ctx, pvc);
}

function syncVolume(ctx: ControllerContext, name: string): void {
  const pv = ctx.cache('persistentvolumes').cache.get(name) as PersistentVolume | undefined;
  if (!pv) return;
  const ref = pv.spec.claimRef;
  // Unused, or reserved for a claim that has not bound yet (the claim's sync binds it).
  if (!ref || !ref.uid) {
    updateVolumePhase(ctx, pv, 'Available');
    if (ref?.namespace && ref.name) ctx.enqueue(`${ref.namespace}/${ref.name}`);
    return;
  }
  const pvc = ctx.cache('persistentvolumeclaims').cache.get(`${ref.namespace}/${ref.name}`) as PersistentVolumeClaim | undefined;
  if (!pvc || pvc.metadata.uid !== ref.uid) {
    // The claim is gone: Released, which an external provisioner reads as "delete it" for
    // reclaimPolicy Delete; Retain keeps the volume and its data for an administrator.
    if (pv.status?.phase !== 'Released' && pv.status?.phase !== 'Failed') updateVolumePhase(ctx, pv, 'Released');
    return;
  }
  if (!pvc.spec.volumeName) {
    // Provisioned for (or pre-bound to) this claim: the claim's sync completes the binding.
    ctx.enqueue(claimKey(pvc));
    return;
  }
  if (pvc.spec.volumeName === pv.metadata.name) {
    updateVolumePhase(ctx, pv, 'Bound');
    return;
  }
  // The claim is bound to another volume.
  if (pv.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED] && pv.spec.persistentVolumeReclaimPolicy === 'Delete') {
    if (pv.status?.phase !== 'Released' && pv.status?.phase !== 'Failed') updateVolumePhase(ctx, pv, 'Released');
  } else if (pv.metadata.annotations?.[ANN_BOUND_BY_CONTROLLER]) {
    // unbindVolume: the controller's own pick lost the race; free it.
    const next: PersistentVolume = structuredClone(pv);
    delete next.spec.claimRef;
    delete next.metadata.annotations![ANN_BOUND_BY_CONTROLLER];
    const updated = mustSucceed(ctx.request({ verb: 'update', resource: 'persistentvolumes', name, body: next })) as PersistentVolume;
    updateVolumePhase(ctx, updated, 'Available');
  }
}

function reconcile(ctx: ControllerContext, key: string): ReconcileResult {
  return runSync(() => (key.includes('/') ? syncClaim(ctx, key) : syncVolume(ctx, key)));
}

export const persistentVolumeController: ControllerDef = {
  name: 'persistentvolume-binder',
  actor: componentId('persistent-volume-binder'),
  eventSource: 'persistentvolume-controller',
  informers: ['persistentvolumeclaims', 'persistentvolumes', 'storageclasses', 'pods'],
  keysFor,
  reconcile,
  periodic: [
    {
      // resync(): every claim and every volume, whether or not anything changed.
      name: 'resync',
      every: () => PV_CONTROLLER_SYNC_PERIOD,
      run(ctx) {
        for (const pvc of claims(ctx)) ctx.enqueue(claimKey(pvc));
        for (const pv of volumes(ctx)) ctx.enqueue(pv.metadata.name ?? '');
      },
    },
  ],
};
