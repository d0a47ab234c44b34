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
 * memory loads, not arithmetic: the memo lives on the NodeInfo itself (non-enumerable fields
 * keyed by symbols, so it never enters a World snapshot, a clone or an equality check), keyed by
 * a small integer per selector; what a selector is and which Pod labels can touch it is kept once
 * per process, not per node.
 *
 * Invariant: every count a node holds for id equals countNow(node, SELECTORS[id]) at all times.
 */
const LABELS = Symbol('podTopologySpread.labels');
const HAS_HOSTNAME = Symbol('podTopologySpread.hasHostname');
const TOPOLOGY_KEY = Symbol('podTopologySpread.topologyKey');
const TOPOLOGY_VALUE = Symbol('podTopologySpread.topologyValue');
const LAST_ID = Symbol('podTopologySpread.lastId');
const LAST_COUNT = Symbol('podTopologySpread.lastCount');
const COUNTS = Symbol('podTopologySpread.counts');

/**
 * The memo's fields a cycle reads on every feasible node, as non-enumerable fields of the
 * NodeInfo itself: they share the object's one property store, where a memo object behind a
 * field cost a second cache miss per node.
 */
interface Memo {
  /** The labels object HAS_HOSTNAME and TOPOLOGY_VALUE were read from (setNode replaces it when the Node changes). */
  [LABELS]: Readonly<Record<string, string>> | undefined;
  [HAS_HOSTNAME]: boolean;
  /** The last topology key read through topologyValue (undefined: none since LABELS), and its value. */
  [TOPOLOGY_KEY]: string | undefined;
  [TOPOLOGY_VALUE]: string | undefined;
  /**
   * The id last read and its count (-1: none). Consecutive cycles mostly schedule replicas of
   * one workload, so this copy spares a hash-table read on a node the cycle barely touches.
   * Invariant: LAST_ID is -1 or COUNTS.counts.get(LAST_ID) === LAST_COUNT.
   */
  [LAST_ID]: number;
  [LAST_COUNT]: number;
  [COUNTS]: CountMemo;
}

type MemoNode = NodeInfo & Memo;

interface CountMemo {
  /** Selector id → matching Pods on this node. */
  counts: Map<number, number>;
  /**
   * `key=value` → the node's Pods carrying that label (any namespace, terminating or not), built
   * at the node's first count and kept by podCountsChanged; undefined until then. A new selector
   * (a new workload) is asked on every node, and on most no Pod carries the label its first `In`
   * requirement needs: then its count is 0 without walking the node's Pods.
   * Invariant: once built, equal to labelTally(node.pods) at all times.
   */
  podLabels: Map<string, number> | undefined;
}

/**
 * Selector ids a node keeps counts for; past it the memo starts again. A count costs about 30
 * bytes: 5,000 nodes × 1,500 Deployments (the 150,000-Pod bench) hold about 225 MB; a cap that
 * the bench exceeds makes every node walk its Pods again.
 */
const MAX_COUNTED_SELECTORS = 4096;

function memoOf(node: NodeInfo): MemoNode {
  if ((node as Partial<Memo>)[COUNTS] === undefined) attach(node);
  const m = node as MemoNode;
  if (m[LABELS] !== node.labels) {
    m[LABELS] = node.labels;
    m[HAS_HOSTNAME] = own(node.labels, HOSTNAME) !== undefined;
    m[TOPOLOGY_KEY] = undefined;
  }
  return m;
}

/** Defines the memo's fields, always in this order (so every NodeInfo takes the same hidden-class path). */
function attach(node: NodeInfo): void {
  const fields: [keyof Memo, Memo[keyof Memo]][] = [
    [LABELS, undefined],
    [HAS_HOSTNAME, false],
    [TOPOLOGY_KEY, undefined],
    [TOPOLOGY_VALUE, undefined],
    [LAST_ID, -1],
    [LAST_COUNT, 0],
    [COUNTS, { counts: new Map(), podLabels: undefined }],
  ];
  for (const [k, value] of fields) Object.defineProperty(node, k, { value, enumerable: false, writable: true, configurable: false });
}

/**
 * The node's label `key` (own fields only), remembered for one key at a time: Score asks every
 * feasible node for the same key each cycle, and the memo is read there anyway, while the labels
 * object is not.
 */
export function topologyValue(node: NodeInfo, key: string): string | undefined {
  const m = memoOf(node);
  if (m[TOPOLOGY_KEY] !== key) {
    m[TOPOLOGY_KEY] = key;
    m[TOPOLOGY_VALUE] = own(node.labels, key) as string | undefined;
  }
  return m[TOPOLOGY_VALUE];
}

/** A selector id's selector and namespace, and where a Pod change finds it (see BY_LABEL). */
interface Registered {
  sel: Selector;
  ns: string;
  /** `key=value` for each value of the first `In` requirement (a match carries one of them); undefined without one. */
  needs: string[] | undefined;
}
const SELECTORS: Registered[] = [];
/**
 * Selector ids by `key=value` of their first `In` requirement (a Pod without that label cannot
 * match), and those without one: a Pod change looks at a handful of counts however many
 * workloads have Pods on the node.
 */
const BY_LABEL = new Map<string, number[]>();
const UNINDEXED: number[] = [];

function register(id: number, sel: Selector, ns: string): void {
  const req = sel.find((r) => r.op === 'In');
  if (req?.op !== 'In') {
    SELECTORS[id] = { sel, ns, needs: undefined };
    UNINDEXED.push(id);
    return;
  }
  const needs = [...new Set(req.values)].map((v) => `${req.key}=${v}`);
  SELECTORS[id] = { sel, ns, needs };
  for (const k of needs) {
    const ids = BY_LABEL.get(k);
    if (ids) ids.push(id);
    else BY_LABEL.set(k, [id]);
  }
}

/** Adds `by` to the tally of each `key=value` of `labels`, dropping those that reach 0. */
function tally(into: Map<string, number>, labels: Record<string, string> | undefined, by: 1 | -1): void {
  if (!labels) return;
  for (const k in labels) {
    const kv = `${k}=${labels[k]}`;
    const n = (into.get(kv) ?? 0) + by;
    if (n === 0) into.delete(kv);
    else into.set(kv, n);
  }
}

function labelTally(node: NodeInfo): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of node.pods.values()) tally(out, e.pod.metadata.labels, 1);
  return out;
}

/** False when no Pod on the node carries a label that selector `id` requires: its count is then 0. */
function mayMatch(m: CountMemo, node: NodeInfo, id: number): boolean {
  const needs = SELECTORS[id]!.needs;
  if (needs === undefined) return true;
  const have = (m.podLabels ??= labelTally(node));
  for (const kv of needs) if (have.has(kv)) return true;
  return false;
}

function counted(pod: Pod | undefined, r: Registered): number {
  if (!pod || pod.metadata.deletionTimestamp || pod.metadata.namespace !== r.ns) return 0;
  return matches(r.sel, pod.metadata.labels) ? 1 : 0;
}

/** The ids a Pod with these labels may match, each once (`seen`). */
function touch(labels: Record<string, string> | undefined, seen: Set<number>): void {
  for (const id of UNINDEXED) seen.add(id);
  if (!labels) return;
  for (const k in labels) {
    const ids = BY_LABEL.get(`${k}=${labels[k]}`);
    if (ids) for (const id of ids) seen.add(id);
  }
}

/**
 * A Pod on the node was added (`old` undefined), removed (`cur` undefined) or replaced by a
 * newer version. A status update shares the Pod's metadata with the version before, and moves
 * no count.
 */
export function podCountsChanged(node: NodeInfo, old: Pod | undefined, cur: Pod | undefined): void {
  const m = (node as Partial<Memo>)[COUNTS];
  if (!m) return;
  if (old && cur) {
    const a = old.metadata;
    const b = cur.metadata;
    if (a === b || (a.labels === b.labels && a.namespace === b.namespace && !a.deletionTimestamp === !b.deletionTimestamp)) return;
  }
  if (m.podLabels) {
    if (old) tally(m.podLabels, old.metadata.labels, -1);
    if (cur) tally(m.podLabels, cur.metadata.labels, 1);
  }
  if (m.counts.size === 0) return;
  const seen = new Set<number>();
  if (old) touch(old.metadata.labels, seen);
  if (cur) touch(cur.metadata.labels, seen);
  for (const id of seen) {
    const n = m.counts.get(id);
    if (n === undefined) continue;
    const r = SELECTORS[id]!;
    const moved = n + counted(cur, r) - counted(old, r);
    m.counts.set(id, moved);
    if (id === (node as MemoNode)[LAST_ID]) (node as MemoNode)[LAST_COUNT] = moved;
  }
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
  if (id === undefined) {
    selectorIds.set(text, (id = selectorIds.size));
    register(id, sel, namespace);
  }
  return id;
}

/** Matching Pods on a node, not counting those already terminating. */
export function countPodsMatchSelector(node: NodeInfo, sel: Selector | undefined, namespace: string, key?: number): number {
  if (sel === undefined) return 0;
  if (key === undefined) return countNow(node, sel, namespace);
  return memoCount(memoOf(node), sel, namespace, key);
}

/**
 * Score's hostname read: the count, or -1 when the node lacks the `kubernetes.io/hostname` label
 * (one memo lookup for both; this runs for every feasible node of every cycle).
 */
export function hostnameCount(node: NodeInfo, sel: Selector | undefined, namespace: string, key: number | undefined): number {
  const m = memoOf(node);
  if (!m[HAS_HOSTNAME]) return -1;
  if (sel === undefined) return 0;
  return key === undefined ? countNow(node, sel, namespace) : memoCount(m, sel, namespace, key);
}

function memoCount(m: MemoNode, sel: Selector, namespace: string, key: number): number {
  if (m[LAST_ID] === key) return m[LAST_COUNT];
  const c = m[COUNTS];
  let n = c.counts.get(key);
  if (n === undefined) {
    if (c.counts.size >= MAX_COUNTED_SELECTORS) {
      c.counts.clear();
      m[LAST_ID] = -1;
    }
    n = mayMatch(c, m, key) ? countNow(m, sel, namespace) : 0;
    c.counts.set(key, n);
  }
  m[LAST_ID] = key;
  m[LAST_COUNT] = n;
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
