/** Helpers shared by several plugins (pkg/scheduler/framework/plugins/helper, component-helpers). */
import type { Taint, Toleration } from '../../../k8s/types';
import { MAX_NODE_SCORE } from '../framework';

/** helper.DefaultNormalizeScore: scale to 0..100 by the maximum; `reverse` makes fewer better. */
export function defaultNormalizeScore(scores: number[], reverse: boolean): void {
  let maxCount = 0;
  for (const s of scores) if (s > maxCount) maxCount = s;
  if (maxCount === 0) {
    if (reverse) scores.fill(MAX_NODE_SCORE);
    return;
  }
  for (let i = 0; i < scores.length; i++) {
    let s = Math.trunc((MAX_NODE_SCORE * scores[i]!) / maxCount);
    if (reverse) s = MAX_NODE_SCORE - s;
    scores[i] = s;
  }
}

/** v1.Toleration.ToleratesTaint. An empty operator means Equal. */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? 'Equal') {
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  for (const t of tolerations ?? []) if (toleratesTaint(t, taint)) return true;
  return false;
}

/** v1helper.FindMatchingUntoleratedTaint: the first taint (in node order) passing `inScope` that no toleration tolerates. */
/** The taints Filter honours: NoSchedule and NoExecute (one function, not a closure per node). */
export const isFilterTaint = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

export function findMatchingUntoleratedTaint(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined, inScope: (t: Taint) => boolean): Taint | undefined {
  for (const taint of taints) {
    if (!inScope(taint)) continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) return taint;
  }
  return undefined;
}
