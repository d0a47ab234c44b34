/**
 * ConfigMaps and Secrets: key names, the 1 MiB size limit, `immutable`, and a Secret's type,
 * which never changes once set.
 */
import type { ConfigMap, Secret } from '../../../k8s/types';
import type { FieldError } from '../status';
import { forbidden, immutable, invalid, path, semanticEqual, tooLong } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isConfigMapKey, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { base64DecodedLength } from './base64';

const MAX_SIZE = 1024 * 1024;

function validateConfigMapData(cm: ConfigMap): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(cm.data ?? {})) {
    for (const m of isConfigMapKey(k)) errs.push(invalid(path('data').key(k), k, m));
    if (cm.binaryData && k in cm.binaryData) errs.push(invalid(path('data').key(k), k, 'duplicate of key present in binaryData'));
    size += String(v).length;
  }
  for (const [k, v] of Object.entries(cm.binaryData ?? {})) {
    for (const m of isConfigMapKey(k)) errs.push(invalid(path('binaryData').key(k), k, m));
    size += base64DecodedLength(String(v));
  }
  if (size > MAX_SIZE) errs.push(tooLong(path(''), MAX_SIZE));
  return errs;
}

export function validateConfigMap(cm: ConfigMap, old: ConfigMap | undefined): FieldError[] {
  if (!old) return [...validateObjectMeta(cm.metadata, true, nameIsDNSSubdomain), ...validateConfigMapData(cm)];
  const errs = validateObjectMetaUpdate(cm.metadata, old.metadata);
  if (old['immutable'] === true) {
    if (cm['immutable'] !== true) errs.push(forbidden(path('immutable'), 'field is immutable when `immutable` is set'));
    if (!semanticEqual(cm.data, old.data)) errs.push(forbidden(path('data'), 'field is immutable when `immutable` is set'));
    if (!semanticEqual(cm.binaryData, old.binaryData)) errs.push(forbidden(path('binaryData'), 'field is immutable when `immutable` is set'));
  }
  return [...errs, ...validateObjectMeta(cm.metadata, true, nameIsDNSSubdomain), ...validateConfigMapData(cm)];
}

function validateSecretData(s: Secret): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(s.data ?? {})) {
    for (const m of isConfigMapKey(k)) errs.push(invalid(path('data').key(k), k, m));
    size += base64DecodedLength(String(v));
  }
  if (size > MAX_SIZE) errs.push(tooLong(path('data'), MAX_SIZE));
  return errs;
}

export function validateSecret(s: Secret, old: Secret | undefined): FieldError[] {
  if (!old) return [...validateObjectMeta(s.metadata, true, nameIsDNSSubdomain), ...validateSecretData(s)];
  const errs = [...validateObjectMetaUpdate(s.metadata, old.metadata), ...immutable(s.type, old.type, path('type'))];
  if (old['immutable'] === true) {
    if (s['immutable'] !== true) errs.push(forbidden(path('immutable'), 'field is immutable when `immutable` is set'));
    if (!semanticEqual(s.data, old.data)) errs.push(forbidden(path('data'), 'field is immutable when `immutable` is set'));
  }
  return [...errs, ...validateObjectMeta(s.metadata, true, nameIsDNSSubdomain), ...validateSecretData(s)];
}
