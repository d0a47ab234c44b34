import { describe, expect, it } from 'vitest';
import type { Lease, Node } from '../../k8s/types';
import { parseTimestamp } from '../../k8s/time';
import { Simulation, worldOf } from '../simulation';
import { bootCluster, eventsFor } from './kubelet.testing';
import { NETWORK_NOT_READY } from './node-status';

function node(sim: Simulation, name: string): Node {
  return sim.objects<Node>('nodes').find((n) => n.metadata.name === name)!;
}

function readyOf(n: Node): { status: string; reason?: string; message?: string } {
  const c = n.status!.conditions!.find((x) => x.type === 'Ready')!;
  return { status: c.status, reason: c.reason, message: c.message };
}

describe('kubelet node registration and status', () => {
  it('registers every machine as system:node and stays NotReady until the CNI has a pod CIDR', () => {
    const sim = new Simulation({ seed: 1, noBoot: true });
    sim.runUntil(() => (worldOf(sim).etcd.kv.get('nodes')?.size ?? 0) === 4, 60_000);
    sim.advance(20);
    const names = sim.objects<Node>('nodes').map((n) => n.metadata.name).sort();
    expect(names).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    for (const n of sim.objects<Node>('nodes')) {
      if (n.spec.podCIDR) continue;
      expect(readyOf(n)).toEqual({ status: 'False', reason: 'KubeletNotReady', message: NETWORK_NOT_READY });
    }
    const worker = node(sim, 'node-1');
    expect(worker.metadata.labels).toEqual({
      'beta.kubernetes.io/arch': 'amd64',
      'beta.kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/hostname': 'node-1',
      'kubernetes.io/os': 'linux',
      // The CSI driver's topology key, registered through the kubelet (PVs' node affinity uses it).
      'topology.hostpath.csi/node': 'node-1',
    });
    // node-lifecycle may add not-ready taints; the kubelet itself registers a worker untainted.
    expect((worker.spec.taints ?? []).map((t) => t.key)).not.toContain('node-role.kubernetes.io/control-plane');
    expect(worker.status!.addresses).toEqual([
      { type: 'InternalIP', address: '10.0.0.11' },
      { type: 'Hostname', address: 'node-1' },
    ]);
    const info = worker.status!.nodeInfo!;
    expect(info).toMatchObject({ kubeletVersion: 'v1.36.1', containerRuntimeVersion: 'containerd://2.1.4', osImage: 'Ubuntu 24.04.3 LTS', kernelVersion: '6.8.0-71-generic', operatingSystem: 'linux', architecture: 'amd64' });
    // Deprecated and unset, but NodeSystemInfo's tag has no omitempty: served as `""`.
    expect(info.kubeProxyVersion).toBe('');
    expect(info.machineID).toMatch(/^[0-9a-f]{32}$/);
    expect(info.bootID).toMatch(/^[0-9a-f-]{36}$/);
    expect(worker.status!.capacity).toMatchObject({ cpu: '4', pods: '110' });
    expect(worker.status!.daemonEndpoints).toEqual({ kubeletEndpoint: { Port: 10250 } });
    // The Security Context page's check that the node supports supplementalGroupsPolicy.
    expect(worker.status!.features).toEqual({ supplementalGroupsPolicy: true });
    expect(worker.status!.images!.some((i) => i.names.includes('registry.k8s.io/pause:3.10'))).toBe(true);
    expect(worker.status!.conditions!.map((c) => c.type)).toEqual(['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']);

    const cp = node(sim, 'control-plane');
    expect(cp.metadata.labels).toMatchObject({ 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' });
    expect(cp.spec.taints).toContainEqual({ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' });
  });

  it('turns Ready once the pod CIDR reaches the CNI, with the node events in order', () => {
    const sim = bootCluster();
    for (const n of sim.objects<Node>('nodes')) {
      expect(readyOf(n)).toEqual({ status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' });
    }
    expect(eventsFor(sim, 'node-2', 'Node').filter((e) => !e.includes('RegisteredNode'))).toEqual([
      'Normal Starting: Starting kubelet.',
      'Normal NodeHasSufficientMemory: Node node-2 status is now: NodeHasSufficientMemory',
      'Normal NodeHasNoDiskPressure: Node node-2 status is now: NodeHasNoDiskPressure',
      'Normal NodeHasSufficientPID: Node node-2 status is now: NodeHasSufficientPID',
      'Normal NodeAllocatableEnforced: Updated Node Allocatable limit across pods',
      'Normal Starting: ',
      'Normal NodeReady: Node node-2 status is now: NodeReady',
    ]);
    const trace = worldOf(sim).trace.records.filter((r) => r.from === 'kubelet/node-2' && r.kind === 'cri').map((r) => r.summary);
    expect(trace[0]).toMatch(/^UpdateRuntimeConfig podCIDR=10\.244\.\d+\.0\/24$/);
  });

  it('renews its Lease in kube-node-lease every 10 seconds and reports status every 5 minutes', () => {
    const sim = bootCluster();
    const lease = (): Lease => sim.objects<Lease>('leases').find((l) => l.metadata.namespace === 'kube-node-lease' && l.metadata.name === 'node-1')!;
    expect(lease().spec).toMatchObject({ holderIdentity: 'node-1', leaseDurationSeconds: 40 });
    expect(lease().metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Node', name: 'node-1' });
    const first = parseTimestamp(lease().spec.renewTime!);
    sim.advance(30_000);
    const renewed = parseTimestamp(lease().spec.renewTime!);
    expect(renewed - first).toBeGreaterThanOrEqual(20_000);
    expect(renewed - first).toBeLessThanOrEqual(30_000);

    const heartbeat = (): number => parseTimestamp(node(sim, 'node-1').status!.conditions!.find((c) => c.type === 'Ready')!.lastHeartbeatTime!);
    const before = heartbeat();
    sim.advance(60_000);
    expect(heartbeat()).toBe(before);
    sim.advance(300_000);
    expect(heartbeat()).toBeGreaterThan(before);
  });
});
