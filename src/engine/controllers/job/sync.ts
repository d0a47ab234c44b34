/**
 * syncJob (pkg/controller/job/job_controller.go), level-based over the informer caches: count the
 * Job's Pods, decide whether it has failed (backoffLimit, activeDeadlineSeconds, a FailJob rule)
 * or succeeded, create or delete Pods toward the wanted number of active ones (respecting the
 * failure back-off), then track finished Pods in status with the job-tracking finalizer:
 *
 *  1. finished Pods still holding the finalizer go into status.uncountedTerminatedPods (a write),
 *  2. their finalizers are removed (one patch per Pod),
 *  3. the counters absorb the uncounted Pods and, when nothing is left uncounted or terminating,
 *     the interim FailureTarget/SuccessCriteriaMet condition is followed by Failed/Complete
 *     (a second write), with the Completed or failure event.
 *
 * Simplified: Pod events are not batched (upstream waits 1 s), orphan Pods matching a Job's
 * selector are not adopted, and successPolicy and managedBy are ignored. backoffLimitPerIndex's
 * per-index counting and back-off are per-index.ts's.
 *
 * Over 400 lines on purpose: manageJob and trackStatus share one SyncCtx and their order of writes
 * is the point (a Pod is counted before its finalizer goes, the interim condition before the
 * final one); keeping upstream's one syncJob in one file keeps that order readable in one place.
 */
import type { Job, JobCondition, JobStatus, Pod } from '../../../k8s/types';
import { parseTimestamp, rfc3339 } from '../../../k8s/time';
import { DONE, type ControllerContext, type ReconcileResult } from '../framework';
import { slowStartBatch, SLOW_START_INITIAL_BATCH_SIZE } from '../replicaset/manage';
import { creationObserved, deletionObserved, expectCreations, expectDeletions, satisfiedExpectations } from '../util/expectations';
import { isPodActive, isPodReady, isPodTerminating } from '../util/pods';
import { podsToDelete } from '../replicaset/ranking';
import { SyncError } from '../util/errors';
import { remainingBackoff, nextBackoffRecord } from './backoff';
import { matchPodFailurePolicy } from './failure-policy';
import { duplicatedIndexPods, firstPendingIndexes, formatIndexes, mergeIndexes, succeededIndexes } from './indexes';
import { createJobPod, deleteJobPod, removeTrackingFinalizer } from './pods';
import { ensureCondition, newCondition, updateJobStatus } from './status';
import { completionIndexOf, findCondition, hasTrackingFinalizer, isIndexedJob, isJobFinished, isPodFailed, onlyReplaceFailed } from './util';
import { delayedDeletionPerIndex, failedIndexesOf, failureCountAnnotations, hasBackoffLimitPerIndex, indexBackoffRemaining } from './per-index';
import type { JobControllerState } from './state';

/** MaxPodCreateDeletePerSync and MaxUncountedPods. */
const MAX_POD_CREATE_DELETE_PER_SYNC = 500;
const MAX_UNCOUNTED_PODS = 500;
/** syncJobBatchPeriod: the shortest delay before a Job is synced again. */
const SYNC_JOB_BATCH_PERIOD = 1000;

const COMPLETIONS_REACHED = { reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' };

interface SyncCtx {
  job: Job;
  status: JobStatus;
  pods: Pod[];
  active: Pod[];
  succeeded: number;
  failed: number;
  ready: number;
  terminating: number;
  prevSucceededIndexes: number[];
  succeededIndexes: number[];
  /** backoffLimitPerIndex: the failed indexes, and the failed Pod each index awaits replacement for (per-index.ts). */
  failedIndexes?: number[];
  delayed?: Map<number, Pod>;
  finished: JobCondition | undefined;
  expectedRm: Set<string>;
  uncountedSucceeded: Set<string>;
  uncountedFailed: Set<string>;
}

const suspended = (job: Job): boolean => job.spec.suspend === true;

/** getValidPodsWithFilter: Pods holding the finalizer, not yet uncounted, with a valid index if Indexed. */
function newlyFinished(c: SyncCtx, uncounted: Set<string>, filter: (p: Pod) => boolean): Pod[] {
  const completions = c.job.spec.completions ?? 0;
  return c.pods.filter((p) => {
    const uid = p.metadata.uid ?? '';
    if (!hasTrackingFinalizer(p) || uncounted.has(uid) || c.expectedRm.has(uid)) return false;
    if (isIndexedJob(c.job)) {
      const ix = completionIndexOf(p);
      if (ix < 0 || ix >= completions) return false;
    }
    return filter(p);
  });
}

/** pastBackoffLimitOnFailure: with restartPolicy OnFailure, container restarts count as failures. */
function pastBackoffLimitOnFailure(job: Job, pods: Pod[]): boolean {
  if (job.spec.template.spec.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const p of pods) {
    if (p.status?.phase !== 'Running' && p.status?.phase !== 'Pending') continue;
    for (const cs of [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])]) restarts += cs.restartCount;
  }
  const limit = job.spec.backoffLimit ?? 6;
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

function failJobMessage(job: Job, pods: Pod[]): string | undefined {
  if (!job.spec.podFailurePolicy) return undefined;
  for (const p of pods) {
    if (!isPodFailed(p, job)) continue;
    const m = matchPodFailurePolicy(job, p).failJobMessage;
    if (m) return m;
  }
  return undefined;
}

/** activePodsForRemoval: duplicates first (Indexed), then the least advanced Pods. */
function activePodsForRemoval(job: Job, active: Pod[], rmAtLeast: number, now: number): Pod[] {
  let rm: Pod[] = [];
  let left = active;
  if (isIndexedJob(job)) ({ rm, left } = duplicatedIndexPods(active, job.spec.completions ?? 0));
  if (rm.length < rmAtLeast) rm = [...rm, ...podsToDelete(left, left, rmAtLeast - rm.length, now)];
  return rm;
}

interface ManageResult {
  active: number;
  error?: string;
  /** Set when creations wait for the failure back-off. */
  retryAfter?: number;
}

function deletePods(ctx: ControllerContext, s: JobControllerState, key: string, c: SyncCtx, victims: Pod[]): { removed: number; removedReady: number; error?: string } {
  expectDeletions(s.expectations, key, victims.map((p) => `${p.metadata.namespace}/${p.metadata.name}`), ctx.w.now);
  let removed = 0;
  let removedReady = 0;
  let error: string | undefined;
  for (const p of victims) {
    const podKey = `${p.metadata.namespace}/${p.metadata.name}`;
    // deleteJobPods removes the finalizer first: these Pods are never counted.
    const fin = hasTrackingFinalizer(p) ? removeTrackingFinalizer(ctx, p) : { ok: true };
    const r = fin.ok ? deleteJobPod(ctx, c.job, p) : { ok: false, error: fin.error };
    if (!r.ok) {
      deletionObserved(s.expectations, key, podKey);
      if (!('notFound' in r && r.notFound)) {
        error ??= r.error;
        continue;
      }
    }
    removed++;
    if (isPodReady(p)) removedReady++;
  }
  return { removed, removedReady, ...(error !== undefined ? { error } : {}) };
}

/** manageJob: delete surplus Pods or create missing ones (never both in one sync). */
function manageJob(ctx: ControllerContext, s: JobControllerState, key: string, c: SyncCtx): ManageResult {
  const job = c.job;
  let active = c.active.length;
  const parallelism = job.spec.parallelism ?? 1;
  if (suspended(job)) {
    const r = deletePods(ctx, s, key, c, activePodsForRemoval(job, c.active, active, ctx.w.now));
    c.terminating += r.removed;
    c.ready -= r.removedReady;
    return { active: active - r.removed, ...(r.error !== undefined ? { error: r.error } : {}) };
  }
  let wantActive: number;
  if (job.spec.completions === undefined) wantActive = c.succeeded > 0 ? active : parallelism;
  else wantActive = Math.max(0, Math.min(job.spec.completions - c.succeeded, parallelism));

  const rmAtLeast = Math.max(0, active - wantActive);
  const victims = activePodsForRemoval(job, c.active, rmAtLeast, ctx.w.now).slice(0, MAX_POD_CREATE_DELETE_PER_SYNC);
  if (victims.length > 0) {
    const r = deletePods(ctx, s, key, c, victims);
    c.terminating += r.removed;
    c.ready -= r.removedReady;
    return { active: active - r.removed, ...(r.error !== undefined ? { error: r.error } : {}) };
  }

  const terminating = onlyReplaceFailed(job) ? c.terminating : 0;
  let diff = wantActive - terminating - active;
  if (diff <= 0) return { active };
  const perIndex = c.delayed !== undefined;
  // With backoffLimitPerIndex each index has its own back-off instead (per-index.ts).
  const wait = perIndex ? 0 : remainingBackoff(s.pendingBackoff.get(key) ?? { failuresAfterLastSuccess: 0 }, ctx.w.now);
  // Upstream reports no active Pods while creations wait for the back-off.
  if (wait > 0) return { active: 0, retryAfter: Math.max(wait, SYNC_JOB_BATCH_PERIOD) };
  diff = Math.min(diff, MAX_POD_CREATE_DELETE_PER_SYNC);
  let indexes: number[] = [];
  let indexWait: number | undefined;
  if (isIndexedJob(job)) {
    indexes = firstPendingIndexes(c.active, mergeIndexes(c.succeededIndexes, c.failedIndexes ?? []), diff, job.spec.completions ?? 0);
    if (c.delayed) {
      // getPodCreationInfoForIndependentIndexes: an index still in its back-off waits.
      const delayed = c.delayed;
      const waits = indexes.map((ix) => indexBackoffRemaining(delayed.get(ix), ctx.w.now));
      indexes = indexes.filter((_, i) => waits[i] === 0);
      const pending = waits.filter((ms) => ms > 0);
      if (pending.length) indexWait = Math.max(Math.min(...pending), SYNC_JOB_BATCH_PERIOD);
    }
    diff = indexes.length;
  }
  if (diff === 0) return { active, ...(indexWait !== undefined ? { retryAfter: indexWait } : {}) };
  expectCreations(s.expectations, key, diff, ctx.w.now);
  let next = 0;
  const r = slowStartBatch(diff, SLOW_START_INITIAL_BATCH_SIZE, () => {
    const ix = isIndexedJob(job) ? indexes[next++]! : -1;
    return createJobPod(ctx, job, ix, c.delayed ? failureCountAnnotations(job, c.delayed.get(ix)) : undefined);
  });
  // Pods never created will never be observed.
  for (let i = r.successes; i < diff; i++) creationObserved(s.expectations, key);
  active += r.successes;
  return { active, ...(r.error !== undefined ? { error: r.error } : {}), ...(indexWait !== undefined ? { retryAfter: indexWait } : {}) };
}

/** cleanUncountedPodsWithoutFinalizers: Pods whose finalizer is gone move into the counters. */
function absorbUncounted(status: JobStatus, withFinalizer: Set<string>): boolean {
  const u = (status.uncountedTerminatedPods ??= {});
  let changed = false;
  const keepS = (u.succeeded ?? []).filter((uid) => withFinalizer.has(uid));
  if (keepS.length !== (u.succeeded ?? []).length) {
    status.succeeded = (status.succeeded ?? 0) + (u.succeeded ?? []).length - keepS.length;
    changed = true;
  }
  const keepF = (u.failed ?? []).filter((uid) => withFinalizer.has(uid));
  if (keepF.length !== (u.failed ?? []).length) {
    status.failed = (status.failed ?? 0) + (u.failed ?? []).length - keepF.length;
    changed = true;
  }
  if (keepS.length) u.succeeded = keepS;
  else delete u.succeeded;
  if (keepF.length) u.failed = keepF;
  else delete u.failed;
  return changed;
}

/** The status the API stores: zero counters omitted, ready/terminating always present. */
function tidy(status: JobStatus): JobStatus {
  const out: JobStatus = {};
  if (status.conditions?.length) out.conditions = status.conditions;
  if (status.startTime) out.startTime = status.startTime;
  if (status.completionTime) out.completionTime = status.completionTime;
  if (status.active) out.active = status.active;
  if (status.succeeded) out.succeeded = status.succeeded;
  if (status.failed) out.failed = status.failed;
  out.terminating = status.terminating ?? 0;
  if (status.completedIndexes) out.completedIndexes = status.completedIndexes;
  if (status.failedIndexes !== undefined) out.failedIndexes = status.failedIndexes;
  out.uncountedTerminatedPods = status.uncountedTerminatedPods ?? {};
  out.ready = status.ready ?? 0;
  return out;
}

/** trackJobStatusAndRemoveFinalizers. */
function trackStatus(ctx: ControllerContext, s: JobControllerState, key: string, c: SyncCtx, needsFlushIn: boolean): void {
  const job = c.job;
  const status = c.status;
  const indexed = isIndexedJob(job);
  const completions = job.spec.completions ?? 0;
  let needsFlush = needsFlushIn;
  const withFinalizer = new Set<string>();
  for (const p of c.pods) if (hasTrackingFinalizer(p) && !c.expectedRm.has(p.metadata.uid ?? '')) withFinalizer.add(p.metadata.uid ?? '');
  if (absorbUncounted(status, withFinalizer)) needsFlush = true;
  const uncounted = (status.uncountedTerminatedPods ??= {});
  const toRemove: Pod[] = [];
  const newIndexes: number[] = [];
  let reachedMax = false;
  const pods = indexed ? [...c.pods].sort((a, b) => completionIndexOf(a) - completionIndexOf(b)) : c.pods;
  for (const p of pods) {
    const uid = p.metadata.uid ?? '';
    if (!hasTrackingFinalizer(p) || c.expectedRm.has(uid)) continue;
    const failed = isPodFailed(p, job);
    // canRemoveFinalizer; with backoffLimitPerIndex, not the failed Pod its index awaits replacement for.
    if (!(job.metadata.deletionTimestamp || c.finished || p.status?.phase === 'Succeeded' || failed)) continue;
    if (!(job.metadata.deletionTimestamp || c.finished || p.status?.phase === 'Succeeded') && c.delayed?.get(completionIndexOf(p)) === p) continue;
    toRemove.push(p);
    if (p.status?.phase === 'Succeeded' && !c.uncountedFailed.has(uid)) {
      if (indexed) {
        const ix = completionIndexOf(p);
        if (ix >= 0 && ix < completions && !c.prevSucceededIndexes.includes(ix)) {
          newIndexes.push(ix);
          needsFlush = true;
        }
      } else if (!c.uncountedSucceeded.has(uid)) {
        (uncounted.succeeded ??= []).push(uid);
        needsFlush = true;
      }
    } else if (failed || (c.finished && c.finished.type !== 'SuccessCriteriaMet')) {
      const ix = completionIndexOf(p);
      if (!c.uncountedFailed.has(uid) && (!indexed || (ix >= 0 && ix < completions))) {
        if (!job.spec.podFailurePolicy || matchPodFailurePolicy(job, p).countFailed) (uncounted.failed ??= []).push(uid);
        needsFlush = true;
      }
    }
    if (newIndexes.length + (uncounted.succeeded ?? []).length + (uncounted.failed ?? []).length >= MAX_UNCOUNTED_PODS) {
      reachedMax = true;
      break;
    }
  }
  if (c.failedIndexes) {
    const text = formatIndexes(c.failedIndexes);
    if (text !== status.failedIndexes) needsFlush = true;
    status.failedIndexes = text;
  }
  if (indexed) {
    c.succeededIndexes = mergeIndexes(c.succeededIndexes, newIndexes);
    const text = formatIndexes(c.succeededIndexes);
    if (text !== (status.completedIndexes ?? '')) needsFlush = true;
    status.succeeded = c.succeededIndexes.length;
    if (text) status.completedIndexes = text;
    else delete status.completedIndexes;
  }
  const now = ctx.w.now;
  status.conditions ??= [];
  if (c.finished?.type === 'FailureTarget') {
    // The interim condition is written before any finalizer goes, so the cause survives.
    status.conditions.push(c.finished);
    needsFlush = true;
    c.finished = newCondition('Failed', 'True', c.finished.reason ?? '', c.finished.message ?? '', now);
  }
  if (c.finished?.type === 'SuccessCriteriaMet') {
    if (!findCondition({ ...job, status }, 'SuccessCriteriaMet')) {
      status.conditions.push(c.finished);
      needsFlush = true;
    }
    c.finished = newCondition('Complete', 'True', c.finished.reason ?? '', c.finished.message ?? '', now);
  }

  let stored = job;
  if (needsFlush) {
    stored = updateJobStatus(ctx, job, tidy(status));
    needsFlush = false;
    // The back-off record advances only with a status write, so an unwritten sync recounts the same Pods.
    s.backoff.set(key, s.pendingBackoff.get(key) ?? { failuresAfterLastSuccess: 0 });
  }
  let rmError: string | undefined;
  if (toRemove.length) {
    const expected = s.rmFinalizers.get(key) ?? new Set<string>();
    s.rmFinalizers.set(key, expected);
    for (const p of toRemove) {
      expected.add(p.metadata.uid ?? '');
      const r = removeTrackingFinalizer(ctx, p);
      if (r.ok) withFinalizer.delete(p.metadata.uid ?? '');
      else {
        expected.delete(p.metadata.uid ?? '');
        rmError ??= r.error;
      }
    }
  }
  if (absorbUncounted(status, withFinalizer)) needsFlush = true;
  if (rmError !== undefined) {
    if (needsFlush) updateJobStatus(ctx, stored, tidy(status));
    throw new SyncError(rmError);
  }
  // enactJobFinished.
  let finished = false;
  if (!reachedMax && c.finished && (uncounted.succeeded ?? []).length + (uncounted.failed ?? []).length === 0 && c.terminating === 0) {
    ensureCondition(status.conditions, c.finished.type, c.finished.status, c.finished.reason ?? '', c.finished.message ?? '', now);
    if (c.finished.type === 'Complete') status.completionTime = c.finished.lastTransitionTime!;
    finished = true;
    needsFlush = true;
  }
  if (!needsFlush) return;
  const done = updateJobStatus(ctx, stored, tidy(status));
  if (!finished) return;
  // recordJobFinished.
  if (c.finished!.type === 'Complete') {
    if (job.spec.completions !== undefined && (done.status?.succeeded ?? 0) > job.spec.completions) {
      ctx.record(done, { type: 'Warning', reason: 'TooManySucceededPods', message: 'Too many succeeded pods running after completion count reached' });
    }
    ctx.record(done, { type: 'Normal', reason: 'Completed', message: 'Job completed' });
  } else ctx.record(done, { type: 'Warning', reason: c.finished!.reason ?? '', message: c.finished!.message ?? '' });
}

function earliest(...ds: (number | undefined)[]): number | undefined {
  const xs = ds.filter((d): d is number => d !== undefined);
  return xs.length ? Math.min(...xs) : undefined;
}

export function syncJob(ctx: ControllerContext, s: JobControllerState, key: string, pods: Pod[]): ReconcileResult {
  const shared = ctx.cache('jobs').cache.get(key) as Job | undefined;
  const now = ctx.w.now;
  if (!shared) {
    s.expectations.delete(key);
    s.rmFinalizers.delete(key);
    s.backoff.delete(key);
    return DONE;
  }
  if (isJobFinished(shared)) {
    s.backoff.delete(key);
    return DONE;
  }
  const job = shared;
  const status: JobStatus = structuredClone(job.status ?? {});
  status.uncountedTerminatedPods ??= {};
  const satisfied = satisfiedExpectations(s.expectations, key, now);
  const active = pods.filter(isPodActive);
  const c: SyncCtx = {
    job,
    status,
    pods,
    active,
    succeeded: 0,
    failed: 0,
    ready: active.filter(isPodReady).length,
    terminating: pods.filter(isPodTerminating).length,
    prevSucceededIndexes: [],
    succeededIndexes: [],
    finished: undefined,
    expectedRm: s.rmFinalizers.get(key) ?? new Set(),
    uncountedSucceeded: new Set(status.uncountedTerminatedPods.succeeded ?? []),
    uncountedFailed: new Set(status.uncountedTerminatedPods.failed ?? []),
  };
  let activeCount = active.length;
  const newSucceeded = newlyFinished(c, c.uncountedSucceeded, (p) => p.status?.phase === 'Succeeded');
  const newFailed = newlyFinished(c, c.uncountedFailed, (p) => isPodFailed(p, job));
  const nonIgnored = newFailed.filter((p) => !job.spec.podFailurePolicy || matchPodFailurePolicy(job, p).countFailed).length;
  c.succeeded = (status.succeeded ?? 0) + newSucceeded.length + c.uncountedSucceeded.size;
  c.failed = (status.failed ?? 0) + nonIgnored + c.uncountedFailed.size;
  ctx.observe(job.spec.completions ?? job.spec.parallelism ?? 1, c.succeeded);

  if (!status.startTime && !suspended(job)) status.startTime = rfcNow(now);
  s.pendingBackoff.set(key, nextBackoffRecord(s.backoff.get(key), newSucceeded, newFailed));

  let deadlineIn: number | undefined;
  const backoffLimit = job.spec.backoffLimit ?? 6;
  const scm = findCondition(job, 'SuccessCriteriaMet');
  c.finished = scm?.status === 'True' ? scm : undefined;
  if (!c.finished) {
    const ft = findCondition(job, 'FailureTarget');
    if (ft?.status === 'True') c.finished = newCondition('Failed', 'True', ft.reason ?? '', ft.message ?? '', now);
    else {
      const msg = failJobMessage(job, pods);
      if (msg) c.finished = newCondition('FailureTarget', 'True', 'PodFailurePolicy', msg, now);
    }
  }
  if (!c.finished) {
    const started = status.startTime ? parseTimestamp(status.startTime) : undefined;
    const ads = job.spec.activeDeadlineSeconds;
    if (c.failed > backoffLimit || pastBackoffLimitOnFailure(job, pods)) {
      c.finished = newCondition('FailureTarget', 'True', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', now);
    } else if (ads !== undefined && started !== undefined && !suspended(job) && now - started >= ads * 1000) {
      c.finished = newCondition('FailureTarget', 'True', 'DeadlineExceeded', 'Job was active longer than specified deadline', now);
    } else if (ads !== undefined && started !== undefined && !suspended(job)) {
      deadlineIn = ads * 1000 - (now - started);
    }
  }
  if (isIndexedJob(job)) {
    const ix = succeededIndexes(job, pods);
    c.prevSucceededIndexes = ix.prev;
    c.succeededIndexes = ix.all;
    c.succeeded = ix.all.length;
    if (hasBackoffLimitPerIndex(job)) {
      c.failedIndexes = failedIndexesOf(job, pods);
      const failedCount = c.failedIndexes.length;
      if (!c.finished && job.spec.maxFailedIndexes !== undefined && failedCount > job.spec.maxFailedIndexes) {
        c.finished = newCondition('FailureTarget', 'True', 'MaxFailedIndexesExceeded', 'Job has exceeded the specified maximal number of failed indexes', now);
      } else if (!c.finished && failedCount > 0 && failedCount + c.succeededIndexes.length >= (job.spec.completions ?? 0)) {
        c.finished = newCondition('FailureTarget', 'True', 'FailedIndexes', 'Job has failed indexes', now);
      }
      c.delayed = delayedDeletionPerIndex(job, pods, active, mergeIndexes(c.succeededIndexes, c.failedIndexes), c.expectedRm);
    }
  }

  let manageError: string | undefined;
  let retryAfter: number | undefined;
  let suspendChanged = false;
  if (c.finished) {
    // deleteActivePods: DELETE only; the finalizers go with the status tracking below.
    let deleted = 0;
    for (const p of active) {
      const r = deleteJobPod(ctx, job, p);
      if (r.ok || r.notFound) {
        deleted++;
        if (isPodReady(p)) c.ready--;
      } else manageError ??= r.error;
    }
    if (deleted !== activeCount || !satisfied) c.finished = undefined;
    activeCount -= deleted;
    c.terminating += deleted;
  } else {
    let called = false;
    if (satisfied && !job.metadata.deletionTimestamp) {
      const m = manageJob(ctx, s, key, c);
      activeCount = m.active;
      manageError = m.error;
      retryAfter = m.retryAfter;
      called = true;
    }
    const completions = job.spec.completions;
    const complete = completions === undefined ? c.succeeded > 0 && activeCount === 0 : c.succeeded >= completions && activeCount === 0;
    if (complete) c.finished = newCondition('SuccessCriteriaMet', 'True', COMPLETIONS_REACHED.reason, COMPLETIONS_REACHED.message, now);
    else if (called) {
      status.conditions ??= [];
      if (suspended(job)) {
        if (ensureCondition(status.conditions, 'Suspended', 'True', 'JobSuspended', 'Job suspended', now)) {
          suspendChanged = true;
          ctx.record(job, { type: 'Normal', reason: 'Suspended', message: 'Job suspended' });
        }
      } else if (ensureCondition(status.conditions, 'Suspended', 'False', 'JobResumed', 'Job resumed', now)) {
        suspendChanged = true;
        ctx.record(job, { type: 'Normal', reason: 'Resumed', message: 'Job resumed' });
        // ActiveDeadlineSeconds counts continuous activity: a resumed Job starts its clock again.
        status.startTime = rfcNow(now);
      }
    }
  }
  const needsUpdate = suspendChanged || activeCount !== (job.status?.active ?? 0) || c.ready !== job.status?.ready || c.terminating !== job.status?.terminating;
  status.active = activeCount;
  status.ready = c.ready;
  status.terminating = c.terminating;
  trackStatus(ctx, s, key, c, needsUpdate);
  if (manageError !== undefined) return { kind: 'error', message: manageError };
  const wait = earliest(deadlineIn, retryAfter);
  return wait !== undefined ? { kind: 'requeueAfter', delay: Math.max(wait, 0) } : DONE;
}

function rfcNow(now: number): string {
  return rfc3339(now as never);
}
