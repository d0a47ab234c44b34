/**
 * The Job controller (`job-controller`): runs a Job's Pods to completion (sync.ts). Pods are found
 * through an index by controller UID kept from the informer's deltas. A Pod that still holds the
 * job-tracking finalizer after its Job is gone or finished is queued as `orphan:<ns>/<name>`, and
 * syncOrphanPod removes the finalizer, so deleting a Job never leaves its Pods stuck Terminating.
 */
import type { Job, Pod } from '../../../k8s/types';
import { componentId } from '../../core/ids';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError } from '../util/errors';
import { creationObserved, deletionObserved } from '../util/expectations';
import { controllerRefOf } from '../util/meta';
import { indexKeys, indexMove, stateOf } from '../util/state';
import type { JobControllerState } from './state';
import { syncJob } from './sync';
import { removeTrackingFinalizer } from './pods';
import { hasTrackingFinalizer, isJobFinished } from './util';

const ORPHAN = 'orphan:';

function state(ctx: ControllerContext): JobControllerState {
  return stateOf(ctx, () => ({ podsByOwner: new Map(), expectations: new Map(), rmFinalizers: new Map(), backoff: new Map(), pendingBackoff: new Map() }));
}

function jobRefOf(pod: Pod | undefined): ReturnType<typeof controllerRefOf> {
  const ref = controllerRefOf(pod);
  return ref?.kind === 'Job' && ref.apiVersion === 'batch/v1' ? ref : undefined;
}

function keysForPod(ctx: ControllerContext, d: Delta): string[] {
  const s = state(ctx);
  const cur = d.cur as Pod | undefined;
  const old = d.old as Pod | undefined;
  const pod = (cur ?? old)!;
  const key = metaKey(pod);
  const ns = pod.metadata.namespace ?? '';
  const oldRef = jobRefOf(old);
  const curRef = jobRefOf(cur);
  indexMove(s.podsByOwner, key, oldRef?.uid, cur ? curRef?.uid : undefined);
  const ref = curRef ?? oldRef;
  if (!ref) return cur && !controllerRefOf(cur) && hasTrackingFinalizer(cur) ? [ORPHAN + key] : [];
  const jobKey = `${ns}/${ref.name}`;
  if (cur && !old && !cur.metadata.deletionTimestamp) creationObserved(s.expectations, jobKey);
  if (!cur || cur.metadata.deletionTimestamp) deletionObserved(s.expectations, jobKey, key);
  if (!cur || !hasTrackingFinalizer(cur)) s.rmFinalizers.get(jobKey)?.delete(pod.metadata.uid ?? '');
  const job = ctx.cache('jobs').cache.get(jobKey) as Job | undefined;
  if (!job || job.metadata.uid !== ref.uid || isJobFinished(job)) return cur && hasTrackingFinalizer(cur) ? [ORPHAN + key] : [];
  return [jobKey];
}

/** cleanupPodFinalizers: the Pods of a deleted or finished Job that still hold the finalizer. */
function podsHoldingFinalizer(ctx: ControllerContext, job: Job): string[] {
  const pods = ctx.cache('pods').cache;
  return indexKeys(state(ctx).podsByOwner, job.metadata.uid ?? '').filter((k) => {
    const p = pods.get(k) as Pod | undefined;
    return p !== undefined && hasTrackingFinalizer(p);
  });
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  if (resource === 'pods') return keysForPod(ctx, d);
  const job = (d.cur ?? d.old) as Job;
  const key = metaKey(job);
  if (!d.cur || isJobFinished(d.cur as Job)) return [key, ...podsHoldingFinalizer(ctx, job).map((k) => ORPHAN + k)];
  return [key];
}

function podsOf(ctx: ControllerContext, job: Job): Pod[] {
  const cache = ctx.cache('pods').cache;
  const out: Pod[] = [];
  for (const k of indexKeys(state(ctx).podsByOwner, job.metadata.uid ?? '')) {
    const p = cache.get(k) as Pod | undefined;
    if (p) out.push(p);
  }
  return out;
}

/** syncOrphanPod: drop the finalizer unless the Pod's Job still exists and is running. */
function syncOrphanPod(ctx: ControllerContext, podKey: string): ReconcileResult {
  const pod = ctx.cache('pods').cache.get(podKey) as Pod | undefined;
  if (!pod || !hasTrackingFinalizer(pod)) return DONE;
  const ref = controllerRefOf(pod);
  if (ref) {
    if (ref.kind !== 'Job' || ref.apiVersion !== 'batch/v1') return DONE;
    const job = ctx.cache('jobs').cache.get(`${pod.metadata.namespace}/${ref.name}`) as Job | undefined;
    if (job && job.metadata.uid === ref.uid && !isJobFinished(job)) return DONE;
  }
  const r = removeTrackingFinalizer(ctx, pod);
  if (!r.ok) throw new SyncError(r.error ?? '');
  return DONE;
}

function reconcile(ctx: ControllerContext, key: string): ReconcileResult {
  if (key.startsWith(ORPHAN)) return syncOrphanPod(ctx, key.slice(ORPHAN.length));
  const job = ctx.cache('jobs').cache.get(key) as Job | undefined;
  return syncJob(ctx, state(ctx), key, job ? podsOf(ctx, job) : []);
}

export const jobController: ControllerDef = {
  name: 'job',
  actor: componentId('job-controller'),
  informers: ['jobs', 'pods'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => reconcile(ctx, key)),
};
