/**
 * backoffLimitPerIndex (indexed_job_utils.go and backoff_utils.go): an Indexed Job's index fails
 * on its own once its Pods failed more than backoffLimitPerIndex times (or at once when a Pod
 * failure policy's FailIndex rule matches), and is not retried; the others go on. Each
 * replacement Pod carries its index's count of failures so far
 * (batch.kubernetes.io/job-index-failure-count, and -ignored-failure-count for failures an Ignore
 * rule matched), and is created only after the index's own back-off (10 s, doubling per failure,
 * at most 6 min) from its last failure. The failed Pod an index awaits replacement for keeps its
 * finalizer until then, so that its count survives. status.failedIndexes lists failed indexes as
 * completedIndexes does; when every index has succeeded or failed and some failed, the Job fails
 * with FailedIndexes ("Job has failed indexes"), and once more than maxFailedIndexes have failed,
 * with MaxFailedIndexesExceeded.
 */
import type { Job, Pod } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';
import { matchPodFailurePolicy } from './failure-policy';
import { mergeIndexes, parseIndexes } from './indexes';
import { completionIndexOf, hasTrackingFinalizer, isPodFailed } from './util';

export const INDEX_FAILURE_COUNT = 'batch.kubernetes.io/job-index-failure-count';
export const INDEX_IGNORED_FAILURE_COUNT = 'batch.kubernetes.io/job-index-ignored-failure-count';

/** DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff. */
const BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 360_000;

export function hasBackoffLimitPerIndex(job: Job): boolean {
  return job.spec.backoffLimitPerIndex !== undefined;
}

/** parseInt32 of an annotation: 0 when absent, unparsable, negative or past int32. */
function countAnnotation(pod: Pod, key: string): number {
  const v = pod.metadata.annotations?.[key];
  if (v === undefined || !/^\d+$/.test(v)) return 0;
  const n = Number(v);
  return n > 2147483647 ? 0 : n;
}

const failureCount = (pod: Pod): number => countAnnotation(pod, INDEX_FAILURE_COUNT);
const absoluteFailureCount = (pod: Pod): number => failureCount(pod) + countAnnotation(pod, INDEX_IGNORED_FAILURE_COUNT);

/** isIndexFailed: a FailIndex rule matched, or a counted failure with the index's failures spent. */
function isIndexFailed(job: Job, pod: Pod): boolean {
  if (!isPodFailed(pod, job)) return false;
  let counted = true;
  if (job.spec.podFailurePolicy) {
    const m = matchPodFailurePolicy(job, pod);
    if (m.action === 'FailIndex') return true;
    counted = m.countFailed;
  }
  return counted && failureCount(pod) >= (job.spec.backoffLimitPerIndex ?? 0);
}

/** calculateFailedIndexes: status.failedIndexes and the indexes of uncounted Pods that failed them. */
export function failedIndexesOf(job: Job, pods: readonly Pod[]): number[] {
  const completions = job.spec.completions ?? 0;
  const fresh: number[] = [];
  for (const p of pods) {
    const ix = completionIndexOf(p);
    if (ix >= 0 && ix < completions && hasTrackingFinalizer(p) && isIndexFailed(job, p)) fresh.push(ix);
  }
  return mergeIndexes(parseIndexes(job.status?.failedIndexes, completions), fresh);
}

/** getFinishedTime: the last container's finish, else the deletion, else the creation. */
function finishedAt(p: Pod): number {
  const ends = [...(p.status?.containerStatuses ?? []), ...(p.status?.initContainerStatuses ?? [])]
    .map((cs) => cs.state.terminated?.finishedAt)
    .filter((t): t is string => t !== undefined)
    .map((t) => parseTimestamp(t));
  if (ends.length) return Math.max(...ends);
  const ts = p.metadata.deletionTimestamp ?? p.metadata.creationTimestamp;
  return ts ? parseTimestamp(ts) : 0;
}

/**
 * getPodsWithDelayedDeletionPerIndex: for each index neither done nor running, its latest failed
 * Pod still counted by its finalizer (`excluded`: Pods whose finalizer removal is already asked).
 */
export function delayedDeletionPerIndex(job: Job, pods: readonly Pod[], active: readonly Pod[], done: readonly number[], excluded: ReadonlySet<string>): Map<number, Pod> {
  const completions = job.spec.completions ?? 0;
  const busy = new Set<number>([...done, ...active.map(completionIndexOf)]);
  const out = new Map<number, Pod>();
  for (const p of pods) {
    if (!hasTrackingFinalizer(p) || excluded.has(p.metadata.uid ?? '') || !isPodFailed(p, job)) continue;
    const ix = completionIndexOf(p);
    if (ix < 0 || ix >= completions || busy.has(ix)) continue;
    const last = out.get(ix);
    if (!last || (absoluteFailureCount(last) <= absoluteFailureCount(p) && finishedAt(p) >= finishedAt(last))) out.set(ix, p);
  }
  return out;
}

/** getNewIndexFailureCounts: the replaced Pod's counts, plus its own failure (ignored or not). */
export function failureCountAnnotations(job: Job, replaced: Pod | undefined): Record<string, string> {
  if (!replaced) return { [INDEX_FAILURE_COUNT]: '0' };
  let failures = failureCount(replaced);
  let ignored = countAnnotation(replaced, INDEX_IGNORED_FAILURE_COUNT);
  if (!job.spec.podFailurePolicy || matchPodFailurePolicy(job, replaced).countFailed) failures++;
  else ignored++;
  return { [INDEX_FAILURE_COUNT]: String(failures), ...(ignored > 0 ? { [INDEX_IGNORED_FAILURE_COUNT]: String(ignored) } : {}) };
}

/** getRemainingTimePerIndex: how long the index still waits, after its last failure, to be retried. */
export function indexBackoffRemaining(replaced: Pod | undefined, now: number): number {
  if (!replaced) return 0;
  const failures = absoluteFailureCount(replaced) + 1;
  let backoff = BACKOFF_MS;
  for (let i = 1; i < failures && backoff < MAX_BACKOFF_MS; i++) backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  const elapsed = now - finishedAt(replaced);
  return backoff < elapsed ? 0 : backoff - elapsed;
}
