/**
 * NodeAffinity. Filter: spec.nodeSelector and the required node affinity must match the node.
 * PreFilter narrows the candidates when every required term pins metadata.name (DaemonSet Pods).
 * Score (weight 2): the summed weights of the preferred terms the node matches.
 */
import type { Pod } from '../../../k8s/types';
import { unresolvable, type FilterPlugin, type PreFilterOutcome, type Rejection, type ScorePlugin } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import { defaultNormalizeScore } from './helper';
import { podMatchesNodeSelectorAndAffinityTerms, termMatches } from '../../../k8s/node-affinity';

export const NAME = 'NodeAffinity';
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';

export function filter(pod: Pod, node: NodeInfo): Rejection | undefined {
  if (podMatchesNodeSelectorAndAffinityTerms(pod, node.labels, node.name)) return undefined;
  return unresolvable(ERR_REASON_POD);
}

/** The node names every required term restricts the Pod to, if all of them do. */
export function requiredNodeNames(pod: Pod): Set<string> | undefined {
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms) return undefined;
  let union: Set<string> | undefined;
  for (const t of terms) {
    let names: Set<string> | undefined;
    for (const r of t.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const s = new Set(r.values ?? []);
      names = names === undefined ? s : new Set([...names].filter((n) => s.has(n)));
    }
    // A term without a metadata.name pin allows every node: the terms are ORed.
    if (names === undefined) return undefined;
    union = new Set([...(union ?? []), ...names]);
  }
  return union;
}

export function preFilter(pod: Pod): PreFilterOutcome {
  const hasSelector = Object.keys(pod.spec.nodeSelector ?? {}).length > 0;
  const hasRequired = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution !== undefined;
  if (!hasSelector && !hasRequired) return { kind: 'skip' };
  const names = requiredNodeNames(pod);
  if (names !== undefined && names.size === 0) return { kind: 'reject', rejection: unresolvable(ERR_REASON_CONFLICT) };
  const f = (node: NodeInfo): Rejection | undefined => filter(pod, node);
  return names ? { kind: 'filter', filter: f, nodeNames: names } : { kind: 'filter', filter: f };
}

export function preferredScore(pod: Pod, node: NodeInfo): number {
  let score = 0;
  for (const p of pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
    if (p.weight === 0) continue;
    if (termMatches(p.preference, node.labels, node.name)) score += p.weight;
  }
  return score;
}

export const NodeAffinity: FilterPlugin & ScorePlugin = {
  name: NAME,
  weight: 2,
  preFilter: (pi) => preFilter(pi.pod),
  isSchedulableAfter(e, pi) {
    if (e.kind === 'NodeAdd' || (e.kind === 'NodeUpdate' && e.labels)) return filter(pi.pod, e.node) === undefined;
    return false;
  },
  preScore(pi) {
    if ((pi.pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).length === 0) return undefined;
    return {
      score: (node) => preferredScore(pi.pod, node),
      normalize: (scores) => defaultNormalizeScore(scores, false),
    };
  },
};
