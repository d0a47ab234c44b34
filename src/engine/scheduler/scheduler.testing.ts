/**
 * Test fixtures for the scheduler's tests: Node and Pod manifests, hand-built NodeInfos, a
 * ClusterView over them, and a cluster whose nodes are created through the API (so the tests
 * hold whether or not kubelets register the same nodes themselves).
 */
import type { Container, KEvent, Node, Pod, PodSpec, Taint } from '../../k8s/types';
import { Simulation } from '../simulation';
import type { ClusterView, PodInfo } from './framework';
import { addPodEntry, newNodeInfo, podEntry, setNode, type NodeInfo } from './nodeinfo';
import { podInfoOf } from './view';

export interface NodeOptions {
  cpu?: string;
  memory?: string;
  pods?: string;
  labels?: Record<string, string>;
  taints?: Taint[];
  unschedulable?: boolean;
  images?: { names: string[]; sizeBytes: number }[];
}

export function nodeManifest(name: string, o: NodeOptions = {}): Node {
  const allocatable = { cpu: o.cpu ?? '4', memory: o.memory ?? '8039480Ki', pods: o.pods ?? '110', 'ephemeral-storage': '56403987978' };
  const spec: Node['spec'] = {};
  if (o.taints) spec.taints = o.taints;
  if (o.unschedulable) spec.unschedulable = true;
  const status: NonNullable<Node['status']> = {
    capacity: allocatable,
    allocatable,
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }],
  };
  if (o.images) status.images = o.images;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', ...o.labels } },
    spec,
    status,
  };
}

export const CONTROL_PLANE_TAINT: Taint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

export function podManifest(name: string, spec: Partial<PodSpec> = {}, labels?: Record<string, string>): Pod {
  const containers: Container[] = spec.containers ?? [{ name: 'app', image: 'nginx:1.27' }];
  const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { ...spec, containers } };
  if (labels) pod.metadata.labels = labels;
  return pod;
}

export function requests(cpu: string, memory?: string): Container[] {
  return [{ name: 'app', image: 'nginx:1.27', resources: { requests: memory ? { cpu, memory } : { cpu } } }];
}

/** A NodeInfo built by hand, with Pods already placed on it. */
export function nodeInfo(name: string, o: NodeOptions = {}, pods: Pod[] = []): NodeInfo {
  const ni = newNodeInfo(name);
  setNode(ni, nodeManifest(name, o));
  for (const p of pods) addPodEntry(ni, podEntry({ ...p, spec: { ...p.spec, nodeName: name } }, `default/${p.metadata.name}`, name));
  return ni;
}

export function podInfo(pod: Pod): PodInfo {
  return podInfoOf(pod, `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`);
}

export function viewOf(nodes: NodeInfo[], extra: Partial<ClusterView> = {}): ClusterView {
  const counts = new Map<string, number>();
  for (const n of nodes) for (const img of n.images.keys()) counts.set(img, (counts.get(img) ?? 0) + 1);
  return {
    nodes,
    nodeInfo: (name) => nodes.find((n) => n.name === name),
    imageNumNodes: (img) => counts.get(img) ?? 0,
    pvc: () => undefined,
    pv: () => undefined,
    pvs: () => [],
    storageClass: () => undefined,
    namespace: () => undefined,
    services: () => [],
    workload: () => undefined,
    ...extra,
  };
}

/**
 * The basic topology's nodes, created through the API where no kubelet registered them:
 * `control-plane` (2 cpu, tainted NoSchedule) and node-1..3 (4 cpu).
 */
export function basicCluster(workers = 3): Simulation {
  const sim = new Simulation({ seed: 1, workers: 0 });
  const want: Node[] = [nodeManifest('control-plane', { cpu: '2', memory: '3912680Ki', taints: [CONTROL_PLANE_TAINT], labels: { 'node-role.kubernetes.io/control-plane': '' } })];
  for (let i = 1; i <= workers; i++) want.push(nodeManifest(`node-${i}`));
  for (const n of want) {
    if (sim.objects<Node>('nodes').some((x) => x.metadata.name === n.metadata.name)) continue;
    const res = sim.request({ verb: 'create', resource: 'nodes', body: n });
    if (!res.ok) throw new Error(`create node ${n.metadata.name}: ${res.error.message}`);
  }
  sim.advance(100);
  return sim;
}

export function createPod(sim: Simulation, pod: Pod): void {
  const res = sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod });
  if (!res.ok) throw new Error(`create pod ${pod.metadata.name}: ${res.error.message}`);
}

export function getPod(sim: Simulation, name: string): Pod | undefined {
  return sim.objects<Pod>('pods').find((p) => p.metadata.name === name && p.metadata.namespace === 'default');
}

export function eventsFor(sim: Simulation, name: string): KEvent[] {
  return sim.objects<KEvent>('events').filter((e) => e.involvedObject.kind === 'Pod' && e.involvedObject.name === name);
}
