/**
 * PodDisruptionBudget helpers shared by the disruption controller and the eviction subresource
 * (k8s.io/component-helpers/apps/poddisruptionbudget and the selector rule both apply): which
 * budgets select a Pod, and the DisruptionAllowed condition.
 */
import type { MetaCondition, Pod, PodDisruptionBudget } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import { rfc3339 } from '../../../k8s/time';
import type { SimMillis } from '../../../k8s/units';

export const DISRUPTION_ALLOWED = 'DisruptionAllowed';

/** How long an approved eviction keeps its Pod out of currentHealthy (DeletionTimeout). */
export const DELETION_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * LabelSelectorAsSelector as policy/v1 reads it (getPodDisruptionBudgets, GetPodPodDisruptionBudgets,
 * getPodsForPdb): a nil selector selects nothing, an empty one every Pod of the namespace.
 */
export function pdbSelects(pdb: PodDisruptionBudget, pod: Pod): boolean {
  if (pdb.metadata.namespace !== pod.metadata.namespace || !pdb.spec?.selector) return false;
  return matches(fromLabelSelector(pdb.spec.selector), pod.metadata.labels);
}

/** apimeta.SetStatusCondition: lastTransitionTime moves only when the status changes. */
export function setStatusCondition(conds: MetaCondition[], c: Omit<MetaCondition, 'lastTransitionTime'>, now: SimMillis): MetaCondition[] {
  const i = conds.findIndex((x) => x.type === c.type);
  if (i < 0) return [...conds, { type: c.type, status: c.status, ...(c.observedGeneration !== undefined ? { observedGeneration: c.observedGeneration } : {}), lastTransitionTime: rfc3339(now), reason: c.reason, message: c.message }];
  const old = conds[i]!;
  const next: MetaCondition = { ...old, status: c.status, reason: c.reason, message: c.message, lastTransitionTime: old.status === c.status ? old.lastTransitionTime : rfc3339(now) };
  if (c.observedGeneration !== undefined) next.observedGeneration = c.observedGeneration;
  return conds.map((x, j) => (j === i ? next : x));
}

/** UpdateDisruptionAllowedCondition: SufficientPods while an eviction is allowed, else InsufficientPods. */
export function updateDisruptionAllowedCondition(pdb: PodDisruptionBudget, now: SimMillis): void {
  const st = pdb.status!;
  const allowed = st.disruptionsAllowed > 0;
  st.conditions = setStatusCondition(
    st.conditions ?? [],
    { type: DISRUPTION_ALLOWED, status: allowed ? 'True' : 'False', reason: allowed ? 'SufficientPods' : 'InsufficientPods', message: '', observedGeneration: st.observedGeneration ?? 0 },
    now,
  );
}

/** ConditionsAreUpToDate. */
export function conditionsAreUpToDate(pdb: PodDisruptionBudget): boolean {
  const st = pdb.status;
  const c = st?.conditions?.find((x) => x.type === DISRUPTION_ALLOWED);
  if (!st || !c || (st.observedGeneration ?? 0) !== (pdb.metadata.generation ?? 0)) return false;
  return st.disruptionsAllowed > 0 ? c.status === 'True' && c.reason === 'SufficientPods' : c.status === 'False' && c.reason === 'InsufficientPods';
}
