import { beforeAll, describe, expect, it } from 'vitest';
import type { KObject, Namespace, Pod } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { bind, create, deployment, fakeNode, get, podSpec, pods, waitFor } from '../controllers.testing';

const ns = (name: string): Namespace => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });

describe('namespace-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('deletes everything in a Terminating namespace, then the namespace itself', () => {
    const sim = fresh();
    create(sim, 'namespaces', ns('team-a'), undefined);
    create(sim, 'deployments', deployment('web', 2), 'team-a');
    create<KObject>(sim, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { a: '1' } }, 'team-a');
    waitFor(sim, 'pods', () => pods(sim, undefined, 'team-a').length === 2);
    const res = sim.request({ verb: 'delete', resource: 'namespaces', name: 'team-a' });
    expect(res.ok).toBe(true);
    const terminating = get<Namespace>(sim, 'namespaces', 'team-a', undefined)!;
    expect(terminating.status?.phase).toBe('Terminating');
    expect(terminating.metadata.deletionTimestamp).toBeDefined();
    expect(terminating.spec?.finalizers).toEqual(['kubernetes']);
    // Deleting it again is refused, as kube-apiserver does.
    const again = sim.request({ verb: 'delete', resource: 'namespaces', name: 'team-a' });
    expect(!again.ok && again.error.message).toBe(
      'Operation cannot be fulfilled on namespaces "team-a": The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.',
    );
    // New content is refused while it terminates.
    const refused = sim.request({ verb: 'create', resource: 'configmaps', namespace: 'team-a', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'late' } } });
    expect(refused.ok).toBe(false);
    waitFor(sim, 'namespace gone', () => !get(sim, 'namespaces', 'team-a', undefined), 120_000);
    for (const r of ['deployments', 'replicasets', 'pods', 'configmaps', 'serviceaccounts', 'events']) {
      expect(sim.objects(r).filter((o) => o.metadata.namespace === 'team-a')).toEqual([]);
    }
  });

  it('stays Terminating, saying what remains, while a Pod cannot finish', () => {
    const sim = fresh();
    create(sim, 'namespaces', ns('team-b'), undefined);
    fakeNode(sim, 'dead-2');
    const pod = create<Pod>(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stuck' }, spec: podSpec() }, 'team-b');
    bind(sim, pod, 'dead-2');
    sim.request({ verb: 'delete', resource: 'namespaces', name: 'team-b' });
    sim.advance(10_000);
    const n = get<Namespace>(sim, 'namespaces', 'team-b', undefined)!;
    expect(n.status?.phase).toBe('Terminating');
    const conditions = (n.status as { conditions?: { type: string; status: string; reason: string; message: string }[] }).conditions ?? [];
    expect(conditions.find((c) => c.type === 'NamespaceContentRemaining')).toMatchObject({ status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: pods. has 1 resource instances' });
    expect(conditions.find((c) => c.type === 'NamespaceDeletionDiscoveryFailure')).toMatchObject({ status: 'False', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' });
    expect(get<Pod>(sim, 'pods', 'stuck', 'team-b')!.metadata.deletionTimestamp).toBeDefined();
    // Once the Pod is gone (force-deleted here), the namespace finishes.
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'team-b', name: 'stuck', gracePeriodSeconds: 0 });
    waitFor(sim, 'namespace gone', () => !get(sim, 'namespaces', 'team-b', undefined), 120_000);
  });
});
