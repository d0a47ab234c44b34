import { beforeAll, describe, expect, it } from 'vitest';
import type { Node, Pod, ReplicaSet } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { advance, bind, create, eventMessages, events, fakeNode, get, keepAlive, podSpec, pods, renewLease, setPodRunning, waitFor } from '../controllers.testing';

const node = (sim: Simulation, name: string): Node => get<Node>(sim, 'nodes', name, undefined)!;
const taintsOf = (sim: Simulation, name: string): string[] => (node(sim, name).spec.taints ?? []).map((t) => `${t.key}:${t.effect}`);

describe('node-controller (node lifecycle)', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('announces a new Node with RegisteredNode', () => {
    const sim = fresh();
    fakeNode(sim, 'worker-9');
    waitFor(sim, 'event', () => eventMessages(sim, 'RegisteredNode').includes('Node worker-9 event: Registered Node worker-9 in Controller'), 10_000);
    const e = events(sim, 'RegisteredNode').find((x) => x.involvedObject.name === 'worker-9')!;
    expect(e.source?.component).toBe('node-controller');
    expect(e.involvedObject.kind).toBe('Node');
  });

  it('marks a silent Node Unknown after the grace period, taints it, and marks its Pods not ready', () => {
    const sim = fresh();
    fakeNode(sim, 'worker-7');
    fakeNode(sim, 'peer-7');
    keepAlive(sim, 'peer-7');
    const rs = create<ReplicaSet>(sim, 'replicasets', {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'app' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'app' } }, template: { metadata: { labels: { app: 'app' } }, spec: podSpec() } },
    });
    waitFor(sim, 'pod', () => pods(sim, rs.metadata.uid).length === 1);
    const p = pods(sim, rs.metadata.uid)[0]!;
    bind(sim, p, 'worker-7');
    setPodRunning(sim, p, '10.244.7.2', true);
    const start = sim.now;
    // A healthy kubelet would keep renewing; here the Lease is renewed for 20 s, then never again.
    for (let i = 0; i < 2; i++) {
      advance(sim, 10_000);
      renewLease(sim, 'worker-7');
    }
    const lastRenew = sim.now;
    waitFor(sim, 'Unknown', () => node(sim, 'worker-7').status?.conditions?.find((c) => c.type === 'Ready')?.status === 'Unknown', 120_000);
    const silentFor = sim.now - lastRenew;
    expect(silentFor).toBeGreaterThan(50_000);
    expect(silentFor).toBeLessThanOrEqual(61_000);
    expect(sim.now - start).toBeGreaterThan(70_000);
    for (const c of node(sim, 'worker-7').status!.conditions!) {
      expect(c).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
    }
    expect(eventMessages(sim, 'NodeNotReady')).toContain('Node worker-7 status is now: NodeNotReady');
    waitFor(sim, 'pod not ready', () => get<Pod>(sim, 'pods', p.metadata.name!)!.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'False', 5_000);
    const podEvent = events(sim, 'NodeNotReady').find((e) => e.involvedObject.kind === 'Pod')!;
    expect(podEvent).toMatchObject({ type: 'Warning', message: 'Node is not ready', involvedObject: { name: p.metadata.name } });
    waitFor(sim, 'taints', () => taintsOf(sim, 'worker-7').includes('node.kubernetes.io/unreachable:NoExecute'), 15_000);
    expect(taintsOf(sim, 'worker-7')).toContain('node.kubernetes.io/unreachable:NoSchedule');
    expect(node(sim, 'worker-7').spec.taints?.find((t) => t.effect === 'NoExecute')?.timeAdded).toBeDefined();

    // The kubelet comes back: Ready again, the controller lifts its taints.
    const n = node(sim, 'worker-7');
    const now = n.status!.conditions!.map((c) => ({ ...c, status: c.type === 'Ready' ? ('True' as const) : ('False' as const), reason: 'KubeletReady', lastHeartbeatTime: '2030-01-01T00:00:00Z' }));
    sim.request({ verb: 'update', resource: 'nodes', subresource: 'status', name: 'worker-7', body: { ...n, status: { ...n.status, conditions: now } } });
    renewLease(sim, 'worker-7');
    waitFor(sim, 'untainted', () => !taintsOf(sim, 'worker-7').some((t) => t.startsWith('node.kubernetes.io/')), 15_000);
  });

  it('taints a Node whose Ready condition is False with not-ready', () => {
    const sim = fresh();
    fakeNode(sim, 'worker-8');
    keepAlive(sim, 'worker-8');
    fakeNode(sim, 'peer-8');
    keepAlive(sim, 'peer-8');
    const n = node(sim, 'worker-8');
    const conditions = n.status!.conditions!.map((c) => (c.type === 'Ready' ? { ...c, status: 'False' as const, reason: 'KubeletNotReady', message: 'container runtime network not ready' } : c));
    sim.request({ verb: 'update', resource: 'nodes', subresource: 'status', name: 'worker-8', body: { ...n, status: { ...n.status, conditions } } });
    waitFor(sim, 'NoSchedule', () => taintsOf(sim, 'worker-8').includes('node.kubernetes.io/not-ready:NoSchedule'), 5_000);
    waitFor(sim, 'NoExecute', () => taintsOf(sim, 'worker-8').includes('node.kubernetes.io/not-ready:NoExecute'), 20_000);
  });

  it('adds node.kubernetes.io/unschedulable:NoSchedule to a cordoned Node', () => {
    const sim = fresh();
    fakeNode(sim, 'worker-6');
    keepAlive(sim, 'worker-6');
    sim.request({ verb: 'patch', resource: 'nodes', name: 'worker-6', body: { spec: { unschedulable: true } } as never });
    waitFor(sim, 'taint', () => taintsOf(sim, 'worker-6').includes('node.kubernetes.io/unschedulable:NoSchedule'), 5_000);
  });
});
