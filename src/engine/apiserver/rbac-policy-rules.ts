/**
 * The vocabulary the RBAC policy tables are written in (rbac-policy-*.ts): a rule reads as
 * upstream's testdata YAML prints it — apiGroups, resources, verbs, then resourceNames — with a
 * lone string standing for a one-item list. Bootstrap tables list every value sorted, as
 * rbacv1helpers' PolicyRuleBuilder leaves them, so the table and the YAML line up item for item.
 */
import type { SubjectKind } from '../../k8s/rbac';

export interface PolicyRule {
  verbs: readonly string[];
  /** API groups; '*' for all. */
  groups: readonly string[];
  /** resource or resource/subresource; '*' for all, '*\/scale' for a subresource of all. */
  resources: readonly string[];
  /** When set, the rule applies to these object names only (never to list/watch/create). */
  resourceNames?: readonly string[];
}

export interface NonResourceRule {
  verbs: readonly string[];
  nonResourceURLs: readonly string[];
}

export type AnyRule = PolicyRule | NonResourceRule;

export interface ClusterRoleSpec {
  name: string;
  rules: readonly AnyRule[];
  /** Extra labels (the aggregate-to-* ones); bootstrap roles also get the bootstrapping label. */
  labels?: Readonly<Record<string, string>>;
  /** `rbac.authorization.k8s.io/aggregate-to-<x>` label the aggregationRule selects. */
  aggregateFrom?: string;
  /** Created by kube-apiserver's bootstrap policy (labelled and auto-updated). */
  bootstrap: boolean;
}

export interface SubjectSpec {
  kind: SubjectKind;
  name: string;
  namespace?: string;
}

export interface BindingSpec {
  name: string;
  /** A RoleBinding's namespace; absent for ClusterRoleBindings. */
  namespace?: string;
  roleKind: 'ClusterRole' | 'Role';
  role: string;
  subjects: readonly SubjectSpec[];
  bootstrap: boolean;
}

export interface RoleSpec {
  name: string;
  namespace: string;
  rules: readonly PolicyRule[];
  bootstrap: boolean;
}

/** A rule table: role name → rules, in the order its source lists them. */
export type RuleTable = Readonly<Record<string, readonly AnyRule[]>>;

type Strings = string | readonly string[];
const list = (s: Strings): readonly string[] => (typeof s === 'string' ? [s] : s);

export const READ: readonly string[] = ['get', 'list', 'watch'];

export function rule(groups: Strings, resources: Strings, verbs: Strings, resourceNames?: Strings): PolicyRule {
  const r: PolicyRule = { verbs: list(verbs), groups: list(groups), resources: list(resources) };
  return resourceNames === undefined ? r : { ...r, resourceNames: list(resourceNames) };
}

export function urls(nonResourceURLs: Strings, verbs: Strings): NonResourceRule {
  return { verbs: list(verbs), nonResourceURLs: list(nonResourceURLs) };
}

/** eventsRule(): both Event APIs, for every component that records Events. */
export const EVENTS = rule(['', 'events.k8s.io'], 'events', ['create', 'patch', 'update']);

export const sa = (namespace: string, name: string): SubjectSpec => ({ kind: 'ServiceAccount', name, namespace });
export const user = (name: string): SubjectSpec => ({ kind: 'User', name });
export const group = (name: string): SubjectSpec => ({ kind: 'Group', name });

export function clusterBinding(name: string, role: string, subjects: readonly SubjectSpec[], bootstrap: boolean): BindingSpec {
  return { name, roleKind: 'ClusterRole', role, subjects, bootstrap };
}

export function roleBinding(namespace: string, name: string, role: string, subjects: readonly SubjectSpec[], bootstrap: boolean): BindingSpec {
  return { name, namespace, roleKind: 'Role', role, subjects, bootstrap };
}

/** The kube-apiserver-created roles of a table, labelled and annotated as its bootstrap hook does. */
export function bootstrapRoles(table: RuleTable, prefix = ''): ClusterRoleSpec[] {
  return Object.entries(table).map(([name, rules]) => ({ name: prefix + name, rules, bootstrap: true }));
}
