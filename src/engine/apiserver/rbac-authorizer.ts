/**
 * kube-apiserver's authorizer chain as kubeadm configures it (`--authorization-mode=Node,RBAC`),
 * after the privileged-group short cut every apiserver has: members of `system:masters` are
 * allowed everything; a kubelet (`system:node:<name>` in `system:nodes`) is allowed NodeRules by
 * the Node authorizer (its object graph is not modelled); everyone else is decided by RBAC over
 * the stored Role, ClusterRole, RoleBinding and ClusterRoleBinding objects.
 *
 * RBAC reads its objects through listers, never by scanning: here an index of the bindings by
 * subject, built from the watch cache (the etcd keyspace) and dropped whenever an RBAC object is
 * committed (storage.ts calls rbacChanged). It is derived data, so it lives beside the World, not
 * in it: a restored snapshot or a fork has a keyspace of its own and builds its index on first use.
 */
import type { KObject } from '../../k8s/types';
import { nonResourceRuleAllows, ruleAllows, type ClusterRole, type PolicyRule, type ResourceAttributes, type Role, type RoleBinding, type Subject } from '../../k8s/rbac';
import type { World } from '../world';
import { NODE_RULES } from './rbac-policy';
import type { UserInfo } from './auth';

const NODE_POLICY: readonly PolicyRule[] = NODE_RULES.map((r) => ({ verbs: [...r.verbs], apiGroups: [...r.groups], resources: [...r.resources], ...(r.resourceNames ? { resourceNames: [...r.resourceNames] } : {}) }));

interface BindingIndex {
  /** The buckets the index was built from: another keyspace (a restore) means rebuild. */
  sources: (Map<string, KObject> | undefined)[];
  /** Subject key (`User:jane`, `Group:system:authenticated`, `ServiceAccount:ns/name`) → ClusterRoleBindings. */
  cluster: Map<string, RoleBinding[]>;
  /** Namespace → subject key → RoleBindings. */
  namespaced: Map<string, Map<string, RoleBinding[]>>;
  /**
   * Per user and namespace ('' for none), what bindingsFor answers with each binding's rules:
   * every request asks again, and the answer changes only with the RBAC objects, which drop the
   * whole index. Keyed by the UserInfo object: a client holds one per identity and never changes it.
   */
  grants: WeakMap<UserInfo, Map<string, Grant[]>>;
}

/** A binding that applies to a user, its role's rules, and (once asked) the audit reason it gives. */
interface Grant {
  binding: RoleBinding;
  rules: readonly PolicyRule[];
  reason: string | undefined;
}

const indexes = new WeakMap<World['etcd'], BindingIndex>();

/** The roles' buckets too: the grants hold their rules. */
function sources(w: World): (Map<string, KObject> | undefined)[] {
  return [w.etcd.kv.get('clusterrolebindings'), w.etcd.kv.get('rolebindings'), w.etcd.kv.get('clusterroles'), w.etcd.kv.get('roles')];
}

/** A binding's subject as the key a user's identity is looked up by (appliesToUser). */
function subjectKey(s: Subject, bindingNamespace: string | undefined): string | undefined {
  switch (s.kind) {
    case 'User':
      return `User:${s.name}`;
    case 'Group':
      return `Group:${s.name}`;
    case 'ServiceAccount': {
      // A RoleBinding's ServiceAccount without a namespace is one of the binding's namespace.
      const ns = s.namespace || bindingNamespace;
      return ns ? `User:system:serviceaccount:${ns}:${s.name}` : undefined;
    }
    default:
      return undefined;
  }
}

function add(m: Map<string, RoleBinding[]>, key: string, b: RoleBinding): void {
  const list = m.get(key);
  if (list) list.push(b);
  else m.set(key, [b]);
}

function build(w: World): BindingIndex {
  const idx: BindingIndex = { sources: sources(w), cluster: new Map(), namespaced: new Map(), grants: new WeakMap() };
  for (const o of w.etcd.kv.get('clusterrolebindings')?.values() ?? []) {
    const b = o as RoleBinding;
    for (const s of b.subjects ?? []) {
      const k = subjectKey(s, undefined);
      if (k) add(idx.cluster, k, b);
    }
  }
  for (const o of w.etcd.kv.get('rolebindings')?.values() ?? []) {
    const b = o as RoleBinding;
    const ns = b.metadata.namespace ?? '';
    let m = idx.namespaced.get(ns);
    if (!m) idx.namespaced.set(ns, (m = new Map()));
    for (const s of b.subjects ?? []) {
      const k = subjectKey(s, ns);
      if (k) add(m, k, b);
    }
  }
  return idx;
}

function indexOf(w: World): BindingIndex {
  const cached = indexes.get(w.etcd);
  const now = sources(w);
  if (cached && cached.sources.every((s, i) => s === now[i])) return cached;
  const idx = build(w);
  indexes.set(w.etcd, idx);
  return idx;
}

/** Called by the storage layer after it commits an RBAC object: the listers have moved on. */
export function rbacChanged(w: World): void {
  indexes.delete(w.etcd);
}

function userKeys(user: UserInfo): string[] {
  return [`User:${user.name}`, ...user.groups.map((g) => `Group:${g}`)];
}

/** The bindings that apply to `user`: the ClusterRoleBindings, then the RoleBindings of `namespace`. */
function bindingsFor(w: World, user: UserInfo, namespace: string | undefined): RoleBinding[] {
  return bindingsIn(indexOf(w), user, namespace);
}

function bindingsIn(idx: BindingIndex, user: UserInfo, namespace: string | undefined): RoleBinding[] {
  const seen = new Set<RoleBinding>();
  const out: RoleBinding[] = [];
  const take = (list: RoleBinding[] | undefined): void => {
    for (const b of list ?? []) {
      if (seen.has(b)) continue;
      seen.add(b);
      out.push(b);
    }
  };
  const keys = userKeys(user);
  for (const k of keys) take(idx.cluster.get(k));
  if (namespace) {
    const m = idx.namespaced.get(namespace);
    if (m) for (const k of keys) take(m.get(k));
  }
  return out;
}

/** GetRoleReferenceRules: the rules of a binding's role, or undefined when it does not exist (keys as storage.ts writes them). */
export function roleRefRules(w: World, kind: string, name: string, namespace: string | undefined): PolicyRule[] | undefined {
  let role: ClusterRole | Role | undefined;
  if (kind === 'ClusterRole') role = w.etcd.kv.get('clusterroles')?.get(`clusterroles/${name}`);
  else if (kind === 'Role' && namespace) role = w.etcd.kv.get('roles')?.get(`roles/${namespace}/${name}`);
  return role ? (role.rules ?? []) : undefined;
}

function rulesOf(w: World, b: RoleBinding): readonly PolicyRule[] {
  return roleRefRules(w, b.roleRef.kind, b.roleRef.name, b.metadata.namespace) ?? [];
}

/** bindingsFor with each binding's rules, from the index's memo. */
function grantsFor(w: World, user: UserInfo, namespace: string | undefined): Grant[] {
  const idx = indexOf(w);
  let byNs = idx.grants.get(user);
  if (!byNs) idx.grants.set(user, (byNs = new Map()));
  const key = namespace || '';
  let grants = byNs.get(key);
  if (!grants) byNs.set(key, (grants = bindingsIn(idx, user, namespace).map((binding) => ({ binding, rules: rulesOf(w, binding), reason: undefined }))));
  return grants;
}

function isNode(user: UserInfo): boolean {
  return user.groups.includes('system:nodes') && user.name.startsWith('system:node:');
}

/** The chain's decision for one resource request. */
export function authorizeResource(w: World, user: UserInfo, a: ResourceAttributes): boolean {
  if (user.groups.includes('system:masters')) return true;
  if (isNode(user) && NODE_POLICY.some((r) => ruleAllows(r, a))) return true;
  for (const g of grantsFor(w, user, a.namespace)) for (const r of g.rules) if (ruleAllows(r, a)) return true;
  return false;
}

/**
 * The chain's decision with the reason the audit log annotates it with
 * (`authorization.k8s.io/reason`): RBAC's authorizingVisitor names the binding, its role and the
 * subject that matched; the privileged group and the Node authorizer give no reason.
 */
export function authorizeResourceWithReason(w: World, user: UserInfo, a: ResourceAttributes): { allowed: boolean; reason: string } {
  if (user.groups.includes('system:masters')) return { allowed: true, reason: '' };
  if (isNode(user) && NODE_POLICY.some((r) => ruleAllows(r, a))) return { allowed: true, reason: '' };
  for (const g of grantsFor(w, user, a.namespace)) {
    if (!allowsAny(g.rules, a)) continue;
    g.reason ??= allowedReason(g.binding, user);
    return { allowed: true, reason: g.reason };
  }
  return { allowed: false, reason: '' };
}

function allowsAny(rules: readonly PolicyRule[], a: ResourceAttributes): boolean {
  for (const r of rules) if (ruleAllows(r, a)) return true;
  return false;
}

/** authorizingVisitor's reason: the binding, its role, and the first of its subjects that is `user`. */
function allowedReason(b: RoleBinding, user: UserInfo): string {
  const keys = new Set(userKeys(user));
  const ns = b.metadata.namespace;
  const subject = (b.subjects ?? []).find((s) => {
    const k = subjectKey(s, ns);
    return k !== undefined && keys.has(k);
  });
  const who = subject ? describeSubject(subject, ns ?? '') : '';
  const binding = ns ? `RoleBinding "${b.metadata.name ?? ''}/${ns}"` : `ClusterRoleBinding "${b.metadata.name ?? ''}"`;
  return `RBAC: allowed by ${binding} of ${b.roleRef.kind} "${b.roleRef.name}" to ${who}`;
}

/** rbac's describeSubject: a ServiceAccount is written `name/namespace`. */
function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `ServiceAccount "${s.name}/${s.namespace || bindingNamespace}"`;
  return `${s.kind} "${s.name}"`;
}

/** The chain's decision for a non-resource request (`/healthz`, `/version`). */
export function authorizeNonResource(w: World, user: UserInfo, verb: string, path: string): boolean {
  if (user.groups.includes('system:masters')) return true;
  for (const b of bindingsFor(w, user, undefined)) for (const r of rulesOf(w, b)) if (nonResourceRuleAllows(r, verb, path)) return true;
  return false;
}

/** authorizeNonResource with the reason RBAC's visitor gives (a SubjectAccessReview's status.reason). */
export function authorizeNonResourceWithReason(w: World, user: UserInfo, verb: string, path: string): { allowed: boolean; reason: string } {
  if (user.groups.includes('system:masters')) return { allowed: true, reason: '' };
  for (const b of bindingsFor(w, user, undefined)) {
    for (const r of rulesOf(w, b)) if (nonResourceRuleAllows(r, verb, path)) return { allowed: true, reason: allowedReason(b, user) };
  }
  return { allowed: false, reason: '' };
}

/**
 * RulesFor: every rule granted to `user` in `namespace` (cluster-wide ones included), in the order
 * the bindings are visited — what SelfSubjectRulesReview answers and escalation checks compare.
 */
export function rulesFor(w: World, user: UserInfo, namespace: string | undefined): PolicyRule[] {
  const out: PolicyRule[] = [];
  if (isNode(user)) out.push(...NODE_POLICY);
  for (const b of bindingsFor(w, user, namespace)) {
    const cluster = b.metadata.namespace === undefined;
    for (const r of rulesOf(w, b)) {
      // A RoleBinding to a ClusterRole grants its resource rules only inside its namespace.
      if (!cluster && r.nonResourceURLs?.length) continue;
      out.push(r);
    }
  }
  return out;
}
