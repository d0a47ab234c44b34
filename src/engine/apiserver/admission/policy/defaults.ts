/**
 * SetDefaults_ValidatingAdmissionPolicySpec, SetDefaults_MatchResources and SetDefaults_Rule
 * (pkg/apis/admissionregistration/v1/defaults.go): failurePolicy Fail, matchPolicy Equivalent,
 * empty namespace and object selectors, rule scope `*`. The defaulted structs are laid out in
 * the Go structs' field order, as kube-apiserver's JSON encoder writes them.
 */
import type { MatchResources, NamedRuleWithOperations, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../k8s/admission-policy';
import type { KObject } from '../../../../k8s/types';
import { defaultRuleScope, reorder } from '../field-order';

const SPEC_ORDER = ['paramKind', 'matchConstraints', 'validations', 'failurePolicy', 'auditAnnotations', 'matchConditions', 'variables'];
const MATCH_ORDER = ['namespaceSelector', 'objectSelector', 'resourceRules', 'excludeResourceRules', 'matchPolicy'];
const RULE_ORDER = ['resourceNames', 'operations', 'apiGroups', 'apiVersions', 'resources', 'scope'];

function defaultRule(r: NamedRuleWithOperations): boolean {
  return defaultRuleScope(r, RULE_ORDER);
}

function defaultMatchResources(m: MatchResources): boolean {
  const changed = m.matchPolicy === undefined || m.namespaceSelector === undefined || m.objectSelector === undefined;
  m.matchPolicy ??= 'Equivalent';
  m.namespaceSelector ??= {};
  m.objectSelector ??= {};
  let rules = false;
  for (const r of [...(m.resourceRules ?? []), ...(m.excludeResourceRules ?? [])]) rules = defaultRule(r) || rules;
  if (changed) reorder(m, MATCH_ORDER);
  return changed || rules;
}

export function defaultValidatingAdmissionPolicy(obj: KObject): boolean {
  const p = obj as ValidatingAdmissionPolicy;
  if (!p.spec) return false;
  let changed = p.spec.failurePolicy === undefined;
  p.spec.failurePolicy ??= 'Fail';
  if (p.spec.matchConstraints) changed = defaultMatchResources(p.spec.matchConstraints) || changed;
  if (changed) reorder(p.spec, SPEC_ORDER);
  return changed;
}

export function defaultValidatingAdmissionPolicyBinding(obj: KObject): boolean {
  const m = (obj as ValidatingAdmissionPolicyBinding).spec?.matchResources;
  return m ? defaultMatchResources(m) : false;
}
