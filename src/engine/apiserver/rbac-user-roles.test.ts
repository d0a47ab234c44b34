/**
 * The user-facing roles against upstream's bootstrap policy as kube-apiserver stores it
 * (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/testdata/cluster-roles.yaml): every list in a
 * rule sorted, the rules in policy.go's order, and admin, edit and view gathered by the
 * aggregation controller from the roles their selectors match, by name.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { ClusterRole, PolicyRule } from '../../k8s/rbac';
import { bootedCluster, failure, ok, requestAs } from './apiserver.testing';

const cluster = bootedCluster();

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const READ_WRITE = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const rule = (verbs: string[], group: string, resources: string[]): PolicyRule => ({ verbs, apiGroups: [group], resources });

const AGGREGATE_TO_ADMIN = [rule(['create'], 'authorization.k8s.io', ['localsubjectaccessreviews']), rule(READ_WRITE, 'rbac.authorization.k8s.io', ['rolebindings', 'roles'])];

const AGGREGATE_TO_EDIT = [
  rule(READ, '', ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy']),
  rule(['impersonate'], '', ['serviceaccounts']),
  rule(WRITE, '', ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy']),
  rule(['create'], '', ['pods/eviction']),
  rule(WRITE, '', ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy']),
  rule(['create'], '', ['serviceaccounts/token']),
  rule(WRITE, 'apps', ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale']),
  rule(WRITE, 'autoscaling', ['horizontalpodautoscalers']),
  rule(WRITE, 'batch', ['cronjobs', 'jobs']),
  rule(WRITE, 'extensions', ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale']),
  rule(WRITE, 'policy', ['poddisruptionbudgets']),
  rule(WRITE, 'networking.k8s.io', ['ingresses', 'networkpolicies']),
  rule(READ_WRITE, 'coordination.k8s.io', ['leases']),
];

const AGGREGATE_TO_VIEW = [
  rule(READ, '', ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status']),
  rule(READ, '', ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status']),
  rule(READ, '', ['namespaces']),
  rule(READ, 'discovery.k8s.io', ['endpointslices']),
  rule(READ, 'apps', ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status']),
  rule(READ, 'autoscaling', ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
  rule(READ, 'batch', ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']),
  rule(READ, 'extensions', ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale']),
  rule(READ, 'policy', ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
  rule(READ, 'networking.k8s.io', ['ingresses', 'ingresses/status', 'networkpolicies']),
];

const rulesOf = (sim: ReturnType<typeof cluster>, name: string): ClusterRole['rules'] => (ok(sim.request({ verb: 'get', resource: 'clusterroles', name })) as ClusterRole).rules;

describe("the user-facing roles, as upstream's bootstrap policy stores them", () => {
  it('holds the aggregate-to-* parts rule for rule, each list sorted', () => {
    const sim = cluster();
    expect(rulesOf(sim, 'system:aggregate-to-admin')).toEqual(AGGREGATE_TO_ADMIN);
    expect(rulesOf(sim, 'system:aggregate-to-edit')).toEqual(AGGREGATE_TO_EDIT);
    expect(rulesOf(sim, 'system:aggregate-to-view')).toEqual(AGGREGATE_TO_VIEW);
    expect(rulesOf(sim, 'cluster-admin')).toEqual([{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, { verbs: ['*'], nonResourceURLs: ['*'] }]);
  });

  it('gathers admin, edit and view from the roles they select, ordered by role name', () => {
    const sim = cluster();
    expect(rulesOf(sim, 'view')).toEqual(AGGREGATE_TO_VIEW);
    // system:aggregate-to-edit sorts before view; edit before system:aggregate-to-admin.
    expect(rulesOf(sim, 'edit')).toEqual([...AGGREGATE_TO_EDIT, ...AGGREGATE_TO_VIEW]);
    expect(rulesOf(sim, 'admin')).toEqual([...AGGREGATE_TO_EDIT, ...AGGREGATE_TO_VIEW, ...AGGREGATE_TO_ADMIN]);
  });

  it("lets an edit RoleBinding write Events and Leases but not add ephemeral containers", () => {
    const sim = cluster();
    const body: KObject = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'bob-edit', namespace: 'default' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }],
    };
    ok(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body }));
    const bob = { name: 'bob', groups: ['system:authenticated'] };
    const event: KObject = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'note', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'x', namespace: 'default' }, reason: 'Noted', message: 'm', type: 'Normal' };
    ok(requestAs(sim, bob, { verb: 'create', resource: 'events', namespace: 'default', body: event }));
    const lease: KObject = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'app-leader', namespace: 'default' }, spec: { holderIdentity: 'app-0' } };
    ok(requestAs(sim, bob, { verb: 'create', resource: 'leases', namespace: 'default', body: lease }));
    // Upstream keeps pods/ephemeralcontainers out of edit and admin on purpose (kubernetes#109332).
    const debug = requestAs(sim, bob, { verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: 'x', body: {} as KObject });
    expect(failure(debug)).toMatchObject({ code: 403, message: 'pods "x" is forbidden: User "bob" cannot patch resource "pods/ephemeralcontainers" in API group "" in the namespace "default"' });
  });
});
