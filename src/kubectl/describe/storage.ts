/**
 * describe.go's storage describers: PersistentVolumeClaimDescriber (with the Pods that mount the
 * claim, "Used By"), PersistentVolumeDescriber (node affinity and the volume source) and
 * StorageClassDescriber. Field order, indentation and empty values are describe.go's own.
 */
import type { CSINode, KObject, PersistentVolume, PersistentVolumeClaim, Pod, StorageClass } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { accessModes, formatLabels, goSlice, since } from '../../k8s/printers/util';
import type { Client } from '../client';
import { DescribeWriter } from './writer';
import type { VolumeAttributesClass } from '../../k8s/storage-objects';
import { annotationsMultiline, describeEvents, fmtTime, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';

const BETA_STORAGE_CLASS = 'volume.beta.kubernetes.io/storage-class';

/** GetPersistentVolumeClaimClass / GetPersistentVolumeClass: the beta annotation wins. */
function storageClassOf(obj: PersistentVolumeClaim | PersistentVolume): string {
  return obj.metadata.annotations?.[BETA_STORAGE_CLASS] ?? obj.spec.storageClassName ?? '';
}

function statusLine(obj: KObject, phase: string | undefined, now: number): string {
  return obj.metadata.deletionTimestamp ? `Status:\tTerminating (lasts ${since(obj.metadata.deletionTimestamp, now)})\n` : `Status:\t${phase ?? ''}\n`;
}

function eventsOf(client: Client, obj: KObject, now: number, w: DescribeWriter, settings: DescriberSettings): void {
  const ref = { name: obj.metadata.name ?? '', namespace: obj.metadata.namespace, kind: obj.kind, uid: obj.metadata.uid };
  if (settings.showEvents) describeEvents(w, searchEvents(client, ref), now);
}

/** getPodsForPVC: Pods in the claim's namespace with a volume naming it, and Pods owning it. */
function podsForClaim(client: Client, pvc: PersistentVolumeClaim): Pod[] {
  const res = client.list(resourceInfo('pods')!, pvc.metadata.namespace ?? 'default', {});
  const all = res.ok ? (res.value as Pod[]) : [];
  const pods = all.filter((p) => (p.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === pvc.metadata.name));
  for (const ref of pvc.metadata.ownerReferences ?? []) {
    if (ref.kind !== 'Pod') continue;
    const owner = all.find((p) => p.metadata.uid === ref.uid);
    if (owner && !pods.includes(owner)) pods.push(owner);
  }
  return pods;
}

/** printPodsMultiline: sorted by name, one per line. */
function podsMultiline(w: DescribeWriter, title: string, pods: Pod[]): void {
  w.write(0, `${title}:\t`);
  if (pods.length === 0) {
    w.line('<none>');
    return;
  }
  const names = pods.map((p) => p.metadata.name ?? '').sort();
  names.forEach((n, i) => {
    if (i !== 0) w.write(0, '\t');
    w.write(0, `${n}\n`);
  });
}

interface ClaimExtras {
  dataSource?: { apiGroup?: string; kind: string; name: string };
}

interface ClaimCondition {
  type: string;
  status: string;
  lastProbeTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export function describePersistentVolumeClaim(client: Client, pvc: PersistentVolumeClaim, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${pvc.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${pvc.metadata.namespace ?? ''}\n`);
  w.write(0, `StorageClass:\t${storageClassOf(pvc)}\n`);
  w.write(0, statusLine(pvc, pvc.status?.phase, now));
  w.write(0, `Volume:\t${pvc.spec.volumeName ?? ''}\n`);
  labelsMultiline(w, 'Labels', pvc.metadata.labels);
  annotationsMultiline(w, 'Annotations', pvc.metadata.annotations);
  w.write(0, `Finalizers:\t${goSlice(pvc.metadata.finalizers)}\n`);
  // Capacity and access modes are the bound volume's (status), blank until the claim is bound.
  const bound = !!pvc.spec.volumeName;
  w.write(0, `Capacity:\t${bound ? (pvc.status?.capacity?.['storage'] ?? '0') : ''}\n`);
  w.write(0, `Access Modes:\t${bound ? accessModes(pvc.status?.accessModes) : ''}\n`);
  if (pvc.spec.volumeMode) w.write(0, `VolumeMode:\t${pvc.spec.volumeMode}\n`);
  const ds = (pvc.spec as ClaimExtras).dataSource;
  if (ds) {
    w.write(0, 'DataSource:\n');
    if (ds.apiGroup !== undefined) w.write(1, `APIGroup:\t${ds.apiGroup}\n`);
    w.write(1, `Kind:\t${ds.kind}\n`);
    w.write(1, `Name:\t${ds.name}\n`);
  }
  podsMultiline(w, 'Used By', podsForClaim(client, pvc));
  const conditions = (pvc.status as { conditions?: ClaimCondition[] } | undefined)?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) w.write(1, `${c.type} \t${c.status} \t${fmtTime(c.lastProbeTime)} \t${fmtTime(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
  }
  eventsOf(client, pvc, now, w, settings);
  return w.toString();
}

interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** printVolumeNodeAffinity. */
function volumeNodeAffinity(w: DescribeWriter, affinity: unknown): void {
  w.write(0, 'Node Affinity:\t');
  const required = (affinity as { required?: { nodeSelectorTerms?: { matchExpressions?: NodeSelectorRequirement[] }[] } } | undefined)?.required;
  if (!required) {
    w.line('<none>');
    return;
  }
  w.line('');
  w.write(1, 'Required Terms:\t');
  const terms = required.nodeSelectorTerms ?? [];
  if (terms.length === 0) {
    w.line('<none>');
    return;
  }
  w.line('');
  terms.forEach((term, i) => {
    const reqs = term.matchExpressions ?? [];
    w.write(2, `Term ${i}:\t`);
    if (reqs.length === 0) {
      w.line('<none>');
      return;
    }
    reqs.forEach((r, j) => {
      if (j !== 0) w.write(2, '\t');
      const expr = `${r.key} ${r.operator.toLowerCase()}`;
      w.write(0, r.values?.length ? `${expr} [${r.values.join(', ')}]\n` : `${expr}\n`);
    });
  });
}

const MAX_ATTRIBUTE_LEN = 140;

/** printCSIPersistentVolumeAttributesMultiline. */
function csiAttributes(w: DescribeWriter, attributes: Record<string, string> | undefined): void {
  w.write(2, 'VolumeAttributes:\t');
  const keys = Object.keys(attributes ?? {}).sort();
  if (keys.length === 0) {
    w.line('<none>');
    return;
  }
  keys.forEach((k, i) => {
    // Each of describe.go's writes here carries the level's indent, hence the doubled spaces.
    if (i !== 0) {
      w.write(2, '');
      w.write(2, '\t');
    }
    const line = `${k}=${attributes![k]}`;
    w.write(2, line.length > MAX_ATTRIBUTE_LEN ? `${line.slice(0, MAX_ATTRIBUTE_LEN)}...\n` : `${line}\n`);
  });
}

interface VolumeSources {
  hostPath?: { path: string; type?: string };
  local?: { path: string };
  nfs?: { server: string; path: string; readOnly?: boolean };
  csi?: { driver: string; volumeHandle: string; fsType?: string; readOnly?: boolean; volumeAttributes?: Record<string, string> };
}

function volumeSource(w: DescribeWriter, spec: VolumeSources): void {
  // An unset hostPath type is defaulted to "" (SetDefaults_HostPathVolumeSource): `<none>` is for nil.
  if (spec.hostPath) w.write(2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${spec.hostPath.path}\n    HostPathType:\t${spec.hostPath.type ?? ''}\n`);
  else if (spec.nfs) w.write(2, `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${spec.nfs.server}\n    Path:\t${spec.nfs.path}\n    ReadOnly:\t${spec.nfs.readOnly === true}\n`);
  else if (spec.local) w.write(2, `Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t${spec.local.path}\n`);
  else if (spec.csi) {
    const c = spec.csi;
    w.write(2, `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${c.driver}\n    FSType:\t${c.fsType ?? ''}\n    VolumeHandle:\t${c.volumeHandle}\n    ReadOnly:\t${c.readOnly === true}\n`);
    csiAttributes(w, c.volumeAttributes);
  } else w.write(1, '<unknown>\n');
}

export function describePersistentVolume(client: Client, pv: PersistentVolume, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${pv.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', pv.metadata.labels);
  annotationsMultiline(w, 'Annotations', pv.metadata.annotations);
  w.write(0, `Finalizers:\t${goSlice(pv.metadata.finalizers)}\n`);
  w.write(0, `StorageClass:\t${storageClassOf(pv)}\n`);
  w.write(0, statusLine(pv, pv.status?.phase, now));
  const ref = pv.spec.claimRef;
  w.write(0, `Claim:\t${ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : ''}\n`);
  w.write(0, `Reclaim Policy:\t${pv.spec.persistentVolumeReclaimPolicy ?? ''}\n`);
  w.write(0, `Access Modes:\t${accessModes(pv.spec.accessModes)}\n`);
  if (pv.spec.volumeMode) w.write(0, `VolumeMode:\t${pv.spec.volumeMode}\n`);
  w.write(0, `Capacity:\t${pv.spec.capacity?.['storage'] ?? '0'}\n`);
  volumeNodeAffinity(w, pv.spec.nodeAffinity);
  w.write(0, `Message:\t${(pv.status as { message?: string } | undefined)?.message ?? ''}\n`);
  w.write(0, 'Source:\n');
  volumeSource(w, pv.spec as VolumeSources);
  eventsOf(client, pv, now, w, settings);
  return w.toString();
}

/** printBoolPtr. */
function boolPtr(v: boolean | undefined): string {
  return v === undefined ? '<unset>' : v ? 'True' : 'False';
}

export function describeStorageClass(client: Client, sc: StorageClass, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const ann = sc.metadata.annotations ?? {};
  const isDefault = ann['storageclass.kubernetes.io/is-default-class'] === 'true' || ann['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
  w.write(0, `Name:\t${sc.metadata.name ?? ''}\n`);
  w.write(0, `IsDefaultClass:\t${isDefault ? 'Yes' : 'No'}\n`);
  w.write(0, `Annotations:\t${formatLabels(sc.metadata.annotations)}\n`);
  w.write(0, `Provisioner:\t${sc.provisioner}\n`);
  w.write(0, `Parameters:\t${formatLabels(sc.parameters)}\n`);
  w.write(0, `AllowVolumeExpansion:\t${boolPtr(sc.allowVolumeExpansion)}\n`);
  if (!sc.mountOptions?.length) w.write(0, 'MountOptions:\t<none>\n');
  else {
    w.write(0, 'MountOptions:\n');
    for (const o of sc.mountOptions) w.write(1, `${o}\n`);
  }
  if (sc.reclaimPolicy) w.write(0, `ReclaimPolicy:\t${sc.reclaimPolicy}\n`);
  if (sc.volumeBindingMode) w.write(0, `VolumeBindingMode:\t${sc.volumeBindingMode}\n`);
  eventsOf(client, sc, now, w, settings);
  return w.toString();
}

/** describeVolumeAttributesClass: the driver and its parameters, as one label-style line. */
export function describeVolumeAttributesClass(client: Client, vac: VolumeAttributesClass, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${vac.metadata.name ?? ''}\n`);
  w.write(0, `Annotations:\t${formatLabels(vac.metadata.annotations)}\n`);
  w.write(0, `DriverName:\t${vac.driverName ?? ''}\n`);
  w.write(0, `Parameters:\t${formatLabels(vac.parameters)}\n`);
  eventsOf(client, vac, now, w, settings);
  return w.toString();
}

/** describeCSINode: each registered driver by name, its node ID, allocatable count and topology keys. */
export function describeCSINode(client: Client, csi: CSINode, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${csi.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', csi.metadata.labels);
  annotationsMultiline(w, 'Annotations', csi.metadata.annotations);
  w.write(0, `CreationTimestamp:\t${fmtTime(csi.metadata.creationTimestamp)}\n`);
  w.write(0, 'Spec:\n');
  if (csi.spec?.drivers) {
    w.write(1, 'Drivers:\n');
    for (const d of csi.spec.drivers) {
      w.write(2, `${d.name}:\n`);
      w.write(3, `Node ID:\t${d.nodeID}\n`);
      if (d.allocatable?.count !== undefined) {
        w.write(3, 'Allocatables:\n');
        w.write(4, `Count:\t${d.allocatable.count}\n`);
      }
      if (d.topologyKeys) w.write(3, `Topology Keys:\t${goSlice(d.topologyKeys)}\n`);
    }
  }
  eventsOf(client, csi, now, w, settings);
  return w.toString();
}
