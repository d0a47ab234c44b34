/**
 * The DaemonSet controller's failedPodsBackoff (daemon_controller.go): a kubelet that keeps
 * rejecting a daemon Pod (a port taken, a resource short) would otherwise have the controller
 * delete and recreate it in a hot loop. kube-controller-manager builds it with
 * flowcontrol.NewBackOff(1*time.Second, 15*time.Minute) — no jitter — and runs its GC every
 * BackoffGCInterval.
 *
 * One entry per DaemonSet, observed generation and node (failedPodsBackoffKey): a new generation
 * starts each node's back-off afresh.
 */
import type { DaemonSet } from '../../../k8s/types';
import { backoffGet, backoffNext, inBackOffSinceUpdate, type BackoffEntry, type BackoffPolicy } from '../../client/backoff';

export const FAILED_PODS_BACKOFF: BackoffPolicy = { initial: 1_000, max: 15 * 60_000, resetAfter: 2 * 15 * 60_000 };

/** BackoffGCInterval: how often the controller garbage-collects the table. */
export const BACKOFF_GC_INTERVAL = 60_000;

/** failedPodsBackoffKey: `<uid>/<status.observedGeneration>/<node>`. */
export function failedPodsBackoffKey(ds: DaemonSet, node: string): string {
  return `${ds.metadata.uid ?? ''}/${ds.status?.observedGeneration ?? 0}/${node}`;
}

/** What podsShouldBeOnNode does with a failed daemon Pod. */
export type FailedPodVerdict =
  /** Delete it now: the attempt has been counted (Next). */
  | { kind: 'delete' }
  /** Leave it: still within the back-off; look again after `delay` (the whole current back-off, Get). */
  | { kind: 'backoff'; delay: number };

/**
 * The failed-Pod branch of podsShouldBeOnNode: IsInBackOffSinceUpdate → Get and requeue;
 * otherwise Next and delete. Mutates `table` only on a delete.
 */
export function failedPodVerdict(table: Map<string, BackoffEntry>, ds: DaemonSet, node: string, now: number): FailedPodVerdict {
  const key = failedPodsBackoffKey(ds, node);
  if (inBackOffSinceUpdate(table, key, now, FAILED_PODS_BACKOFF)) return { kind: 'backoff', delay: backoffGet(table, key) };
  backoffNext(table, key, now, now, FAILED_PODS_BACKOFF);
  return { kind: 'delete' };
}
