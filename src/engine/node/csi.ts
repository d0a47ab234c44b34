/**
 * hostpath.csi.k8s.io's controller side: the external-provisioner sidecar watches claims of a
 * StorageClass it serves and, once kube-scheduler picked a node (annotation
 * volume.kubernetes.io/selected-node, for WaitForFirstConsumer classes), calls CreateVolume and
 * creates the PV `pvc-<claim uid>`. This component also plays the persistentvolume-controller's
 * part for its claims (the provisioning annotations and events, binding PV ⇄ PVC, reclaiming
 * released volumes), because kube-controller-manager here has no volume binder of its own.
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
import { uuidV4 } from '../core/rng';
import { jitter, markComponentChanged, setTimer, trace } from '../runtime';
import type { World } from '../world';
import type { CsiState } from './csi-state';

const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const TOPOLOGY_KEY = 'topology.hostpath.csi/node';

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

/** The PV controller's bind: claimRef on the PV, volumeName and Bound on the claim. */
function bind(w: World, self: CsiState, pvc: PersistentVolumeClaim, pv: PersistentVolume): void {
  if (pv.status?.phase !== 'Bound') {
    api(w, self, { verb: 'update', resource: 'persistentvolumes', subresource: 'status', name: pv.metadata.name!, body: { ...pv, status: { phase: 'Bound' } } });
  }
  let claim = pvc;
  if (claim.spec.volumeName !== pv.metadata.name) {
    const next: PersistentVolumeClaim = structuredClone(claim);
    next.spec.volumeName = pv.metadata.name!;
    next.metadata.annotations = { ...next.metadata.annotations, 'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes' };
    const res = api(w, self, { verb: 'update', resource: 'persistentvolumeclaims', namespace: claim.metadata.namespace, name: claim.metadata.name!, body: next });
    if (!res.ok || !res.object) return;
    claim = res.object as PersistentVolumeClaim;
  }
  if (claim.status?.phase !== 'Bound') {
    const status = { phase: 'Bound' as const, accessModes: pv.spec.accessModes ?? [], capacity: pv.spec.capacity ?? {} };
    api(w, self, { verb: 'update', resource: 'persistentvolumeclaims', subresource: 'status', namespace: claim.metadata.namespace, name: claim.metadata.name!, body: { ...claim, status } });
  }
}

function reconcileClaim(w: World, self: CsiState, key: string): void {
  self.pending.delete(key);
  const pvc = self.informers['persistentvolumeclaims']?.cache.get(key) as PersistentVolumeClaim | undefined;
  if (!pvc || pvc.metadata.deletionTimestamp) return;
  const pvName = `pvc-${pvc.metadata.uid}`;
  const pv = self.informers['persistentvolumes']?.cache.get(pvc.spec.volumeName ?? pvName) as PersistentVolume | undefined;
  if (pv && pv.spec.claimRef?.uid === pvc.metadata.uid) {
    bind(w, self, pvc, pv);
    return;
  }
  const sc = storageClass(self, pvc);
  if (!sc || sc.provisioner !== CSI_DRIVER || pvc.spec.volumeName) return;
  const node = pvc.metadata.annotations?.[SELECTED_NODE];
  if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !node) {
    event(w, self, pvc, 'persistentvolume-controller', 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
    return;
  }
  if (!pvc.metadata.annotations?.['volume.kubernetes.io/storage-provisioner']) {
    const next: PersistentVolumeClaim = structuredClone(pvc);
    next.metadata.annotations = { ...next.metadata.annotations, 'volume.beta.kubernetes.io/storage-provisioner': CSI_DRIVER, 'volume.kubernetes.io/storage-provisioner': CSI_DRIVER };
    api(w, self, { verb: 'update', resource: 'persistentvolumeclaims', namespace: pvc.metadata.namespace, name: pvc.metadata.name!, body: next });
    event(
      w,
      self,
      pvc,
      'persistentvolume-controller',
      'Normal',
      'ExternalProvisioning',
      `Waiting for a volume to be created either by the external provisioner '${CSI_DRIVER}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
    );
  }
  event(w, self, pvc, provisionerSource(self), 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${key}"`);
  const size = pvc.spec.resources?.requests?.['storage'] ?? '1Gi';
  trace(w, { from: self.id, to: self.id, kind: 'csi', detail: { call: 'CreateVolume', volume: pvName, size, ...(node !== undefined ? { node } : {}) }, object: { kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace ?? 'default', name: pvc.metadata.name ?? '' } });
  setTimer(w, self, jitter(w, 250, 0.5), 'provisioned', key);
}

/** CreateVolume returned: record the volume and create its PV. */
function provisioned(w: World, self: CsiState, key: string): void {
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
      csi: { driver: CSI_DRIVER, volumeHandle: handle },
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
  bind(w, self, pvc, res.object as PersistentVolume);
}

/** Released volumes with reclaimPolicy Delete: DeleteVolume, then the PV goes. */
function reclaim(w: World, self: CsiState, pvName: string): void {
  const pv = self.informers['persistentvolumes']?.cache.get(pvName) as PersistentVolume | undefined;
  if (!pv || pv.spec.csi?.driver !== CSI_DRIVER || !pv.spec.claimRef) return;
  const ref = pv.spec.claimRef;
  const claim = self.informers['persistentvolumeclaims']?.cache.get(`${ref.namespace}/${ref.name}`);
  if (claim && claim.metadata.uid === ref.uid) return;
  if (pv.spec.persistentVolumeReclaimPolicy !== 'Delete') {
    if (pv.status?.phase !== 'Released') api(w, self, { verb: 'update', resource: 'persistentvolumes', subresource: 'status', name: pvName, body: { ...pv, status: { phase: 'Released' } } });
    return;
  }
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
    else for (const pv of listCache<PersistentVolume>(self.informers['persistentvolumes']!)) if (pv.spec.claimRef?.uid === obj.metadata.uid) setTimer(w, self, 1, 'reclaim', pv.metadata.name!);
  } else if (resource === 'persistentvolumes') {
    const ref = (obj as PersistentVolume).spec.claimRef;
    if (ref?.namespace && ref.name) enqueue(w, self, `${ref.namespace}/${ref.name}`);
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
    self.pending = new Set();
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
