/**
 * The policy of rbac-policy.ts as the objects kube-apiserver's `rbac/bootstrap-roles` post-start
 * hook and kubeadm create: bootstrap ClusterRoles and ClusterRoleBindings labelled
 * `kubernetes.io/bootstrapping: rbac-defaults` and annotated for auto-update, then the rest.
 *
 * On a cluster's first start they are written straight into the keyspace at etcd's initial
 * revision rather than committed one by one: every later revision — which transcripts show as
 * resourceVersions — stays what it was before RBAC was served. Their uids come from a stream of
 * their own, so the world's PRNG draws the same names and uids as before. The aggregated roles
 * are written with the rules the aggregation controller would give them, so it finds nothing to
 * do at start. A later start (an apiserver restart) re-creates a missing object through the API.
 */
import type { KObject } from '../../k8s/types';
import { RBAC_API_VERSION, RBAC_GROUP, type ClusterRole, type PolicyRule, type Role, type RoleBinding, type Subject } from '../../k8s/rbac';
import { rfc3339 } from '../../k8s/time';
import { seedRng, uuidV4, type RngState } from '../core/rng';
import { markObjectChanged } from '../runtime';
import { bucket } from '../etcd/etcd';
import type { World } from '../world';
import { aggregatedRules } from '../controllers/clusterroleaggregation';
import { CLUSTER_ROLE_BINDINGS, CLUSTER_ROLES, ROLE_BINDINGS, ROLES, type AnyRule, type BindingSpec, type ClusterRoleSpec, type SubjectSpec } from './rbac-policy';
import { storageKey } from './storage';
import { rbacChanged } from './rbac-authorizer';
import { cniRbacSpecs } from './cni-rbac';
import { cniPluginOf } from '../node/cni-plugin';
import type { CniPlugin } from '../topology/topology';

const BOOTSTRAP_LABELS = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
const BOOTSTRAP_ANNOTATIONS = { 'rbac.authorization.kubernetes.io/autoupdate': 'true' };

/** Seeds the RBAC objects' uids (0x5eed_ca is the CA's stream). */
const RBAC_STREAM = 0x5eed_2bac;

/**
 * A bootstrap rule's lists come sorted, as rbacv1helpers' PolicyRuleBuilder.Rule() leaves them;
 * `-o yaml` and describe (which merges verbs across rules) show that order. Manifests' rules
 * (add-ons, the CNI) keep theirs.
 */
function toRule(r: AnyRule, bootstrap: boolean): PolicyRule {
  const list = (xs: readonly string[]): string[] => (bootstrap ? [...xs].sort() : [...xs]);
  if ('nonResourceURLs' in r) return { verbs: list(r.verbs), nonResourceURLs: list(r.nonResourceURLs) };
  return { verbs: list(r.verbs), apiGroups: list(r.groups), resources: list(r.resources), ...(r.resourceNames ? { resourceNames: list(r.resourceNames) } : {}) };
}

function toSubject(s: SubjectSpec): Subject {
  return s.kind === 'ServiceAccount' ? { kind: s.kind, name: s.name, namespace: s.namespace ?? '' } : { apiGroup: RBAC_GROUP, kind: s.kind, name: s.name };
}

function meta(name: string, namespace: string | undefined, bootstrap: boolean, labels?: Readonly<Record<string, string>>): KObject['metadata'] {
  const m: KObject['metadata'] = { name };
  if (namespace) m.namespace = namespace;
  const allLabels = { ...(labels ?? {}), ...(bootstrap ? BOOTSTRAP_LABELS : {}) };
  if (Object.keys(allLabels).length) m.labels = allLabels;
  if (bootstrap) m.annotations = { ...BOOTSTRAP_ANNOTATIONS };
  return m;
}

function clusterRole(spec: ClusterRoleSpec): ClusterRole {
  const obj: ClusterRole = { apiVersion: RBAC_API_VERSION, kind: 'ClusterRole', metadata: meta(spec.name, undefined, spec.bootstrap, spec.labels), rules: spec.rules.map((r) => toRule(r, spec.bootstrap)) };
  if (spec.aggregateFrom) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: { [`rbac.authorization.k8s.io/aggregate-to-${spec.aggregateFrom}`]: 'true' } }] };
  return obj;
}

function binding(spec: BindingSpec): RoleBinding {
  const kind = spec.namespace ? 'RoleBinding' : 'ClusterRoleBinding';
  const obj: RoleBinding = {
    apiVersion: RBAC_API_VERSION,
    kind,
    metadata: meta(spec.name, spec.namespace, spec.bootstrap),
    roleRef: { apiGroup: RBAC_GROUP, kind: spec.roleKind, name: spec.role },
  };
  // A binding without subjects omits the field (`subjects,omitempty`).
  if (spec.subjects.length) obj.subjects = spec.subjects.map(toSubject);
  return obj;
}

/**
 * Every bootstrap object with its resource, aggregated roles already filled; the CNI plugin's
 * own role and binding come last, so the uids drawn before them stay what they were.
 */
export function rbacBootstrapObjects(cni: CniPlugin): { resource: string; obj: KObject }[] {
  const roles = CLUSTER_ROLES.map(clusterRole);
  // Aggregated roles may gather each other (admin gathers edit, which gathers view): settle.
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of roles) {
      if (!r.aggregationRule) continue;
      const rules = aggregatedRules(r, roles);
      if (JSON.stringify(rules) !== JSON.stringify(r.rules)) {
        r.rules = rules;
        changed = true;
      }
    }
  }
  const nsRoles: Role[] = ROLES.map((s) => ({ apiVersion: RBAC_API_VERSION, kind: 'Role', metadata: meta(s.name, s.namespace, s.bootstrap), rules: s.rules.map((r) => toRule(r, s.bootstrap)) }));
  return [
    ...roles.map((obj) => ({ resource: 'clusterroles', obj })),
    ...CLUSTER_ROLE_BINDINGS.map((s) => ({ resource: 'clusterrolebindings', obj: binding(s) as KObject })),
    ...nsRoles.map((obj) => ({ resource: 'roles', obj: obj as KObject })),
    ...ROLE_BINDINGS.map((s) => ({ resource: 'rolebindings', obj: binding(s) as KObject })),
    { resource: 'clusterroles', obj: clusterRole(cniRbacSpecs(cni).role) },
    { resource: 'clusterrolebindings', obj: binding(cniRbacSpecs(cni).binding) as KObject },
  ];
}

function stamp(obj: KObject, w: World, rng: RngState): KObject {
  obj.metadata.uid = uuidV4(rng);
  obj.metadata.resourceVersion = String(w.etcd.revision);
  obj.metadata.creationTimestamp = rfc3339(w.now);
  return obj;
}

/** The first start: the objects enter the keyspace at the current revision, without a commit each. */
export function seedRbacObjects(w: World): void {
  const rng = seedRng(w.seed ^ RBAC_STREAM);
  for (const { resource, obj } of rbacBootstrapObjects(cniPluginOf(w))) {
    const key = storageKey(resource, obj.metadata.namespace, obj.metadata.name!);
    const b = bucket(w.etcd, resource);
    if (b.has(key)) continue;
    b.set(key, stamp(obj, w, rng));
    markObjectChanged(w, key, 'added');
  }
  rbacChanged(w);
}
