/**
 * podutils.ByLogging: which of a workload's Pods `kubectl logs deploy/x` reads (the first), and the
 * order `--all-pods` reads them in.
 */
import type { Pod } from '../../k8s/types';

/**
 * controller.ByLogging's Less, as a comparator: assigned before unassigned, Running < Unknown <
 * Pending (any other phase counts as Running: Go's map lookup of a missing key is 0), ready
 * before not ready, ready longer before ready later, more restarts first, older first. Equal pods
 * keep the list's (name) order: Go sorts up to 12 elements by insertion, which is stable.
 */
export function byLogging(a: Pod, b: Pod): number {
  const assigned = (p: Pod): boolean => (p.spec.nodeName ?? '') !== '';
  if ((a.spec.nodeName ?? '') !== (b.spec.nodeName ?? '') && (!assigned(a) || !assigned(b))) return assigned(a) ? -1 : 1;
  const order: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };
  const phase = (p: Pod): number => order[p.status?.phase ?? ''] ?? 0;
  if (phase(a) !== phase(b)) return phase(a) - phase(b);
  const ready = (p: Pod): { lastTransitionTime?: string } | undefined => (p.status?.conditions ?? []).find((c) => c.type === 'Ready' && c.status === 'True');
  const isReady = (p: Pod): boolean => ready(p) !== undefined;
  if (isReady(a) !== isReady(b)) return isReady(a) ? -1 : 1;
  if (isReady(a) && isReady(b)) {
    const later = afterOrZero(ready(a)?.lastTransitionTime, ready(b)?.lastTransitionTime);
    if (later !== 0) return later;
  }
  const restarts = (p: Pod): number => Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount));
  if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
  return afterOrZero(a.metadata.creationTimestamp, b.metadata.creationTimestamp);
}

/**
 * Orders two times as afterOrZero(t_b, t_a) does in ByLogging: the earlier first, a zero
 * (missing) time last; equal times are a tie (0). Stored times are RFC 3339 in UTC to the second
 * (`2025-09-01T09:00:07Z`), so their text orders as their instants do.
 */
function afterOrZero(a: string | undefined, b: string | undefined): number {
  if (!a || !b) return !a === !b ? 0 : !a ? 1 : -1;
  return a === b ? 0 : a < b ? -1 : 1;
}
