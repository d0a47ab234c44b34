import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation, worldOf } from '../simulation';
import { bind, create, fakeNode, get, podSpec, waitFor } from './controllers.testing';

describe('pod-garbage-collector', () => {
  it('marks Failed and force-deletes Pods bound to a Node that no longer exists, after the quarantine', () => {
    const sim = new Simulation({ seed: 1 });
    fakeNode(sim, 'lost');
    // The finalizer keeps the Pod visible after its DELETE, so the test can read what PodGC wrote.
    const p = create<Pod>(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'orphaned', finalizers: ['example.com/hold'] }, spec: podSpec() });
    bind(sim, p, 'lost');
    sim.advance(1000);
    sim.request({ verb: 'delete', resource: 'nodes', name: 'lost' });
    const deleted = sim.now;
    waitFor(sim, 'pod deleted', () => !!get<Pod>(sim, 'pods', 'orphaned')?.metadata.deletionTimestamp, 120_000);
    // 40 s quarantine, checked every 20 s.
    expect(sim.now - deleted).toBeGreaterThanOrEqual(40_000);
    expect(sim.now - deleted).toBeLessThanOrEqual(62_000);
    const pod = get<Pod>(sim, 'pods', 'orphaned')!;
    expect(pod.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(pod.status?.phase).toBe('Failed');
    expect(pod.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' });
    const requests = worldOf(sim).trace.records.filter((r) => r.from === 'pod-garbage-collector' && r.kind === 'request').map((r) => r.summary);
    expect(requests).toEqual(['GET /api/v1/nodes/lost', 'PATCH /api/v1/namespaces/default/pods/orphaned/status', 'DELETE /api/v1/namespaces/default/pods/orphaned']);
  });
});
