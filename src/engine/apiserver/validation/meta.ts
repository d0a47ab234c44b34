/**
 * ObjectMeta validation (apimachinery api/validation/objectmeta.go plus core's finalizer-name
 * rule), and the label/annotation checks reused by templates and selectors.
 */
import type { LabelSelector, ObjectMeta } from '../../../k8s/types';
import type { FieldError } from '../status';
import { asGoMap, forbidden, immutable, invalid, nonNegative, path, required, tooLong, type Path } from './field';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel, type NameFn } from '../../../k8s/string-validation';
import { pushAll } from '../../../k8s/arrays';

/** v1 LabelSelector as encoding/json renders it (matchLabels sorted, empty parts omitted). */
export function selectorValue(sel: LabelSelector | undefined): unknown {
  if (!sel) return null;
  const out: Record<string, unknown> = {};
  if (sel.matchLabels && Object.keys(sel.matchLabels).length) out['matchLabels'] = asGoMap({ ...sel.matchLabels });
  if (sel.matchExpressions?.length) out['matchExpressions'] = sel.matchExpressions;
  return out;
}

/** A string map as encoding/json renders it; nil maps are `null`. */
export function mapValue(m: Record<string, string> | undefined): unknown {
  return m ? asGoMap({ ...m }) : null;
}

export function validateLabelName(key: string, p: Path): FieldError[] {
  return isQualifiedName(key).map((m) => invalid(p, key, m));
}

/** ValidateLabels reports both bad keys and bad values at the map's own path. */
export function validateLabels(labels: Record<string, string> | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    pushAll(errs, validateLabelName(k, p));
    for (const m of isValidLabelValue(String(v))) errs.push(invalid(p, v, m));
  }
  return errs;
}

const ANNOTATIONS_LIMIT = 256 * 1024;

export function validateAnnotations(ann: Record<string, string> | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(ann ?? {})) {
    for (const m of isQualifiedName(k.toLowerCase())) errs.push(invalid(p, k, m));
    size += k.length + String(v).length;
  }
  if (size > ANNOTATIONS_LIMIT) errs.push(tooLong(p, ANNOTATIONS_LIMIT));
  return errs;
}

/**
 * One selector requirement (label selectors and node selector terms share the rule; node terms
 * also accept Gt/Lt with exactly one value). Checks the operator/values pairing and the key.
 */
export function validateRequirement(r: { key: string; operator: string; values?: string[] }, rp: Path, allowGtLt = false): FieldError[] {
  const errs: FieldError[] = [];
  switch (r.operator) {
    case 'In':
    case 'NotIn':
      if (!r.values?.length) errs.push(required(rp.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (r.values?.length) errs.push(forbidden(rp.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (allowGtLt) {
        if (r.values?.length !== 1) errs.push(required(rp.child('values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
        break;
      }
      errs.push(invalid(rp.child('operator'), r.operator, 'not a valid selector operator'));
      break;
    default:
      errs.push(invalid(rp.child('operator'), r.operator, 'not a valid selector operator'));
  }
  pushAll(errs, validateLabelName(r.key, rp.child('key')));
  return errs;
}

export function validateLabelSelector(sel: LabelSelector | undefined, p: Path): FieldError[] {
  if (!sel) return [];
  const errs = validateLabels(sel.matchLabels, p.child('matchLabels'));
  (sel.matchExpressions ?? []).forEach((r, i) => pushAll(errs, validateRequirement(r, p.child('matchExpressions').index(i))));
  return errs;
}

const STANDARD_FINALIZERS = ['kubernetes', 'orphan', 'foregroundDeletion'];

function validateFinalizers(finalizers: string[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const list = finalizers ?? [];
  for (const f of list) for (const m of isQualifiedName(f)) errs.push(invalid(p, f, m));
  if (list.includes('orphan') && list.includes('foregroundDeletion')) {
    errs.push(invalid(p, list, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  list.forEach((f, i) => {
    if (!f.includes('/') && !STANDARD_FINALIZERS.includes(f)) {
      errs.push(invalid(p.index(i), f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  });
  return errs;
}

/**
 * ValidateObjectMeta on create. Name generation has already happened, so `name` is what the
 * learner's name (or generated name) must satisfy.
 */
export function validateObjectMeta(meta: ObjectMeta, namespaced: boolean, nameFn: NameFn): FieldError[] {
  const p = path('metadata');
  const errs: FieldError[] = [];
  if (meta.generateName) for (const m of nameFn(meta.generateName, true)) errs.push(invalid(p.child('generateName'), meta.generateName, m));
  if (!meta.name) errs.push(required(p.child('name'), 'name or generateName is required'));
  else for (const m of nameFn(meta.name, false)) errs.push(invalid(p.child('name'), meta.name, m));
  pushAll(errs, validateMetaCommon(meta, namespaced));
  return errs;
}

function validateMetaCommon(meta: ObjectMeta, namespaced: boolean): FieldError[] {
  const p = path('metadata');
  const errs: FieldError[] = [];
  if (namespaced) {
    if (!meta.namespace) errs.push(required(p.child('namespace')));
    else for (const m of nameIsDNSLabel(meta.namespace, false)) errs.push(invalid(p.child('namespace'), meta.namespace, m));
  } else if (meta.namespace) errs.push(forbidden(p.child('namespace'), 'not allowed on this type'));
  pushAll(errs, nonNegative(meta.generation, p.child('generation')));
  pushAll(errs, validateLabels(meta.labels, p.child('labels')));
  pushAll(errs, validateAnnotations(meta.annotations, p.child('annotations')));
  (meta.ownerReferences ?? []).forEach((ref) => {
    const rp = p.child('ownerReferences');
    if (!ref.apiVersion?.split('/').pop()) errs.push(invalid(rp.child('apiVersion'), ref.apiVersion ?? '', 'version must not be empty'));
    if (!ref.kind) errs.push(invalid(rp.child('kind'), ref.kind ?? '', 'must not be empty'));
    if (!ref.name) errs.push(invalid(rp.child('name'), ref.name ?? '', 'must not be empty'));
    if (!ref.uid) errs.push(invalid(rp.child('uid'), ref.uid ?? '', 'must not be empty'));
  });
  pushAll(errs, validateFinalizers(meta.finalizers, p.child('finalizers')));
  return errs;
}

/** ValidateObjectMetaUpdate. */
export function validateObjectMetaUpdate(meta: ObjectMeta, old: ObjectMeta): FieldError[] {
  const p = path('metadata');
  const errs: FieldError[] = [];
  if (old.deletionTimestamp) {
    const extra = (meta.finalizers ?? []).filter((f) => !(old.finalizers ?? []).includes(f));
    if (extra.length) {
      const list = [...new Set(extra)].sort().map((f) => JSON.stringify(f)).join(', ');
      errs.push(forbidden(p.child('finalizers'), `no new finalizers can be added if the object is being deleted, found new finalizers []string{${list}}`));
    }
  }
  if (!meta.resourceVersion) errs.push(invalid(p.child('resourceVersion'), meta.resourceVersion ?? '', 'must be specified for an update'));
  if ((meta.generation ?? 0) < (old.generation ?? 0)) errs.push(invalid(p.child('generation'), meta.generation ?? 0, 'must not be decremented'));
  pushAll(errs, immutable(meta.name, old.name, p.child('name')));
  pushAll(errs, immutable(meta.namespace, old.namespace, p.child('namespace')));
  pushAll(errs, immutable(meta.uid, old.uid, p.child('uid')));
  pushAll(errs, immutable(meta.creationTimestamp, old.creationTimestamp, p.child('creationTimestamp')));
  pushAll(errs, validateLabels(meta.labels, p.child('labels')));
  pushAll(errs, validateAnnotations(meta.annotations, p.child('annotations')));
  pushAll(errs, validateFinalizers(meta.finalizers, p.child('finalizers')));
  return errs;
}
