/** client-go's tryAcquireOrRenew as kube-controller-manager runs it, through the real engine. */
import { describe, expect, it } from 'vitest';
import type { Lease } from '../../k8s/types';
import type { TraceRecord } from '../core/trace';
import { Simulation } from '../simulation';

/** The HTTP methods kube-controller-manager sent for its Lease, in order. */
function leaseMethods(records: TraceRecord[]): string[] {
  return records.flatMap((r) => (r.kind === 'lease' && r.from === 'kube-controller-manager' && r.detail.name === 'kube-controller-manager' ? [r.detail.method] : []));
}

function lease(sim: Simulation): Lease {
  return sim.objects<Lease>('leases').find((l) => l.metadata.namespace === 'kube-system' && l.metadata.name === 'kube-controller-manager')!;
}

describe('leader election', () => {
  it('renews with an update of the Lease it last wrote, and reads the Lease only when that fails', () => {
    const sim = new Simulation({ seed: 1 });
    const acquired = lease(sim).spec.acquireTime;
    let seq = sim.lastTraceSeq;
    sim.advance(10_000);
    // The fast path: one PUT every retryPeriod (2 s), no GET before it.
    expect(leaseMethods(sim.traceSince(seq))).toEqual(['PUT', 'PUT', 'PUT', 'PUT', 'PUT']);
    expect(lease(sim).spec.acquireTime).toBe(acquired);

    // Someone else writes the Lease: the optimistic update conflicts, so the leader reads and renews.
    const cur = lease(sim);
    const res = sim.request({ verb: 'update', resource: 'leases', namespace: 'kube-system', name: 'kube-controller-manager', body: { ...cur, metadata: { ...cur.metadata, labels: { touched: 'yes' } } } });
    expect(res.ok).toBe(true);
    seq = sim.lastTraceSeq;
    sim.advance(2_000);
    expect(leaseMethods(sim.traceSince(seq))).toEqual(['PUT', 'GET', 'PUT']);
    sim.advance(2_000);
    const after = lease(sim);
    expect(after.metadata.labels).toEqual({ touched: 'yes' });
    expect(after.spec.holderIdentity?.startsWith('control-plane_')).toBe(true);
    expect(after.spec.acquireTime).toBe(acquired);
    expect(after.spec.leaseTransitions).toBe(0);
  });
});
