/**
 * PodDisruptionBudgets (pkg/apis/policy/validation): at most one of minAvailable and
 * maxUnavailable, each a non-negative integer or a percentage of at most 100%, a valid label
 * selector, a known unhealthyPodEvictionPolicy. policy/v1's spec is mutable.
 */
import type { IntOrString, PodDisruptionBudget } from '../../../k8s/types';
import type { FieldError } from '../status';
import { asGoMap, invalid, notSupported, path, type Path } from './field';
import { validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { percentValue, validateIntOrPercent } from './workloads';
import { pushAll } from '../../../k8s/arrays';

const POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];

function validateBound(v: IntOrString, p: Path): FieldError[] {
  const errs = validateIntOrPercent(v, p);
  if ((percentValue(v) ?? 0) > 100) errs.push(invalid(p, v, 'must not be greater than 100%'));
  return errs;
}

/** The internal PodDisruptionBudgetSpec as field.Invalid renders it (Go field names, no json tags). */
function internalSpec(spec: PodDisruptionBudget['spec']): unknown {
  const sel = spec.selector ? { ...(spec.selector.matchLabels ? { matchLabels: asGoMap({ ...spec.selector.matchLabels }) } : {}), ...(spec.selector.matchExpressions ? { matchExpressions: spec.selector.matchExpressions } : {}) } : null;
  return { MinAvailable: spec.minAvailable ?? null, Selector: sel, MaxUnavailable: spec.maxUnavailable ?? null, UnhealthyPodEvictionPolicy: spec.unhealthyPodEvictionPolicy ?? null };
}

export function validatePodDisruptionBudget(pdb: PodDisruptionBudget, old: PodDisruptionBudget | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(pdb.metadata, old.metadata) : validateObjectMeta(pdb.metadata, true, nameIsDNSSubdomain);
  const spec = pdb.spec ?? {};
  const p = path('spec');
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) errs.push(invalid(p, internalSpec(spec), 'minAvailable and maxUnavailable cannot be both set'));
  if (spec.minAvailable !== undefined) pushAll(errs, validateBound(spec.minAvailable, p.child('minAvailable')));
  if (spec.maxUnavailable !== undefined) pushAll(errs, validateBound(spec.maxUnavailable, p.child('maxUnavailable')));
  if (spec.selector) pushAll(errs, validateLabelSelector(spec.selector, p.child('selector')));
  if (spec.unhealthyPodEvictionPolicy !== undefined && !POLICIES.includes(spec.unhealthyPodEvictionPolicy)) {
    errs.push(notSupported(p.child('unhealthyPodEvictionPolicy'), spec.unhealthyPodEvictionPolicy, POLICIES));
  }
  return errs;
}
