/**
 * The "kubelet down" timeline across controllers (k8s-fidelity.md §5), on a Node with no kubelet:
 * NotReady after the grace period, Pods marked not ready and dropped from endpoints, the
 * unreachable taints, eviction once the Pods' 300 s toleration runs out, replacements at once,
 * and the evicted Pods left Terminating.
 */
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Node, Pod } from '../../k8s/types';
import { Simulation } from '../simulation';
import { advance, bind, create, deployment, eventMessages, fakeNode, get, keepAlive, pods, setPodRunning, waitFor } from './controllers.testing';

describe('a Node whose kubelet stops', () => {
  it('goes NotReady, gets tainted, and has its Pods evicted and replaced', () => {
    const sim = new Simulation({ seed: 1 });
    fakeNode(sim, 'gone-1');
    fakeNode(sim, 'peer-1');
    keepAlive(sim, 'peer-1');
    const d = create(sim, 'deployments', deployment('shop', 2));
    create(sim, 'services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'shop' }, spec: { selector: { app: 'shop' }, ports: [{ port: 80, targetPort: 'http' }] } });
    waitFor(sim, 'pods', () => sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === 'shop').length === 2);
    const original = sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === 'shop');
    original.forEach((p, i) => {
      bind(sim, p, 'gone-1');
      setPodRunning(sim, p, `10.244.40.${i + 2}`);
    });
    const slice = (): EndpointSlice | undefined => sim.objects<EndpointSlice>('endpointslices').find((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'shop');
    waitFor(sim, 'ready endpoints', () => slice()?.endpoints?.filter((e) => e.conditions?.ready).length === 2);
    expect(d.metadata.name).toBe('shop');

    // The Node's only heartbeat was at creation: ~50 s later the controller gives up on it.
    waitFor(sim, 'NotReady', () => get<Node>(sim, 'nodes', 'gone-1', undefined)?.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'Unknown', 90_000);
    expect(eventMessages(sim, 'NodeNotReady')).toContain('Node gone-1 status is now: NodeNotReady');
    waitFor(sim, 'endpoints not ready', () => slice()?.endpoints?.every((e) => e.conditions?.ready === false && e.conditions.serving === false) === true, 10_000);
    waitFor(sim, 'unreachable:NoExecute', () => !!get<Node>(sim, 'nodes', 'gone-1', undefined)?.spec.taints?.some((t) => t.key === 'node.kubernetes.io/unreachable' && t.effect === 'NoExecute'), 15_000);
    const tainted = sim.now;

    waitFor(sim, 'eviction', () => original.every((p) => !!get<Pod>(sim, 'pods', p.metadata.name!)?.metadata.deletionTimestamp), 330_000);
    expect(sim.now - tainted).toBeGreaterThanOrEqual(299_000);
    for (const p of original) expect(eventMessages(sim, 'TaintManagerEviction')).toContain(`Marking for deletion Pod default/${p.metadata.name}`);
    // Replacements are created as soon as the old Pods are marked for deletion.
    waitFor(sim, 'replacements', () => pods(sim).filter((p) => p.metadata.labels?.['app'] === 'shop' && !p.metadata.deletionTimestamp).length === 2, 5_000);
    advance(sim, 120_000);
    for (const p of original) {
      const cur = get<Pod>(sim, 'pods', p.metadata.name!)!;
      expect(cur.metadata.deletionTimestamp).toBeDefined();
      expect(cur.status?.conditions?.find((c) => c.type === 'DisruptionTarget')?.reason).toBe('DeletionByTaintManager');
    }
  });
});
