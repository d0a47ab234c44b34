/**
 * The TTL-after-finished controller (`ttl-after-finished-controller`,
 * pkg/controller/ttlafterfinished): a finished Job with spec.ttlSecondsAfterFinished is deleted
 * that many seconds after its Complete or Failed condition, with Foreground propagation so its
 * Pods go first. Before deleting it reads the Job afresh, as upstream does, in case the TTL was
 * changed or the Job replaced; it records no events.
 */
import type { Job } from '../../k8s/types';
import { parseTimestamp } from '../../k8s/time';
import { componentId } from '../core/ids';
import { metaKey } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { runSync, SyncError, statusCode } from './util/errors';
import { finishedCondition } from './job/util';

/** When the Job expires (simulated ms), or undefined when it has no TTL or has not finished. */
function expireAt(job: Job): number | undefined {
  const ttl = job.spec.ttlSecondsAfterFinished;
  const done = finishedCondition(job);
  if (ttl === undefined || !done?.lastTransitionTime || job.metadata.deletionTimestamp) return undefined;
  return parseTimestamp(done.lastTransitionTime) + ttl * 1000;
}

function processJob(ctx: ControllerContext, key: string): ReconcileResult {
  const cached = ctx.cache('jobs').cache.get(key) as Job | undefined;
  if (!cached) return DONE;
  const at = expireAt(cached);
  if (at === undefined) return DONE;
  if (at > ctx.w.now) return { kind: 'requeueAfter', delay: at - ctx.w.now };
  const got = ctx.request({ verb: 'get', resource: 'jobs', namespace: cached.metadata.namespace, name: cached.metadata.name });
  if (!got.ok) {
    if (statusCode(got) === 404) return DONE;
    throw new SyncError(got.error.message);
  }
  const fresh = got.object as Job;
  const freshAt = expireAt(fresh);
  if (freshAt === undefined) return DONE;
  if (freshAt > ctx.w.now) return { kind: 'requeueAfter', delay: freshAt - ctx.w.now };
  const res = ctx.request({ verb: 'delete', resource: 'jobs', namespace: fresh.metadata.namespace, name: fresh.metadata.name, propagationPolicy: 'Foreground' });
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
  return DONE;
}

export const ttlAfterFinishedController: ControllerDef = {
  name: 'ttl-after-finished',
  actor: componentId('ttl-after-finished-controller'),
  informers: ['jobs'],
  keysFor: (ctx, _resource, d) => {
    const job = d.cur as Job | undefined;
    return job && job.spec.ttlSecondsAfterFinished !== undefined && finishedCondition(job) && !job.metadata.deletionTimestamp ? [metaKey(job)] : [];
  },
  reconcile: (ctx, key) => runSync(() => processJob(ctx, key)),
};
