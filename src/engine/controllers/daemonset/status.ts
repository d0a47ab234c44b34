/**
 * DaemonSet status (daemon_controller.go updateDaemonSetStatus): written through the status
 * subresource only when a count or the observed generation changed.
 */
import type { DaemonSet, DaemonSetStatus, KObject } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';

export interface DaemonCounts {
  desired: number;
  current: number;
  misscheduled: number;
  ready: number;
  available: number;
  updated: number;
}

function toStatus(ds: DaemonSet, c: DaemonCounts, processed: boolean): DaemonSetStatus {
  const s: DaemonSetStatus = {
    currentNumberScheduled: c.current,
    numberMisscheduled: c.misscheduled,
    desiredNumberScheduled: c.desired,
    numberReady: c.ready,
  };
  // updateObservedGen: only a sync that ran the manage loop has processed this generation.
  const observed = processed ? ds.metadata.generation : ds.status?.observedGeneration;
  if (observed) s.observedGeneration = observed;
  // `omitempty` int32s: zero counts are not serialised.
  if (c.updated) s.updatedNumberScheduled = c.updated;
  if (c.available) s.numberAvailable = c.available;
  if (c.desired - c.available > 0) s.numberUnavailable = c.desired - c.available;
  if (ds.status?.collisionCount) s.collisionCount = ds.status.collisionCount;
  return s;
}

export function updateDaemonSetStatus(ctx: ControllerContext, ds: DaemonSet, counts: DaemonCounts, processed: boolean): void {
  const next = toStatus(ds, counts, processed);
  if (JSON.stringify(next) === JSON.stringify(ds.status ?? {})) return;
  let cur = ds;
  for (let attempt = 0; ; attempt++) {
    const body = { ...cur, status: next } as KObject;
    const res = ctx.request({ verb: 'update', resource: 'daemonsets', subresource: 'status', namespace: cur.metadata.namespace, name: cur.metadata.name, body });
    if (res.ok) return;
    if (attempt >= 1) throw new SyncError(res.error.message);
    const got = ctx.request({ verb: 'get', resource: 'daemonsets', namespace: cur.metadata.namespace, name: cur.metadata.name });
    if (!got.ok) throw new SyncError(got.error.message);
    cur = got.object as DaemonSet;
  }
}
