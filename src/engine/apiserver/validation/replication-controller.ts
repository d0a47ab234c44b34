/**
 * core/v1's workload kinds (pkg/apis/core/validation: ValidateReplicationController[Update],
 * ValidatePodTemplate[Update]). Unlike a ReplicaSet's, an RC's selector is a label map that may
 * change after creation, and the template's labels are checked against it only when it selects.
 */
import type { PodTemplate, PodTemplateSpec, ReplicationController } from '../../../k8s/types';
import { fromMap, matches } from '../../../k8s/labels';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { forbidden, invalid, nonNegative, notSupported, path, required, type Path } from './field';
import { mapValue, validateAnnotations, validateLabels, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { validatePodSpec } from './podspec';

/** ValidatePodTemplateSpec: the template's labels, annotations and Pod spec. */
function validatePodTemplateSpec(t: PodTemplateSpec, p: Path): FieldError[] {
  const errs = validateLabels(t.metadata?.labels, p.child('labels'));
  pushAll(errs, validateAnnotations(t.metadata?.annotations, p.child('annotations')));
  pushAll(errs, validatePodSpec(t.spec ?? ({} as PodTemplateSpec['spec']), p.child('spec')));
  return errs;
}

/** ValidatePodTemplateSpecForRC. */
function validateTemplateForRC(t: PodTemplateSpec | undefined, selector: Record<string, string> | undefined, p: Path): FieldError[] {
  if (!t) return [required(p)];
  const errs: FieldError[] = [];
  const sel = fromMap(selector);
  if (sel.length > 0 && !matches(sel, t.metadata?.labels)) {
    errs.push(invalid(p.child('metadata', 'labels'), mapValue(t.metadata?.labels), `selector does not match labels in ${p.text}`));
  }
  pushAll(errs, validatePodTemplateSpec(t, p));
  const restart = t.spec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(notSupported(p.child('spec', 'restartPolicy'), restart, ['Always']));
  if ((t.spec as { activeDeadlineSeconds?: number } | undefined)?.activeDeadlineSeconds !== undefined) {
    errs.push(forbidden(p.child('spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in ReplicationController is not Supported'));
  }
  return errs;
}

/** ValidateReplicationControllerSpec, in upstream's order. */
function validateSpec(rc: ReplicationController): FieldError[] {
  const p = path('spec');
  const spec = rc.spec ?? {};
  const errs = nonNegative(spec.minReadySeconds, p.child('minReadySeconds'));
  if (fromMap(spec.selector).length === 0) errs.push(required(p.child('selector')));
  pushAll(errs, nonNegative(spec.replicas, p.child('replicas')));
  pushAll(errs, validateTemplateForRC(spec.template, spec.selector, p.child('template')));
  return errs;
}

export function validateReplicationController(rc: ReplicationController, old: ReplicationController | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(rc.metadata, old.metadata) : validateObjectMeta(rc.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, validateSpec(rc));
  return errs;
}

export function validatePodTemplate(t: PodTemplate, old: PodTemplate | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(t.metadata, old.metadata) : validateObjectMeta(t.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, validatePodTemplateSpec(t.template ?? ({} as PodTemplateSpec), path('template')));
  return errs;
}
