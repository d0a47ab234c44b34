/**
 * rbac.authorization.k8s.io/v1: the four kinds (k8s.io/api/rbac/v1/types.go) and the rule
 * helpers both sides share — rule matching (pkg/apis/rbac/v1/evaluation_helpers.go), the
 * breakdown and compaction kubectl's describers and `auth can-i --list` print with
 * (kubectl/pkg/util/rbac), and the orders and strings they print in.
 */
import type { KObject, LabelSelector } from './types';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';
export const RBAC_API_VERSION = `${RBAC_GROUP}/v1`;

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export type SubjectKind = 'User' | 'Group' | 'ServiceAccount';

export interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

export interface RoleRef {
  apiGroup: string;
  kind: string;
  name: string;
}

export interface AggregationRule {
  clusterRoleSelectors?: LabelSelector[];
}

export interface Role extends KObject {
  rules?: PolicyRule[];
}

export interface ClusterRole extends KObject {
  rules?: PolicyRule[];
  aggregationRule?: AggregationRule;
}

export interface RoleBinding extends KObject {
  subjects?: Subject[];
  roleRef: RoleRef;
}

export type ClusterRoleBinding = RoleBinding;

/** The four resources, for the code paths that treat them alike. */
export const RBAC_RESOURCES: ReadonlySet<string> = new Set(['roles', 'clusterroles', 'rolebindings', 'clusterrolebindings']);

/** The attributes RBAC decides on (authorizer.Attributes, resource requests). */
export interface ResourceAttributes {
  verb: string;
  group: string;
  /** `pods`, or `pods/log` with its subresource. */
  resource: string;
  namespace?: string;
  name?: string;
}

const list = (xs: readonly string[] | undefined): readonly string[] => xs ?? [];

function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.includes('*') || rule.verbs.includes(verb);
}

/** ResourceMatches: `*`, the exact `resource/subresource`, or `*\/subresource`. */
function resourceMatches(rule: PolicyRule, combined: string): boolean {
  const slash = combined.indexOf('/');
  const sub = slash < 0 ? '' : combined.slice(slash + 1);
  for (const r of list(rule.resources)) {
    if (r === '*' || r === combined) return true;
    if (sub && r === `*/${sub}`) return true;
  }
  return false;
}

/** RuleAllows for a resource request. An empty resourceNames matches every name. */
export function ruleAllows(rule: PolicyRule, a: ResourceAttributes): boolean {
  if (!verbMatches(rule, a.verb)) return false;
  const groups = list(rule.apiGroups);
  if (!(groups.includes('*') || groups.includes(a.group))) return false;
  if (!resourceMatches(rule, a.resource)) return false;
  const names = list(rule.resourceNames);
  return names.length === 0 || names.includes(a.name ?? '');
}

/** NonResourceURLMatches: exact, `*`, or a prefix ending in `*`. */
export function nonResourceRuleAllows(rule: PolicyRule, verb: string, path: string): boolean {
  if (!verbMatches(rule, verb)) return false;
  return list(rule.nonResourceURLs).some((u) => u === '*' || u === path || (u.endsWith('*') && path.startsWith(u.slice(0, -1))));
}

/** A rule with every list present, as the generated String() and the printers see it. */
export interface FullRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

export function fullRule(r: PolicyRule): FullRule {
  return { verbs: [...r.verbs], apiGroups: [...list(r.apiGroups)], resources: [...list(r.resources)], resourceNames: [...list(r.resourceNames)], nonResourceURLs: [...list(r.nonResourceURLs)] };
}

/** BreakdownRule: one rule per group × resource × verb (× name), one per non-resource URL × verb. */
export function breakdownRule(rule: PolicyRule): FullRule[] {
  const r = fullRule(rule);
  const out: FullRule[] = [];
  for (const g of r.apiGroups)
    for (const res of r.resources)
      for (const verb of r.verbs) {
        if (r.resourceNames.length) for (const n of r.resourceNames) out.push({ verbs: [verb], apiGroups: [g], resources: [res], resourceNames: [n], nonResourceURLs: [] });
        else out.push({ verbs: [verb], apiGroups: [g], resources: [res], resourceNames: [], nonResourceURLs: [] });
      }
  for (const u of r.nonResourceURLs) for (const verb of r.verbs) out.push({ verbs: [verb], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [u] });
  return out;
}

/**
 * CompactRules: rules for the same one group, resource and name gather their verbs, each once,
 * in the order met; other rules stay as they are.
 */
export function compactRules(rules: readonly FullRule[]): FullRule[] {
  const simple = new Map<string, FullRule>();
  const out: FullRule[] = [];
  for (const r of rules) {
    if (r.nonResourceURLs.length === 0 && r.apiGroups.length === 1 && r.resources.length === 1 && r.resourceNames.length <= 1) {
      const key = JSON.stringify([r.apiGroups[0], r.resources[0], r.resourceNames[0] ?? null]);
      const existing = simple.get(key);
      if (!existing) simple.set(key, { ...r, verbs: [...r.verbs] });
      else for (const v of r.verbs) if (!existing.verbs.includes(v)) existing.verbs.push(v);
    } else out.push(r);
  }
  return [...out, ...simple.values()];
}

/** Go's %v of a []string. */
export const goList = (xs: readonly string[]): string => `[${xs.join(' ')}]`;

/** Go's %q of a []string. */
export const goQuotedList = (xs: readonly string[]): string => `[${xs.map((x) => JSON.stringify(x)).join(' ')}]`;

/** rbacv1.PolicyRule's generated String(), which SortableRuleSlice orders by. */
export function policyRuleString(r: FullRule): string {
  return `&PolicyRule{Verbs:${goList(r.verbs)},APIGroups:${goList(r.apiGroups)},Resources:${goList(r.resources)},ResourceNames:${goList(r.resourceNames)},NonResourceURLs:${goList(r.nonResourceURLs)},}`;
}

/** Breakdown, compaction and SortableRuleSlice's order: the rows describe and can-i --list print. */
export function printableRules(rules: readonly PolicyRule[]): FullRule[] {
  return compactRules(rules.flatMap(breakdownRule))
    .map((r) => ({ r, key: policyRuleString(r) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.r);
}

/** describe.CombineResourceGroup: `deployments.apps`, `pods/log`. */
export function combineResourceGroup(resources: readonly string[], groups: readonly string[]): string {
  if (resources.length === 0) return '';
  const [res, sub] = resources[0]!.split(/\/(.*)/s, 2) as [string, string | undefined];
  let s = res;
  if (groups.length && groups[0] !== '') s += `.${groups[0]}`;
  if (sub !== undefined) s += `/${sub}`;
  return s;
}

/** rbacv1helpers.CompactString, the form escalation errors list missing rules in. */
export function compactString(r: FullRule): string {
  const parts: string[] = [];
  if (r.apiGroups.length) parts.push(`APIGroups:${goQuotedList(r.apiGroups)}`);
  if (r.resources.length) parts.push(`Resources:${goQuotedList(r.resources)}`);
  if (r.nonResourceURLs.length) parts.push(`NonResourceURLs:${goQuotedList(r.nonResourceURLs)}`);
  if (r.resourceNames.length) parts.push(`ResourceNames:${goQuotedList(r.resourceNames)}`);
  if (r.verbs.length) parts.push(`Verbs:${goQuotedList(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}

/** rbac.SubjectsStrings: users, groups and `namespace/name` ServiceAccounts, in binding order. */
export function subjectsStrings(subjects: readonly Subject[] | undefined): { users: string[]; groups: string[]; serviceAccounts: string[] } {
  const users: string[] = [];
  const groups: string[] = [];
  const serviceAccounts: string[] = [];
  for (const s of subjects ?? []) {
    if (s.kind === 'ServiceAccount') serviceAccounts.push(`${s.namespace ?? ''}/${s.name}`);
    else if (s.kind === 'User') users.push(s.name);
    else if (s.kind === 'Group') groups.push(s.name);
  }
  return { users, groups, serviceAccounts };
}
