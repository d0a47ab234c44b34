/**
 * Job readers the Job, CronJob and TTL-after-finished controllers share
 * (pkg/controller/job/util/utils.go and the batch/v1 constants).
 */
import type { Job, JobCondition, Pod } from '../../../k8s/types';

/** Held on every Pod a Job creates until the Job controller has counted it. */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
/** An Indexed Job's Pod carries its index as this annotation and (PodIndexLabel) label. */
export const JOB_COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';
export const COMPLETION_INDEX_ENV = 'JOB_COMPLETION_INDEX';

export function findCondition(job: Job, type: JobCondition['type']): JobCondition | undefined {
  return job.status?.conditions?.find((c) => c.type === type);
}

/** FinishedCondition: the Complete or Failed condition that is True, if any. */
export function finishedCondition(job: Job): JobCondition | undefined {
  return job.status?.conditions?.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

export function isJobFinished(job: Job): boolean {
  return finishedCondition(job) !== undefined;
}

export function isJobSucceeded(job: Job): boolean {
  return finishedCondition(job)?.type === 'Complete';
}

export function isIndexedJob(job: Job): boolean {
  return job.spec.completionMode === 'Indexed';
}

export function hasTrackingFinalizer(pod: Pod): boolean {
  return (pod.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
}

/** getCompletionIndex: the annotation's value, or -1 when absent or not a non-negative integer. */
export function completionIndexOf(pod: Pod): number {
  const v = pod.metadata.annotations?.[JOB_COMPLETION_INDEX];
  if (v === undefined || !/^\d+$/.test(v)) return -1;
  return Number(v);
}

/** onlyReplaceFailedPods: with podReplacementPolicy Failed (or a pod failure policy) a terminating Pod is not yet failed. */
export function onlyReplaceFailed(job: Job): boolean {
  return job.spec.podReplacementPolicy === 'Failed' || job.spec.podFailurePolicy !== undefined;
}

/** isPodFailed: Failed, or (unless only failed Pods are replaced) deleted before it succeeded. */
export function isPodFailed(p: Pod, job: Job): boolean {
  if (p.status?.phase === 'Failed') return true;
  if (onlyReplaceFailed(job)) return false;
  return !!p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded';
}
