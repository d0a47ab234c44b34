/**
 * Deployments and ReplicaSets (pkg/apis/apps/validation): the selector must exist, be
 * non-empty and match the template's labels; the template's Pods must restart Always; the
 * rollout strategy must be able to make progress. On update (apps/v1) the selector is
 * immutable, checked last as the registry strategy does.
 */
import type { ControllerRevision, DaemonSet, Deployment, IntOrString, LabelSelector, PodTemplateSpec, ReplicaSet } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import type { FieldError } from '../status';
import { forbidden, immutable, invalid, nonNegative, notSupported, path, required, type Path } from './field';
import { mapValue, selectorValue, validateAnnotations, validateLabels, validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isValidPercent, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { validatePodSpec } from './podspec';
import { pushAll } from '../../../k8s/arrays';

function validateSelector(sel: LabelSelector | undefined, p: Path): FieldError[] {
  if (!sel) return [required(p)];
  const errs = validateLabelSelector(sel, p);
  if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) {
    errs.push(invalid(p, selectorValue(sel), 'empty selector is invalid for deployment'));
  }
  return errs;
}

/** ValidatePodTemplateSpecForReplicaSet. A nil selector selects nothing, so it never matches. */
function validateTemplate(t: PodTemplateSpec | undefined, sel: LabelSelector | undefined, p: Path, owner: string): FieldError[] {
  const template = t ?? ({ spec: {} } as PodTemplateSpec);
  const errs: FieldError[] = [];
  const labels = template.metadata?.labels;
  const selects = sel !== undefined && fromLabelSelector(sel).length > 0;
  if ((selects || sel === undefined) && !(sel !== undefined && matches(fromLabelSelector(sel), labels))) {
    errs.push(invalid(p.child('metadata', 'labels'), mapValue(labels), '`selector` does not match template `labels`'));
  }
  pushAll(errs, validateLabels(labels, p.child('labels')));
  pushAll(errs, validateAnnotations(template.metadata?.annotations, p.child('annotations')));
  const spec = template.spec ?? ({} as PodTemplateSpec['spec']);
  pushAll(errs, validatePodSpec(spec, p.child('spec')));
  if ((spec.restartPolicy ?? '') !== 'Always') errs.push(notSupported(p.child('spec', 'restartPolicy'), spec.restartPolicy ?? '', ['Always']));
  if ((spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds !== undefined) {
    errs.push(forbidden(p.child('spec', 'activeDeadlineSeconds'), `activeDeadlineSeconds in ${owner} is not Supported`));
  }
  return errs;
}

export function percentValue(v: IntOrString | undefined): number | undefined {
  if (typeof v !== 'string' || isValidPercent(v).length) return undefined;
  return Number(v.slice(0, -1));
}

function intOrPercentValue(v: IntOrString | undefined): number {
  return percentValue(v) ?? (typeof v === 'number' ? v : 0);
}

/** ValidatePositiveIntOrPercent. */
export function validateIntOrPercent(v: IntOrString | undefined, p: Path): FieldError[] {
  if (typeof v === 'string') return isValidPercent(v).map((m) => invalid(p, v, m));
  return nonNegative(v ?? 0, p);
}

function validateStrategy(d: Deployment, p: Path): FieldError[] {
  const s = d.spec.strategy ?? {};
  switch (s.type) {
    case 'Recreate':
      return s.rollingUpdate ? [forbidden(p.child('rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate': {
      const ru = s.rollingUpdate;
      if (!ru) return [required(p.child('rollingUpdate'), 'this should be defaulted and never be nil')];
      const rp = p.child('rollingUpdate');
      const errs = [...validateIntOrPercent(ru.maxUnavailable, rp.child('maxUnavailable')), ...validateIntOrPercent(ru.maxSurge, rp.child('maxSurge'))];
      if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
        errs.push(invalid(rp.child('maxUnavailable'), ru.maxUnavailable ?? 0, 'may not be 0 when `maxSurge` is 0'));
      }
      const pct = percentValue(ru.maxUnavailable);
      if (pct !== undefined && pct > 100) errs.push(invalid(rp.child('maxUnavailable'), ru.maxUnavailable, 'must not be greater than 100%'));
      return errs;
    }
    default:
      // The internal apps.DeploymentStrategy has no json tags: encoding/json prints Go names.
      return [notSupported(p, { Type: s.type ?? '', RollingUpdate: s.rollingUpdate ?? null }, ['Recreate', 'RollingUpdate'])];
  }
}

export function validateDeploymentSpec(d: Deployment): FieldError[] {
  const p = path('spec');
  const spec = d.spec;
  const errs = [...nonNegative(spec.replicas, p.child('replicas'))];
  pushAll(errs, validateSelector(spec.selector, p.child('selector')));
  pushAll(errs, validateTemplate(spec.template, spec.selector, p.child('template'), 'ReplicaSet'));
  pushAll(errs, validateStrategy(d, p.child('strategy')));
  pushAll(errs, nonNegative(spec.minReadySeconds, p.child('minReadySeconds')));
  pushAll(errs, nonNegative(spec.revisionHistoryLimit, p.child('revisionHistoryLimit')));
  if (spec.progressDeadlineSeconds !== undefined) {
    pushAll(errs, nonNegative(spec.progressDeadlineSeconds, p.child('progressDeadlineSeconds')));
    if (spec.progressDeadlineSeconds <= (spec.minReadySeconds ?? 0)) {
      errs.push(invalid(p.child('progressDeadlineSeconds'), spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
    }
  }
  return errs;
}

export function validateDeployment(d: Deployment, old: Deployment | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(d.metadata, old.metadata) : validateObjectMeta(d.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, validateDeploymentSpec(d));
  if (old) pushAll(errs, immutable(selectorValue(d.spec.selector), selectorValue(old.spec.selector), path('spec', 'selector')));
  return errs;
}

export function validateReplicaSet(rs: ReplicaSet, old: ReplicaSet | undefined): FieldError[] {
  const p = path('spec');
  const errs = old ? validateObjectMetaUpdate(rs.metadata, old.metadata) : validateObjectMeta(rs.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, nonNegative(rs.spec.replicas, p.child('replicas')));
  pushAll(errs, nonNegative(rs.spec.minReadySeconds, p.child('minReadySeconds')));
  pushAll(errs, validateSelector(rs.spec.selector, p.child('selector')));
  pushAll(errs, validateTemplate(rs.spec.template, rs.spec.selector, p.child('template'), 'ReplicaSet'));
  if (old) pushAll(errs, immutable(selectorValue(rs.spec.selector), selectorValue(old.spec.selector), path('spec', 'selector')));
  return errs;
}

/** ValidateDaemonSet (apps/v1): selector, template and a strategy that can make progress. */
export function validateDaemonSet(ds: DaemonSet, old: DaemonSet | undefined): FieldError[] {
  const p = path('spec');
  const errs = old ? validateObjectMetaUpdate(ds.metadata, old.metadata) : validateObjectMeta(ds.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, validateSelector(ds.spec.selector, p.child('selector')));
  pushAll(errs, validateTemplate(ds.spec.template, ds.spec.selector, p.child('template'), 'DaemonSet'));
  pushAll(errs, nonNegative(ds.spec.minReadySeconds, p.child('minReadySeconds')));
  pushAll(errs, nonNegative(ds.spec.revisionHistoryLimit, p.child('revisionHistoryLimit')));
  const s = ds.spec.updateStrategy ?? {};
  const sp = p.child('updateStrategy');
  if (s.type === 'RollingUpdate') {
    const ru = s.rollingUpdate ?? {};
    const rp = sp.child('rollingUpdate');
    pushAll(errs, validateIntOrPercent(ru.maxUnavailable, rp.child('maxUnavailable')));
    pushAll(errs, validateIntOrPercent(ru.maxSurge, rp.child('maxSurge')));
    if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
      errs.push(invalid(rp.child('maxUnavailable'), ru.maxUnavailable ?? 0, 'may not be 0 when `maxSurge` is 0'));
    }
  } else if (s.type !== 'OnDelete') {
    errs.push(notSupported(sp.child('type'), s.type ?? '', ['OnDelete', 'RollingUpdate']));
  }
  if (old) pushAll(errs, immutable(selectorValue(ds.spec.selector), selectorValue(old.spec.selector), path('spec', 'selector')));
  return errs;
}

/** ValidateControllerRevision / ValidateControllerRevisionUpdate: a snapshot's data never changes. */
export function validateControllerRevision(cr: ControllerRevision, old: ControllerRevision | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(cr.metadata, old.metadata) : validateObjectMeta(cr.metadata, true, nameIsDNSSubdomain);
  if (cr.data === undefined || cr.data === null) errs.push(required(path('data'), 'data is mandatory'));
  pushAll(errs, nonNegative(cr.revision, path('revision')));
  if (old) pushAll(errs, immutable(cr.data, old.data, path('data')));
  return errs;
}
