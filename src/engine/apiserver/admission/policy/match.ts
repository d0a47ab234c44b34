/**
 * Does a request fall under a policy's matchConstraints or a binding's matchResources
 * (policy/matching/matching.go with the webhook predicates: namespace and object selectors,
 * excludeResourceRules, then resourceRules with their resourceNames)? A cluster-scoped object
 * always matches the namespace selector, a Namespace is matched by its own labels, and the
 * object selector matches the new object or the old one.
 * matchPolicy Equivalent would also try the resource's other served versions; every resource
 * here is served at one version, so it matches exactly as Exact does.
 */
import type { MatchResources, NamedRuleWithOperations } from '../../../../k8s/admission-policy';
import { fromLabelSelector, matches as labelsMatch } from '../../../../k8s/labels';
import type { KObject, LabelSelector } from '../../../../k8s/types';
import type { World } from '../../../world';
import { storedObject } from '../../storage';
import { notFound, type StatusError } from '../../status';
import { resourceInfo } from '../../../../k8s/resources';
import type { AdmissionAttributes } from '../types';

export type MatchResult = { matches: boolean; error?: StatusError };

function isEmpty(sel: LabelSelector | undefined): boolean {
  return !sel || (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0);
}

/** The object being written (none on DELETE) and the one it replaces (the stored one on DELETE). */
export function objects(a: AdmissionAttributes): { object: KObject | undefined; oldObject: KObject | undefined } {
  return a.operation === 'DELETE' ? { object: undefined, oldObject: a.obj } : { object: a.obj, oldObject: a.old };
}

function exactOrWildcard(items: readonly string[] | undefined, requested: string): boolean {
  return (items ?? []).some((i) => i === '*' || i === requested);
}

function scopeMatches(rule: NamedRuleWithOperations, a: AdmissionAttributes): boolean {
  const isNamespace = a.info.group === '' && a.info.resource === 'namespaces';
  switch (rule.scope ?? '*') {
    case '*':
      return true;
    case 'Namespaced':
      return !isNamespace && !!a.namespace;
    case 'Cluster':
      return isNamespace || !a.namespace;
    default:
      return false;
  }
}

function resourceMatches(rule: NamedRuleWithOperations, a: AdmissionAttributes): boolean {
  const sub = a.subresource ?? '';
  return (rule.resources ?? []).some((r) => {
    const [res = '', rsub = ''] = r.split(/\/(.*)/s);
    return (res === '*' || res === a.info.resource) && (rsub === '*' || rsub === sub);
  });
}

/** rules.Matcher.Matches: scope, operation, group, version and resource. */
export function ruleMatches(rule: NamedRuleWithOperations, a: AdmissionAttributes): boolean {
  return (
    scopeMatches(rule, a) &&
    (rule.operations ?? []).some((op) => op === '*' || op === a.operation) &&
    exactOrWildcard(rule.apiGroups, a.info.group) &&
    exactOrWildcard(rule.apiVersions, a.info.version) &&
    resourceMatches(rule, a)
  );
}

function anyRuleMatches(rules: readonly NamedRuleWithOperations[] | undefined, a: AdmissionAttributes, name: string): boolean {
  return (rules ?? []).some((r) => ruleMatches(r, a) && ((r.resourceNames ?? []).length === 0 || r.resourceNames!.includes(name)));
}

/** MatchNamespaceSelector: the labels of the request's namespace, or the error of reading it. */
function namespaceMatches(w: World, sel: LabelSelector | undefined, a: AdmissionAttributes): MatchResult {
  const isNamespace = a.info.group === '' && a.info.resource === 'namespaces';
  if (!a.namespace && !isNamespace) return { matches: true };
  if (isEmpty(sel)) return { matches: true };
  let labels: Record<string, string> | undefined;
  if (isNamespace && !a.subresource && a.operation !== 'DELETE') labels = a.obj.metadata.labels;
  else {
    const name = isNamespace ? (a.obj.metadata.name ?? '') : (a.namespace ?? '');
    const ns = storedObject(w, 'namespaces', undefined, name);
    if (!ns) return { matches: false, error: notFound(resourceInfo('namespaces')!, name) };
    labels = ns.metadata.labels;
  }
  return { matches: labelsMatch(fromLabelSelector(sel), labels) };
}

function objectMatches(sel: LabelSelector | undefined, a: AdmissionAttributes): boolean {
  if (isEmpty(sel)) return true;
  const s = fromLabelSelector(sel);
  const { object, oldObject } = objects(a);
  return (!!object && labelsMatch(s, object.metadata.labels)) || (!!oldObject && labelsMatch(s, oldObject.metadata.labels));
}

/** Matcher.Matches: selector errors only count once the rules say the request is in scope. */
export function matchResources(w: World, m: MatchResources | undefined, a: AdmissionAttributes, name: string): MatchResult {
  const ns = namespaceMatches(w, m?.namespaceSelector, a);
  if (!ns.matches && !ns.error) return { matches: false };
  if (!objectMatches(m?.objectSelector, a)) return { matches: false };
  if (anyRuleMatches(m?.excludeResourceRules, a, name)) return { matches: false };
  if ((m?.resourceRules ?? []).length > 0 && !anyRuleMatches(m?.resourceRules, a, name)) return { matches: false };
  return ns.error ? { matches: false, error: ns.error } : { matches: true };
}
