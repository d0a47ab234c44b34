/**
 * pkg/apis/storage/validation for the kinds no simulated component writes: ValidateVolumeAttachment
 * with its v1 checks (ValidateVolumeAttachmentV1: a CSI attacher name, a DNS-subdomain PV name)
 * and a spec fixed once created; ValidateCSIStorageCapacity (its topology selector, class name and
 * a non-negative capacity; the selector and class immutable); ValidateVolumeAttributesClass (a
 * qualified driver name and at least one parameter, neither of which may change).
 * Approximate: an inline volume spec is checked for presence only, not as a PersistentVolumeSpec.
 */
import { parseMilli } from '../../../k8s/quantity';
import { canonical as canonicalQuantity } from '../../../k8s/resource-list';
import type { CSIStorageCapacity, VolumeAttachment, VolumeAttributesClass } from '../../../k8s/storage-objects';
import { isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { pushAll } from '../../../k8s/arrays';
import { utf8Length } from '../../../k8s/utf8';
import type { FieldError } from '../status';
import { forbidden, invalid, path, required, semanticEqual, tooLong, type Path } from './field';
import { selectorValue, validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { validateCSIDriver } from './storage';

/** maxAttachedVolumeMetadataSize, maxVolumeErrorMessageSize, maxProvisionerParameterSize/Len. */
const MAX_METADATA_BYTES = 256 * 1024;
const MAX_ERROR_MESSAGE = 1024;
const MAX_PARAMETERS = 512;
const MAX_PARAMETER_BYTES = 256 * 1024;

const SOURCE_ONE_OF = 'must specify exactly one of inlineVolumeSpec and persistentVolumeName';

function volumeAttachmentSpec(va: VolumeAttachment): FieldError[] {
  const errs: FieldError[] = [];
  const spec = va.spec ?? ({} as VolumeAttachment['spec']);
  const sp = path('spec');
  if (!spec.attacher) errs.push(required(sp.child('attacher')));
  const source = spec.source ?? {};
  const pv = source.persistentVolumeName;
  const inline = source.inlineVolumeSpec;
  if (inline === undefined && pv === undefined) errs.push(required(sp.child('source'), SOURCE_ONE_OF));
  else if (inline !== undefined && pv !== undefined) errs.push(forbidden(sp.child('source'), SOURCE_ONE_OF));
  else if (pv === '') errs.push(required(sp.child('source', 'persistentVolumeName'), 'must specify non empty persistentVolumeName'));
  for (const m of nameIsDNSSubdomain(spec.nodeName ?? '', false)) errs.push(invalid(sp.child('nodeName'), spec.nodeName ?? '', m));
  return errs;
}

function volumeError(e: { message?: string; errorCode?: number } | undefined, p: Path): FieldError[] {
  if (!e) return [];
  const errs: FieldError[] = [];
  // Upstream reports the metadata limit here, not the message's own.
  if ((e.message ?? '').length > MAX_ERROR_MESSAGE) errs.push(tooLong(p.child('message'), MAX_METADATA_BYTES));
  if (e.errorCode !== undefined && e.errorCode < 0) errs.push(invalid(p.child('errorCode'), e.errorCode, 'must be between 0 and 2147483647, inclusive'));
  return errs;
}

function volumeAttachmentStatus(va: VolumeAttachment): FieldError[] {
  const status = va.status;
  if (!status) return [];
  const sp = path('status');
  let size = 0;
  for (const [k, v] of Object.entries(status.attachmentMetadata ?? {})) size += utf8Length(k) + utf8Length(v);
  const errs = size > MAX_METADATA_BYTES ? [tooLong(sp.child('attachmentMetadata'), MAX_METADATA_BYTES)] : [];
  pushAll(errs, volumeError(status.attachError, sp.child('attachError')));
  pushAll(errs, volumeError(status.detachError, sp.child('detachError')));
  return errs;
}

export function validateVolumeAttachment(va: VolumeAttachment, old: VolumeAttachment | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(va.metadata, old.metadata) : [];
  pushAll(errs, validateObjectMeta(va.metadata, false, nameIsDNSSubdomain));
  pushAll(errs, volumeAttachmentSpec(va));
  pushAll(errs, volumeAttachmentStatus(va));
  if (old && !semanticEqual(va.spec, old.spec)) errs.push(invalid(path('spec'), va.spec, 'field is immutable'));
  // ValidateVolumeAttachmentV1.
  if (va.spec?.attacher) pushAll(errs, validateCSIDriver(va.spec.attacher, path('spec', 'attacher')));
  const pv = va.spec?.source?.persistentVolumeName;
  if (pv) for (const m of nameIsDNSSubdomain(pv, false)) errs.push(invalid(path('spec', 'source', 'persistentVolumeName'), pv, m));
  return errs;
}

export function validateCSIStorageCapacity(c: CSIStorageCapacity, old: CSIStorageCapacity | undefined): FieldError[] {
  if (old) {
    const errs = validateObjectMetaUpdate(c.metadata, old.metadata);
    if (!semanticEqual(c.nodeTopology, old.nodeTopology)) errs.push(invalid(path('nodeTopology'), selectorValue(c.nodeTopology), 'field is immutable'));
    if (c.storageClassName !== old.storageClassName) errs.push(invalid(path('storageClassName'), c.storageClassName, 'field is immutable'));
    return errs;
  }
  const errs = validateObjectMeta(c.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, validateLabelSelector(c.nodeTopology, path('nodeTopology')));
  for (const m of isDNS1123Subdomain(c.storageClassName ?? '')) errs.push(invalid(path('storageClassName'), c.storageClassName ?? '', m));
  if (c.capacity !== undefined && c.capacity !== null && (parseMilli(c.capacity) ?? 0) < 0) {
    errs.push(invalid(path('capacity'), canonicalQuantity(c.capacity), 'must be greater than or equal to 0'));
  }
  return errs;
}

export function validateVolumeAttributesClass(vac: VolumeAttributesClass, old: VolumeAttributesClass | undefined): FieldError[] {
  const errs: FieldError[] = [];
  if (old) {
    pushAll(errs, validateObjectMetaUpdate(vac.metadata, old.metadata));
    if (vac.driverName !== old.driverName) errs.push(forbidden(path('driverName'), 'updates to driverName are forbidden.'));
    if (!semanticEqual(vac.parameters ?? {}, old.parameters ?? {})) errs.push(forbidden(path('parameters'), 'updates to parameters are forbidden.'));
  }
  pushAll(errs, validateObjectMeta(vac.metadata, false, nameIsDNSSubdomain));
  const driver = vac.driverName ?? '';
  if (!driver) errs.push(required(path('driverName')));
  else for (const m of isQualifiedName(driver.toLowerCase())) errs.push(invalid(path('driverName'), driver.toLowerCase(), m));
  const params = Object.entries(vac.parameters ?? {});
  const pp = path('parameters');
  // validateParameters reports too many parameters with TooLong, and stops there.
  if (params.length > MAX_PARAMETERS) return [...errs, tooLong(pp, MAX_PARAMETERS)];
  let size = 0;
  for (const [k, v] of params) {
    if (k.length < 1) errs.push(invalid(pp, k, 'field can not be empty.'));
    size += utf8Length(k) + utf8Length(v);
  }
  if (size > MAX_PARAMETER_BYTES) errs.push(tooLong(pp, MAX_PARAMETER_BYTES));
  if (params.length === 0) errs.push(required(pp, 'must contain at least one key/value pair'));
  return errs;
}
