import { describe, expect, it } from 'vitest';
import type { ComponentId } from '../core/ids';
import { bootCluster } from '../kubelet/kubelet.testing';
import { worldOf, type Simulation } from '../simulation';
import { enqueueAfter } from './behaviour';
import type { ControllerManagerState } from './state';
import { ttlAfterFinishedController as def } from './ttlafterfinished';

const KCM = 'kube-controller-manager' as ComponentId;
/** No such Job: each sync of it is one cheap, visible `reconcile` record and nothing else. */
const KEY = 'default/no-such-job';

function kcm(sim: Simulation): ControllerManagerState {
  return worldOf(sim).components.get(KCM) as ControllerManagerState;
}

/** AddAfter(KEY, delay) on the ttl-after-finished controller's queue, as ctx.enqueue / requeueAfter do. */
function addAfter(sim: Simulation, delay: number): void {
  enqueueAfter(worldOf(sim), kcm(sim), def, KEY, delay);
}

/** When KEY was synced, in ms after `t0`. */
function syncsSince(sim: Simulation, t0: number): number[] {
  return worldOf(sim)
    .trace.records.filter((r) => r.at >= t0 && r.kind === 'reconcile' && r.detail.type === 'sync' && r.detail.controller === def.name && r.detail.key === KEY)
    .map((r) => r.at - t0);
}

const cost = (sim: Simulation): number => worldOf(sim).timings.reconcileCost;

describe("controller manager's delaying queue (client-go AddAfter)", () => {
  it('syncs once when a key already waiting is added after again for no sooner', () => {
    const sim = bootCluster();
    const t0 = sim.now;
    addAfter(sim, 5_000);
    sim.advance(1_000);
    addAfter(sim, 5_000);
    sim.advance(20_000);
    expect(syncsSince(sim, t0)).toEqual([5_000 + cost(sim)]);
  });

  it('moves a waiting key earlier, and the later wake syncs nothing', () => {
    const sim = bootCluster();
    const t0 = sim.now;
    addAfter(sim, 10_000);
    addAfter(sim, 2_000);
    sim.advance(30_000);
    expect(syncsSince(sim, t0)).toEqual([2_000 + cost(sim)]);
  });

  it('adds at once for a delay of zero', () => {
    const sim = bootCluster();
    const t0 = sim.now;
    addAfter(sim, 0);
    sim.advance(1_000);
    expect(syncsSince(sim, t0)).toEqual([cost(sim)]);
  });

  it('drops the waiting entries with the queues when leadership is lost', () => {
    const sim = bootCluster();
    const t0 = sim.now;
    addAfter(sim, 60_000);
    // Without kube-apiserver the manager cannot renew: it stops leading, then leads again.
    sim.injectFault('kube-apiserver');
    sim.advance(20_000);
    expect(kcm(sim).leader.isLeader).toBe(false);
    sim.healFault('kube-apiserver');
    sim.advance(20_000);
    expect(kcm(sim).leader.isLeader).toBe(true);
    // The new term's entry is a fresh one: the old term's earlier wake neither syncs nor holds it back.
    const t1 = sim.now;
    addAfter(sim, 40_000);
    sim.advance(60_000);
    expect(syncsSince(sim, t0)).toEqual([t1 - t0 + 40_000 + cost(sim)]);
  });
});
