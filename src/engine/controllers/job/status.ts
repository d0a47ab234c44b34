/**
 * Job conditions and the status write (job_controller.go newCondition, ensureJobConditionStatus,
 * updateJobStatus). The controller writes status through the status subresource and, like
 * upstream, does not retry a conflict itself: the sync fails and is requeued.
 */
import type { Job, JobCondition, JobStatus, KObject } from '../../../k8s/types';
import { rfc3339 } from '../../../k8s/time';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';

export function newCondition(type: JobCondition['type'], status: JobCondition['status'], reason: string, message: string, now: number): JobCondition {
  const at = rfc3339(now as never);
  const c: JobCondition = { type, status, lastProbeTime: at, lastTransitionTime: at };
  if (reason) c.reason = reason;
  if (message) c.message = message;
  return c;
}

/** Appends or updates a condition; a new condition that would be False is not added. Returns whether it changed. */
export function ensureCondition(conditions: JobCondition[], type: JobCondition['type'], status: JobCondition['status'], reason: string, message: string, now: number): boolean {
  const i = conditions.findIndex((c) => c.type === type);
  if (i >= 0) {
    const c = conditions[i]!;
    if (c.status === status && (c.reason ?? '') === reason && (c.message ?? '') === message) return false;
    conditions[i] = newCondition(type, status, reason, message, now);
    return true;
  }
  if (status === 'False') return false;
  conditions.push(newCondition(type, status, reason, message, now));
  return true;
}

/** UpdateStatus with the Job as this sync has it; returns the stored Job. */
export function updateJobStatus(ctx: ControllerContext, job: Job, status: JobStatus): Job {
  const body = { ...job, status } as KObject;
  const res = ctx.request({ verb: 'update', resource: 'jobs', subresource: 'status', namespace: job.metadata.namespace, name: job.metadata.name, body });
  if (!res.ok) throw new SyncError(res.error.message);
  return res.object as Job;
}
