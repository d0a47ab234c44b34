import { describe, expect, it } from 'vitest';
import type { ComponentId } from '../core/ids';
import { bootCluster } from '../kubelet/kubelet.testing';
import { worldOf, type Simulation } from '../simulation';
import type { ControllerManagerState } from './state';

const KCM = 'kube-controller-manager' as ComponentId;

/** Pending periodic timers of kube-controller-manager, by task. */
function periodicChains(sim: Simulation): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of worldOf(sim).queue) {
    if (e.to !== KCM || e.msg.type !== 'timer' || !e.msg.name.startsWith('periodic:')) continue;
    out.set(e.msg.name, (out.get(e.msg.name) ?? 0) + 1);
  }
  return out;
}

describe('controller manager periodic tasks', () => {
  it('run one chain each after the manager lost its lease and won it back', () => {
    const sim = bootCluster();
    const before = periodicChains(sim);
    expect([...before.values()].every((n) => n === 1)).toBe(true);
    // Without kube-apiserver the manager cannot renew: it stops leading, then leads again.
    sim.injectFault('kube-apiserver');
    sim.advance(20_000);
    expect((worldOf(sim).components.get(KCM) as ControllerManagerState).leader.isLeader).toBe(false);
    sim.healFault('kube-apiserver');
    sim.advance(30_000);
    expect((worldOf(sim).components.get(KCM) as ControllerManagerState).leader.isLeader).toBe(true);
    // The chains armed in the first term end when they next fire (within the longest period:
    // csrcleaner's hour).
    sim.advance(60 * 60_000);
    expect(periodicChains(sim)).toEqual(before);
  });
});
