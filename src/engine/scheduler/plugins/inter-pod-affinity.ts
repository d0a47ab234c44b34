/**
 * InterPodAffinity. Filter: the Pod's required affinity terms must find a matching Pod in the
 * node's topology domain (unless no such Pod exists anywhere and the Pod matches its own terms:
 * the first replica of a self-affine group), its anti-affinity terms must find none, and no
 * existing Pod's required anti-affinity may reject it. Score (weight 2): preferred terms of the
 * Pod and of existing Pods, plus existing Pods' required affinity at weight 1.
 */
import { fromLabelSelector, matches, type Selector } from '../../../k8s/labels';
import type { LabelSelector, Pod } from '../../../k8s/types';
import { MAX_NODE_SCORE, unresolvable, unschedulable, type ClusterView, type FilterPlugin, type Rejection, type ScorePlugin } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import { own } from '../../../k8s/own';

export const NAME = 'InterPodAffinity';
export const ERR_REASON_AFFINITY = "node(s) didn't match pod affinity rules";
export const ERR_REASON_ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules";
export const ERR_REASON_EXISTING_ANTI_AFFINITY = "node(s) didn't satisfy existing pods anti-affinity rules";
const HARD_POD_AFFINITY_WEIGHT = 1;

export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaces?: string[];
  namespaceSelector?: LabelSelector;
  topologyKey: string;
}

interface WeightedTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

interface AffinityBlock {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedTerm[];
}

interface PodAffinityShape {
  podAffinity?: AffinityBlock;
  podAntiAffinity?: AffinityBlock;
}

/** A parsed term: which namespaces and labels it selects. */
export interface AffinityTerm {
  topologyKey: string;
  selector: Selector | undefined;
  namespaces: Set<string>;
  /** undefined: no namespaceSelector; empty array: `{}`, every namespace. */
  namespaceSelector: Selector | undefined;
  weight: number;
}

function parse(owner: Pod, t: PodAffinityTerm, weight: number): AffinityTerm {
  const namespaces = new Set(t.namespaces ?? []);
  if (namespaces.size === 0 && t.namespaceSelector === undefined) namespaces.add(owner.metadata.namespace ?? 'default');
  return {
    topologyKey: t.topologyKey,
    selector: t.labelSelector === undefined ? undefined : fromLabelSelector(t.labelSelector),
    namespaces,
    namespaceSelector: t.namespaceSelector === undefined ? undefined : fromLabelSelector(t.namespaceSelector),
    weight,
  };
}

export interface PodTerms {
  requiredAffinity: AffinityTerm[];
  requiredAntiAffinity: AffinityTerm[];
  preferredAffinity: AffinityTerm[];
  preferredAntiAffinity: AffinityTerm[];
}

export function termsOf(pod: Pod): PodTerms {
  const a = pod.spec.affinity as PodAffinityShape | undefined;
  return {
    requiredAffinity: (a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => parse(pod, t, 1)),
    requiredAntiAffinity: (a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => parse(pod, t, 1)),
    preferredAffinity: (a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => parse(pod, t.podAffinityTerm, t.weight)),
    preferredAntiAffinity: (a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => parse(pod, t.podAffinityTerm, t.weight)),
  };
}

/** AffinityTerm.Matches: the Pod is in one of the term's namespaces and carries its labels. */
export function termMatchesPod(t: AffinityTerm, pod: Pod, nsLabels: (ns: string) => Record<string, string> | undefined): boolean {
  const ns = pod.metadata.namespace ?? 'default';
  const inNs = t.namespaces.has(ns) || (t.namespaceSelector !== undefined && matches(t.namespaceSelector, nsLabels(ns)));
  return inNs && t.selector !== undefined && matches(t.selector, pod.metadata.labels);
}

type Counts = Map<string, number>;

function pairKey(key: string, value: string): string {
  return `${key}\u0000${value}`;
}

function bump(counts: Counts, node: NodeInfo, key: string, by: number): void {
  const v = own(node.labels, key) as string | undefined;
  if (v === undefined) return;
  const k = pairKey(key, v);
  counts.set(k, (counts.get(k) ?? 0) + by);
}

export interface AffinityState {
  terms: PodTerms;
  existingAntiAffinityCounts: Counts;
  affinityCounts: Counts;
  antiAffinityCounts: Counts;
}

export function preFilterState(pod: Pod, nodes: readonly NodeInfo[], nsLabels: (ns: string) => Record<string, string> | undefined): AffinityState {
  const terms = termsOf(pod);
  const existingAntiAffinityCounts: Counts = new Map();
  const affinityCounts: Counts = new Map();
  const antiAffinityCounts: Counts = new Map();
  const hasOwn = terms.requiredAffinity.length > 0 || terms.requiredAntiAffinity.length > 0;
  for (const node of nodes) {
    if (node.podsWithRequiredAntiAffinity === 0 && !hasOwn) continue;
    for (const e of node.pods.values()) {
      if (e.requiredAntiAffinity) {
        for (const t of termsOf(e.pod).requiredAntiAffinity) if (termMatchesPod(t, pod, nsLabels)) bump(existingAntiAffinityCounts, node, t.topologyKey, 1);
      }
      if (!hasOwn) continue;
      for (const t of terms.requiredAffinity) if (termMatchesPod(t, e.pod, nsLabels)) bump(affinityCounts, node, t.topologyKey, 1);
      for (const t of terms.requiredAntiAffinity) if (termMatchesPod(t, e.pod, nsLabels)) bump(antiAffinityCounts, node, t.topologyKey, 1);
    }
  }
  return { terms, existingAntiAffinityCounts, affinityCounts, antiAffinityCounts };
}

function satisfyPodAffinity(pod: Pod, s: AffinityState, node: NodeInfo, nsLabels: (ns: string) => Record<string, string> | undefined): boolean {
  let podsExist = true;
  for (const t of s.terms.requiredAffinity) {
    const v = own(node.labels, t.topologyKey) as string | undefined;
    if (v === undefined) return false;
    if ((s.affinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) <= 0) podsExist = false;
  }
  if (podsExist) return true;
  // The first Pod of a group that is affine to itself must be allowed somewhere.
  return s.affinityCounts.size === 0 && s.terms.requiredAffinity.every((t) => termMatchesPod(t, pod, nsLabels));
}

function satisfyPodAntiAffinity(s: AffinityState, node: NodeInfo): boolean {
  for (const t of s.terms.requiredAntiAffinity) {
    const v = own(node.labels, t.topologyKey) as string | undefined;
    if (v !== undefined && (s.antiAffinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) > 0) return false;
  }
  return true;
}

function satisfyExistingPodsAntiAffinity(s: AffinityState, node: NodeInfo): boolean {
  if (s.existingAntiAffinityCounts.size === 0) return true;
  for (const [k, v] of Object.entries(node.labels)) if ((s.existingAntiAffinityCounts.get(pairKey(k, v)) ?? 0) > 0) return false;
  return true;
}

export function filter(pod: Pod, s: AffinityState, node: NodeInfo, nsLabels: (ns: string) => Record<string, string> | undefined): Rejection | undefined {
  if (!satisfyPodAffinity(pod, s, node, nsLabels)) return unresolvable(ERR_REASON_AFFINITY);
  if (!satisfyPodAntiAffinity(s, node)) return unschedulable(ERR_REASON_ANTI_AFFINITY);
  if (!satisfyExistingPodsAntiAffinity(s, node)) return unschedulable(ERR_REASON_EXISTING_ANTI_AFFINITY);
  return undefined;
}

/**
 * Every node that holds a Pod with pod (anti-)affinity (`required`: required anti-affinity), in
 * node-tree order: all that preFilterState and topologyScores look at for a Pod without terms of
 * its own (they skip the other nodes), found without reading each NodeInfo.
 */
function holding(view: ClusterView, required: boolean): readonly NodeInfo[] {
  return view.affinityNodes?.(required) ?? view.nodes;
}

function nsLabelsOf(view: ClusterView): (ns: string) => Record<string, string> | undefined {
  return (ns) => view.namespace(ns)?.metadata.labels;
}

/** PreScore: topology pair → accumulated weight, from every Pod that has a say. */
export function topologyScores(pod: Pod, nodes: readonly NodeInfo[], nsLabels: (ns: string) => Record<string, string> | undefined): Counts {
  const own = termsOf(pod);
  const hasPreferred = own.preferredAffinity.length > 0 || own.preferredAntiAffinity.length > 0;
  const scores: Counts = new Map();
  const apply = (terms: readonly AffinityTerm[], target: Pod, node: NodeInfo, sign: number, weight?: number): void => {
    for (const t of terms) if (termMatchesPod(t, target, nsLabels)) bump(scores, node, t.topologyKey, sign * (weight ?? t.weight));
  };
  for (const node of nodes) {
    if (!hasPreferred && node.podsWithAffinity === 0) continue;
    if (Object.keys(node.labels).length === 0) continue;
    for (const e of node.pods.values()) {
      apply(own.preferredAffinity, e.pod, node, 1);
      apply(own.preferredAntiAffinity, e.pod, node, -1);
      if (!e.affinity) continue;
      const theirs = termsOf(e.pod);
      apply(theirs.requiredAffinity, pod, node, 1, HARD_POD_AFFINITY_WEIGHT);
      apply(theirs.preferredAffinity, pod, node, 1);
      apply(theirs.preferredAntiAffinity, pod, node, -1);
    }
  }
  return scores;
}

export const InterPodAffinity: FilterPlugin & ScorePlugin = {
  name: NAME,
  weight: 2,
  preFilter(pi, view) {
    const t = termsOf(pi.pod);
    const hasOwn = t.requiredAffinity.length > 0 || t.requiredAntiAffinity.length > 0;
    // With no Pod anywhere holding required anti-affinity, a Pod without required terms of its
    // own would walk every node to find nothing (and then Skip).
    if (!hasOwn && view.affinityPods?.().withRequiredAntiAffinity === 0) return { kind: 'skip' };
    const nsLabels = nsLabelsOf(view);
    const s = preFilterState(pi.pod, hasOwn ? view.nodes : holding(view, true), nsLabels);
    if (s.terms.requiredAffinity.length === 0 && s.terms.requiredAntiAffinity.length === 0 && s.existingAntiAffinityCounts.size === 0) return { kind: 'skip' };
    return { kind: 'filter', filter: (node) => filter(pi.pod, s, node, nsLabels) };
  },
  isSchedulableAfter(e) {
    switch (e.kind) {
      case 'NodeAdd':
      case 'AssignedPodAdd':
      case 'AssignedPodUpdate':
      case 'AssignedPodDelete':
        return true;
      case 'NodeUpdate':
        return e.labels;
      default:
        return false;
    }
  },
  preScore(pi, _feasible, view) {
    const t = termsOf(pi.pod);
    const hasPreferred = t.preferredAffinity.length > 0 || t.preferredAntiAffinity.length > 0;
    // Likewise for scoring: no Pod with affinity anywhere and no preferred terms score nothing.
    if (!hasPreferred && view.affinityPods?.().withAffinity === 0) return undefined;
    const scores = topologyScores(pi.pod, hasPreferred ? view.nodes : holding(view, false), nsLabelsOf(view));
    if (scores.size === 0) return undefined;
    return {
      score(node) {
        let s = 0;
        for (const [k, v] of Object.entries(node.labels)) s += scores.get(pairKey(k, v)) ?? 0;
        return s;
      },
      normalize(scores) {
        let min = Number.POSITIVE_INFINITY;
        let max = Number.NEGATIVE_INFINITY;
        for (const s of scores) {
          if (s > max) max = s;
          if (s < min) min = s;
        }
        const diff = max - min;
        for (let i = 0; i < scores.length; i++) scores[i] = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((scores[i]! - min) / diff)) : 0;
      },
    };
  },
};
