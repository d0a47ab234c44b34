/**
 * Pod volumes (ValidateVolumes): exactly one source each, DNS-label names without duplicates.
 * Only volumes that validated cleanly are returned as mountable — which is why a mount of a
 * broken volume also reports `Not found`, as upstream does.
 */
import type { DownwardAPIVolumeFile, Volume } from '../../../k8s/types';
import { formatCpu, milli } from '../../../k8s/quantity';
import type { FieldError } from '../status';
import { duplicate, forbidden, invalid, notSupported, required, type Path } from './field';
import { isDNS1123Label, isQualifiedName } from '../../../k8s/string-validation';
import { pushAll } from '../../../k8s/arrays';

/** Sources in validateVolumeSource's order; the second one present is the Forbidden one. */
const SOURCES = [
  'emptyDir',
  'hostPath',
  'gitRepo',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'flocker',
  'persistentVolumeClaim',
  'rbd',
  'cinder',
  'cephfs',
  'quobyte',
  'downwardAPI',
  'fc',
  'flexVolume',
  'configMap',
  'azureFile',
  'vsphereVolume',
  'photonPersistentDisk',
  'portworxVolume',
  'azureDisk',
  'storageos',
  'projected',
  'scaleIO',
  'csi',
  'ephemeral',
  'image',
] as const;

const FILE_MODE = 'must be a number between 0 and 0777 (octal), both inclusive';

type Items = { key?: string; path?: string; mode?: number }[] | undefined;

function validateItems(items: Items, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  (items ?? []).forEach((kp, i) => {
    const ip = p.index(i);
    if (!kp.key) errs.push(required(ip.child('key')));
    if (!kp.path) errs.push(required(ip.child('path')));
    if (kp.mode !== undefined && (kp.mode > 0o777 || kp.mode < 0)) errs.push(invalid(ip.child('mode'), kp.mode, FILE_MODE));
  });
  return errs;
}

function defaultMode(mode: number | undefined, p: Path): FieldError[] {
  return mode !== undefined && (mode > 0o777 || mode < 0) ? [invalid(p.child('defaultMode'), mode, FILE_MODE)] : [];
}

/** ConvertDownwardAPIFieldLabel's v1 labels (pkg/apis/core/pods/helpers.go). */
const FIELD_LABELS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.restartPolicy', 'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'];
/** validVolumeDownwardAPIFieldPathExpressions, listed as sets.List sorts them. */
const VOLUME_FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];
/** validContainerResourceFieldPathExpressions; hugepages-* are accepted by prefix. */
const RESOURCE_FIELD_PATHS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];
const DIVISORS_CPU = ['1m', '1'];
const DIVISORS_BYTES = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];

/** fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['k']` → [metadata.labels, k]. */
function splitSubscript(p: string): [string, string] | undefined {
  if (!p.endsWith("']")) return undefined;
  const s = p.slice(0, -2);
  const at = s.indexOf("['");
  return at > 0 ? [s.slice(0, at), s.slice(at + 2)] : undefined;
}

/** validateObjectFieldSelector against the volume's expressions. */
function validateFieldRef(ref: { apiVersion?: string; fieldPath?: string }, p: Path): FieldError[] {
  if (!ref.apiVersion) return [required(p.child('apiVersion'))];
  if (!ref.fieldPath) return [required(p.child('fieldPath'))];
  const fp = ref.fieldPath;
  const sub = splitSubscript(fp);
  let internal = fp;
  if (ref.apiVersion !== 'v1') return [invalid(p.child('fieldPath'), fp, `error converting fieldPath: unsupported pod version: ${ref.apiVersion}`)];
  if (sub) {
    if (sub[0] !== 'metadata.annotations' && sub[0] !== 'metadata.labels') return [invalid(p.child('fieldPath'), fp, `error converting fieldPath: field label does not support subscript: ${fp}`)];
    const key = sub[0] === 'metadata.annotations' ? sub[1].toLowerCase() : sub[1];
    return isQualifiedName(key).map((m) => invalid(p, sub[1], m));
  }
  if (fp === 'spec.host') internal = 'spec.nodeName';
  else if (!FIELD_LABELS.includes(fp)) return [invalid(p.child('fieldPath'), fp, `error converting fieldPath: field label not supported: ${fp}`)];
  return VOLUME_FIELD_PATHS.includes(internal) ? [] : [notSupported(p.child('fieldPath'), internal, VOLUME_FIELD_PATHS)];
}

/** validateContainerResourceFieldSelector (volume: containerName required) and the divisor's check. */
function validateResourceFieldRef(ref: { containerName?: string; resource?: string; divisor?: string | number }, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const resource = ref.resource ?? '';
  if (!ref.containerName) errs.push(required(p.child('containerName')));
  else if (!resource) errs.push(required(p.child('resource')));
  else if (!RESOURCE_FIELD_PATHS.includes(resource) && !resource.startsWith('limits.hugepages-') && !resource.startsWith('requests.hugepages-')) errs.push(notSupported(p.child('resource'), resource, RESOURCE_FIELD_PATHS));
  const divisor = ref.divisor === undefined ? '' : String(ref.divisor);
  if (divisor === '' || milli(divisor) === 0) return errs;
  // Quantity.String() of the divisor: canonical (`1000m` is `1`, `1024` stays `1024`).
  const canonical = resource.endsWith('.cpu') ? formatCpu(milli(divisor)) : String(divisor);
  if (resource.endsWith('.cpu') && !DIVISORS_CPU.includes(canonical)) errs.push(invalid(p.child('divisor'), resource, "only divisor's values 1m and 1 are supported with the cpu resource"));
  else if (resource.endsWith('.memory') && !DIVISORS_BYTES.includes(canonical)) errs.push(invalid(p.child('divisor'), resource, "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource"));
  else if (resource.endsWith('.ephemeral-storage') && !DIVISORS_BYTES.includes(canonical)) errs.push(invalid(p.child('divisor'), resource, "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource"));
  return errs;
}

/** ValidateLocalNonReservedPath. */
function validateLocalPath(target: string, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith('/')) errs.push(invalid(p, target, 'must be a relative path'));
  if (target.split('/').includes('..')) errs.push(invalid(p, target, "must not contain '..'"));
  else if (target.startsWith('..')) errs.push(invalid(p, target, "must not start with '..'"));
  return errs;
}

/**
 * validateDownwardAPIVolumeFile. Upstream passes the source's own path, not the item's index, so
 * errors read `spec.volumes[0].downwardAPI.fieldRef.fieldPath`.
 */
function validateDownwardFile(file: DownwardAPIVolumeFile, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!file.path) errs.push(required(p.child('path')));
  pushAll(errs, validateLocalPath(file.path ?? '', p.child('path')));
  if (file.fieldRef) {
    pushAll(errs, validateFieldRef(file.fieldRef, p.child('fieldRef')));
    if (file.resourceFieldRef) errs.push(invalid(p, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (file.resourceFieldRef) pushAll(errs, validateResourceFieldRef(file.resourceFieldRef, p.child('resourceFieldRef')));
  else errs.push(required(p, 'one of fieldRef and resourceFieldRef is required'));
  if (file.mode !== undefined && (file.mode > 0o777 || file.mode < 0)) errs.push(invalid(p.child('mode'), file.mode, FILE_MODE));
  return errs;
}

/**
 * validateProjectionSources' part for downwardAPI sources: each file as a downwardAPI volume's
 * (at `sources[i].downwardAPI`), and a path another source's item already uses is
 * "conflicting duplicate paths" on the projected volume.
 */
function validateProjectedDownward(sources: readonly unknown[], p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const paths = new Set<string>();
  sources.forEach((raw, i) => {
    const src = (raw ?? {}) as { secret?: { items?: { path?: string }[] }; configMap?: { items?: { path?: string }[] }; downwardAPI?: { items?: DownwardAPIVolumeFile[] } };
    for (const it of [...(src.secret?.items ?? []), ...(src.configMap?.items ?? [])]) if (it.path) paths.add(it.path);
    for (const file of src.downwardAPI?.items ?? []) {
      pushAll(errs, validateDownwardFile(file, p.child('sources').index(i).child('downwardAPI')));
      if (!file.path) continue;
      if (paths.has(file.path)) errs.push(invalid(p, file.path, 'conflicting duplicate paths'));
      paths.add(file.path);
    }
  });
  return errs;
}

function validateSource(name: (typeof SOURCES)[number], v: Volume, p: Path): FieldError[] {
  const src = (v as unknown as Record<string, unknown>)[name] as Record<string, unknown>;
  const sp = p.child(name);
  switch (name) {
    case 'hostPath':
      return v.hostPath?.path ? [] : [required(sp.child('path'))];
    case 'secret':
      return [...(v.secret?.secretName ? [] : [required(sp.child('secretName'))]), ...defaultMode(v.secret?.defaultMode, sp), ...validateItems(src['items'] as Items, sp.child('items'))];
    case 'configMap':
      return [...(v.configMap?.name ? [] : [required(sp.child('name'))]), ...defaultMode(v.configMap?.defaultMode, sp), ...validateItems(src['items'] as Items, sp.child('items'))];
    case 'persistentVolumeClaim':
      return v.persistentVolumeClaim?.claimName ? [] : [required(sp.child('claimName'))];
    case 'nfs': {
      const errs: FieldError[] = [];
      if (!src['server']) errs.push(required(sp.child('server')));
      if (!src['path']) errs.push(required(sp.child('path')));
      if (!String(src['path'] ?? '').startsWith('/')) errs.push(invalid(sp.child('path'), src['path'] ?? '', 'must be an absolute path'));
      return errs;
    }
    case 'emptyDir':
      return String(src['sizeLimit'] ?? '').startsWith('-') ? [forbidden(sp.child('sizeLimit'), 'SizeLimit field must be a valid resource quantity')] : [];
    case 'projected':
      return [...defaultMode(v.projected?.defaultMode, sp), ...validateProjectedDownward(v.projected?.sources ?? [], sp)];
    case 'downwardAPI':
      return [...defaultMode(v.downwardAPI?.defaultMode, sp), ...(v.downwardAPI?.items ?? []).flatMap((f) => validateDownwardFile(f, sp))];
    case 'csi':
      return src['driver'] ? [] : [required(sp.child('driver'))];
    default:
      return [];
  }
}

export function validateVolumes(volumes: Volume[] | undefined, p: Path): { names: Set<string>; errs: FieldError[] } {
  const names = new Set<string>();
  const errs: FieldError[] = [];
  (volumes ?? []).forEach((v, i) => {
    const ip = p.index(i);
    const el: FieldError[] = [];
    let count = 0;
    for (const s of SOURCES) {
      if ((v as unknown as Record<string, unknown>)[s] === undefined || (v as unknown as Record<string, unknown>)[s] === null) continue;
      if (count > 0) el.push(forbidden(ip.child(s === 'downwardAPI' ? 'downwarAPI' : s), 'may not specify more than 1 volume type'));
      else {
        count++;
        pushAll(el, validateSource(s, v, ip));
      }
    }
    if (count === 0) el.push(required(ip, 'must specify a volume type'));
    if (!v.name) el.push(required(ip.child('name')));
    else for (const m of isDNS1123Label(v.name)) el.push(invalid(ip.child('name'), v.name, m));
    if (names.has(v.name)) el.push(duplicate(ip.child('name'), v.name));
    if (el.length === 0) names.add(v.name);
    else pushAll(errs, el);
  });
  return { names, errs };
}
