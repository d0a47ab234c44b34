/**
 * DaemonSet status (daemon_controller.go updateDaemonSetStatus, storeDaemonSetStatus): counted
 * node by node, written through the status subresource only when a count or the observed
 * generation changed.
 */
import type { DaemonSet, DaemonSetStatus, KObject, Pod } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';
import { isPodAvailable, isPodReady } from '../util/pods';
import { firstDaemonPod } from './pod-order';
import { isPodUpdated } from './update';

export interface DaemonCounts {
  desired: number;
  current: number;
  misscheduled: number;
  ready: number;
  available: number;
  updated: number;
}

/**
 * One node's share of the counts, the loop body of updateDaemonSetStatus. `pods` is the node's
 * list from getNodesToDaemonPods(ds, false) (node-index.ts withoutDeletedTerminal): terminating
 * Pods, and finished Pods not yet being deleted, are in it, so they count as scheduled.
 *
 * - desiredNumberScheduled: the node should run the Pod (NodeShouldRunDaemonPod's shouldRun).
 * - currentNumberScheduled: it should, and has at least one Pod.
 * - numberMisscheduled: it should not (shouldContinueRunning plays no part), yet has one.
 * - numberReady, numberAvailable, updatedNumberScheduled: judged on one Pod only, the first by
 *   podByCreationTimestampAndPhase, and only on a node that should run it.
 */
export function nodeCounts(ds: DaemonSet, shouldRun: boolean, pods: readonly Pod[], hash: string, now: number): DaemonCounts {
  const c: DaemonCounts = { desired: shouldRun ? 1 : 0, current: 0, misscheduled: 0, ready: 0, available: 0, updated: 0 };
  if (pods.length === 0) return c;
  if (!shouldRun) {
    c.misscheduled = 1;
    return c;
  }
  c.current = 1;
  const pod = pods.length === 1 ? pods[0]! : firstDaemonPod(pods);
  if (isPodReady(pod)) {
    c.ready = 1;
    if (isPodAvailable(pod, ds.spec.minReadySeconds ?? 0, now)) c.available = 1;
  }
  if (isPodUpdated(ds, pod, hash)) c.updated = 1;
  return c;
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
