/**
 * Toleration matching (k8s.io/api/core/v1 toleration.go and component-helpers'
 * v1helper.FindMatchingUntoleratedTaint), shared by the scheduler's TaintToleration and
 * PodTopologySpread, the DaemonSet controller's NodeShouldRunDaemonPod and the taint controllers.
 */
import type { Taint, Toleration } from './types';

/** Toleration.ToleratesTaint. An empty operator means Equal. */
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

/** The taints a Filter (and NodeShouldRunDaemonPod) honours: NoSchedule and NoExecute. */
export const isFilterTaint = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

export const isNoExecuteTaint = (t: Taint): boolean => t.effect === 'NoExecute';

/** FindMatchingUntoleratedTaint: the first taint (in node order) passing `inScope` that no toleration tolerates. */
export function findMatchingUntoleratedTaint(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined, inScope: (t: Taint) => boolean): Taint | undefined {
  for (const taint of taints) {
    if (!inScope(taint)) continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) return taint;
  }
  return undefined;
}
