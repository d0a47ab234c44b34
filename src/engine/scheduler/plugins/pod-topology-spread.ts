/**
 * PodTopologySpread. Filter (whenUnsatisfiable: DoNotSchedule): placing the Pod in a node's
 * domain must not make that domain exceed the emptiest eligible domain by more than maxSkew.
 * Domains are counted over every node that has the topology key and passes the inclusion
 * policies (nodeAffinityPolicy Honor, nodeTaintsPolicy Ignore by default) — so a tainted
 * control-plane node still counts as an empty `kubernetes.io/hostname` domain.
 * Score (ScheduleAnyway, weight 2): fewer matching Pods in the node's domains is better.
 * A Pod without constraints of its own gets the system defaults (defaultingType: System):
 * hostname maxSkew 3 and zone maxSkew 5, both ScheduleAnyway, over the Pods its Services and
 * controller select — so replicas spread over nodes even when nobody asked for it. Nodes lacking
 * a default key (no zone label) are still scored on the keys they have.
 */
import { fromLabelSelector, matches, type Selector } from '../../../k8s/labels';
import type { LabelSelector, Pod, TopologySpreadConstraint } from '../../../k8s/types';
import { MAX_NODE_SCORE, unresolvable, unschedulable, type ClusterEvent, type ClusterView, type FilterPlugin, type PodInfo, type Rejection, type ScorePlugin, type Scores } from '../framework';
import type { NodeChanges, NodeInfo } from '../nodeinfo';
import { positions } from '../cache';
import { findMatchingUntoleratedTaint, isFilterTaint } from '../../../k8s/tolerations';
import { podMatchesNodeSelectorAndAffinityTerms } from '../../../k8s/node-affinity';
import { own } from '../../../k8s/own';
import { defaultSelector } from './default-selector';
import { countPodsMatchSelector, hostnameCount, selectorKey, topologyValue } from './spread-counts';

export { countPodsMatchSelector, selectorKey };

export const NAME = 'PodTopologySpread';
export const ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
export const ERR_REASON_NODE_LABEL_NOT_MATCH = `${ERR_REASON_CONSTRAINTS_NOT_MATCH} (missing required label)`;
const HOSTNAME = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';

/** systemDefaultConstraints (plugin.go), in its order. */
export const SYSTEM_DEFAULT_CONSTRAINTS: readonly TopologySpreadConstraint[] = [
  { topologyKey: HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
];

export interface Constraint {
  maxSkew: number;
  topologyKey: string;
  /** undefined: a null labelSelector, which matches no Pod. */
  selector: Selector | undefined;
  minDomains: number;
  nodeAffinityPolicy: 'Honor' | 'Ignore';
  nodeTaintsPolicy: 'Honor' | 'Ignore';
}

type SpreadConstraint = TopologySpreadConstraint & {
  matchLabelKeys?: string[];
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
};

export function constraintsOf(pod: Pod, when: TopologySpreadConstraint['whenUnsatisfiable']): Constraint[] {
  const out: Constraint[] = [];
  for (const c of (pod.spec.topologySpreadConstraints ?? []) as SpreadConstraint[]) {
    if (c.whenUnsatisfiable !== when) continue;
    let selector: Selector | undefined = c.labelSelector === undefined ? undefined : fromLabelSelector(c.labelSelector as LabelSelector);
    if (selector && c.matchLabelKeys) {
      for (const k of c.matchLabelKeys) {
        const v = pod.metadata.labels?.[k];
        if (v !== undefined) selector = [...selector, { key: k, op: 'In', values: [v] }];
      }
    }
    out.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector,
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
      nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
    });
  }
  return out;
}

/**
 * buildDefaultConstraints: the system defaults for `when`, all selecting the Pods its Services
 * and controller select; none when nothing selects the Pod.
 */
export function defaultConstraints(pod: Pod, view: ClusterView, when: TopologySpreadConstraint['whenUnsatisfiable']): Constraint[] {
  const wanted = SYSTEM_DEFAULT_CONSTRAINTS.filter((c) => c.whenUnsatisfiable === when);
  if (wanted.length === 0) return [];
  const selector = defaultSelector(pod, view);
  if (selector.length === 0) return [];
  return wanted.map((c) => ({ maxSkew: c.maxSkew, topologyKey: c.topologyKey, selector, minDomains: 1, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore' }));
}

function hasOwnConstraints(pod: Pod): boolean {
  return (pod.spec.topologySpreadConstraints ?? []).length > 0;
}

/** The Pod's own constraints for `when`, or the system defaults when it has none at all. */
export function constraintsFor(pod: Pod, view: ClusterView, when: TopologySpreadConstraint['whenUnsatisfiable']): Constraint[] {
  return hasOwnConstraints(pod) ? constraintsOf(pod, when) : defaultConstraints(pod, view, when);
}

function selectorMatches(sel: Selector | undefined, labels: Record<string, string> | undefined): boolean {
  return sel !== undefined && matches(sel, labels);
}

function hasAllKeys(labels: Record<string, string>, cs: readonly Constraint[]): boolean {
  for (const c of cs) if (!Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) return false;
  return true;
}

function included(pod: Pod, node: NodeInfo, c: Constraint): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !podMatchesNodeSelectorAndAffinityTerms(pod, node.labels, node.name)) return false;
  if (c.nodeTaintsPolicy === 'Honor' && findMatchingUntoleratedTaint(node.taints, pod.spec.tolerations, isFilterTaint)) return false;
  return true;
}

interface DomainSums {
  generation: number[];
  value: string[];
  count: number[];
  totals: Map<string, number>;
  /** Where in the cache's change log (of `epoch`) the last refresh stopped; epoch -1 = rescan. */
  epoch: number;
  cursor: number;
}

/**
 * Per node order (the cache keeps one array until the node set changes, growing it only at its
 * end — SchedulerCache.order) → per (key, selector) sums; a grown order's new nodes start unseen.
 */
const sumsByOrder = new WeakMap<readonly NodeInfo[], Map<string, DomainSums>>();
const MAX_SUMS = 64;

/**
 * Matching Pods per topology value over every node, for the counts where every node is
 * included: the same integer sums the per-node walk adds up, refreshed only on nodes whose
 * generation moved since the last cycle that asked — found from the cache's change log when the
 * view has one (at 5,000 nodes comparing every node's generation was a cycle's largest loop).
 */
function domainTotals(all: readonly NodeInfo[], topologyKey: string, sel: Selector, ns: string, selKey: number, changes?: NodeChanges): Map<string, number> {
  let byKey = sumsByOrder.get(all);
  if (!byKey) sumsByOrder.set(all, (byKey = new Map()));
  const k = `${topologyKey}\u0000${selKey}`;
  let d = byKey.get(k);
  if (!d) {
    if (byKey.size >= MAX_SUMS) byKey.delete(byKey.keys().next().value!);
    d = { generation: [], value: [], count: [], totals: new Map(), epoch: -1, cursor: 0 };
    byKey.set(k, d);
  }
  const seen = d.generation.length;
  for (let i = seen; i < all.length; i++) {
    d.generation.push(-1);
    d.value.push('');
    d.count.push(0);
  }
  const refresh = (i: number): void => {
    const node = all[i]!;
    if (d.generation[i] === node.generation) return;
    if (d.generation[i] !== -1) d.totals.set(d.value[i]!, d.totals.get(d.value[i]!)! - d.count[i]!);
    const v = (own(node.labels, topologyKey) as string | undefined) ?? '';
    const n = countPodsMatchSelector(node, sel, ns, selKey);
    d.totals.set(v, (d.totals.get(v) ?? 0) + n);
    d.generation[i] = node.generation;
    d.value[i] = v;
    d.count[i] = n;
  };
  if (changes && d.epoch === changes.epoch) {
    // Nodes the order grew by, then every logged change since the last refresh.
    for (let i = seen; i < all.length; i++) refresh(i);
    const at = positions(all);
    const log = changes.log;
    for (let j = d.cursor; j < log.length; j++) {
      const node = log[j]!;
      const i = at.get(node.name);
      if (i !== undefined && all[i] === node) refresh(i);
    }
  } else {
    for (let i = 0; i < all.length; i++) refresh(i);
  }
  if (changes) {
    d.epoch = changes.epoch;
    d.cursor = changes.log.length;
  }
  return d.totals;
}

/** Each constraint's memo key. The system defaults share one selector object: it is serialised once. */
function selectorKeys(constraints: readonly Constraint[], ns: string): (number | undefined)[] {
  const keys: (number | undefined)[] = [];
  for (let i = 0; i < constraints.length; i++) {
    const sel = constraints[i]!.selector;
    keys.push(i > 0 && sel === constraints[i - 1]!.selector ? keys[i - 1] : selectorKey(sel, ns));
  }
  return keys;
}

/** PreFilter state: per constraint, topology value → matching Pods, and the global minimum. */
export interface SpreadState {
  constraints: Constraint[];
  matchNum: Map<string, number>[];
  minMatchNum: number[];
  /** Per constraint: 1 when its selector matches the Pod itself (placing it adds one), else 0. */
  selfMatchNum: number[];
}

export function preFilterState(pod: Pod, nodes: readonly NodeInfo[], constraints: Constraint[]): SpreadState {
  const ns = pod.metadata.namespace ?? 'default';
  const keys = selectorKeys(constraints, ns);
  const matchNum = constraints.map(() => new Map<string, number>());
  for (const node of nodes) {
    if (!hasAllKeys(node.labels, constraints)) continue;
    // A plain loop: every node of the cluster, for every Pod with its own constraints.
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i]!;
      if (!included(pod, node, c)) continue;
      const v = node.labels[c.topologyKey]!;
      const m = matchNum[i]!;
      m.set(v, (m.get(v) ?? 0) + countPodsMatchSelector(node, c.selector, ns, keys[i]));
    }
  }
  const minMatchNum = constraints.map((c, i) => {
    const m = matchNum[i]!;
    if (m.size < c.minDomains) return 0;
    let min = Number.MAX_SAFE_INTEGER;
    for (const v of m.values()) if (v < min) min = v;
    return min;
  });
  const selfMatchNum = constraints.map((c) => (selectorMatches(c.selector, pod.metadata.labels) ? 1 : 0));
  return { constraints, matchNum, minMatchNum, selfMatchNum };
}

export function filter(s: SpreadState, node: NodeInfo): Rejection | undefined {
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i]!;
    const v = own(node.labels, c.topologyKey) as string | undefined;
    if (v === undefined) return unresolvable(ERR_REASON_NODE_LABEL_NOT_MATCH);
    const skew = (s.matchNum[i]!.get(v) ?? 0) + s.selfMatchNum[i]! - s.minMatchNum[i]!;
    if (skew > c.maxSkew) return unschedulable(ERR_REASON_CONSTRAINTS_NOT_MATCH);
  }
  return undefined;
}

/**
 * The scoring side (PreScore/Score/NormalizeScore): counts over the nodes that passed Filter
 * (per-node counts for hostname). `requireAllTopologies` is false only for the system defaults:
 * then a node lacking a key (no zone label) is scored on the keys it has instead of being ignored.
 */
export function scorer(
  pod: Pod,
  feasible: readonly NodeInfo[],
  all: readonly NodeInfo[],
  constraints: Constraint[],
  requireAllTopologies = true,
  changes?: NodeChanges,
): { score(n: NodeInfo): number; normalize(scores: Scores, nodes: readonly NodeInfo[]): void } {
  const ns = pod.metadata.namespace ?? 'default';
  const keys = selectorKeys(constraints, ns);
  const ignored = new Set<string>();
  const counts = constraints.map(() => new Map<string, number>());
  const topoSize = constraints.map(() => 0);
  // Score reads a domain's count only on nodes that carry the key; when no feasible node does
  // (no zone labels), the sums over every node would be computed for nothing.
  const labelled = constraints.map(() => false);
  // A missing label reads as "" (a Go map's zero value), which is a domain of its own here.
  const valueOf = (node: NodeInfo, key: string): string => (own(node.labels, key) as string | undefined) ?? '';
  for (const node of feasible) {
    if (requireAllTopologies && !hasAllKeys(node.labels, constraints)) {
      ignored.add(node.name);
      continue;
    }
    // A plain loop: a closure per feasible node was a scheduling cycle's largest allocation.
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i]!;
      if (c.topologyKey === HOSTNAME) continue;
      const label = topologyValue(node, c.topologyKey);
      if (label !== undefined) labelled[i] = true;
      const v = label ?? '';
      if (!counts[i]!.has(v)) {
        counts[i]!.set(v, 0);
        topoSize[i]!++;
      }
    }
  }
  // Every node of the cluster, for every Pod scheduled: plain loops, and `included` only where it
  // can say no (the Pod has a nodeSelector or required node affinity, or taints are honoured).
  const plain = pod.spec.nodeSelector === undefined && pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution === undefined;
  const counted: number[] = [];
  for (let i = 0; i < constraints.length; i++) if (constraints[i]!.topologyKey !== HOSTNAME && labelled[i]) counted.push(i);
  // Where every node counts (the system defaults for a Pod without node affinity), the sums per
  // domain are kept across cycles and refreshed only on nodes whose generation moved.
  const summed = constraints.map((c, i) => !requireAllTopologies && plain && c.nodeAffinityPolicy === 'Honor' && c.nodeTaintsPolicy === 'Ignore' && counted.includes(i) && keys[i] !== undefined);
  summed.forEach((use, i) => {
    if (!use) return;
    const c = constraints[i]!;
    const totals = domainTotals(all, c.topologyKey, c.selector!, ns, keys[i]!, changes);
    const m = counts[i]!;
    for (const v of m.keys()) m.set(v, totals.get(v) ?? 0);
  });
  if (counted.some((i) => !summed[i])) {
    for (const node of all) {
      if (requireAllTopologies && !hasAllKeys(node.labels, constraints)) continue;
      for (const i of counted) {
        const c = constraints[i]!;
        if (summed[i]) continue;
        if ((!plain || c.nodeTaintsPolicy === 'Honor' || c.nodeAffinityPolicy !== 'Honor') && !included(pod, node, c)) continue;
        const v = valueOf(node, c.topologyKey);
        const m = counts[i]!;
        const cur = m.get(v);
        if (cur === undefined) continue;
        m.set(v, cur + countPodsMatchSelector(node, c.selector, ns, keys[i]));
      }
    }
  }
  // topologyNormalizingWeight: log(domains + 2), so small topologies are not watered down.
  const weights = constraints.map((c, i) => Math.log((c.topologyKey === HOSTNAME ? feasible.length - ignored.size : topoSize[i]!) + 2));
  return {
    score(node) {
      if (ignored.size > 0 && ignored.has(node.name)) return 0;
      let score = 0;
      for (let i = 0; i < constraints.length; i++) {
        const c = constraints[i]!;
        let cnt: number;
        if (c.topologyKey === HOSTNAME) {
          cnt = hostnameCount(node, c.selector, ns, keys[i]);
          if (cnt < 0) continue;
        } else {
          const v = topologyValue(node, c.topologyKey);
          if (v === undefined) continue;
          cnt = counts[i]!.get(v) ?? 0;
        }
        // scoreForCount: maxSkew − 1 waters down the differences the constraint tolerates.
        score += cnt * weights[i]! + (c.maxSkew - 1);
      }
      return Math.round(score);
    },
    normalize(scores, nodes) {
      // Mostly no node is ignored: then no node's name is read.
      const skip = (i: number): boolean => ignored.size > 0 && ignored.has(nodes[i]!.name);
      let min = Number.MAX_SAFE_INTEGER;
      let max = 0;
      for (let i = 0; i < nodes.length; i++) {
        if (skip(i)) continue;
        const s = scores[i]!;
        if (s < min) min = s;
        if (s > max) max = s;
      }
      for (let i = 0; i < nodes.length; i++) {
        if (skip(i)) scores[i] = 0;
        else if (max === 0) scores[i] = MAX_NODE_SCORE;
        else scores[i] = Math.trunc((MAX_NODE_SCORE * (max + min - scores[i]!)) / max);
      }
    },
  };
}

function podMatchesAny(pi: PodInfo, other: Pod): boolean {
  if (other.metadata.namespace !== pi.namespace) return false;
  for (const c of [...constraintsOf(pi.pod, 'DoNotSchedule'), ...constraintsOf(pi.pod, 'ScheduleAnyway')]) {
    if (selectorMatches(c.selector, other.metadata.labels)) return true;
  }
  return false;
}

export const PodTopologySpread: FilterPlugin & ScorePlugin = {
  name: NAME,
  weight: 2,
  preFilter(pi, view) {
    const cs = constraintsFor(pi.pod, view, 'DoNotSchedule');
    if (cs.length === 0) return { kind: 'skip' };
    const s = preFilterState(pi.pod, view.nodes, cs);
    return { kind: 'filter', filter: (node) => filter(s, node) };
  },
  isSchedulableAfter(e: ClusterEvent, pi) {
    switch (e.kind) {
      case 'NodeAdd':
        return true;
      case 'NodeUpdate':
        return e.labels || e.taints;
      case 'AssignedPodAdd':
      case 'AssignedPodUpdate':
      case 'AssignedPodDelete':
        return podMatchesAny(pi, e.pod);
      default:
        return false;
    }
  },
  preScore(pi, feasible, view) {
    if (view.nodes.length === 0) return undefined;
    const cs = constraintsFor(pi.pod, view, 'ScheduleAnyway');
    if (cs.length === 0) return undefined;
    // Only the system defaults tolerate nodes without every key (requireAllTopologies).
    return scorer(pi.pod, feasible, view.nodes, cs, hasOwnConstraints(pi.pod), view.nodeChanges?.());
  },
};
