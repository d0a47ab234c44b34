import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomResourceDefinition } from '../../../k8s/apiextensions';
import type { ClusterRole, ClusterRoleBinding } from '../../../k8s/rbac';
import type { Deployment, KObject } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { advance, create, deployment, eventMessages, get } from '../controllers.testing';

const FOO_CRD: CustomResourceDefinition = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'foos.samplecontroller.k8s.io' },
  spec: {
    group: 'samplecontroller.k8s.io',
    scope: 'Namespaced',
    names: { plural: 'foos', kind: 'Foo' },
    versions: [
      {
        name: 'v1alpha1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties: { deploymentName: { type: 'string' }, replicas: { type: 'integer', minimum: 1, maximum: 10 } } },
              status: { type: 'object', properties: { availableReplicas: { type: 'integer' } } },
            },
          },
        },
      },
    ],
  },
};

const ROLE: ClusterRole = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  metadata: { name: 'sample-controller' },
  rules: [
    { apiGroups: ['samplecontroller.k8s.io'], resources: ['foos', 'foos/status'], verbs: ['get', 'list', 'watch', 'update'] },
    { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch', 'create', 'update'] },
    { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch', 'update'] },
  ],
};

const BINDING: ClusterRoleBinding = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRoleBinding',
  metadata: { name: 'sample-controller' },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'sample-controller' },
  subjects: [{ kind: 'ServiceAccount', name: 'sample-controller', namespace: 'kube-system' }],
};

function foo(name: string, deploymentName: string, replicas?: number): KObject {
  return { apiVersion: 'samplecontroller.k8s.io/v1alpha1', kind: 'Foo', metadata: { name }, spec: { deploymentName, ...(replicas ? { replicas } : {}) } };
}

const deployments = (sim: Simulation): string[] => sim.objects<Deployment>('deployments').filter((d) => d.metadata.namespace === 'default').map((d) => d.metadata.name ?? '');

describe('sample-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    create(base, 'customresourcedefinitions', FOO_CRD, undefined);
    create(base, 'clusterroles', ROLE, undefined);
    create(base, 'clusterrolebindings', BINDING, undefined);
    advance(base, 100);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('does nothing until started, then makes the Foo\'s Deployment, owned by it, and reports its availability', () => {
    const sim = fresh();
    const f = create(sim, 'foos', foo('example-foo', 'example-foo', 2));
    advance(sim, 5000);
    expect(deployments(sim)).toEqual([]);
    expect(sim.setOptionalController('sample', true)).toEqual({ ok: true, message: 'sample-controller started' });
    advance(sim, 30_000);
    const d = get<Deployment>(sim, 'deployments', 'example-foo')!;
    expect(d.metadata.ownerReferences).toEqual([{ apiVersion: 'samplecontroller.k8s.io/v1alpha1', kind: 'Foo', name: 'example-foo', uid: f.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(d.spec.replicas).toBe(2);
    expect(d.spec.template.metadata?.labels).toEqual({ app: 'nginx', controller: 'example-foo' });
    expect(get(sim, 'foos', 'example-foo')!.status).toEqual({ availableReplicas: 2 });
    expect(eventMessages(sim, 'Synced')).toEqual(['Foo synced successfully']);
  });

  it('scales the Deployment to spec.replicas and refuses a Deployment it does not control', () => {
    const sim = fresh();
    sim.setOptionalController('sample', true);
    create(sim, 'foos', foo('f', 'f', 1));
    create(sim, 'deployments', deployment('taken', 1));
    create(sim, 'foos', foo('thief', 'taken'));
    advance(sim, 10_000);
    sim.request({ verb: 'patch', resource: 'foos', namespace: 'default', name: 'f', patchType: 'merge', body: { spec: { replicas: 3 } } as unknown as KObject });
    advance(sim, 10_000);
    expect(get<Deployment>(sim, 'deployments', 'f')!.spec.replicas).toBe(3);
    expect(eventMessages(sim, 'ErrResourceExists')).toEqual(['Resource "taken" already exists and is not managed by Foo']);
    expect(get<Deployment>(sim, 'deployments', 'taken')!.metadata.ownerReferences).toBeUndefined();
  });

  it('misses Foos while stopped and reconciles them all when started again (level-based)', () => {
    const sim = fresh();
    sim.setOptionalController('sample', true);
    advance(sim, 1000);
    expect(sim.setOptionalController('sample', false)).toEqual({ ok: true, message: 'sample-controller stopped' });
    create(sim, 'foos', foo('a', 'a'));
    create(sim, 'foos', foo('b', 'b'));
    advance(sim, 10_000);
    expect(deployments(sim)).toEqual([]);
    sim.setOptionalController('sample', true);
    advance(sim, 10_000);
    expect(deployments(sim).sort()).toEqual(['a', 'b']);
    expect(sim.optionalControllers()).toEqual(['sample']);
  });

  it('leaves the garbage collector to delete a deleted Foo\'s Deployment', () => {
    const sim = fresh();
    sim.setOptionalController('sample', true);
    create(sim, 'foos', foo('gone', 'gone'));
    advance(sim, 10_000);
    expect(deployments(sim)).toEqual(['gone']);
    sim.request({ verb: 'delete', resource: 'foos', namespace: 'default', name: 'gone' });
    advance(sim, 10_000);
    expect(deployments(sim)).toEqual([]);
  });

  it('lets the garbage collector take a deleted owner out of a Foo by JSON merge patch (custom resources refuse strategic ones)', () => {
    const sim = fresh();
    const owner = (name: string): { apiVersion: string; kind: string; name: string; uid: string } => {
      const o = create<KObject>(sim, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: {} });
      return { apiVersion: 'v1', kind: 'ConfigMap', name, uid: o.metadata.uid! };
    };
    const [a, b] = [owner('owner-a'), owner('owner-b')];
    create(sim, 'foos', { ...foo('shared', 'shared'), metadata: { name: 'shared', ownerReferences: [a, b] } });
    advance(sim, 1000);
    sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'owner-b' });
    advance(sim, 10_000);
    expect(get(sim, 'foos', 'shared')!.metadata.ownerReferences).toEqual([a]);
  });

  it('names the controllers it knows when asked for another', () => {
    expect(fresh().setOptionalController('nope', true)).toEqual({ ok: false, message: 'unknown controller "nope" (known: sample)' });
  });
});
