import { beforeAll, describe, expect, it } from 'vitest';
import type { KObject, Pod, ReplicaSet } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { create, deployment, eventMessages, get, patch, podSpec, pods, readyAll, setPodRunning, waitFor } from '../controllers.testing';

function replicaSet(name: string, replicas: number, minReadySeconds?: number): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name },
    spec: { replicas, ...(minReadySeconds ? { minReadySeconds } : {}), selector: { matchLabels: { tier: name } }, template: { metadata: { labels: { tier: name }, annotations: { note: 'kept' } }, spec: podSpec() } },
  };
}

const active = (ps: Pod[]): Pod[] => ps.filter((p) => !p.metadata.deletionTimestamp);

describe('replicaset-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('creates the missing Pods from the template, owned by the ReplicaSet', () => {
    const sim = fresh();
    const rs = create(sim, 'replicasets', replicaSet('frontend', 3));
    waitFor(sim, '3 pods', () => pods(sim, rs.metadata.uid).length === 3);
    sim.advance(2000);
    const ps = pods(sim, rs.metadata.uid);
    expect(ps).toHaveLength(3);
    for (const p of ps) {
      expect(p.metadata.name).toMatch(/^frontend-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(p.metadata.labels).toEqual({ tier: 'frontend' });
      expect(p.metadata.annotations).toEqual({ note: 'kept' });
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'frontend', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    }
    expect(eventMessages(sim, 'SuccessfulCreate').sort()).toEqual(ps.map((p) => `Created pod: ${p.metadata.name}`).sort());
    const status = get<ReplicaSet>(sim, 'replicasets', 'frontend')!.status!;
    expect(status).toMatchObject({ replicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1, terminatingReplicas: 0 });
    expect(status.readyReplicas).toBeUndefined();
  });

  it('counts ready and available Pods, honouring minReadySeconds', () => {
    const sim = fresh();
    const rs = create(sim, 'replicasets', replicaSet('web', 2, 10));
    waitFor(sim, '2 pods', () => pods(sim, rs.metadata.uid).length === 2);
    readyAll(sim, rs.metadata.uid!);
    waitFor(sim, 'ready', () => get<ReplicaSet>(sim, 'replicasets', 'web')!.status?.readyReplicas === 2);
    expect(get<ReplicaSet>(sim, 'replicasets', 'web')!.status?.availableReplicas).toBeUndefined();
    // Nothing else changes: only the controller's own requeue can make them available.
    waitFor(sim, 'available', () => get<ReplicaSet>(sim, 'replicasets', 'web')!.status?.availableReplicas === 2, 15_000);
  });

  it('scales down by deleting the least valuable Pods first', () => {
    const sim = fresh();
    const rs = create(sim, 'replicasets', replicaSet('api', 3));
    waitFor(sim, '3 pods', () => pods(sim, rs.metadata.uid).length === 3);
    const [a, b, c] = pods(sim, rs.metadata.uid);
    setPodRunning(sim, a!, '10.244.9.1', true);
    setPodRunning(sim, b!, '10.244.9.2', false);
    sim.advance(1000);
    patch(sim, 'replicasets', 'api', { spec: { replicas: 1 } });
    waitFor(sim, 'one active pod', () => active(pods(sim, rs.metadata.uid)).length === 1);
    // Pending (c) goes before Running-not-ready (b), which goes before Running-ready (a).
    expect(active(pods(sim, rs.metadata.uid)).map((p) => p.metadata.name)).toEqual([a!.metadata.name]);
    expect(eventMessages(sim, 'SuccessfulDelete').sort()).toEqual([`Deleted pod: ${b!.metadata.name}`, `Deleted pod: ${c!.metadata.name}`].sort());
  });

  it('adopts a matching orphan and releases a Pod whose labels stop matching', () => {
    const sim = fresh();
    // A non-controller owner stays through adoption and release: both patches merge ownerReferences by uid.
    const holder = create<KObject>(sim, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'holder' }, data: {} });
    const holderRef = { apiVersion: 'v1', kind: 'ConfigMap', name: 'holder', uid: holder.metadata.uid! };
    const orphan = create<Pod>(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stray', labels: { tier: 'cache' }, ownerReferences: [holderRef] }, spec: podSpec() });
    sim.advance(500);
    const rs = create(sim, 'replicasets', replicaSet('cache', 2));
    waitFor(sim, '2 pods', () => pods(sim, rs.metadata.uid).length === 2);
    sim.advance(1000);
    // The adopted reference comes first: a merged list puts the patch's new item in front.
    expect(get<Pod>(sim, 'pods', 'stray')!.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'cache', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true },
      holderRef,
    ]);
    expect(pods(sim, rs.metadata.uid)).toHaveLength(2);
    expect(eventMessages(sim, 'SuccessfulCreate')).toHaveLength(1);

    patch(sim, 'pods', orphan.metadata.name!, { metadata: { labels: { tier: 'debug' } } });
    waitFor(sim, 'released', () => (get<Pod>(sim, 'pods', 'stray')!.metadata.ownerReferences ?? []).length === 1);
    expect(get<Pod>(sim, 'pods', 'stray')!.metadata.ownerReferences).toEqual([holderRef]);
    waitFor(sim, 'replacement', () => pods(sim, rs.metadata.uid).length === 2 && eventMessages(sim, 'SuccessfulCreate').length === 2);
  });

  it('does not count Pods being deleted, and replaces them at once', () => {
    const sim = fresh();
    const rs = create(sim, 'replicasets', replicaSet('jobs', 2));
    waitFor(sim, '2 pods', () => pods(sim, rs.metadata.uid).length === 2);
    const victim = pods(sim, rs.metadata.uid)[0]!;
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: victim.metadata.name });
    waitFor(sim, 'replacement', () => active(pods(sim, rs.metadata.uid)).length === 2 && !pods(sim, rs.metadata.uid).some((p) => p.metadata.name === victim.metadata.name));
    sim.advance(3000);
    expect(active(pods(sim, rs.metadata.uid))).toHaveLength(2);
    expect(eventMessages(sim, 'SuccessfulCreate')).toHaveLength(3);
  });
});

describe('replicaset-controller client rate limit (--kube-api-qps 20, --kube-api-burst 30)', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('creates 2^31-1 replicas at 20 Pods a second after a burst of 30, and time keeps passing', () => {
    const sim = fresh();
    const start = sim.now;
    create(sim, 'deployments', deployment('huge', 2 ** 31 - 1));
    sim.advance(30_000);
    expect(sim.now).toBe(start + 30_000);
    const created = pods(sim).length;
    // 30 at once, then 30 more each time the bucket is full again (1.5 s) in what is left of the 30 s.
    expect(created % 30).toBe(0);
    expect(created).toBeGreaterThanOrEqual(30 + 30 * 19);
    expect(created).toBeLessThanOrEqual(30 + 30 * 20);
    expect(get<ReplicaSet>(sim, 'replicasets', pods(sim)[0]!.metadata.ownerReferences![0]!.name)!.status?.replicas).toBe(created);
  });

  it('brings 100 replicas up in 3.5 s: 30 at once, then a batch each time the bucket holds the rest or a burst', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('web', 100));
    waitFor(sim, 'the first Pods', () => pods(sim).length > 0);
    const first = sim.now;
    expect(pods(sim)).toHaveLength(30);
    // Not a Pod per token: nothing until the bucket holds the next 30.
    sim.advance(1_400);
    expect(pods(sim)).toHaveLength(30);
    for (const [n, at] of [
      [60, 1_500],
      [90, 3_000],
      [100, 3_500],
    ] as const) {
      waitFor(sim, `${n} pods`, () => pods(sim).length >= n, 10_000);
      expect(pods(sim)).toHaveLength(n);
      expect(sim.now - first).toBeGreaterThanOrEqual(at);
      expect(sim.now - first).toBeLessThan(at + 100);
    }
    sim.advance(2_000);
    expect(pods(sim)).toHaveLength(100);
  });

  it('deletes at the same rate when scaling down', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('down', 60));
    waitFor(sim, '60 pods', () => pods(sim).length === 60, 10_000);
    sim.advance(2_000); // the bucket refills to its burst
    patch(sim, 'deployments', 'down', { spec: { replicas: 0 } });
    waitFor(sim, 'the first deletions', () => active(pods(sim)).length < 60);
    const first = sim.now;
    expect(active(pods(sim))).toHaveLength(30);
    waitFor(sim, 'none active', () => active(pods(sim)).length === 0, 10_000);
    expect(sim.now - first).toBeGreaterThanOrEqual(1_500);
    expect(sim.now - first).toBeLessThan(1_600);
  });

  it('does not hold back a cluster whose admin raised the limit', () => {
    const sim = new Simulation({ seed: 1, timings: { kubeApiQps: 5_000, kubeApiBurst: 10_000 } });
    create(sim, 'deployments', deployment('fast', 400));
    waitFor(sim, 'the first Pods', () => pods(sim).length > 0);
    expect(pods(sim)).toHaveLength(400);
  });
});
