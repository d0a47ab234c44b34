/** HA: three kube-scheduler instances share the Lease; only the holder schedules, a standby takes over. */
import { describe, expect, it } from 'vitest';
import type { Lease, Node } from '../../k8s/types';
import { componentId } from '../core/ids';
import { stopComponent } from '../dispatch';
import { Simulation, worldOf } from '../simulation';
import type { SchedulerState } from './state';
import { createPod, getPod, nodeManifest, podManifest } from './scheduler.testing';

function schedulers(sim: Simulation): SchedulerState[] {
  return [...worldOf(sim).components.values()].filter((c): c is SchedulerState => c.kind === 'kube-scheduler');
}

describe('kube-scheduler leader election (ha topology)', () => {
  it('schedules only from the Lease holder and fails over to a standby', () => {
    const sim = new Simulation({ seed: 1, topology: 'ha', workers: 0 });
    for (const n of ['node-1', 'node-2']) {
      if (!sim.objects<Node>('nodes').some((x) => x.metadata.name === n)) sim.request({ verb: 'create', resource: 'nodes', body: nodeManifest(n) });
    }
    sim.advance(100);
    const leaders = schedulers(sim).filter((s) => s.leader.isLeader);
    expect(leaders).toHaveLength(1);
    const first = leaders[0]!;
    createPod(sim, podManifest('a'));
    sim.advance(1000);
    expect(getPod(sim, 'a')?.spec.nodeName).toBeDefined();
    const bySched = worldOf(sim).trace.records.filter((r) => r.kind === 'schedule').map((r) => r.from);
    expect(new Set(bySched)).toEqual(new Set([first.id]));
    // Every instance keeps its cache warm, so a standby knows where Pod a went.
    for (const s of schedulers(sim)) expect(s.cache.pods.has('default/a')).toBe(true);

    worldOf(sim).faults.set(first.id, sim.now);
    stopComponent(worldOf(sim), componentId(first.id));
    createPod(sim, podManifest('b'));
    sim.advance(25_000);
    const next = schedulers(sim).find((s) => s.leader.isLeader)!;
    expect(next.id).not.toBe(first.id);
    expect(getPod(sim, 'b')?.spec.nodeName).toBeDefined();
    const lease = sim.objects<Lease>('leases').find((l) => l.metadata.name === 'kube-scheduler')!;
    expect(lease.spec.holderIdentity).toBe(next.leader.identity);
    expect(lease.spec.leaseTransitions).toBe(1);
  });
});
