/**
 * HorizontalPodAutoscalers (pkg/apis/autoscaling/validation: ValidateHorizontalPodAutoscaler)
 * and APIServices (kube-aggregator's apiregistration validation), with upstream's texts.
 */
import type { APIService, HPAScalingRules, HorizontalPodAutoscaler, MetricSpec, MetricTarget } from '../../../k8s/autoscaling';
import type { FieldError } from '../status';
import { invalid, notSupported, path, required, type Path } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { nameIsDNSSubdomain, nameIsPathSegment } from '../../../k8s/string-validation';
import { base64DecodedLength } from './base64';
import { pushAll } from '../../../k8s/arrays';

const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

/** ValidatePathSegmentName: a name that can be a URL path segment. */
function pathSegmentErrors(name: string, p: Path): FieldError[] {
  return nameIsPathSegment(name, false).map((m) => invalid(p, name, m));
}

function validateTarget(t: MetricTarget | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!t?.type) {
    errs.push(required(p.child('type'), 'must specify a metric target type'));
    return errs;
  }
  if (!['Utilization', 'Value', 'AverageValue'].includes(t.type)) errs.push(invalid(p.child('type'), t.type, 'must be either Utilization, Value, or AverageValue'));
  if (t.averageUtilization !== undefined && t.averageUtilization < 1) errs.push(invalid(p.child('averageUtilization'), t.averageUtilization, 'must be greater than 0'));
  return errs;
}

function validateMetric(m: MetricSpec, p: Path): FieldError[] {
  const types = ['Object', 'Pods', 'Resource', 'External', 'ContainerResource'];
  if (!m.type) return [required(p.child('type'), 'must specify a metric source type')];
  if (!types.includes(m.type)) return [notSupported(p.child('type'), m.type, types)];
  if (m.type !== 'Resource') return [];
  const rp = p.child('resource');
  if (!m.resource) return [required(rp, 'must populate information for the given metric source')];
  const errs: FieldError[] = [];
  if (!m.resource.name) errs.push(required(rp.child('name'), 'must specify a resource name'));
  const t = m.resource.target;
  if (t && t.averageUtilization === undefined && t.averageValue === undefined) errs.push(required(rp.child('target', 'averageUtilization'), 'must set either a target raw value or a target utilization'));
  pushAll(errs, validateTarget(t, rp.child('target')));
  return errs;
}

function validateRules(r: HPAScalingRules | undefined, p: Path): FieldError[] {
  if (!r) return [];
  const errs: FieldError[] = [];
  const w = r.stabilizationWindowSeconds;
  if (w !== undefined && w < 0) errs.push(invalid(p.child('stabilizationWindowSeconds'), w, 'must be greater than or equal to zero'));
  if (w !== undefined && w > MAX_STABILIZATION_WINDOW_SECONDS) errs.push(invalid(p.child('stabilizationWindowSeconds'), w, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  if (r.selectPolicy !== undefined && !['Max', 'Min', 'Disabled'].includes(r.selectPolicy)) errs.push(notSupported(p.child('selectPolicy'), r.selectPolicy, ['Disabled', 'Max', 'Min']));
  const policies = r.policies ?? [];
  if (policies.length === 0) errs.push(required(p.child('policies'), 'must specify at least one Policy'));
  policies.forEach((pol, i) => {
    const pp = p.child('policies').index(i);
    if (pol.type !== 'Pods' && pol.type !== 'Percent') errs.push(notSupported(pp.child('type'), pol.type, ['Percent', 'Pods']));
    if (!(pol.value > 0)) errs.push(invalid(pp.child('value'), pol.value, 'must be greater than zero'));
    if (!(pol.periodSeconds > 0)) errs.push(invalid(pp.child('periodSeconds'), pol.periodSeconds, 'must be greater than zero'));
    else if (pol.periodSeconds > MAX_PERIOD_SECONDS) errs.push(invalid(pp.child('periodSeconds'), pol.periodSeconds, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

export function validateHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(hpa.metadata, old.metadata) : validateObjectMeta(hpa.metadata, true, nameIsDNSSubdomain);
  const spec = hpa.spec;
  const p = path('spec');
  const ref = p.child('scaleTargetRef');
  const target = spec?.scaleTargetRef;
  if (!target?.kind) errs.push(required(ref.child('kind'), ''));
  else pushAll(errs, pathSegmentErrors(target.kind, ref.child('kind')));
  if (!target?.name) errs.push(required(ref.child('name'), ''));
  else pushAll(errs, pathSegmentErrors(target.name, ref.child('name')));
  const min = spec?.minReplicas;
  const max = spec?.maxReplicas ?? 0;
  if (min !== undefined && min < 1) errs.push(invalid(p.child('minReplicas'), min, 'must be greater than or equal to 1'));
  if (max < 1) errs.push(invalid(p.child('maxReplicas'), max, 'must be greater than 0'));
  if (min !== undefined && max < min) errs.push(invalid(p.child('maxReplicas'), max, 'must be greater than or equal to `minReplicas`'));
  (spec?.metrics ?? []).forEach((m, i) => pushAll(errs, validateMetric(m, p.child('metrics').index(i))));
  if (spec?.behavior) {
    pushAll(errs, validateRules(spec.behavior.scaleUp, p.child('behavior', 'scaleUp')));
    pushAll(errs, validateRules(spec.behavior.scaleDown, p.child('behavior', 'scaleDown')));
  }
  return errs;
}

export function validateAPIService(api: APIService, old: APIService | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(api.metadata, old.metadata) : validateObjectMeta(api.metadata, false, nameIsPathSegment);
  const spec = api.spec;
  const p = path('spec');
  const wanted = `${spec?.version ?? ''}.${spec?.group ?? ''}`;
  if (api.metadata.name !== wanted) errs.push(invalid(path('metadata', 'name'), api.metadata.name, `must be \`spec.version+"."+spec.group\`: "${wanted}"`));
  if (!spec?.version) errs.push(required(p.child('version'), ''));
  if (!((spec?.groupPriorityMinimum ?? 0) > 0) || (spec?.groupPriorityMinimum ?? 0) > 20000) errs.push(invalid(p.child('groupPriorityMinimum'), spec?.groupPriorityMinimum ?? 0, 'must be positive and less than 20000'));
  if (!((spec?.versionPriority ?? 0) > 0) || (spec?.versionPriority ?? 0) > 1000) errs.push(invalid(p.child('versionPriority'), spec?.versionPriority ?? 0, 'must be positive and less than 1000'));
  // ValidateAPIService: only the legacy core group may be empty; a local APIService (no
  // service: kube-apiserver serves it itself) carries no TLS settings.
  if (!spec?.group && spec?.version !== 'v1') errs.push(required(p.child('group'), 'only v1 may have an empty group and it better be legacy kube'));
  if (!spec?.service) {
    if (spec?.caBundle) errs.push(invalid(p.child('caBundle'), `${base64DecodedLength(spec.caBundle)} bytes`, 'local APIServices may not have a caBundle'));
    if (spec?.insecureSkipTLSVerify) errs.push(invalid(p.child('insecureSkipTLSVerify'), true, 'local APIServices may not have insecureSkipTLSVerify'));
  }
  return errs;
}
