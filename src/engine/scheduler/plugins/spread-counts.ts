/**
 * PodTopologySpread's counts of matching Pods per node, memoised per node generation. Split
 * from pod-topology-spread.ts: this is the part a cycle runs once per feasible node, and its
 * layout (memo on the NodeInfo, integer selector ids) exists for speed alone.
 */
import { matches, type Selector } from '../../../k8s/labels';
import { own } from '../../../k8s/own';
import type { NodeInfo } from '../nodeinfo';

const HOSTNAME = 'kubernetes.io/hostname';

/**
 * Counts memoised per node and (selector, namespace), valid while the node's generation stands
 * (it moves with every Pod placed, removed or updated there). The system default zone constraint
 * counts every Pod of every node for every Pod scheduled, which made a run grow with the square
 * of its Pods. A cycle asks once per feasible node, and at a thousand nodes the asking is bound
 * by memory loads, not arithmetic: the memo hangs off the NodeInfo itself (a non-enumerable
 * symbol property, so it never enters a World snapshot, a clone or an equality check), keyed by
 * a small integer per selector, with the last selector asked kept inline — consecutive cycles
 * mostly schedule replicas of one workload.
 */
const MEMO = Symbol('podTopologySpreadCounts');

interface CountMemo {
  generation: number;
  /** The node carries the hostname label (labels change only with the generation). */
  hostname: boolean;
  /** The last selector id asked at this generation (-1: none) and its count. */
  id: number;
  count: number;
  /** Earlier selectors asked at this generation. */
  more: Map<number, number> | undefined;
}

/** The node's memo, emptied if the node's generation moved since it was filled. */
function memoOf(node: NodeInfo): CountMemo {
  let m = (node as unknown as Record<symbol, CountMemo | undefined>)[MEMO];
  if (!m) {
    m = { generation: -1, hostname: false, id: -1, count: 0, more: undefined };
    Object.defineProperty(node, MEMO, { value: m, enumerable: false, writable: false, configurable: false });
  }
  if (m.generation !== node.generation) {
    m.generation = node.generation;
    m.hostname = own(node.labels, HOSTNAME) !== undefined;
    m.id = -1;
    m.more = undefined;
  }
  return m;
}

/**
 * (namespace, selector) → its memo id. Ids only name memo entries (the same text always gets
 * the same id), so sharing them between simulations in one process changes no count.
 */
const selectorIds = new Map<string, number>();

/** The memo key of a selector in a namespace; computed once per cycle, not once per node. */
export function selectorKey(sel: Selector | undefined, namespace: string): number | undefined {
  if (sel === undefined) return undefined;
  const text = `${namespace}\u0000${JSON.stringify(sel)}`;
  let id = selectorIds.get(text);
  if (id === undefined) selectorIds.set(text, (id = selectorIds.size));
  return id;
}

/** Matching Pods on a node, not counting those already terminating. */
export function countPodsMatchSelector(node: NodeInfo, sel: Selector | undefined, namespace: string, key?: number): number {
  if (sel === undefined) return 0;
  if (key === undefined) return countNow(node, sel, namespace);
  const m = memoOf(node);
  if (m.id === key) return m.count;
  let n = m.more?.get(key);
  if (n !== undefined) return n;
  n = countNow(node, sel, namespace);
  if (m.id !== -1) (m.more ??= new Map()).set(m.id, m.count);
  m.id = key;
  m.count = n;
  return n;
}

function countNow(node: NodeInfo, sel: Selector, namespace: string): number {
  let n = 0;
  for (const e of node.pods.values()) {
    const p = e.pod;
    if (p.metadata.deletionTimestamp || p.metadata.namespace !== namespace) continue;
    if (matches(sel, p.metadata.labels)) n++;
  }
  return n;
}

/** The node carries the `kubernetes.io/hostname` label (read once per node generation). */
export function hasHostnameLabel(node: NodeInfo): boolean {
  return memoOf(node).hostname;
}
