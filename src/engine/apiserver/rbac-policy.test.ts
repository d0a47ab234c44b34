/**
 * The bootstrap policy as a booted cluster stores it, against upstream's own record of it: the
 * testdata YAML of plugin/pkg/auth/authorizer/rbac/bootstrappolicy, copied to
 * testdata/bootstrappolicy (each file names its commit). Every role, rule (in order), label,
 * annotation, aggregationRule, binding and subject must match; nothing else may carry the
 * bootstrapping label. kubeadm's and the add-ons' objects are checked by name and subject.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { ClusterRole, RoleBinding } from '../../k8s/rbac';
import { bootedCluster } from './apiserver.testing';

const sim = bootedCluster()();

type Listed = ClusterRole & RoleBinding;

function testdata(file: string): Listed[] {
  return (parse(readFileSync(join(__dirname, 'testdata', 'bootstrappolicy', file), 'utf8')) as { items: Listed[] }).items;
}

const key = (o: KObject): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;

/** What upstream's YAML records of an object. An aggregated role's rules are the aggregation controller's, not the policy's. */
function recorded(o: Listed): Record<string, unknown> {
  const { name, namespace, labels, annotations } = o.metadata;
  return {
    name,
    namespace,
    labels,
    annotations,
    aggregationRule: o.aggregationRule,
    rules: o.aggregationRule ? undefined : (o.rules ?? undefined),
    roleRef: o.roleRef,
    subjects: o.subjects,
  };
}

function stored(resource: string): Map<string, Listed> {
  return new Map(sim.objects<Listed>(resource).map((o) => [key(o), o]));
}

function expectRecorded(resource: string, want: Listed[]): void {
  const have = stored(resource);
  for (const w of want) {
    const got = have.get(key(w));
    expect(got && recorded(got), `${resource} ${key(w)}`).toEqual(recorded(w));
  }
  // Only these carry the bootstrapping label: kubeadm's and the add-ons' objects have none.
  const labelled = [...have.values()].filter((o) => o.metadata.labels?.['kubernetes.io/bootstrapping'] === 'rbac-defaults').map(key);
  expect(labelled.sort()).toEqual(want.map(key).sort());
}

describe("the bootstrap policy against upstream's testdata", () => {
  it('stores every ClusterRole of cluster-roles.yaml and controller-roles.yaml, rule for rule', () => {
    expectRecorded('clusterroles', [...testdata('cluster-roles.yaml'), ...testdata('controller-roles.yaml')]);
    // Aggregated at once (rbac-bootstrap.ts), so admin, edit and view are never empty.
    for (const name of ['admin', 'edit', 'view']) expect(stored('clusterroles').get(`/${name}`)?.rules?.length, name).toBeGreaterThan(0);
  });

  it('stores the ClusterRoleBindings of cluster-role-bindings.yaml, and one per controller role to its ServiceAccount', () => {
    // addControllerRole: controller-role-bindings.yaml is this, item for item.
    const controllerBindings = testdata('controller-roles.yaml').map((role) => {
      const name = role.metadata.name!;
      return {
        metadata: { name, labels: role.metadata.labels, annotations: role.metadata.annotations },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
        subjects: [{ kind: 'ServiceAccount', name: name.slice('system:controller:'.length), namespace: 'kube-system' }],
      } as Listed;
    });
    expectRecorded('clusterrolebindings', [...testdata('cluster-role-bindings.yaml'), ...controllerBindings]);
  });

  it('stores the Roles and RoleBindings of namespace-roles.yaml and namespace-role-bindings.yaml', () => {
    expectRecorded('roles', testdata('namespace-roles.yaml'));
    expectRecorded('rolebindings', testdata('namespace-role-bindings.yaml'));
  });
});

describe("kubeadm's and the add-ons' RBAC objects", () => {
  const subjectsOf = (resource: string, k: string): string[] => (stored(resource).get(k)?.subjects ?? []).map((s) => `${s.kind}:${s.namespace ? `${s.namespace}/` : ''}${s.name}`);
  const TOKENS = 'Group:system:bootstrappers:kubeadm:default-node-token';

  it("lets a joining node's bootstrap token read what `kubeadm join` reads, and its CSRs be approved", () => {
    expect(subjectsOf('clusterrolebindings', '/kubeadm:get-nodes')).toEqual([TOKENS]);
    expect(subjectsOf('clusterrolebindings', '/kubeadm:kubelet-bootstrap')).toEqual([TOKENS]);
    expect(subjectsOf('clusterrolebindings', '/kubeadm:node-autoapprove-bootstrap')).toEqual([TOKENS]);
    expect(subjectsOf('clusterrolebindings', '/kubeadm:node-autoapprove-certificate-rotation')).toEqual(['Group:system:nodes']);
    expect(subjectsOf('rolebindings', 'kube-public/kubeadm:bootstrap-signer-clusterinfo')).toEqual(['User:system:anonymous']);
    expect(subjectsOf('rolebindings', 'kube-system/kubeadm:nodes-kubeadm-config')).toEqual([TOKENS, 'Group:system:nodes']);
    expect(subjectsOf('rolebindings', 'kube-system/kubeadm:kubelet-config')).toEqual(['Group:system:nodes', TOKENS]);
    expect(subjectsOf('rolebindings', 'kube-system/kube-proxy')).toEqual([TOKENS]);
    expect(stored('roles').get('kube-system/kubeadm:nodes-kubeadm-config')?.rules).toEqual([{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['kubeadm-config'] }]);
    expect(stored('clusterroles').get('/kubeadm:get-nodes')?.rules).toEqual([{ verbs: ['get'], apiGroups: [''], resources: ['nodes'] }]);
  });

  it('counts what a kind cluster lists: the policy, then kubeadm, CoreDNS, the CSI driver and kindnet', () => {
    expect(sim.objects('clusterroles').length).toBe(31 + 38 + 5);
    expect(sim.objects('clusterrolebindings').length).toBe(12 + 38 + 10);
    expect(sim.objects('roles').length).toBe(7 + 5);
    expect(sim.objects('rolebindings').length).toBe(7 + 6);
  });
});
