/**
 * The Job controller's back-off for re-creating failed Pods (backoff_utils.go): after n failures
 * since the last success it waits 10 s × 2^(n-1), capped at DefaultJobPodFailureBackOff's max,
 * counted from the last failure's finish time. Records live in the controller's memory, so a
 * new leader starts with none, as a restarted kube-controller-manager does.
 */
import type { Pod } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';
import { podCondition } from '../util/pods';

export const DEFAULT_POD_FAILURE_BACKOFF = 10_000;
export const MAX_POD_FAILURE_BACKOFF = 10 * 60_000;

export interface BackoffRecord {
  failuresAfterLastSuccess: number;
  /** Simulated ms. */
  lastFailureTime?: number;
}

/** getFinishedTime: the last container's finish, else Ready=False's transition, else deletion. */
export function finishedTime(p: Pod): number {
  let latest: number | undefined;
  let allFinished = (p.status?.containerStatuses ?? []).length > 0;
  for (const cs of p.status?.containerStatuses ?? []) {
    const at = cs.state.terminated?.finishedAt;
    if (!at) {
      allFinished = false;
      break;
    }
    const t = parseTimestamp(at);
    if (latest === undefined || t > latest) latest = t;
  }
  if (allFinished && latest !== undefined) return latest;
  const ready = podCondition(p, 'Ready');
  if (ready?.status === 'False' && ready.lastTransitionTime) return parseTimestamp(ready.lastTransitionTime);
  if (p.metadata.deletionTimestamp) return parseTimestamp(p.metadata.deletionTimestamp) - (p.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
  return parseTimestamp(p.metadata.creationTimestamp ?? '');
}

const byFinish = (a: Pod, b: Pod): number => finishedTime(a) - finishedTime(b);

/** newBackoffRecord: the stored record advanced by the Pods that finished since it was written. */
export function nextBackoffRecord(old: BackoffRecord | undefined, succeeded: Pod[], failed: Pod[]): BackoffRecord {
  const rec: BackoffRecord = { ...(old ?? { failuresAfterLastSuccess: 0 }) };
  const s = [...succeeded].sort(byFinish);
  const f = [...failed].sort(byFinish);
  if (s.length === 0) {
    if (f.length === 0) return rec;
    return { failuresAfterLastSuccess: rec.failuresAfterLastSuccess + f.length, lastFailureTime: finishedTime(f[f.length - 1]!) };
  }
  const out: BackoffRecord = { failuresAfterLastSuccess: 0 };
  const lastSuccess = finishedTime(s[s.length - 1]!);
  for (let i = f.length - 1; i >= 0; i--) {
    const t = finishedTime(f[i]!);
    if (t <= lastSuccess) break;
    out.lastFailureTime ??= t;
    out.failuresAfterLastSuccess++;
  }
  return out;
}

/** getRemainingTimeForFailuresCount. */
export function remainingBackoff(rec: BackoffRecord, now: number): number {
  if (rec.failuresAfterLastSuccess === 0 || rec.lastFailureTime === undefined) return 0;
  let d = DEFAULT_POD_FAILURE_BACKOFF;
  for (let i = 1; i < rec.failuresAfterLastSuccess; i++) {
    d *= 2;
    if (d >= MAX_POD_FAILURE_BACKOFF) {
      d = MAX_POD_FAILURE_BACKOFF;
      break;
    }
  }
  const elapsed = now - rec.lastFailureTime;
  return d < elapsed ? 0 : d - elapsed;
}
