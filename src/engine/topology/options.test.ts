import { describe, expect, it } from 'vitest';
import type { Lease, Pod } from '../../k8s/types';
import { Simulation } from '../simulation';
import { electionTimingsError, leaderElectFlags } from './options';

const lease = (sim: Simulation, name: string): Lease => sim.objects<Lease>('leases').find((l) => l.metadata.name === name && l.metadata.namespace === 'kube-system')!;

/** Simulated ms from now until a kube-scheduler instance other than `old` holds the Lease. */
function failover(sim: Simulation, old: string): number {
  const start = sim.now;
  const done = sim.runUntil(() => !(lease(sim, 'kube-scheduler').spec.holderIdentity ?? '').startsWith(`${old}_`), 120_000);
  expect(done.reason).toBe('condition');
  return done.at - start;
}

describe('leader-election timings per component', () => {
  it('are checked as NewLeaderElector checks them', () => {
    expect(electionTimingsError({ leaseDuration: 15_000, renewDeadline: 10_000, retryPeriod: 2_000 })).toBe('');
    expect(electionTimingsError({ leaseDuration: 5_000, renewDeadline: 10_000, retryPeriod: 2_000 })).toBe('leaseDuration must be greater than renewDeadline');
    expect(electionTimingsError({ leaseDuration: 15_000, renewDeadline: 2_000, retryPeriod: 2_000 })).toBe('renewDeadline must be greater than retryPeriod*JitterFactor');
    expect(leaderElectFlags({ leaderElection: { 'kube-scheduler': { leaseDuration: 5_000, retryPeriod: 500 } } }, 'kube-scheduler')).toEqual(['--leader-elect-lease-duration=5s', '--leader-elect-retry-period=500ms']);
  });

  it('shorten a failover and show in the static Pod command and the Lease', () => {
    const fast = new Simulation({ seed: 1, topology: 'ha', cluster: { leaderElection: { 'kube-scheduler': { leaseDuration: 5_000, renewDeadline: 3_000, retryPeriod: 1_000 } } } });
    const slow = new Simulation({ seed: 1, topology: 'ha' });
    expect(lease(fast, 'kube-scheduler').spec.leaseDurationSeconds).toBe(5);
    expect(lease(fast, 'kube-controller-manager').spec.leaseDurationSeconds).toBe(15);
    const pod = fast.objects<Pod>('pods').find((p) => p.metadata.name === 'kube-scheduler-control-plane-1')!;
    expect(pod.spec.containers[0]!.command).toEqual(expect.arrayContaining(['--leader-elect=true', '--leader-elect-lease-duration=5s', '--leader-elect-renew-deadline=3s', '--leader-elect-retry-period=1s']));
    const cmd = pod.spec.containers[0]!.command!;
    expect(cmd.indexOf('--leader-elect=true')).toBe(cmd.indexOf('--leader-elect-lease-duration=5s') - 1);
    const holder = (sim: Simulation): string => (lease(sim, 'kube-scheduler').spec.holderIdentity ?? '').split('_')[0]!;
    const fastHolder = holder(fast);
    const slowHolder = holder(slow);
    const instance = (host: string): string => `kube-scheduler-${host.slice('control-plane-'.length)}`;
    fast.injectFault(instance(fastHolder));
    slow.injectFault(instance(slowHolder));
    const fastMs = failover(fast, fastHolder);
    const slowMs = failover(slow, slowHolder);
    expect(fastMs).toBeLessThanOrEqual(5_000 + 2_200);
    expect(slowMs).toBeGreaterThanOrEqual(15_000);
  });
});
