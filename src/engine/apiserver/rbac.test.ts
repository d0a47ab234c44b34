import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { ClusterRole, RoleBinding } from '../../k8s/rbac';
import { worldOf } from '../simulation';
import { JANE } from './auth';
import { bootedCluster, failure, ok, requestAs } from './apiserver.testing';

const cluster = bootedCluster();
const RBAC = 'rbac.authorization.k8s.io/v1';

const binding = (name: string, namespace: string | undefined, role: string, user: string, roleKind = 'ClusterRole'): KObject => ({
  apiVersion: RBAC,
  kind: namespace ? 'RoleBinding' : 'ClusterRoleBinding',
  metadata: namespace ? { name, namespace } : { name },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: role },
  subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
});

const role = (name: string, namespace: string, rules: unknown[]): KObject => ({ apiVersion: RBAC, kind: 'Role', metadata: { name, namespace }, rules });

describe('the bootstrap policy as objects', () => {
  it('stores upstream names, labels and annotations at etcd start, and jane as a RoleBinding', () => {
    const sim = cluster();
    const view = ok(sim.request({ verb: 'get', resource: 'clusterroles', name: 'view' })) as ClusterRole;
    expect(view.metadata.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults', 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' });
    expect(view.metadata.annotations).toEqual({ 'rbac.authorization.kubernetes.io/autoupdate': 'true' });
    expect(view.aggregationRule).toEqual({ clusterRoleSelectors: [{ matchLabels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }] });
    // Aggregated already, and at the initial revision: no revision is spent on the policy.
    expect(view.rules?.length).toBeGreaterThan(0);
    expect(view.metadata.resourceVersion).toBe('1');
    const admin = ok(sim.request({ verb: 'get', resource: 'clusterroles', name: 'admin' })) as ClusterRole;
    expect(admin.rules).toContainEqual({ verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['localsubjectaccessreviews'] });
    expect(admin.rules).toContainEqual(view.rules![0]);
    const node = ok(sim.request({ verb: 'get', resource: 'clusterrolebindings', name: 'system:node' })) as RoleBinding;
    expect(node.subjects).toBeUndefined();
    const jane = ok(sim.request({ verb: 'get', resource: 'rolebindings', namespace: 'default', name: 'jane-view' })) as RoleBinding;
    expect(jane.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' });
    expect(jane.subjects).toEqual([{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }]);
  });

  it('gives the same uids on every run of a seed', () => {
    const uid = (s: ReturnType<typeof cluster>): string => ok(s.request({ verb: 'get', resource: 'clusterroles', name: 'cluster-admin' })).metadata.uid!;
    expect(uid(cluster())).toBe(uid(bootedCluster({ seed: 1 })()));
    expect(uid(cluster())).not.toBe(uid(bootedCluster({ seed: 2 })()));
  });
});

describe('the RBAC authorizer over stored objects', () => {
  it('turns a 403 into a 200 when a RoleBinding is created, and back when it is deleted', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } } }));
    const list = { verb: 'list' as const, resource: 'pods', namespace: 'team-a' };
    expect(failure(requestAs(sim, JANE, list))).toMatchObject({ code: 403, message: 'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "team-a"' });
    ok(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'team-a', body: binding('jane-view', 'team-a', 'view', 'jane') }));
    ok(requestAs(sim, JANE, list));
    // Only in its own namespace.
    expect(requestAs(sim, JANE, { verb: 'list', resource: 'pods', namespace: 'kube-system' }).ok).toBe(false);
    ok(sim.request({ verb: 'delete', resource: 'rolebindings', namespace: 'team-a', name: 'jane-view' }));
    expect(failure(requestAs(sim, JANE, list)).code).toBe(403);
  });

  it('follows a binding to a Role in the namespace, and group and ServiceAccount subjects', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'roles', namespace: 'default', body: role('cm-reader', 'default', [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['settings'] }]) }));
    const rb = binding('cm', 'default', 'cm-reader', 'unused', 'Role');
    rb['subjects'] = [
      { kind: 'Group', name: 'readers' },
      { kind: 'ServiceAccount', name: 'robot' },
    ];
    const created = ok(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body: rb })) as RoleBinding;
    // Defaulting: the group subject gains the RBAC group.
    expect(created.subjects![0]).toEqual({ kind: 'Group', name: 'readers', apiGroup: 'rbac.authorization.k8s.io' });
    const bob = { name: 'bob', groups: ['readers', 'system:authenticated'] };
    // Authorized reads of an absent ConfigMap are 404s; refused ones 403s.
    const get = (name: string) => ({ verb: 'get' as const, resource: 'configmaps', namespace: 'default', name });
    expect(failure(requestAs(sim, bob, get('settings'))).code).toBe(404);
    // resourceNames: only the named object.
    expect(failure(requestAs(sim, bob, get('other'))).code).toBe(403);
    // A ServiceAccount subject without a namespace is one of the binding's namespace.
    const robot = { name: 'system:serviceaccount:default:robot', groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] };
    expect(failure(requestAs(sim, robot, get('settings'))).code).toBe(404);
  });
});

describe('escalation prevention', () => {
  it('refuses a Role or binding that grants more than its creator holds, with the registry message', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('jane-admin', 'default', 'admin', 'jane') }));
    ok(requestAs(sim, JANE, { verb: 'create', resource: 'roles', namespace: 'default', body: role('pod-reader', 'default', [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }]) }));
    const nodes = requestAs(sim, JANE, { verb: 'create', resource: 'roles', namespace: 'default', body: role('nodes', 'default', [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['nodes', 'pods'] }]) });
    expect(failure(nodes)).toMatchObject({
      code: 403,
      reason: 'Forbidden',
      message: 'roles.rbac.authorization.k8s.io "nodes" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["nodes"], Verbs:["get" "delete"]}',
    });
    const root = requestAs(sim, JANE, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('root', 'default', 'cluster-admin', 'jane') });
    expect(failure(root).message).toBe(
      'rolebindings.rbac.authorization.k8s.io "root" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n{NonResourceURLs:["*"], Verbs:["*"]}',
    );
    // A binding to a role that does not exist.
    const missing = requestAs(sim, JANE, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('ghost', 'default', 'ghost', 'jane', 'Role') });
    expect(failure(missing)).toMatchObject({ code: 404, message: 'roles.rbac.authorization.k8s.io "ghost" not found' });
  });

  it('lets `escalate` and `bind` through, and system:masters always', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('jane-admin', 'default', 'admin', 'jane') }));
    ok(sim.request({ verb: 'create', resource: 'roles', namespace: 'default', body: role('powers', 'default', [{ verbs: ['escalate', 'bind'], apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles', 'clusterroles'] }]) }));
    ok(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('jane-powers', 'default', 'powers', 'jane', 'Role') }));
    ok(requestAs(sim, JANE, { verb: 'create', resource: 'roles', namespace: 'default', body: role('nodes', 'default', [{ verbs: ['get'], apiGroups: [''], resources: ['nodes'] }]) }));
    ok(requestAs(sim, JANE, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('root', 'default', 'cluster-admin', 'jane') }));
    const masters = { name: 'ops', groups: ['system:masters', 'system:authenticated'] };
    ok(requestAs(sim, masters, { verb: 'create', resource: 'clusterrolebindings', body: binding('ops-root', undefined, 'cluster-admin', 'x') }));
  });
});

describe('validation', () => {
  it('checks rules, subjects and the fixed roleRef', () => {
    const sim = cluster();
    const bad = failure(sim.request({ verb: 'create', resource: 'roles', namespace: 'default', body: role('bad', 'default', [{ verbs: [], resources: ['pods'] }, { verbs: ['get'], nonResourceURLs: ['/healthz'] }]) }));
    expect(bad.message).toBe(
      'Role.rbac.authorization.k8s.io "bad" is invalid: [rules[0].verbs: Required value: verbs must contain at least one value, rules[0].apiGroups: Required value: resource rules must supply at least one api group, rules[1].nonResourceURLs: Invalid value: ["/healthz"]: namespaced rules cannot apply to non-resource URLs]',
    );
    const created = ok(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('b', 'default', 'view', 'jane') }));
    const changed = { ...created, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' } };
    expect(failure(sim.request({ verb: 'update', resource: 'rolebindings', namespace: 'default', name: 'b', body: changed as KObject })).message).toContain('roleRef: Invalid value: {"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"edit"}: cannot change roleRef');
    const crb = binding('c', undefined, 'view', 'x', 'Role');
    expect(failure(sim.request({ verb: 'create', resource: 'clusterrolebindings', body: crb })).message).toContain('roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"');
  });
});

describe('the ClusterRole aggregation controller', () => {
  it('copies a labelled ClusterRole into the aggregated one', () => {
    const sim = cluster();
    const extra: KObject = {
      apiVersion: RBAC,
      kind: 'ClusterRole',
      metadata: { name: 'crontab-reader', labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } },
      rules: [{ verbs: ['get'], apiGroups: ['stable.example.com'], resources: ['crontabs'] }],
    };
    ok(sim.request({ verb: 'create', resource: 'clusterroles', body: extra }));
    sim.advance(2_000);
    const view = ok(sim.request({ verb: 'get', resource: 'clusterroles', name: 'view' })) as ClusterRole;
    expect(view.rules).toContainEqual({ verbs: ['get'], apiGroups: ['stable.example.com'], resources: ['crontabs'] });
    // view is aggregated into edit, edit into admin.
    const admin = ok(sim.request({ verb: 'get', resource: 'clusterroles', name: 'admin' })) as ClusterRole;
    expect(admin.rules).toContainEqual({ verbs: ['get'], apiGroups: ['stable.example.com'], resources: ['crontabs'] });
    const updates = worldOf(sim).trace.records.filter((r) => r.from === 'clusterrole-aggregation-controller' && r.kind === 'request');
    expect(updates.length).toBe(3);
  });
});
