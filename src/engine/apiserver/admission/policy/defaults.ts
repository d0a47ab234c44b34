/**
 * SetDefaults_ValidatingAdmissionPolicySpec, SetDefaults_MatchResources and SetDefaults_Rule
 * (pkg/apis/admissionregistration/v1/defaults.go): failurePolicy Fail, matchPolicy Equivalent,
 * empty namespace and object selectors, rule scope `*`. The defaulted structs are laid out in
 * the Go structs' field order, as kube-apiserver's JSON encoder writes them.
 */
import type { MatchResources, NamedRuleWithOperations, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../k8s/admission-policy';
import type { KObject } from '../../../../k8s/types';

const SPEC_ORDER = ['paramKind', 'matchConstraints', 'validations', 'failurePolicy', 'auditAnnotations', 'matchConditions', 'variables'];
const MATCH_ORDER = ['namespaceSelector', 'objectSelector', 'resourceRules', 'excludeResourceRules', 'matchPolicy'];
const RULE_ORDER = ['resourceNames', 'operations', 'apiGroups', 'apiVersions', 'resources', 'scope'];

/** Moves the known keys into `order`, the rest after them as they were. */
function reorder(o: object, order: readonly string[]): void {
  const rec = o as Record<string, unknown>;
  const entries = Object.entries(rec);
  for (const [k] of entries) delete rec[k];
  for (const k of order) {
    const e = entries.find(([key]) => key === k);
    if (e) rec[k] = e[1];
  }
  for (const [k, v] of entries) if (!order.includes(k)) rec[k] = v;
}

function defaultRule(r: NamedRuleWithOperations): boolean {
  if (r.scope !== undefined) return false;
  r.scope = '*';
  reorder(r, RULE_ORDER);
  return true;
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
