/**
 * Dropped watch events and the two ways an informer revisits its objects: the periodic resync,
 * which replays the informer's own cache and so cannot notice a missed change, and the relist
 * after the watch closes, which asks kube-apiserver and so can. kube-controller-manager runs with
 * --min-resync-period=10s here (resync every 15 s) so the resync happens within the fault.
 */
import { describe, expect, it } from 'vitest';
import type { Deployment, Pod, ReplicaSet } from '../k8s/types';
import { formatTraceLine } from './core/trace';
import { healFault, injectFault } from './faults';
import { Simulation, worldOf } from './simulation';

function deployment(name: string, replicas: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx:1.27' }] } },
    },
  };
}

function scale(sim: Simulation, name: string, replicas: number): void {
  const cur = sim.objects<Deployment>('deployments').find((d) => d.metadata.name === name)!;
  const res = sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name, body: { ...cur, spec: { ...cur.spec, replicas } } });
  expect(res.ok).toBe(true);
}

const webPods = (sim: Simulation): Pod[] => sim.objects<Pod>('pods').filter((p) => p.metadata.name?.startsWith('web-') && !p.metadata.deletionTimestamp);
const webRs = (sim: Simulation): ReplicaSet => sim.objects<ReplicaSet>('replicasets').find((r) => r.metadata.name?.startsWith('web-'))!;

describe('watch-drop/kube-controller-manager: resync replays the cache, a relist reads the server', () => {
  it('resyncs requeue the Deployment but reconcile from the stale cache; healing relists and converges', () => {
    const sim = new Simulation({ seed: 3, timings: { minResyncPeriod: 10_000 } });
    expect(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 1) }).ok).toBe(true);
    sim.advance(30_000);
    expect(webPods(sim)).toHaveLength(1);

    expect(injectFault(worldOf(sim), 'watch-drop/kube-controller-manager').ok).toBe(true);
    const from = worldOf(sim).trace.nextSeq - 1;
    scale(sim, 'web', 3);
    // 40 s: two resyncs, and still short of node-monitor-grace-period (the stale Leases would
    // otherwise turn the nodes NotReady in the controller's eyes).
    sim.advance(40_000);
    const during = sim.traceSince(from).map(formatTraceLine);
    const resyncs = during.filter((l) => /kube-controller-manager -> kube-controller-manager: informer resync: \d+ cached objects handed to the event handlers again \(no LIST\)$/.test(l));
    expect(resyncs.length).toBeGreaterThanOrEqual(2);
    // The resync did make the Deployment controller look at default/web again…
    const firstResync = during.indexOf(resyncs[0]!);
    expect(during.slice(firstResync).some((l) => l.endsWith('deployment-controller -> deployment-controller: reconcile default/web'))).toBe(true);
    // …but with replicas: 1 in its cache it had nothing to do.
    expect(during.some((l) => l.includes('deployment-controller -> kube-apiserver: PUT /apis/apps/v1/namespaces/default/replicasets/'))).toBe(false);
    expect(webRs(sim).spec.replicas).toBe(1);
    expect(webPods(sim)).toHaveLength(1);
    expect(sim.objects<Deployment>('deployments').find((d) => d.metadata.name === 'web')!.status?.observedGeneration).toBe(1);

    expect(healFault(worldOf(sim), 'watch-drop/kube-controller-manager').ok).toBe(true);
    sim.advance(30_000);
    expect(webRs(sim).spec.replicas).toBe(3);
    expect(webPods(sim)).toHaveLength(3);
    for (const p of webPods(sim)) expect(p.status?.phase).toBe('Running');
    expect(sim.objects<Deployment>('deployments').find((d) => d.metadata.name === 'web')!.status?.observedGeneration).toBe(2);
  });

  it('on a healthy cluster a resync changes nothing', () => {
    const sim = new Simulation({ seed: 3, timings: { minResyncPeriod: 10_000 } });
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 2) });
    sim.advance(30_000);
    const from = worldOf(sim).trace.nextSeq - 1;
    sim.advance(30_000);
    const recs = sim.traceSince(from);
    expect(recs.some((r) => r.summary.startsWith('informer resync:'))).toBe(true);
    // Controllers only ever read their caches during a resync: no controller wrote anything.
    const writes = recs.filter((r) => r.kind === 'request' && /-controller$/.test(r.from) && !r.summary.startsWith('GET'));
    expect(writes.map(formatTraceLine)).toEqual([]);
  });

  it('a resync timer armed in an earlier term of leadership does not fire into the next one', () => {
    // Resync every 60 s; etcd down for 12 s makes the leader miss its renewDeadline (10 s) and
    // stop leading without stopping the process, so its pending timer survives the new term.
    const sim = new Simulation({ seed: 3, timings: { minResyncPeriod: 40_000 } });
    const kcm = worldOf(sim).components.get('kube-controller-manager' as never) as unknown as { resyncAt?: number; leader: { isLeader: boolean } };
    const stale = kcm.resyncAt!;
    expect(stale).toBeGreaterThan(sim.now);
    injectFault(worldOf(sim), 'etcd');
    sim.runUntil(() => !kcm.leader.isLeader, 15_000);
    expect(kcm.leader.isLeader).toBe(false);
    healFault(worldOf(sim), 'etcd');
    sim.runUntil(() => kcm.leader.isLeader, 30_000);
    expect(kcm.leader.isLeader).toBe(true);
    expect(sim.now).toBeLessThan(stale);
    const from = worldOf(sim).trace.nextSeq - 1;
    sim.advance(150_000);
    const times = sim.traceSince(from).filter((r) => r.summary.startsWith('informer resync:')).map((r) => r.at);
    expect(times).not.toContain(stale);
    expect(times.length).toBe(2);
    expect(times[1]! - times[0]!).toBe(60_000);
  });
});
