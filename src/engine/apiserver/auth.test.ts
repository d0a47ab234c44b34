import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../k8s/types';
import { CONTROLLERS } from '../controllers/registry';
import { authorize, controllerUser, CONTROLLER_MANAGER_USER, CSI_DRIVER_USER, impersonate, JANE, KUBE_PROXY_USER, nodeUser, SCHEDULER_USER, type UserInfo } from './auth';
import type { RoleBinding } from '../../k8s/rbac';
import { bootedCluster, deployment, failure, ok, requestAs } from './apiserver.testing';
import { worldOf } from '../simulation';

const cluster = bootedCluster();

describe('RBAC for the learner identity jane', () => {
  it('lets jane read in default and nothing else, with forbiddenMessage text', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') }));
    expect(requestAs(sim, JANE, { verb: 'list', resource: 'pods', namespace: 'default' }).ok).toBe(true);
    expect(requestAs(sim, JANE, { verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' }).ok).toBe(true);
    expect(requestAs(sim, JANE, { verb: 'get', resource: 'namespaces', name: 'default' }).ok).toBe(true);
    const denied: [Parameters<typeof requestAs>[2], string][] = [
      [{ verb: 'list', resource: 'pods', namespace: 'kube-system' }, 'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "kube-system"'],
      [{ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('mine') }, 'deployments.apps is forbidden: User "jane" cannot create resource "deployments" in API group "apps" in the namespace "default"'],
      [{ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'web' }, 'deployments.apps "web" is forbidden: User "jane" cannot delete resource "deployments" in API group "apps" in the namespace "default"'],
      [{ verb: 'list', resource: 'secrets', namespace: 'default' }, 'secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"'],
      [{ verb: 'list', resource: 'nodes' }, 'nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope'],
      [{ verb: 'get', resource: 'namespaces', name: 'kube-system' }, 'namespaces "kube-system" is forbidden: User "jane" cannot get resource "namespaces" in API group "" in the namespace "kube-system"'],
      [{ verb: 'patch', resource: 'deployments', subresource: 'scale', namespace: 'default', name: 'web', body: { spec: { replicas: 3 } } as never }, 'deployments.apps "web" is forbidden: User "jane" cannot patch resource "deployments/scale" in API group "apps" in the namespace "default"'],
    ];
    for (const [req, message] of denied) expect(failure(requestAs(sim, JANE, req))).toMatchObject({ code: 403, reason: 'Forbidden', message });
    const authz = worldOf(sim).trace.records.filter((r) => r.kind === 'authz').at(-1)!;
    expect(authz.summary).toBe('RBAC: denied patch deployments/scale');
  });

  it('impersonates users and ServiceAccounts as kubectl --as does', () => {
    expect(impersonate({ user: 'jane' })).toEqual(JANE);
    expect(impersonate({ user: 'system:serviceaccount:kube-system:deployment-controller' })).toEqual(controllerUser('deployment-controller'));
    expect(impersonate({ user: 'bob', groups: ['developers'] })).toEqual({ name: 'bob', groups: ['developers', 'system:authenticated'] });
    expect(impersonate({ user: 'bob', groups: ['system:authenticated'], uid: '42' })).toEqual({ name: 'bob', groups: ['system:authenticated'], uid: '42' });
    expect(authorize(worldOf(cluster()), impersonate({ user: 'bob' }), 'list', '', 'pods', 'default')).toBe(false);
  });
});

describe('RBAC for the cluster components', () => {
  const w = worldOf(cluster());
  const can = (u: UserInfo, verb: string, group: string, resource: string, ns?: string, name?: string): boolean => authorize(w, u, verb, group, resource, ns, name);

  it('gives kube-scheduler its bootstrap roles: its own Lease anywhere, any Lease in kube-system', () => {
    expect(can(SCHEDULER_USER, 'create', '', 'pods/binding', 'default', 'web')).toBe(true);
    expect(can(SCHEDULER_USER, 'list', '', 'nodes')).toBe(true);
    expect(can(SCHEDULER_USER, 'update', '', 'persistentvolumeclaims', 'default', 'data')).toBe(true);
    expect(can(SCHEDULER_USER, 'update', 'coordination.k8s.io', 'leases', 'default', 'kube-scheduler')).toBe(true);
    expect(can(SCHEDULER_USER, 'update', 'coordination.k8s.io', 'leases', 'default', 'kube-controller-manager')).toBe(false);
    // The RoleBinding system::leader-locking-kube-scheduler grants every Lease of kube-system.
    expect(can(SCHEDULER_USER, 'update', 'coordination.k8s.io', 'leases', 'kube-system', 'kube-controller-manager')).toBe(true);
    expect(can(SCHEDULER_USER, 'create', 'apps', 'deployments', 'default')).toBe(false);
  });

  it('runs each controller with only its own ServiceAccount role', () => {
    const rs = controllerUser('replicaset-controller');
    expect(can(rs, 'create', '', 'pods', 'default')).toBe(true);
    expect(can(rs, 'update', 'apps', 'replicasets/status', 'default', 'web')).toBe(true);
    expect(can(rs, 'delete', 'apps', 'deployments', 'default', 'web')).toBe(false);
    expect(can(controllerUser('namespace-controller'), 'update', '', 'namespaces/finalize', undefined, 'team')).toBe(true);
    expect(can(controllerUser('node-controller'), 'patch', '', 'nodes', undefined, 'node-1')).toBe(true);
    expect(can(controllerUser('generic-garbage-collector'), 'delete', 'discovery.k8s.io', 'endpointslices', 'default', 'x')).toBe(true);
    expect(can(controllerUser('made-up-controller'), 'get', '', 'pods', 'default', 'x')).toBe(false);
    expect(can(CONTROLLER_MANAGER_USER, 'list', 'apps', 'deployments')).toBe(true);
    expect(can(CONTROLLER_MANAGER_USER, 'delete', 'apps', 'deployments', 'default', 'x')).toBe(false);
  });

  it('has a role binding for every controller kube-controller-manager runs', () => {
    const bound = new Set<string>();
    // bootstrapsigner and tokencleaner are bound by RoleBindings in kube-system and kube-public.
    for (const r of ['clusterrolebindings', 'rolebindings']) {
      for (const o of w.etcd.kv.get(r)!.values()) for (const s of (o as RoleBinding).subjects ?? []) if (s.kind === 'ServiceAccount') bound.add(`system:serviceaccount:${s.namespace}:${s.name}`);
    }
    for (const def of CONTROLLERS) {
      // The token controller runs as kube-controller-manager itself, whose ClusterRole lets it fill and delete token Secrets.
      if (def.rootClient) {
        for (const verb of ['get', 'update', 'delete']) expect(can(CONTROLLER_MANAGER_USER, verb, '', 'secrets', 'default', 'x'), `${def.actor} ${verb}`).toBe(true);
        continue;
      }
      expect(bound.has(controllerUser(def.serviceAccount ?? def.actor).name), def.actor).toBe(true);
    }
  });

  it('lets nodes, kube-proxy and the CSI driver do their jobs', () => {
    const node = nodeUser('node-1');
    expect(can(node, 'update', '', 'pods/status', 'default', 'web')).toBe(true);
    expect(can(node, 'create', 'coordination.k8s.io', 'leases', 'kube-node-lease')).toBe(true);
    expect(can(node, 'get', '', 'secrets', 'default', 's')).toBe(true);
    expect(can(node, 'update', '', 'pods', 'default', 'web')).toBe(false);
    expect(can(KUBE_PROXY_USER, 'list', 'discovery.k8s.io', 'endpointslices')).toBe(true);
    expect(can(KUBE_PROXY_USER, 'get', '', 'services', 'default', 'web')).toBe(false);
    expect(can(CSI_DRIVER_USER, 'create', '', 'persistentvolumes')).toBe(true);
    expect(can(CSI_DRIVER_USER, 'delete', '', 'pods', 'default', 'x')).toBe(false);
  });

  it('never denies a component while a workload runs', () => {
    const sim = cluster();
    const d = deployment('web', { replicas: 3 }) as Deployment;
    d.spec.template.spec.schedulerName = undefined;
    ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: d }));
    ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } } as never }));
    sim.advance(60_000);
    expect(sim.objects('pods').filter((p) => p.metadata.namespace === 'default').length).toBe(3);
    const denials = worldOf(sim).trace.records.filter((r) => (r.kind === 'authz' && r.summary.startsWith('RBAC: denied')) || r.summary.includes('is forbidden'));
    expect(denials.map((r) => `${r.from}: ${r.summary}`)).toEqual([]);
  });
});

describe('impersonation (kubectl --as)', () => {
  it('authorizes impersonate for the requestor, then runs the request as the impersonated user', () => {
    const sim = cluster();
    const asJane = sim.request({ verb: 'delete', resource: 'nodes', name: 'node-1', dryRun: true, impersonate: { user: 'jane' } });
    expect(failure(asJane)).toMatchObject({ code: 403, message: 'nodes "node-1" is forbidden: User "jane" cannot delete resource "nodes" in API group "" at the cluster scope' });
    ok(sim.request({ verb: 'delete', resource: 'nodes', name: 'node-1', dryRun: true, impersonate: { user: 'jane', groups: ['system:masters'] } }));
    const chained = requestAs(sim, JANE, { verb: 'list', resource: 'pods', namespace: 'default', impersonate: { user: 'bob' } });
    expect(failure(chained)).toMatchObject({ code: 403, message: 'users "bob" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope' });
    const sa = requestAs(sim, JANE, { verb: 'list', resource: 'pods', namespace: 'default', impersonate: { user: 'system:serviceaccount:default:default' } });
    expect(failure(sa)).toMatchObject({ message: 'serviceaccounts "default" is forbidden: User "jane" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "default"' });
    const summaries = worldOf(sim).trace.records.filter((r) => r.kind === 'authn' || r.kind === 'authz').map((r) => r.summary);
    expect(summaries).toContain('impersonation: "kubernetes-admin" acts as "jane"');
  });
});
