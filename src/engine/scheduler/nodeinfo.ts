/**
 * NodeInfo: the scheduler cache's aggregate for one node — what it offers (allocatable, labels,
 * taints, images) and what the Pods placed on it (bound or merely assumed) already take
 * (requests, host ports, pod count). Updated incrementally, one Pod at a time, so a scheduling
 * cycle never re-sums a node's Pods. Plain data: it lives in the World.
 *
 * The numbers Filter and Score read for every candidate node are flat fields of the NodeInfo
 * rather than nested Resource objects: a cycle touches hundreds of nodes, and each extra object
 * per node is a pointer chase that costs more than the arithmetic itself.
 */
import type { Node, Pod, Taint } from '../../k8s/types';
import { allocatableOf, podResources, type PodResources, type Resource } from './resources';
import { podCountsChanged } from './plugins/spread-counts';

export interface HostPort {
  ip: string;
  protocol: string;
  port: number;
}

/** What the cache keeps per placed Pod: the object plus what was computed from its spec once. */
export interface PodEntry {
  key: string;
  pod: Pod;
  nodeName: string;
  requests: Resource;
  nonZeroCPU: number;
  nonZeroMemory: number;
  ports: HostPort[];
  /** Has pod affinity or anti-affinity of any kind. */
  affinity: boolean;
  requiredAntiAffinity: boolean;
  priority: number;
  /** metadata.generation the derived fields were computed from (spec changes bump it). */
  generation: number | undefined;
}

export interface NodeInfo {
  name: string;
  /** undefined while the cache still holds Pods for a Node that was deleted. */
  node: Node | undefined;
  labels: Record<string, string>;
  taints: Taint[];
  /**
   * Whether `taints` holds a NoSchedule/NoExecute taint, and a PreferNoSchedule one: TaintToleration
   * asks for every candidate, and most nodes have neither — a flag here spares reading the array.
   */
  hasFilterTaints: boolean;
  hasPreferNoScheduleTaints: boolean;
  /** node.spec.unschedulable (false without a Node): NodeUnschedulable reads it for every candidate. */
  unschedulable: boolean;
  /** node.status.allocatable: millicores, bytes, bytes, Pods, and scalar resources in milli-units. */
  allocatableMilliCPU: number;
  allocatableMemory: number;
  allocatableEphemeralStorage: number;
  allowedPodNumber: number;
  allocatableScalar: Record<string, number>;
  /** Sum of the requests of the Pods placed here (bound and assumed). */
  requestedMilliCPU: number;
  requestedMemory: number;
  requestedEphemeralStorage: number;
  requestedScalar: Record<string, number>;
  /** The same with every missing container request counted as 100m / 200Mi (for scoring). */
  nonZeroMilliCPU: number;
  nonZeroMemory: number;
  podCount: number;
  pods: Map<string, PodEntry>;
  /** `${protocol}/${port}` → host IP → Pods using it. */
  usedPorts: Map<string, Map<string, number>>;
  podsWithAffinity: number;
  podsWithRequiredAntiAffinity: number;
  /** Image name (each of node.status.images[].names) → size in bytes. Replaced only through setImages. */
  images: Map<string, number>;
  /**
   * The last image ImageLocality looked up here and its size (-1: absent): consecutive Pods mostly
   * run the same image, and the lookup is a hash-table read on a node the cycle barely touched.
   */
  lastImage: string | undefined;
  lastImageSize: number;
  /** Bumped on every change. */
  generation: number;
}

export function newNodeInfo(name: string): NodeInfo {
  return {
    name,
    node: undefined,
    labels: {},
    taints: [],
    hasFilterTaints: false,
    hasPreferNoScheduleTaints: false,
    unschedulable: false,
    allocatableMilliCPU: 0,
    allocatableMemory: 0,
    allocatableEphemeralStorage: 0,
    allowedPodNumber: 0,
    allocatableScalar: {},
    requestedMilliCPU: 0,
    requestedMemory: 0,
    requestedEphemeralStorage: 0,
    requestedScalar: {},
    nonZeroMilliCPU: 0,
    nonZeroMemory: 0,
    podCount: 0,
    pods: new Map(),
    usedPorts: new Map(),
    podsWithAffinity: 0,
    podsWithRequiredAntiAffinity: 0,
    images: new Map(),
    lastImage: undefined,
    lastImageSize: -1,
    generation: 0,
  };
}

/** Sets the Node object; returns the image names that appeared and disappeared. */
export function setNode(ni: NodeInfo, node: Node): { added: string[]; removed: string[] } {
  ni.node = node;
  ni.labels = node.metadata.labels ?? {};
  ni.taints = node.spec?.taints ?? [];
  ni.hasFilterTaints = ni.taints.some((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
  ni.hasPreferNoScheduleTaints = ni.taints.some((t) => t.effect === 'PreferNoSchedule');
  ni.unschedulable = !!node.spec?.unschedulable;
  const a = allocatableOf(node.status?.allocatable);
  ni.allocatableMilliCPU = a.milliCPU;
  ni.allocatableMemory = a.memory;
  ni.allocatableEphemeralStorage = a.ephemeralStorage;
  ni.allowedPodNumber = a.allowedPodNumber;
  ni.allocatableScalar = a.scalar;
  const images = new Map<string, number>();
  for (const img of node.status?.images ?? []) for (const n of img.names ?? []) images.set(n, img.sizeBytes ?? 0);
  const added = [...images.keys()].filter((n) => !ni.images.has(n));
  const removed = [...ni.images.keys()].filter((n) => !images.has(n));
  setImages(ni, images);
  ni.generation++;
  return { added, removed };
}

export function setImages(ni: NodeInfo, images: Map<string, number>): void {
  ni.images = images;
  ni.lastImage = undefined;
  ni.lastImageSize = -1;
}

/** The size of `image` on the node, or undefined (ImageLocality's lookup, remembered for the next Pod). */
export function imageSizeOn(ni: NodeInfo, image: string): number | undefined {
  if (ni.lastImage !== image) {
    ni.lastImage = image;
    ni.lastImageSize = ni.images.get(image) ?? -1;
  }
  return ni.lastImageSize < 0 ? undefined : ni.lastImageSize;
}

export function hostPortsOf(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  for (const c of pod.spec.containers ?? []) {
    for (const p of c.ports ?? []) {
      if (!p.hostPort || p.hostPort <= 0) continue;
      const ip = (p as { hostIP?: string }).hostIP || '0.0.0.0';
      out.push({ ip, protocol: p.protocol || 'TCP', port: p.hostPort });
    }
  }
  return out;
}

interface PodAffinityShape {
  podAffinity?: unknown;
  podAntiAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: unknown[] };
}

/** `res`: podResources(pod) when the caller has it already (the cycle's PodInfo). */
export function podEntry(pod: Pod, key: string, nodeName: string, res: PodResources = podResources(pod)): PodEntry {
  const aff = pod.spec.affinity as PodAffinityShape | undefined;
  return {
    key,
    pod,
    nodeName,
    requests: res.requests,
    nonZeroCPU: res.nonZeroCPU,
    nonZeroMemory: res.nonZeroMemory,
    ports: hostPortsOf(pod),
    affinity: aff?.podAffinity !== undefined || aff?.podAntiAffinity !== undefined,
    requiredAntiAffinity: (aff?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0,
    priority: pod.spec.priority ?? 0,
    generation: pod.metadata.generation,
  };
}

function addScalar(into: Record<string, number>, from: Record<string, number>, sign: number): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + sign * v;
}

function portKey(p: HostPort): string {
  return `${p.protocol}/${p.port}`;
}

function account(ni: NodeInfo, e: PodEntry, sign: 1 | -1): void {
  ni.requestedMilliCPU += sign * e.requests.milliCPU;
  ni.requestedMemory += sign * e.requests.memory;
  ni.requestedEphemeralStorage += sign * e.requests.ephemeralStorage;
  addScalar(ni.requestedScalar, e.requests.scalar, sign);
  ni.nonZeroMilliCPU += sign * e.nonZeroCPU;
  ni.nonZeroMemory += sign * e.nonZeroMemory;
  ni.podCount += sign;
  if (e.affinity) ni.podsWithAffinity += sign;
  if (e.requiredAntiAffinity) ni.podsWithRequiredAntiAffinity += sign;
  for (const p of e.ports) {
    const k = portKey(p);
    let byIp = ni.usedPorts.get(k);
    if (!byIp) ni.usedPorts.set(k, (byIp = new Map()));
    const n = (byIp.get(p.ip) ?? 0) + sign;
    if (n > 0) byIp.set(p.ip, n);
    else byIp.delete(p.ip);
    if (byIp.size === 0) ni.usedPorts.delete(k);
  }
  ni.generation++;
}

export function addPodEntry(ni: NodeInfo, e: PodEntry): void {
  if (ni.pods.has(e.key)) removePodEntry(ni, e.key);
  ni.pods.set(e.key, e);
  account(ni, e, 1);
  podCountsChanged(ni, undefined, e.pod);
}

export function removePodEntry(ni: NodeInfo, key: string): PodEntry | undefined {
  const e = ni.pods.get(key);
  if (!e) return undefined;
  ni.pods.delete(key);
  account(ni, e, -1);
  podCountsChanged(ni, e.pod, undefined);
  return e;
}

/** A newer version of a Pod already on the node (same spec): kept in place. */
export function replacePodObject(ni: NodeInfo | undefined, e: PodEntry, pod: Pod): void {
  const old = e.pod;
  e.pod = pod;
  if (!ni) return;
  // Labels and deletionTimestamp may have moved: what is memoised per node generation must see it.
  ni.generation++;
  podCountsChanged(ni, old, pod);
}

/** HostPortInfo.CheckConflict: 0.0.0.0 collides with every address on the same protocol/port. */
export function portConflicts(ni: NodeInfo, p: HostPort): boolean {
  const byIp = ni.usedPorts.get(portKey(p));
  if (!byIp) return false;
  if (p.ip === '0.0.0.0') return byIp.size > 0;
  return byIp.has('0.0.0.0') || byIp.has(p.ip);
}

/**
 * A scratch copy for "what if" evaluation (preemption's dry run, nominated Pods): resource
 * counters and the Pod/port maps are copied, the Pod entries themselves are shared.
 */
export function cloneNodeInfo(ni: NodeInfo): NodeInfo {
  const usedPorts = new Map<string, Map<string, number>>();
  for (const [k, v] of ni.usedPorts) usedPorts.set(k, new Map(v));
  return { ...ni, requestedScalar: { ...ni.requestedScalar }, pods: new Map(ni.pods), usedPorts };
}

/**
 * The cache's NodeInfos whose generation moved, oldest first (repeats allowed), within one epoch:
 * a per-node memo reads from where it stopped instead of comparing every node's generation each
 * cycle (upstream's cache keeps its NodeInfos ordered by generation for the same reason). A new
 * epoch starts with an empty log; a reader from an older one rescans every node.
 */
export interface NodeChanges {
  log: readonly NodeInfo[];
  epoch: number;
}
