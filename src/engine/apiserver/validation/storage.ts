/**
 * PersistentVolumeClaims, PersistentVolumes, StorageClasses and CSINodes (core and storage/v1
 * validation): access modes, a positive storage request, one volume source, and the parts
 * that are immutable once created.
 */
import type { CSINode, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../../k8s/types';
import { parseMilli } from '../../../k8s/quantity';
import type { FieldError } from '../status';
import { duplicate, forbidden, immutable, invalid, nonNegative, notSupported, path, required, semanticEqual, tooLong, type Path } from './field';
import { validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { canonical as canonicalQuantity } from '../../../k8s/resource-list';
import { specDiff } from './spec-diff';
import { pushAll } from '../../../k8s/arrays';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

function validateAccessModes(modes: string[] | undefined, p: Path, requiredDetail: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!modes?.length) errs.push(required(p, requiredDetail));
  let rwop = false;
  let other = false;
  for (const m of modes ?? []) {
    if (!ACCESS_MODES.includes(m)) errs.push(notSupported(p, m, ACCESS_MODES));
    if (m === 'ReadWriteOncePod') rwop = true;
    else if (ACCESS_MODES.includes(m)) other = true;
  }
  if (rwop && other) errs.push(forbidden(p, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

function positiveQuantity(q: string | number, p: Path): FieldError[] {
  return (parseMilli(q) ?? 0) <= 0 ? [invalid(p, canonicalQuantity(q), 'must be greater than zero')] : [];
}

function validateClaimSpec(pvc: PersistentVolumeClaim): FieldError[] {
  const p = path('spec');
  const spec = pvc.spec ?? {};
  const errs = validateAccessModes(spec.accessModes, p.child('accessModes'), 'at least 1 access mode is required');
  pushAll(errs, validateLabelSelector((spec as { selector?: never }).selector, p.child('selector')));
  const storage = spec.resources?.requests?.['storage'];
  if (storage === undefined) errs.push(required(p.child('resources').key('storage')));
  else pushAll(errs, positiveQuantity(storage, p.child('resources').key('storage')));
  if (spec.storageClassName) for (const m of nameIsDNSSubdomain(spec.storageClassName, false)) errs.push(invalid(p.child('storageClassName'), spec.storageClassName, m));
  if (spec.volumeMode !== undefined && !['Block', 'Filesystem'].includes(spec.volumeMode)) errs.push(notSupported(p.child('volumeMode'), spec.volumeMode, ['Block', 'Filesystem']));
  return errs;
}

const PVC_SPEC_FIELDS = ['accessModes', 'selector', 'resources', 'volumeName', 'storageClassName', 'volumeMode', 'dataSource', 'dataSourceRef', 'volumeAttributesClassName'];

export function validatePersistentVolumeClaim(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim | undefined): FieldError[] {
  const create = [...validateObjectMeta(pvc.metadata, true, nameIsDNSSubdomain), ...validateClaimSpec(pvc)];
  if (!old) return create;
  const errs = [...validateObjectMetaUpdate(pvc.metadata, old.metadata), ...create];
  const next = structuredClone(pvc.spec) as Record<string, unknown> & PersistentVolumeClaim['spec'];
  const prev = structuredClone(old.spec) as Record<string, unknown> & PersistentVolumeClaim['spec'];
  // volumeName may be set once (by the binder); storage may grow on a bound claim.
  if (!prev.volumeName) prev.volumeName = next.volumeName;
  if (prev.storageClassName === undefined && next.storageClassName !== undefined) prev.storageClassName = next.storageClassName;
  if (pvc.status?.phase === 'Bound' && next.resources?.requests) next.resources.requests['storage'] = old.spec.resources?.requests?.['storage'] ?? '';
  if (!semanticEqual(next, prev)) {
    errs.push(forbidden(path('spec'), `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${specDiff('core.PersistentVolumeClaimSpec', PVC_SPEC_FIELDS, prev, next)}`));
  }
  const newSize = parseMilli(pvc.spec.resources?.requests?.['storage']) ?? 0;
  const oldSize = parseMilli(old.spec.resources?.requests?.['storage']) ?? 0;
  const statusSize = parseMilli(old.status?.capacity?.['storage']) ?? 0;
  if (newSize < oldSize && newSize <= statusSize) errs.push(forbidden(path('spec', 'resources', 'requests', 'storage'), 'field can not be less than status.capacity'));
  pushAll(errs, immutable(pvc.spec.volumeMode, old.spec.volumeMode, path('volumeMode')));
  return errs;
}

const PV_SOURCES = ['hostPath', 'gcePersistentDisk', 'awsElasticBlockStore', 'glusterfs', 'flocker', 'nfs', 'rbd', 'quobyte', 'cephfs', 'iscsi', 'cinder', 'fc', 'flexVolume', 'azureFile', 'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'scaleIO', 'local', 'storageos', 'csi'];

/** ValidateCSIDriverName: required, at most 63 characters, a DNS subdomain once lower-cased. */
export function validateCSIDriver(driver: string, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!driver) errs.push(required(p));
  if (driver.length > 63) errs.push(tooLong(p, 63));
  for (const m of isDNS1123Subdomain(driver.toLowerCase())) errs.push(invalid(p, driver, m));
  return errs;
}

function validatePVSpec(pv: PersistentVolume): FieldError[] {
  const p = path('spec');
  const spec = pv.spec ?? {};
  const errs = validateAccessModes(spec.accessModes, p.child('accessModes'), '');
  const cap = spec.capacity ?? {};
  if (Object.keys(cap).length === 0) errs.push(required(p.child('capacity')));
  if (cap['storage'] === undefined || Object.keys(cap).length > 1) errs.push(notSupported(p.child('capacity'), cap, ['storage']));
  for (const [r, q] of Object.entries(cap)) pushAll(errs, positiveQuantity(q, p.child('capacity').key(r)));
  const rp = spec.persistentVolumeReclaimPolicy;
  if (rp && !['Delete', 'Recycle', 'Retain'].includes(rp)) errs.push(notSupported(p.child('persistentVolumeReclaimPolicy'), rp, ['Delete', 'Recycle', 'Retain']));
  let count = 0;
  for (const s of PV_SOURCES) {
    const src = (spec as Record<string, unknown>)[s];
    if (src === undefined || src === null) continue;
    if (count > 0) {
      errs.push(forbidden(p.child(s), 'may not specify more than 1 volume type'));
      continue;
    }
    count++;
    if (s === 'csi') {
      const csi = src as { driver?: string; volumeHandle?: string };
      pushAll(errs, validateCSIDriver(csi.driver ?? '', p.child('csi', 'driver')));
      if (!csi.volumeHandle) errs.push(required(p.child('csi', 'volumeHandle')));
    }
    if (s === 'hostPath' && !(src as { path?: string }).path) errs.push(required(p.child('hostPath', 'path')));
  }
  if (count === 0) errs.push(required(p, 'must specify a volume type'));
  if (spec.storageClassName) for (const m of nameIsDNSSubdomain(spec.storageClassName, false)) errs.push(invalid(p.child('storageClassName'), spec.storageClassName, m));
  if (spec.volumeMode !== undefined && !['Block', 'Filesystem'].includes(spec.volumeMode)) errs.push(notSupported(p.child('volumeMode'), spec.volumeMode, ['Block', 'Filesystem']));
  return errs;
}

export function validatePersistentVolume(pv: PersistentVolume, old: PersistentVolume | undefined): FieldError[] {
  const errs = [...validateObjectMeta(pv.metadata, false, nameIsDNSSubdomain), ...validatePVSpec(pv)];
  if (!old) return errs;
  const src = (s: PersistentVolume['spec']): Record<string, unknown> => Object.fromEntries(PV_SOURCES.map((k) => [k, (s as Record<string, unknown>)[k]]));
  if (!semanticEqual(src(pv.spec), src(old.spec))) {
    errs.push(forbidden(path('spec', 'persistentvolumesource'), `spec.persistentvolumesource is immutable after creation\n${specDiff('core.PersistentVolumeSource', PV_SOURCES, src(old.spec), src(pv.spec))}`));
  }
  pushAll(errs, immutable(pv.spec.volumeMode, old.spec.volumeMode, path('volumeMode')));
  return [...validateObjectMetaUpdate(pv.metadata, old.metadata), ...errs];
}

export function validateStorageClass(sc: StorageClass, old: StorageClass | undefined): FieldError[] {
  if (old) {
    const errs = validateObjectMetaUpdate(sc.metadata, old.metadata);
    if (!semanticEqual(sc['parameters'], old['parameters'])) errs.push(forbidden(path('parameters'), 'updates to parameters are forbidden.'));
    if (sc.provisioner !== old.provisioner) errs.push(forbidden(path('provisioner'), 'updates to provisioner are forbidden.'));
    if (sc.reclaimPolicy !== old.reclaimPolicy) errs.push(forbidden(path('reclaimPolicy'), 'updates to reclaimPolicy are forbidden.'));
    pushAll(errs, immutable(sc.volumeBindingMode, old.volumeBindingMode, path('volumeBindingMode')));
    return errs;
  }
  const errs = validateObjectMeta(sc.metadata, false, nameIsDNSSubdomain);
  if (!sc.provisioner) errs.push(required(path('provisioner')));
  else for (const m of isQualifiedName(sc.provisioner.toLowerCase())) errs.push(invalid(path('provisioner'), sc.provisioner.toLowerCase(), m));
  if (sc.reclaimPolicy && !['Delete', 'Retain'].includes(sc.reclaimPolicy)) errs.push(notSupported(path('reclaimPolicy'), sc.reclaimPolicy, ['Delete', 'Retain']));
  if (!sc.volumeBindingMode) errs.push(required(path('volumeBindingMode')));
  else if (!['Immediate', 'WaitForFirstConsumer'].includes(sc.volumeBindingMode)) {
    errs.push(notSupported(path('volumeBindingMode'), sc.volumeBindingMode, ['Immediate', 'WaitForFirstConsumer']));
  }
  return errs;
}

/** csiNodeIDMaxLength: a driver's node ID on a CSINode. */
const CSI_NODE_ID_MAX_LENGTH = 192;

/**
 * ValidateCSINode: a Node's name, and per driver a valid CSI driver name (once), a node ID of at
 * most 192 characters, distinct qualified topology keys and a non-negative allocatable count.
 * Approximate: an update is validated as a create (upstream also refuses changing an existing
 * driver's entry).
 */
export function validateCSINode(node: CSINode, old: CSINode | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(node.metadata, old.metadata) : validateObjectMeta(node.metadata, false, nameIsDNSSubdomain);
  const drivers = path('spec', 'drivers');
  const seen = new Set<string>();
  (node.spec?.drivers ?? []).forEach((d, i) => {
    const p = drivers.index(i);
    pushAll(errs, validateCSIDriver(d.name ?? '', p.child('name')));
    if (!d.nodeID) errs.push(required(p.child('nodeID'), d.nodeID ?? ''));
    else if (d.nodeID.length > CSI_NODE_ID_MAX_LENGTH) errs.push(invalid(p.child('nodeID'), d.nodeID, `must be ${CSI_NODE_ID_MAX_LENGTH} characters or less`));
    if (d.allocatable?.count !== undefined) pushAll(errs, nonNegative(d.allocatable.count, p.child('allocatable', 'count')));
    if (seen.has(d.name)) errs.push(duplicate(p.child('name'), d.name));
    seen.add(d.name);
    const keys = new Set<string>();
    for (const key of d.topologyKeys ?? []) {
      if (key === '') errs.push(required(p, key));
      if (keys.has(key)) errs.push(duplicate(p, key));
      keys.add(key);
      for (const m of isQualifiedName(key)) errs.push(invalid(p, key, m));
    }
  });
  return errs;
}
