/**
 * Pod volumes (ValidateVolumes): exactly one source each, DNS-label names without duplicates.
 * Only volumes that validated cleanly are returned as mountable — which is why a mount of a
 * broken volume also reports `Not found`, as upstream does.
 */
import type { Volume } from '../../../k8s/types';
import type { FieldError } from '../status';
import { duplicate, forbidden, invalid, required, type Path } from './field';
import { isDNS1123Label } from '../../../k8s/string-validation';
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
      return defaultMode(v.projected?.defaultMode, sp);
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
