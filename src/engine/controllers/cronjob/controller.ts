/**
 * The CronJob controller (`cronjob-controller`, cronjob_controllerv2.go): each sync cleans up
 * finished Jobs beyond the history limits, reconciles status.active with the Jobs it owns, and,
 * when an activation is due in simulated time, creates the Job `<cronjob>-<minutes since the
 * epoch>` (the name is the lock against creating it twice) under the concurrency policy; then it
 * asks to be synced again just after the next activation.
 */
import type { CronJob, Job, KObject, ObjectReference } from '../../../k8s/types';
import { CronError, parseStandard, type CronSchedule } from '../../../k8s/cron';
import { EPOCH_MS, parseTimestamp, rfc1123z, rfc3339 } from '../../../k8s/time';
import { zoneOffsetMinutes } from '../../../k8s/timezones';
import { componentId } from '../../core/ids';
import { metaKey, splitKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError, isNamespaceTerminating, statusCode } from '../util/errors';
import { controllerRefOf, newControllerRef } from '../util/meta';
import { cloneData } from '../../core/clone';
import { finishedCondition, isJobFinished, isJobSucceeded } from '../job/util';
import { mostRecentScheduleTime, nextScheduleDelay } from './schedule';

/** batch/v1 CronJobScheduledTimestampAnnotation. */
const SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

const simOf = (unixMs: number): number => unixMs - EPOCH_MS;

/** getJobName: the scheduled time in minutes since the epoch. */
export function jobNameFor(cj: CronJob, scheduledUnixMs: number): string {
  return `${cj.metadata.name}-${Math.floor(scheduledUnixMs / 60_000)}`;
}

/** time.Format(time.RFC3339) of the scheduled time in the CronJob's zone. */
function scheduledTimestamp(unixMs: number, zone: string | undefined): string {
  const offset = zone ? (zoneOffsetMinutes(zone, unixMs) ?? 0) : 0;
  const utc = rfc3339(simOf(unixMs + offset * 60_000) as never);
  if (offset === 0) return utc;
  const sign = offset < 0 ? '-' : '+';
  const a = Math.abs(offset);
  return `${utc.slice(0, -1)}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** formatSchedule: spec.timeZone becomes a TZ= prefix; a schedule that names TZ itself earns a warning. */
function scheduleOf(ctx: ControllerContext, cj: CronJob, warn: boolean): CronSchedule {
  if (cj.spec.schedule.includes('TZ') && warn) {
    ctx.record(cj, {
      type: 'Warning',
      reason: 'UnsupportedSchedule',
      message: `CRON_TZ or TZ used in schedule ${JSON.stringify(cj.spec.schedule)} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`,
    });
  }
  return parseStandard(cj.spec.schedule);
}

function jobsOf(ctx: ControllerContext, cj: CronJob): Job[] {
  const out: Job[] = [];
  for (const j of ctx.cache('jobs').cache.values()) {
    if (j.metadata.namespace !== cj.metadata.namespace) continue;
    const ref = controllerRefOf(j);
    if (ref && ref.name === cj.metadata.name) out.push(j as Job);
  }
  return out;
}

const inActive = (cj: CronJob, uid: string | undefined): boolean => (cj.status?.active ?? []).some((r) => r.uid === uid);

function removeFromActive(cj: CronJob, uid: string | undefined): void {
  cj.status ??= {};
  cj.status.active = (cj.status.active ?? []).filter((r) => r.uid !== uid);
}

/** deleteJob: a Background delete, then the reference leaves status.active. */
function deleteJob(ctx: ControllerContext, cj: CronJob, job: Job): boolean {
  const res = ctx.request({ verb: 'delete', resource: 'jobs', namespace: job.metadata.namespace, name: job.metadata.name, propagationPolicy: 'Background' });
  if (!res.ok) {
    ctx.record(cj, { type: 'Warning', reason: 'FailedDelete', message: `Deleted job: ${res.error.message}` });
    return false;
  }
  removeFromActive(cj, job.metadata.uid);
  ctx.record(cj, { type: 'Normal', reason: 'SuccessfulDelete', message: `Deleted job ${job.metadata.name}` });
  return true;
}

/** byJobStartTime: oldest start first, Jobs never started last, names break ties. */
function byStartTime(a: Job, b: Job): number {
  const sa = a.status?.startTime;
  const sb = b.status?.startTime;
  if (!sb) return sa ? -1 : (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '');
  if (!sa) return 1;
  const d = parseTimestamp(sa) - parseTimestamp(sb);
  return d !== 0 ? d : (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}

/** cleanupFinishedJobs. */
function cleanupFinishedJobs(ctx: ControllerContext, cj: CronJob, jobs: Job[]): boolean {
  let changed = false;
  const limits: ['Complete' | 'Failed', number | undefined][] = [
    ['Complete', cj.spec.successfulJobsHistoryLimit],
    ['Failed', cj.spec.failedJobsHistoryLimit],
  ];
  for (const [type, limit] of limits) {
    if (limit === undefined) continue;
    const finished = jobs.filter((j) => finishedCondition(j)?.type === type).sort(byStartTime);
    for (let i = 0; i < finished.length - limit; i++) if (deleteJob(ctx, cj, finished[i]!)) changed = true;
  }
  return changed;
}

function jobRef(job: Job): ObjectReference {
  return { kind: 'Job', namespace: job.metadata.namespace, name: job.metadata.name, uid: job.metadata.uid, apiVersion: 'batch/v1', resourceVersion: job.metadata.resourceVersion };
}

/** getJobFromTemplate2. */
function jobFromTemplate(cj: CronJob, scheduled: number): Job {
  const t = cj.spec.jobTemplate;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: jobNameFor(cj, scheduled),
      labels: { ...(t.metadata?.labels ?? {}) },
      annotations: { ...(t.metadata?.annotations ?? {}), [SCHEDULED_TIMESTAMP_ANNOTATION]: scheduledTimestamp(scheduled, cj.spec.timeZone) },
      ownerReferences: [newControllerRef(cj, 'batch/v1', 'CronJob')],
    },
    spec: cloneData(t.spec),
  };
}

interface SyncOutcome {
  requeueAfter?: number;
  updateStatus: boolean;
  error?: string;
}

function syncCronJob(ctx: ControllerContext, cj: CronJob, jobs: Job[]): SyncOutcome {
  const now = EPOCH_MS + ctx.w.now;
  let updateStatus = false;
  const children = new Set<string>();
  for (const j of jobs) {
    children.add(j.metadata.uid ?? '');
    const found = inActive(cj, j.metadata.uid);
    if (!found && !isJobFinished(j)) {
      // The cached CronJob may predate the status write that listed this Job: ask the server.
      const fresh = ctx.request({ verb: 'get', resource: 'cronjobs', namespace: cj.metadata.namespace, name: cj.metadata.name });
      if (!fresh.ok) return { updateStatus, error: fresh.error.message };
      if (inActive(fresh.object as CronJob, j.metadata.uid)) {
        cj.status = cloneData((fresh.object as CronJob).status ?? {});
        continue;
      }
      ctx.record(cj, { type: 'Warning', reason: 'UnexpectedJob', message: `Saw a job that the controller did not create or forgot: ${j.metadata.name}` });
    } else if (found && isJobFinished(j)) {
      removeFromActive(cj, j.metadata.uid);
      ctx.record(cj, { type: 'Normal', reason: 'SawCompletedJob', message: `Saw completed job: ${j.metadata.name}, status: ${finishedCondition(j)!.type}` });
      updateStatus = true;
    } else if (isJobSucceeded(j)) {
      const done = j.status?.completionTime;
      const last = cj.status?.lastSuccessfulTime;
      if (done && (!last || parseTimestamp(done) > parseTimestamp(last))) {
        cj.status = { ...cj.status, lastSuccessfulTime: done };
        updateStatus = true;
      }
    }
  }
  for (const ref of [...(cj.status?.active ?? [])]) {
    if (children.has(ref.uid ?? '')) continue;
    const got = ctx.request({ verb: 'get', resource: 'jobs', namespace: ref.namespace, name: ref.name });
    if (got.ok) continue;
    if (statusCode(got) !== 404) return { updateStatus, error: got.error.message };
    ctx.record(cj, { type: 'Normal', reason: 'MissingJob', message: `Active job went missing: ${ref.name}` });
    removeFromActive(cj, ref.uid);
    updateStatus = true;
  }
  if (cj.metadata.deletionTimestamp || cj.spec.suspend) return { updateStatus };

  let sched: CronSchedule;
  try {
    sched = scheduleOf(ctx, cj, true);
  } catch (e) {
    if (!(e instanceof CronError)) throw e;
    ctx.record(cj, { type: 'Warning', reason: 'UnparseableSchedule', message: `unparseable schedule: ${JSON.stringify(cj.spec.schedule)} : ${e.message}` });
    return { updateStatus };
  }
  const requeue = (): number | undefined => nextScheduleDelay(cj, now, sched);
  const r = mostRecentScheduleTime(cj, now, sched, true);
  if (r.error) {
    ctx.record(cj, { type: 'Warning', reason: 'InvalidSchedule', message: `invalid schedule: ${cj.spec.schedule} : ${r.error}` });
    return { updateStatus };
  }
  const scheduled = r.mostRecent;
  if (scheduled === undefined || scheduled > now) return { requeueAfter: requeue(), updateStatus };
  if (r.missed === 'many') {
    ctx.record(cj, { type: 'Warning', reason: 'TooManyMissedTimes', message: 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew' });
  }
  const sds = cj.spec.startingDeadlineSeconds;
  if (sds !== undefined && scheduled + sds * 1000 < now) {
    ctx.record(cj, { type: 'Warning', reason: 'MissSchedule', message: `Missed scheduled time to start a job: ${rfc1123z(simOf(scheduled) as never)}` });
    return { requeueAfter: requeue(), updateStatus };
  }
  const name = jobNameFor(cj, scheduled);
  const last = cj.status?.lastScheduleTime;
  if ((cj.status?.active ?? []).some((a) => a.name === name) || (last !== undefined && EPOCH_MS + parseTimestamp(last) === scheduled)) {
    return { requeueAfter: requeue(), updateStatus };
  }
  if (cj.spec.concurrencyPolicy === 'Forbid' && (cj.status?.active ?? []).length > 0) {
    ctx.record(cj, { type: 'Normal', reason: 'JobAlreadyActive', message: 'Not starting job because prior execution is running and concurrency policy is Forbid' });
    return { requeueAfter: requeue(), updateStatus };
  }
  if (cj.spec.concurrencyPolicy === 'Replace') {
    for (const ref of [...(cj.status?.active ?? [])]) {
      const got = ctx.request({ verb: 'get', resource: 'jobs', namespace: ref.namespace, name: ref.name });
      if (!got.ok) {
        ctx.record(cj, { type: 'Warning', reason: 'FailedGet', message: `Get job: ${got.error.message}` });
        return { updateStatus, error: got.error.message };
      }
      if (!deleteJob(ctx, cj, got.object as Job)) return { updateStatus, error: `could not replace job ${ref.namespace}/${ref.name}` };
      updateStatus = true;
    }
  }
  const res = ctx.request({ verb: 'create', resource: 'jobs', namespace: cj.metadata.namespace, body: jobFromTemplate(cj, scheduled) as KObject });
  let created: Job;
  if (!res.ok) {
    if (isNamespaceTerminating(res)) return { updateStatus, error: res.error.message };
    if (statusCode(res) !== 409) {
      ctx.record(cj, { type: 'Warning', reason: 'FailedCreate', message: `Error creating job: ${res.error.message}` });
      return { updateStatus, error: res.error.message };
    }
    // Created by an earlier sync whose status write was lost: adopt it into status.active.
    const got = ctx.request({ verb: 'get', resource: 'jobs', namespace: cj.metadata.namespace, name });
    if (!got.ok) return { updateStatus, error: got.error.message };
    created = got.object as Job;
    if (controllerRefOf(created)?.uid !== cj.metadata.uid || inActive(cj, created.metadata.uid)) return { updateStatus };
  } else {
    created = res.object as Job;
    ctx.record(cj, { type: 'Normal', reason: 'SuccessfulCreate', message: `Created job ${created.metadata.name}` });
  }
  cj.status = { ...cj.status, active: [...(cj.status?.active ?? []), jobRef(created)], lastScheduleTime: rfc3339(simOf(scheduled) as never) };
  return { requeueAfter: requeue(), updateStatus: true };
}

/** The status the API stores: an empty active list is omitted. */
function tidyStatus(cj: CronJob): CronJob['status'] {
  const s = { ...cj.status };
  if (!s.active?.length) delete s.active;
  return s;
}

function sync(ctx: ControllerContext, key: string): ReconcileResult {
  const shared = ctx.cache('cronjobs').cache.get(key) as CronJob | undefined;
  if (!shared) return DONE;
  const cj = cloneData(shared) as CronJob;
  const jobs = jobsOf(ctx, cj);
  const cleaned = cleanupFinishedJobs(ctx, cj, jobs);
  const out = syncCronJob(ctx, cj, jobs);
  ctx.observe(1, (cj.status?.active ?? []).length);
  if (cleaned || out.updateStatus) {
    const { namespace, name } = splitKey(key);
    const res = ctx.request({ verb: 'update', resource: 'cronjobs', subresource: 'status', namespace, name, body: { ...cj, status: tidyStatus(cj) } as KObject });
    if (!res.ok) throw new SyncError(res.error.message);
  }
  if (out.requeueAfter !== undefined) return { kind: 'requeueAfter', delay: Math.max(out.requeueAfter, 0) };
  return out.error !== undefined ? { kind: 'error', message: out.error } : DONE;
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = (d.cur ?? d.old)!;
  if (resource === 'cronjobs') return d.cur ? [metaKey(obj)] : [];
  const ref = controllerRefOf(d.cur) ?? controllerRefOf(d.old);
  if (ref?.kind !== 'CronJob') return [];
  const key = `${obj.metadata.namespace}/${ref.name}`;
  const cj = ctx.cache('cronjobs').cache.get(key);
  return cj && cj.metadata.uid === ref.uid ? [key] : [];
}

export const cronJobController: ControllerDef = {
  name: 'cronjob',
  actor: componentId('cronjob-controller'),
  informers: ['cronjobs', 'jobs'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => sync(ctx, key)),
};
