/**
 * The scheduler cache (pkg/scheduler/backend/cache): a NodeInfo per node, kept current from the
 * informers' deltas, plus "assumed" Pods — placed on a node the moment the scheduler decides,
 * before the binding is confirmed by the watch, so the next cycle already counts them. An
 * assumed Pod is forgotten if its binding fails, and confirmed when the informer delivers it
 * with spec.nodeName set.
 */
import { hasStatusResources } from '../../k8s/pod-resources';
import type { Node, Pod } from '../../k8s/types';
import type { PodResources } from './resources';
import { addPodEntry, newNodeInfo, podEntry, removePodEntry, replacePodObject, setImages, setNode, type NodeChanges, type NodeInfo, type PodEntry } from './nodeinfo';

export interface SchedulerCache {
  nodes: Map<string, NodeInfo>;
  /** The node tree: node names per zone, zones in the order first seen. */
  zones: Map<string, string[]>;
  /** Node name → its zone in the tree (every name in `zones`, once). */
  zoneOf: Map<string, string>;
  /**
   * Cached round-robin listing of the node tree; undefined when it must be rebuilt.
   * Invariant: an order array is never changed except by appending at its end — a node whose
   * place in the listing is last (nodes joining one after another, round-robin over zones) is
   * pushed onto it; any other change drops it and the next call builds a new one. So a holder
   * that kept an order (or its names) with its length still reads the listing of its moment.
   */
  order: NodeInfo[] | undefined;
  /** Every placed Pod (bound or assumed) by `namespace/name`. */
  pods: Map<string, PodEntry>;
  assumed: Set<string>;
  /** Image name → how many nodes hold it. */
  imageNodes: Map<string, number>;
  /**
   * Placed Pods with pod affinity or anti-affinity of any kind, and with required anti-affinity:
   * while both are 0, InterPodAffinity has nothing to find on any node for a Pod without terms.
   */
  podsWithAffinity: number;
  podsWithRequiredAntiAffinity: number;
  /**
   * The same per node name (nodes with none are absent): equal to each NodeInfo's
   * podsWithAffinity / podsWithRequiredAntiAffinity, so InterPodAffinity finds the few nodes it
   * must look at without reading every NodeInfo of the cluster.
   */
  affinityNodes: Map<string, number>;
  requiredAntiAffinityNodes: Map<string, number>;
  /** NodeChanges (nodeinfo.ts): every generation move of a NodeInfo here is logged. */
  changes: NodeInfo[];
  changesEpoch: number;
}

export function newCache(): SchedulerCache {
  return { nodes: new Map(), zones: new Map(), zoneOf: new Map(), order: undefined, pods: new Map(), assumed: new Set(), imageNodes: new Map(), podsWithAffinity: 0, podsWithRequiredAntiAffinity: 0, affinityNodes: new Map(), requiredAntiAffinityNodes: new Map(), changes: [], changesEpoch: 0 };
}

/** utilnode.GetZoneKey: region and zone labels; '' when the node has neither. */
export function zoneKey(node: Node): string {
  const l = node.metadata.labels ?? {};
  const region = l['topology.kubernetes.io/region'] ?? l['failure-domain.beta.kubernetes.io/region'] ?? '';
  const zone = l['topology.kubernetes.io/zone'] ?? l['failure-domain.beta.kubernetes.io/zone'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\u0000:${zone}`;
}

function treeAdd(c: SchedulerCache, zone: string, name: string): void {
  if (c.zoneOf.has(name)) {
    c.order = undefined;
    return;
  }
  let list = c.zones.get(zone);
  if (!list) c.zones.set(zone, (list = []));
  list.push(name);
  c.zoneOf.set(name, zone);
  const order = c.order;
  if (order && lastInListing(c, zone, list.length - 1)) appendToOrder(order, c.nodes.get(name)!);
  else c.order = undefined;
}

/**
 * Whether the node at index `i` of `zone`'s list comes last in nodeTree.list(): the listing is
 * round i of every zone in zone order after rounds 0..i-1, so nothing follows it when the zones
 * before `zone` have no round past i and the zones after it have no round i.
 */
function lastInListing(c: SchedulerCache, zone: string, i: number): boolean {
  let after = false;
  for (const [z, list] of c.zones) {
    if (z === zone) after = true;
    else if (list.length > (after ? i : i + 1)) return false;
  }
  return true;
}

function treeRemove(c: SchedulerCache, name: string): void {
  const zone = c.zoneOf.get(name);
  if (zone === undefined) return;
  c.zoneOf.delete(name);
  const list = c.zones.get(zone)!;
  list.splice(list.indexOf(name), 1);
  if (list.length === 0) c.zones.delete(zone);
  c.order = undefined;
}

/** nodeTree.list(): one node from each zone in turn, so consecutive candidates span zones. */
export function nodeOrder(c: SchedulerCache): NodeInfo[] {
  if (c.order) return c.order;
  const lists = [...c.zones.values()];
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out: NodeInfo[] = [];
  for (let i = 0; out.length < total; i++) {
    for (const l of lists) if (i < l.length) out.push(c.nodes.get(l[i]!)!);
  }
  c.order = out;
  return out;
}

/** Logs a generation move; the log starts over (a new epoch) once it is several times the node count. */
function changed(c: SchedulerCache, ni: NodeInfo): void {
  if (c.changes.length >= 4 * c.nodes.size + 256) {
    c.changes = [];
    c.changesEpoch++;
  }
  c.changes.push(ni);
}

export function nodeChanges(c: SchedulerCache): NodeChanges {
  return { log: c.changes, epoch: c.changesEpoch };
}

function countImages(c: SchedulerCache, names: readonly string[], by: 1 | -1): void {
  for (const n of names) {
    const v = (c.imageNodes.get(n) ?? 0) + by;
    if (v > 0) c.imageNodes.set(n, v);
    else c.imageNodes.delete(n);
  }
}

function nodeInfoFor(c: SchedulerCache, name: string): NodeInfo {
  let ni = c.nodes.get(name);
  if (!ni) c.nodes.set(name, (ni = newNodeInfo(name)));
  return ni;
}

export function addOrUpdateNode(c: SchedulerCache, node: Node): NodeInfo {
  const name = node.metadata.name!;
  const ni = nodeInfoFor(c, name);
  const before = ni.node;
  if (before && zoneKey(before) !== zoneKey(node)) treeRemove(c, name);
  if (!before || zoneKey(before) !== zoneKey(node)) treeAdd(c, zoneKey(node), name);
  const { added, removed } = setNode(ni, node);
  changed(c, ni);
  countImages(c, added, 1);
  countImages(c, removed, -1);
  return ni;
}

/** The NodeInfo stays (without a Node) while Pods still reference it, as in kube-scheduler. */
export function removeNode(c: SchedulerCache, name: string): void {
  const ni = c.nodes.get(name);
  if (!ni) return;
  treeRemove(c, name);
  countImages(c, [...ni.images.keys()], -1);
  setImages(ni, new Map());
  ni.node = undefined;
  ni.unschedulable = false;
  ni.generation++;
  changed(c, ni);
  if (ni.pods.size === 0) c.nodes.delete(name);
}

function countAffinity(c: SchedulerCache, e: PodEntry, sign: 1 | -1): void {
  if (e.affinity) {
    c.podsWithAffinity += sign;
    countOnNode(c.affinityNodes, e.nodeName, sign);
  }
  if (e.requiredAntiAffinity) {
    c.podsWithRequiredAntiAffinity += sign;
    countOnNode(c.requiredAntiAffinityNodes, e.nodeName, sign);
  }
}

function countOnNode(counts: Map<string, number>, node: string, sign: 1 | -1): void {
  const n = (counts.get(node) ?? 0) + sign;
  if (n > 0) counts.set(node, n);
  else counts.delete(node);
}

/** Each node's index in a node order, and its names, once per order (kept in step as it grows). */
const POSITIONS = new WeakMap<readonly NodeInfo[], Map<string, number>>();
const NAMES = new WeakMap<readonly NodeInfo[], string[]>();

function appendToOrder(order: NodeInfo[], ni: NodeInfo): void {
  order.push(ni);
  POSITIONS.get(order)?.set(ni.name, order.length - 1);
  NAMES.get(order)?.push(ni.name);
}

export function positions(order: readonly NodeInfo[]): ReadonlyMap<string, number> {
  let at = POSITIONS.get(order);
  if (!at) POSITIONS.set(order, (at = new Map(order.map((n, i) => [n.name, i]))));
  return at;
}

/**
 * The nodes' names in order. The array grows with its order (see SchedulerCache.order): whoever
 * keeps it past the cycle keeps the length it read too.
 */
export function nodeNames(order: readonly NodeInfo[]): readonly string[] {
  let names = NAMES.get(order);
  if (!names) NAMES.set(order, (names = order.map((n) => n.name)));
  return names;
}

/** The nodes of `order` named in `names`, in `order`'s order (names not in it are left out). */
export function inOrder(order: readonly NodeInfo[], names: Iterable<string>): NodeInfo[] {
  const at = positions(order);
  const found: number[] = [];
  for (const name of names) {
    const i = at.get(name);
    if (i !== undefined) found.push(i);
  }
  return found.sort((a, b) => a - b).map((i) => order[i]!);
}

function place(c: SchedulerCache, e: PodEntry): void {
  c.pods.set(e.key, e);
  countAffinity(c, e, 1);
  const ni = nodeInfoFor(c, e.nodeName);
  addPodEntry(ni, e);
  changed(c, ni);
}

function unplace(c: SchedulerCache, key: string): PodEntry | undefined {
  const e = c.pods.get(key);
  if (!e) return undefined;
  c.pods.delete(key);
  countAffinity(c, e, -1);
  const ni = c.nodes.get(e.nodeName);
  if (ni) {
    removePodEntry(ni, key);
    changed(c, ni);
    if (!ni.node && ni.pods.size === 0) c.nodes.delete(e.nodeName);
  }
  return e;
}

/** AssumePod: count the Pod on `node` before the binding is confirmed (`res`: podResources(pod), if known). */
export function assumePod(c: SchedulerCache, pod: Pod, key: string, node: string, res?: PodResources): void {
  unplace(c, key);
  place(c, podEntry(pod, key, node, res));
  c.assumed.add(key);
}

/** ForgetPod: the binding failed; the Pod no longer takes room anywhere. */
export function forgetPod(c: SchedulerCache, key: string): void {
  if (!c.assumed.delete(key)) return;
  unplace(c, key);
}

export function isAssumed(c: SchedulerCache, key: string): boolean {
  return c.assumed.has(key);
}

/**
 * AddPod / UpdatePod for a Pod the informer shows bound: confirms an assumed Pod or places a new
 * one. Derived fields are recomputed only when the spec changed (generation) or the Pod was
 * resized in place, which keeps the kubelet's many status updates cheap.
 */
export function addOrUpdatePod(c: SchedulerCache, pod: Pod, key: string): PodEntry {
  c.assumed.delete(key);
  const node = pod.spec.nodeName!;
  const cur = c.pods.get(key);
  // A Pod resized in place also counts what its status reports, which moves without the generation.
  const resized = hasStatusResources(pod) || (cur !== undefined && hasStatusResources(cur.pod));
  if (cur && !resized && cur.nodeName === node && cur.generation === pod.metadata.generation && cur.pod.metadata.uid === pod.metadata.uid) {
    const ni = c.nodes.get(node);
    replacePodObject(ni, cur, pod);
    if (ni) changed(c, ni);
    return cur;
  }
  unplace(c, key);
  const e = podEntry(pod, key, node);
  place(c, e);
  return e;
}

export function removePod(c: SchedulerCache, key: string): PodEntry | undefined {
  c.assumed.delete(key);
  return unplace(c, key);
}
