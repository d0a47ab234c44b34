/** podutil helpers (k8s.io/kubernetes/pkg/api/v1/pod, pkg/controller/controller_utils.go). */
import type { Pod, PodCondition } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';

export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

export function isPodReady(pod: Pod): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

export function isPodTerminal(pod: Pod): boolean {
  const p = pod.status?.phase;
  return p === 'Succeeded' || p === 'Failed';
}

/** controller.IsPodActive: not finished and not being deleted. */
export function isPodActive(pod: Pod): boolean {
  return !isPodTerminal(pod) && !pod.metadata.deletionTimestamp;
}

/** controller.IsPodTerminating. */
export function isPodTerminating(pod: Pod): boolean {
  return !isPodTerminal(pod) && !!pod.metadata.deletionTimestamp;
}

/** When the Pod last became Ready (simulated ms), if it is Ready. */
export function podReadySince(pod: Pod): number | undefined {
  const c = podCondition(pod, 'Ready');
  if (c?.status !== 'True' || !c.lastTransitionTime) return undefined;
  return parseTimestamp(c.lastTransitionTime);
}

/** podutil.IsPodAvailable: Ready for longer than minReadySeconds (strictly, as time.Before). */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = podReadySince(pod);
  return since !== undefined && since + minReadySeconds * 1000 < now;
}

/**
 * podutil.UpdatePodCondition: sets `cond` (transition time kept when the status is unchanged);
 * returns whether anything changed.
 */
export function updatePodCondition(conditions: PodCondition[], cond: PodCondition, now: string): boolean {
  const next: PodCondition = { ...cond, lastTransitionTime: now };
  const i = conditions.findIndex((c) => c.type === cond.type);
  if (i < 0) {
    conditions.push(next);
    return true;
  }
  const old = conditions[i]!;
  if (old.status === next.status && old.lastTransitionTime !== undefined) next.lastTransitionTime = old.lastTransitionTime;
  if (next.lastProbeTime === undefined && old.lastProbeTime !== undefined) next.lastProbeTime = old.lastProbeTime;
  const equal =
    old.status === next.status &&
    (old.reason ?? '') === (next.reason ?? '') &&
    (old.message ?? '') === (next.message ?? '') &&
    (old.lastProbeTime ?? null) === (next.lastProbeTime ?? null) &&
    old.lastTransitionTime === next.lastTransitionTime;
  conditions[i] = next;
  return !equal;
}
