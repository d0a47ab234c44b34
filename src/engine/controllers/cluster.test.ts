/**
 * The controllers inside the whole cluster: real scheduling, kubelets running Pods, CNI IPs.
 * These need the scheduler and the kubelet/runtime/CNI to be in place.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deployment, EndpointSlice, Node, Pod } from '../../k8s/types';
import { componentId } from '../core/ids';
import { stopComponent } from '../dispatch';
import { Simulation, worldOf } from '../simulation';
import { create, eventMessages, get, waitFor } from './controllers.testing';

const nginx: Deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'nginx' },
  spec: { replicas: 3, selector: { matchLabels: { app: 'nginx' } }, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.14.2', ports: [{ containerPort: 80 }] }] } } },
};

const available = (sim: Simulation): boolean => {
  const d = get<Deployment>(sim, 'deployments', 'nginx');
  return d?.status?.availableReplicas === 3 && d.status.updatedReplicas === 3 && d.status.conditions?.some((c) => c.type === 'Progressing' && c.reason === 'NewReplicaSetAvailable') === true;
};
const appPods = (sim: Simulation): Pod[] => sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === 'nginx');
const slice = (sim: Simulation): EndpointSlice | undefined => sim.objects<EndpointSlice>('endpointslices').find((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'nginx');
const readyOf = (n: Node | undefined): string | undefined => n?.status?.conditions?.find((c) => c.type === 'Ready')?.status;

describe('controllers in a running cluster', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    create(base, 'deployments', nginx);
    create(base, 'services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nginx' }, spec: { selector: { app: 'nginx' }, ports: [{ port: 80, targetPort: 80 }] } });
    waitFor(base, 'nginx available', () => available(base), 300_000);
  });

  it('gives every Node a podCIDR and announces it', () => {
    const nodes = base.objects<Node>('nodes');
    expect(nodes.length).toBe(worldOf(base).machines.length);
    const cidrs = nodes.map((n) => n.spec.podCIDR);
    expect(new Set(cidrs).size).toBe(nodes.length);
    for (const n of nodes) {
      expect(n.spec.podCIDR).toMatch(/^10\.244\.\d+\.0\/24$/);
      expect(eventMessages(base, 'RegisteredNode')).toContain(`Node ${n.metadata.name} event: Registered Node ${n.metadata.name} in Controller`);
    }
  });

  it('publishes the running Pods as ready endpoints', () => {
    const s = slice(base)!;
    expect(s.ports).toEqual([{ name: '', port: 80, protocol: 'TCP' }]);
    expect(s.endpoints).toHaveLength(3);
    for (const e of s.endpoints!) {
      expect(e.conditions).toEqual({ ready: true, serving: true, terminating: false });
      const pod = appPods(base).find((p) => p.metadata.name === e.targetRef?.name)!;
      expect(e.nodeName).toBe(pod.spec.nodeName);
      expect(e.addresses).toEqual([pod.status?.podIP]);
      const cidr = get<Node>(base, 'nodes', pod.spec.nodeName!, undefined)!.spec.podCIDR!;
      expect(pod.status?.podIP?.startsWith(cidr.split('.').slice(0, 3).join('.') + '.')).toBe(true);
    }
  });

  it('handles a dead kubelet: NotReady, Pods not ready, taints, eviction after 300 s, replacements elsewhere', () => {
    const sim = Simulation.fromSnapshot(base.snapshot());
    const victimNode = appPods(sim)[0]!.spec.nodeName!;
    const onNode = appPods(sim).filter((p) => p.spec.nodeName === victimNode).map((p) => p.metadata.name!);
    stopComponent(worldOf(sim), componentId(`kubelet/${victimNode}`));
    const stopped = sim.now;
    waitFor(sim, 'node Unknown', () => readyOf(get<Node>(sim, 'nodes', victimNode, undefined)) === 'Unknown', 120_000);
    expect(sim.now - stopped).toBeGreaterThanOrEqual(40_000);
    expect(eventMessages(sim, 'NodeNotReady')).toContain(`Node ${victimNode} status is now: NodeNotReady`);
    waitFor(sim, 'pods not ready', () => onNode.every((n) => get<Pod>(sim, 'pods', n)?.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'False'), 10_000);
    waitFor(sim, 'endpoints not ready', () => slice(sim)!.endpoints!.filter((e) => e.nodeName === victimNode).every((e) => e.conditions?.ready === false), 10_000);
    waitFor(sim, 'NoExecute taint', () => (get<Node>(sim, 'nodes', victimNode, undefined)!.spec.taints ?? []).some((t) => t.key === 'node.kubernetes.io/unreachable' && t.effect === 'NoExecute'), 20_000);
    const tainted = sim.now;
    waitFor(sim, 'eviction', () => onNode.every((n) => !!get<Pod>(sim, 'pods', n)?.metadata.deletionTimestamp), 400_000);
    expect(sim.now - tainted).toBeGreaterThanOrEqual(290_000);
    for (const n of onNode) expect(eventMessages(sim, 'TaintManagerEviction')).toContain(`Marking for deletion Pod default/${n}`);
    waitFor(sim, 'replacements', () => available(sim), 120_000);
    expect(appPods(sim).filter((p) => !p.metadata.deletionTimestamp).every((p) => p.spec.nodeName !== victimNode)).toBe(true);
    // Nobody is left to finish the old Pods: they stay Terminating.
    sim.advance(120_000);
    for (const n of onNode) expect(get<Pod>(sim, 'pods', n)?.metadata.deletionTimestamp).toBeDefined();
  });

  it('evicts nothing when every Node goes NotReady at once (master disruption mode)', () => {
    const sim = Simulation.fromSnapshot(base.snapshot());
    for (const m of worldOf(sim).machines) stopComponent(worldOf(sim), componentId(`kubelet/${m}`));
    waitFor(sim, 'all NotReady', () => sim.objects<Node>('nodes').every((n) => readyOf(n) === 'Unknown'), 120_000);
    sim.advance(400_000);
    expect(sim.objects<Node>('nodes').some((n) => n.spec.taints?.some((t) => t.effect === 'NoExecute'))).toBe(false);
    expect(appPods(sim).every((p) => !p.metadata.deletionTimestamp)).toBe(true);
  });
});
