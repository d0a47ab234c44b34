/**
 * TaintToleration. Filter: a node's NoSchedule/NoExecute taints must all be tolerated. Score
 * (weight 3): fewer untolerated PreferNoSchedule taints is better (normalised in reverse).
 */
import type { Pod, Toleration } from '../../../k8s/types';
import { unresolvable, type FilterPlugin, type Rejection, type ScorePlugin } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import { defaultNormalizeScore } from './helper';
import { findMatchingUntoleratedTaint, isFilterTaint, tolerationsTolerateTaint } from '../../../k8s/tolerations';

export const NAME = 'TaintToleration';

export function filter(pod: Pod, node: NodeInfo): Rejection | undefined {
  if (!node.hasFilterTaints) return undefined;
  const taint = findMatchingUntoleratedTaint(node.taints, pod.spec.tolerations, isFilterTaint);
  if (!taint) return undefined;
  return unresolvable(`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`);
}

/** Tolerations that can matter for PreferNoSchedule taints. */
export function preferNoScheduleTolerations(pod: Pod): Toleration[] {
  return (pod.spec.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
}

export function countIntolerableTaintsPreferNoSchedule(node: NodeInfo, tolerations: readonly Toleration[]): number {
  if (!node.hasPreferNoScheduleTaints) return 0;
  let n = 0;
  for (const taint of node.taints) {
    if (taint.effect !== 'PreferNoSchedule') continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) n++;
  }
  return n;
}

export const TaintToleration: FilterPlugin & ScorePlugin = {
  name: NAME,
  weight: 3,
  preFilter: (pi) => ({ kind: 'filter', filter: (node) => filter(pi.pod, node) }),
  isSchedulableAfter(e, pi) {
    if (e.kind === 'NodeAdd' || (e.kind === 'NodeUpdate' && e.taints)) return filter(pi.pod, e.node) === undefined;
    return false;
  },
  preScore(pi) {
    const tolerations = preferNoScheduleTolerations(pi.pod);
    return {
      score: (node) => countIntolerableTaintsPreferNoSchedule(node, tolerations),
      normalize: (scores) => defaultNormalizeScore(scores, true),
    };
  },
};
