import { beforeAll, describe, expect, it } from 'vitest';
import type { Deployment, KObject, Pod, ReplicaSet } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { bind, create, deployment, fakeNode, get, podSpec, pods, waitFor } from '../controllers.testing';

const rsOf = (sim: Simulation, d: string): ReplicaSet[] => sim.objects<ReplicaSet>('replicasets').filter((r) => r.metadata.ownerReferences?.some((o) => o.name === d));

describe('garbage collector', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  function withDeployment(name: string): { sim: Simulation; rs: ReplicaSet } {
    const sim = Simulation.fromSnapshot(base.snapshot());
    create(sim, 'deployments', deployment(name, 2));
    waitFor(sim, 'pods', () => rsOf(sim, name).length === 1 && pods(sim, rsOf(sim, name)[0]!.metadata.uid).length === 2);
    sim.advance(1000);
    return { sim, rs: rsOf(sim, name)[0]! };
  }

  it('Background: deleting a Deployment deletes its ReplicaSet, then its Pods', () => {
    const { sim, rs } = withDeployment('bg');
    sim.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'bg', propagationPolicy: 'Background' });
    waitFor(sim, 'cascade', () => !get(sim, 'replicasets', rs.metadata.name!) && pods(sim, rs.metadata.uid).length === 0);
    expect(get(sim, 'deployments', 'bg')).toBeUndefined();
  });

  it('Orphan: the dependents stay, without the ownerReference', () => {
    const sim = Simulation.fromSnapshot(base.snapshot());
    const rs = create<ReplicaSet>(sim, 'replicasets', {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'orph' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'orph' } }, template: { metadata: { labels: { app: 'orph' } }, spec: podSpec() } },
    });
    waitFor(sim, 'pods', () => pods(sim, rs.metadata.uid).length === 2);
    const before = pods(sim, rs.metadata.uid).map((p) => p.metadata.name);
    sim.request({ verb: 'delete', resource: 'replicasets', namespace: 'default', name: 'orph', propagationPolicy: 'Orphan' });
    expect(get<ReplicaSet>(sim, 'replicasets', 'orph')!.metadata.finalizers).toEqual(['orphan']);
    waitFor(sim, 'rs gone', () => !get(sim, 'replicasets', 'orph'));
    sim.advance(2000);
    for (const name of before) {
      const p = get<Pod>(sim, 'pods', name!);
      expect(p).toBeDefined();
      expect(p!.metadata.deletionTimestamp).toBeUndefined();
      expect(p!.metadata.ownerReferences ?? []).toEqual([]);
    }
  });

  it('takes only its own finalizer off, leaving the others (a merge patch of the rest)', () => {
    const sim = Simulation.fromSnapshot(base.snapshot());
    create(sim, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept', finalizers: ['example.com/keep'] }, data: {} });
    sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'kept', propagationPolicy: 'Orphan' });
    expect(get(sim, 'configmaps', 'kept')!.metadata.finalizers).toEqual(['example.com/keep', 'orphan']);
    waitFor(sim, 'orphan finalizer gone', () => get(sim, 'configmaps', 'kept')!.metadata.finalizers?.length === 1);
    expect(get(sim, 'configmaps', 'kept')!.metadata.finalizers).toEqual(['example.com/keep']);
  });

  it('Foreground: the owner waits, with foregroundDeletion, until its blocking dependents are gone', () => {
    const { sim, rs } = withDeployment('fg');
    fakeNode(sim, 'dead-1');
    // Bound to a Node without a kubelet, the Pods stay Terminating once deleted.
    for (const p of pods(sim, rs.metadata.uid)) bind(sim, p, 'dead-1');
    sim.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'fg', propagationPolicy: 'Foreground' });
    waitFor(sim, 'pods terminating', () => pods(sim, rs.metadata.uid).every((p) => !!p.metadata.deletionTimestamp));
    sim.advance(5000);
    const d = get<Deployment>(sim, 'deployments', 'fg')!;
    expect(d.metadata.deletionTimestamp).toBeDefined();
    expect(d.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(get<ReplicaSet>(sim, 'replicasets', rs.metadata.name!)!.metadata.finalizers).toEqual(['foregroundDeletion']);
    for (const p of pods(sim, rs.metadata.uid)) sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: p.metadata.name, gracePeriodSeconds: 0 });
    waitFor(sim, 'owners gone', () => !get(sim, 'deployments', 'fg') && !get(sim, 'replicasets', rs.metadata.name!));
  });

  it('takes a deleted owner out of a dependent that has another, by uid', () => {
    const sim = Simulation.fromSnapshot(base.snapshot());
    const owner = (name: string): { apiVersion: string; kind: string; name: string; uid: string } => {
      const o = create<KObject>(sim, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: {} });
      return { apiVersion: 'v1', kind: 'ConfigMap', name, uid: o.metadata.uid! };
    };
    const [a, b] = [owner('owner-a'), owner('owner-b')];
    create(sim, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared', ownerReferences: [a, b] }, data: {} });
    sim.advance(1000);
    sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'owner-b' });
    waitFor(sim, 'b dropped', () => get(sim, 'configmaps', 'shared')?.metadata.ownerReferences?.length === 1);
    expect(get(sim, 'configmaps', 'shared')!.metadata.ownerReferences).toEqual([a]);
  });

  it('deletes an object whose owner never existed', () => {
    const sim = Simulation.fromSnapshot(base.snapshot());
    create(sim, 'configmaps', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'leftover', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'ghost', uid: '00000000-0000-4000-8000-000000000000' }] },
      data: {},
    });
    waitFor(sim, 'collected', () => !get(sim, 'configmaps', 'leftover'));
  });
});
