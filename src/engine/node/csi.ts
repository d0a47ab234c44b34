/**
 * hostpath.csi.k8s.io's controller side: the external-provisioner sidecar picks up claims that
 * kube-controller-manager's PV controller handed to it (`volume.kubernetes.io/storage-provisioner:
 * hostpath.csi.k8s.io`) and, for WaitForFirstConsumer classes, only once kube-scheduler chose a
 * node (`volume.kubernetes.io/selected-node`); it calls CreateVolume and creates the PV
 * `pvc-<claim uid>` pre-bound to the claim, which the PV controller then binds. For a Released
 * volume with reclaimPolicy Delete that it provisioned, it calls DeleteVolume and deletes the PV.
 * One CreateVolume per claim is in flight at a time (the provisioner's claimsInProgress).
 */
import type { KObject, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../k8s/types';
import type { Behaviour } from '../behaviour';
import { controllerUser } from '../apiserver/auth';
import { CSI_DRIVER } from '../apiserver/bootstrap';
import { isNotFound, request, type ClientIdentity } from '../client/client';
import { recordEvent } from '../client/events';
import { listCache, metaKey, newInformer, syncInformer, type Delta } from '../client/informer';
import { deliver, traceWatch, relistAfterClose } from '../client/watch-host';
import { milli } from '../../k8s/quantity';
import { EPOCH_MS } from '../../k8s/time';
import { uuidV4 } from '../core/rng';
import { jitter, markComponentChanged, setTimer, trace } from '../runtime';
import type { World } from '../world';
import type { CsiState } from './csi-state';

const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
const PROVISIONER_ID_KEY = 'storage.kubernetes.io/csiProvisionerIdentity';
export const TOPOLOGY_KEY = 'topology.hostpath.csi/node';

function who(self: CsiState): ClientIdentity {
  return { user: controllerUser('csi-hostpathplugin-sa'), actor: self.id };
}

function api(w: World, self: CsiState, req: Parameters<typeof request>[3]): ReturnType<typeof request> {
  return request(w, self, who(self), req);
}

function event(w: World, self: CsiState, obj: KObject, component: string, type: 'Normal' | 'Warning', reason: string, message: string): void {
  recordEvent(w, self, who(self), obj, { type, reason, message, component });
}

function provisionerSource(self: CsiState): string {
  return `${CSI_DRIVER}_csi-hostpathplugin-0_${self.identity}`;
}

function enqueue(w: World, self: CsiState, key: string): void {
  if (self.pending.has(key)) return;
  self.pending.add(key);
  setTimer(w, self, 1, 'reconcile', key);
}

function storageClass(self: CsiState, pvc: PersistentVolumeClaim): StorageClass | undefined {
  const name = pvc.spec.storageClassName;
  return name ? (self.informers['storageclasses']?.cache.get(name) as StorageClass | undefined) : undefined;
}

/** shouldProvision: a claim handed to this driver, unbound, with its node chosen if it must be. */
function reconcileClaim(w: World, self: CsiState, key: string): void {
  self.pending.delete(key);
  const pvc = self.informers['persistentvolumeclaims']?.cache.get(key) as PersistentVolumeClaim | undefined;
  if (!pvc || pvc.metadata.deletionTimestamp || pvc.spec.volumeName || self.provisioning.has(key)) return;
  if (pvc.metadata.annotations?.[STORAGE_PROVISIONER] !== CSI_DRIVER) return;
  const sc = storageClass(self, pvc);
  if (!sc || sc.provisioner !== CSI_DRIVER) return;
  const node = pvc.metadata.annotations?.[SELECTED_NODE];
  if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !node) return;
  const pvName = `pvc-${pvc.metadata.uid}`;
  if (self.informers['persistentvolumes']?.cache.has(pvName)) return;
  self.provisioning.add(key);
  event(w, self, pvc, provisionerSource(self), 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${key}"`);
  const size = pvc.spec.resources?.requests?.['storage'] ?? '1Gi';
  trace(w, { from: self.id, to: self.id, kind: 'csi', detail: { call: 'CreateVolume', volume: pvName, size, ...(node !== undefined ? { node } : {}) }, object: { kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace ?? 'default', name: pvc.metadata.name ?? '' } });
  setTimer(w, self, jitter(w, 250, 0.5), 'provisioned', key);
}

/** CreateVolume returned: record the volume and create its PV. */
function provisioned(w: World, self: CsiState, key: string): void {
  self.provisioning.delete(key);
  const pvc = self.informers['persistentvolumeclaims']?.cache.get(key) as PersistentVolumeClaim | undefined;
  if (!pvc || pvc.metadata.deletionTimestamp || pvc.spec.volumeName) return;
  const sc = storageClass(self, pvc);
  const node = pvc.metadata.annotations?.[SELECTED_NODE] ?? self.host;
  const pvName = `pvc-${pvc.metadata.uid}`;
  const size = pvc.spec.resources?.requests?.['storage'] ?? '1Gi';
  const handle = uuidV4(w.rng);
  self.volumes.set(handle, { handle, pvName, node, capacityBytes: Math.round(milli(size) / 1000) });
  const pv: PersistentVolume = {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: pvName, annotations: { 'pv.kubernetes.io/provisioned-by': CSI_DRIVER, 'volume.kubernetes.io/provisioner-deletion-secret-name': '', 'volume.kubernetes.io/provisioner-deletion-secret-namespace': '' } },
    spec: {
      accessModes: pvc.spec.accessModes ?? ['ReadWriteOnce'],
      capacity: { storage: size },
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: pvc.metadata.name, namespace: pvc.metadata.namespace, resourceVersion: pvc.metadata.resourceVersion, uid: pvc.metadata.uid },
      csi: { driver: CSI_DRIVER, volumeHandle: handle, volumeAttributes: { [PROVISIONER_ID_KEY]: self.provisionerId } },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: TOPOLOGY_KEY, operator: 'In', values: [node] }] }] } },
      persistentVolumeReclaimPolicy: sc?.reclaimPolicy ?? 'Delete',
      storageClassName: pvc.spec.storageClassName ?? '',
      volumeMode: pvc.spec.volumeMode ?? 'Filesystem',
    },
    status: { phase: 'Pending' },
  };
  const res = api(w, self, { verb: 'create', resource: 'persistentvolumes', body: pv });
  if (!res.ok || !res.object) return;
  event(w, self, pvc, provisionerSource(self), 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${pvName}`);
  markComponentChanged(w, self.id);
}

/** shouldDelete: a volume this driver provisioned, Released, with reclaimPolicy Delete. */
function reclaim(w: World, self: CsiState, pvName: string): void {
  const pv = self.informers['persistentvolumes']?.cache.get(pvName) as PersistentVolume | undefined;
  if (!pv || pv.spec.csi?.driver !== CSI_DRIVER || pv.metadata.deletionTimestamp) return;
  if (pv.status?.phase !== 'Released' || pv.spec.persistentVolumeReclaimPolicy !== 'Delete') return;
  if (pv.metadata.annotations?.['pv.kubernetes.io/provisioned-by'] !== CSI_DRIVER) return;
  trace(w, { from: self.id, to: self.id, kind: 'csi', detail: { call: 'DeleteVolume', volume: pvName }, object: { kind: 'PersistentVolume', name: pvName } });
  self.volumes.delete(pv.spec.csi.volumeHandle);
  const res = api(w, self, { verb: 'delete', resource: 'persistentvolumes', name: pvName });
  if (!res.ok && !isNotFound(res)) setTimer(w, self, 5000, 'reclaim', pvName);
}

function handle(w: World, self: CsiState, resource: string, d: Delta): void {
  const obj = d.cur ?? d.old;
  if (!obj) return;
  if (resource === 'persistentvolumeclaims') {
    if (d.cur) enqueue(w, self, metaKey(d.cur));
  } else if (resource === 'persistentvolumes') {
    if (d.cur) setTimer(w, self, 1, 'reclaim', obj.metadata.name!);
  } else {
    for (const pvc of listCache(self.informers['persistentvolumeclaims']!)) enqueue(w, self, metaKey(pvc));
  }
}

function sync(w: World, self: CsiState, resource: string): void {
  const inf = self.informers[resource];
  if (!inf) return;
  const deltas = syncInformer(w, self, who(self), inf);
  for (const d of deltas ?? []) handle(w, self, resource, d);
}

export const csiBehaviour: Behaviour<'csi'> = {
  start(w, self) {
    self.identity ||= uuidV4(w.rng);
    // csi-provisioner's identity: start time in ms, a number below 10000 (taken from the
    // identity already drawn, so a start draws nothing more), the driver's name.
    self.provisionerId = `${EPOCH_MS + w.now}-${parseInt(self.identity.slice(0, 4), 16) % 10_000}-${CSI_DRIVER}`;
    self.pending = new Set();
    self.provisioning = new Set();
    self.informers = {
      storageclasses: newInformer('storageclasses'),
      persistentvolumes: newInformer('persistentvolumes'),
      persistentvolumeclaims: newInformer('persistentvolumeclaims'),
    };
    for (const r of Object.keys(self.informers)) sync(w, self, r);
  },
  stop(_w, self) {
    self.informers = {};
    self.pending = new Set();
    self.provisioning = new Set();
  },
  onWatch(w, self, watchId, ev) {
    const got = deliver(self.informers, watchId, ev);
    if (!got) return;
    traceWatch(w, watchId, self.id, ev);
    handle(w, self, got.inf.resource, got.delta);
  },
  onWatchClosed(w, self, watchId) {
    relistAfterClose(w, self, self.informers, watchId);
  },
  onTimer(w, self, name, arg) {
    if (name === 'reconcile' && arg) reconcileClaim(w, self, arg);
    else if (name === 'provisioned' && arg) provisioned(w, self, arg);
    else if (name === 'reclaim' && arg) reclaim(w, self, arg);
    else if (name.startsWith('relist:')) sync(w, self, name.slice('relist:'.length));
  },
};
