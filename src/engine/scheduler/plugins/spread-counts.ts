/**
 * PodTopologySpread's counts of matching Pods per node, kept per node as its Pods change. Split
 * from pod-topology-spread.ts: this is the part a cycle runs once per feasible node, and its
 * layout (memo on the NodeInfo, integer selector ids) exists for speed alone.
 */
import { matches, type Selector } from '../../../k8s/labels';
import { own } from '../../../k8s/own';
import type { Pod } from '../../../k8s/types';
import type { NodeInfo } from '../nodeinfo';

const HOSTNAME = 'kubernetes.io/hostname';

/**
 * Counts of matching Pods per node and (selector, namespace), kept current as Pods come, go and
 * change on the node (podCountsChanged, called by nodeinfo.ts), so a count asked once is never
 * walked again. The system default constraints count a node's Pods for every Pod scheduled; a
 * memo emptied whenever a node changed (each kubelet status update of each Pod on it) made a run
 * grow with the square of its Pods per node, since consecutive cycles schedule replicas of many
 * workloads. A cycle asks once per feasible node, and at a thousand nodes the asking is bound by
 * memory loads, not arithmetic: the memo hangs off the NodeInfo itself (a non-enumerable symbol
 * property, so it never enters a World snapshot, a clone or an equality check), keyed by a small
 * integer per selector, with the last selector asked kept inline.
 *
 * Invariant: every entry's count equals countNow(node, entry.sel, entry.ns) at all times.
 */
const MEMO = Symbol('podTopologySpreadCounts');

interface CountEntry {
  sel: Selector;
  ns: string;
  count: number;
}

interface CountMemo {
  /** The labels object `hostname` was read from (setNode replaces it when the Node changes). */
  labels: Readonly<Record<string, string>> | undefined;
  hostname: boolean;
  /** The last selector id asked and its entry (-1: none). */
  id: number;
  entry: CountEntry | undefined;
  counts: Map<number, CountEntry>;
  /**
   * The entries a Pod change can touch, by `key=value` of their selector's first `In`
   * requirement (a Pod without that label cannot match), and those without one: a change
   * updates a handful of entries however many workloads have Pods on the node.
   */
  byLabel: Map<string, CountEntry[]>;
  unindexed: CountEntry[];
}

/** Selectors a node keeps counts for; past it the memo starts again. */
const MAX_COUNTED_SELECTORS = 2048;

function memoOf(node: NodeInfo): CountMemo {
  let m = (node as unknown as Record<symbol, CountMemo | undefined>)[MEMO];
  if (!m) {
    m = { labels: undefined, hostname: false, id: -1, entry: undefined, counts: new Map(), byLabel: new Map(), unindexed: [] };
    Object.defineProperty(node, MEMO, { value: m, enumerable: false, writable: false, configurable: false });
  }
  if (m.labels !== node.labels) {
    m.labels = node.labels;
    m.hostname = own(node.labels, HOSTNAME) !== undefined;
  }
  return m;
}

function addEntry(m: CountMemo, key: number, e: CountEntry): void {
  if (m.counts.size >= MAX_COUNTED_SELECTORS) {
    m.counts.clear();
    m.byLabel.clear();
    m.unindexed = [];
  }
  m.counts.set(key, e);
  const req = e.sel.find((r) => r.op === 'In');
  if (req?.op !== 'In') {
    m.unindexed.push(e);
    return;
  }
  for (const v of new Set(req.values)) {
    const k = `${req.key}=${v}`;
    const list = m.byLabel.get(k);
    if (list) list.push(e);
    else m.byLabel.set(k, [e]);
  }
}

function counted(pod: Pod | undefined, e: CountEntry): number {
  if (!pod || pod.metadata.deletionTimestamp || pod.metadata.namespace !== e.ns) return 0;
  return matches(e.sel, pod.metadata.labels) ? 1 : 0;
}

/** The entries a Pod with these labels may match, each once per call (`seen`). */
function touch(m: CountMemo, labels: Record<string, string> | undefined, seen: Set<CountEntry>): void {
  for (const e of m.unindexed) seen.add(e);
  if (!labels) return;
  for (const k in labels) {
    const list = m.byLabel.get(`${k}=${labels[k]}`);
    if (list) for (const e of list) seen.add(e);
  }
}

/**
 * A Pod on the node was added (`old` undefined), removed (`cur` undefined) or replaced by a
 * newer version. A status update shares the Pod's metadata with the version before, and moves
 * no count.
 */
export function podCountsChanged(node: NodeInfo, old: Pod | undefined, cur: Pod | undefined): void {
  const m = (node as unknown as Record<symbol, CountMemo | undefined>)[MEMO];
  if (!m || m.counts.size === 0) return;
  if (old && cur) {
    const a = old.metadata;
    const b = cur.metadata;
    if (a === b || (a.labels === b.labels && a.namespace === b.namespace && !a.deletionTimestamp === !b.deletionTimestamp)) return;
  }
  const seen = new Set<CountEntry>();
  if (old) touch(m, old.metadata.labels, seen);
  if (cur) touch(m, cur.metadata.labels, seen);
  for (const e of seen) e.count += counted(cur, e) - counted(old, e);
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
  if (m.id === key) return m.entry!.count;
  let e = m.counts.get(key);
  if (!e) {
    e = { sel, ns: namespace, count: countNow(node, sel, namespace) };
    addEntry(m, key, e);
  }
  m.id = key;
  m.entry = e;
  return e.count;
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

/** The node carries the `kubernetes.io/hostname` label (read once per labels object). */
export function hasHostnameLabel(node: NodeInfo): boolean {
  return memoOf(node).hostname;
}
