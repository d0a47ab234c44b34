import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget, ReplicationController } from '../../../k8s/types';
import { Simulation, worldOf } from '../../simulation';
import { create, events, eventMessages, get, patch, podSpec, pods, readyAll, req, waitFor } from '../controllers.testing';

/** An RC as an old tutorial writes it: no selector, no labels of its own, no replicas in one case. */
function rc(name: string, replicas?: number): ReplicationController {
  return {
    apiVersion: 'v1',
    kind: 'ReplicationController',
    metadata: { name },
    spec: { ...(replicas === undefined ? {} : { replicas }), template: { metadata: { labels: { app: name } }, spec: podSpec() } },
  };
}

const active = (ps: Pod[]): Pod[] => ps.filter((p) => !p.metadata.deletionTimestamp);

describe('replication-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('defaults the selector, labels and replicas from the template (SetDefaults_ReplicationController)', () => {
    const sim = fresh();
    const created = create(sim, 'replicationcontrollers', rc('nginx'));
    expect(created.spec).toMatchObject({ replicas: 1, selector: { app: 'nginx' } });
    expect(created.metadata.labels).toEqual({ app: 'nginx' });
    expect(created.metadata.generation).toBe(1);
    expect(created.spec.template?.spec?.restartPolicy).toBe('Always');
  });

  it('creates its Pods named <rc>-<5 chars>, controlled by the RC, with events from replication-controller', () => {
    const sim = fresh();
    const obj = create(sim, 'replicationcontrollers', rc('web', 3));
    waitFor(sim, '3 pods', () => pods(sim, obj.metadata.uid).length === 3);
    sim.advance(2000);
    const ps = pods(sim, obj.metadata.uid);
    for (const p of ps) {
      expect(p.metadata.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'ReplicationController', name: 'web', uid: obj.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    }
    const created = events(sim, 'SuccessfulCreate');
    expect(created.map((e) => e.message).sort()).toEqual(ps.map((p) => `Created pod: ${p.metadata.name}`).sort());
    for (const e of created) {
      expect(e.source?.component).toBe('replication-controller');
      expect(e.involvedObject).toMatchObject({ kind: 'ReplicationController', name: 'web', apiVersion: 'v1' });
    }
    // core/v1's status has no terminatingReplicas.
    const status = get<ReplicationController>(sim, 'replicationcontrollers', 'web')!.status!;
    expect(status).toEqual({ replicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1 });
    readyAll(sim, obj.metadata.uid!);
    waitFor(sim, 'ready', () => get<ReplicationController>(sim, 'replicationcontrollers', 'web')!.status?.readyReplicas === 3);
  });

  it('scales through the scale subresource, and heals a deleted Pod', () => {
    const sim = fresh();
    const obj = create(sim, 'replicationcontrollers', rc('api', 1));
    waitFor(sim, '1 pod', () => pods(sim, obj.metadata.uid).length === 1);
    req(sim, { verb: 'update', resource: 'replicationcontrollers', subresource: 'scale', namespace: 'default', name: 'api', body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'api', namespace: 'default' }, spec: { replicas: 3 } } as never });
    waitFor(sim, '3 pods', () => active(pods(sim, obj.metadata.uid)).length === 3);
    patch(sim, 'replicationcontrollers', 'api', { spec: { replicas: 2 } });
    waitFor(sim, '2 pods', () => active(pods(sim, obj.metadata.uid)).length === 2);
    expect(eventMessages(sim, 'SuccessfulDelete')).toHaveLength(1);
    const victim = active(pods(sim, obj.metadata.uid))[0]!;
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: victim.metadata.name });
    waitFor(sim, 'replacement', () => active(pods(sim, obj.metadata.uid)).length === 2 && !pods(sim, obj.metadata.uid).some((p) => p.metadata.name === victim.metadata.name));
    expect(eventMessages(sim, 'SuccessfulCreate')).toHaveLength(4);
  });

  it('adopts a matching orphan and releases a Pod whose labels stop matching', () => {
    const sim = fresh();
    create<Pod>(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stray', labels: { app: 'cache' } }, spec: podSpec() });
    sim.advance(500);
    const obj = create(sim, 'replicationcontrollers', rc('cache', 2));
    waitFor(sim, '2 pods', () => pods(sim, obj.metadata.uid).length === 2);
    sim.advance(1000);
    expect(get<Pod>(sim, 'pods', 'stray')!.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'ReplicationController', name: 'cache', uid: obj.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(eventMessages(sim, 'SuccessfulCreate')).toHaveLength(1);
    patch(sim, 'pods', 'stray', { metadata: { labels: { app: 'debug' } } });
    waitFor(sim, 'released', () => (get<Pod>(sim, 'pods', 'stray')!.metadata.ownerReferences ?? []).length === 0);
    waitFor(sim, 'replacement', () => pods(sim, obj.metadata.uid).length === 2 && eventMessages(sim, 'SuccessfulCreate').length === 2);
  });

  it('is deleted with its Pods by the garbage collector (background cascade)', () => {
    const sim = fresh();
    const obj = create(sim, 'replicationcontrollers', rc('gone', 2));
    waitFor(sim, '2 pods', () => pods(sim, obj.metadata.uid).length === 2);
    req(sim, { verb: 'delete', resource: 'replicationcontrollers', namespace: 'default', name: 'gone' });
    waitFor(sim, 'pods deleted', () => active(pods(sim, obj.metadata.uid)).length === 0);
    expect(get(sim, 'replicationcontrollers', 'gone')).toBeUndefined();
  });

  it('gives a PodDisruptionBudget over its Pods the RC’s scale (getPodReplicationController)', () => {
    const sim = fresh();
    const obj = create(sim, 'replicationcontrollers', rc('guarded', 4));
    waitFor(sim, '4 pods', () => pods(sim, obj.metadata.uid).length === 4);
    readyAll(sim, obj.metadata.uid!);
    const budget: PodDisruptionBudget = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'half' }, spec: { maxUnavailable: '50%', selector: { matchLabels: { app: 'guarded' } } } };
    create(sim, 'poddisruptionbudgets', budget);
    sim.advance(2000);
    expect(get<PodDisruptionBudget>(sim, 'poddisruptionbudgets', 'half')!.status).toMatchObject({ expectedPods: 4, desiredHealthy: 2, currentHealthy: 4, disruptionsAllowed: 2 });
  });

  it('reads Pods from kube-controller-manager’s one shared Pod watch', () => {
    const sim = fresh();
    const watches = [...worldOf(sim).watches.values()].filter((w) => w.watcher === 'kube-controller-manager');
    expect(watches.filter((w) => w.resource === 'pods')).toHaveLength(1);
    expect(watches.filter((w) => w.resource === 'replicationcontrollers')).toHaveLength(1);
    // Its own jitter stream, so recorded runs keep every other draw.
    expect(watches.find((w) => w.resource === 'replicationcontrollers')!.rng).toBeDefined();
  });
});
