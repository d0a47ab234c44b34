/**
 * The scheduling queue (pkg/scheduler/backend/queue): activeQ ordered by PrioritySort; backoffQ
 * for Pods that must wait before their next attempt (podInitialBackoff doubling per attempt up to
 * podMaxBackoff), split like kube-scheduler's into a queue for rejected Pods and one for Pods
 * that hit an error; and unschedulablePods, where rejected (and scheduling-gated) Pods wait for
 * a cluster event that could help them, or for podMaxInUnschedulablePodsDuration to pass.
 * When activeQ is empty the scheduler may pop a rejected Pod from backoffQ early
 * (SchedulerPopFromBackoffQ, on by default since v1.33).
 *
 * Heaps hold small items pointing at the QueuedPodInfo; an item whose `gen` no longer matches
 * the Pod's is stale and skipped, which makes moves and deletes O(1).
 */
import { heapPop, heapPush } from '../core/heap';
import type { Pod } from '../../k8s/types';
import { queueSortKey } from './plugins/priority-sort';
import { preEnqueue } from './plugins/scheduling-gates';

export type QueueLocation = 'active' | 'backoff' | 'unschedulable' | 'in-flight';

export interface QueuedPodInfo {
  key: string;
  pod: Pod;
  priority: number;
  /** When the Pod was last added to the queue or last failed (PrioritySort's tie-break, backoff's start). */
  timestamp: number;
  initialAttemptTimestamp: number | undefined;
  attempts: number;
  /** Plugins that rejected the Pod in its last attempt: only events they care about requeue it. */
  unschedulablePlugins: string[];
  /** PreEnqueue (SchedulingGates) keeps the Pod out of activeQ. */
  gated: boolean;
  /** The last attempt ended in an error, not a rejection. */
  error: boolean;
  where: QueueLocation;
  gen: number;
}

interface HeapItem {
  key: string;
  gen: number;
  k1: number;
  k2: number;
  k3: number;
}

export interface SchedulingQueue {
  pods: Map<string, QueuedPodInfo>;
  activeQ: HeapItem[];
  backoffQ: HeapItem[];
  errorBackoffQ: HeapItem[];
  unschedulable: Set<string>;
  /** Live Pods per location (heaps also hold stale items). */
  counts: Record<QueueLocation, number>;
  seq: number;
}

export interface BackoffConfig {
  podInitialBackoff: number;
  podMaxBackoff: number;
}

export function newQueue(): SchedulingQueue {
  return { pods: new Map(), activeQ: [], backoffQ: [], errorBackoffQ: [], unschedulable: new Set(), counts: { active: 0, backoff: 0, unschedulable: 0, 'in-flight': 0 }, seq: 0 };
}

function less(a: HeapItem, b: HeapItem): boolean {
  return a.k1 < b.k1 || (a.k1 === b.k1 && (a.k2 < b.k2 || (a.k2 === b.k2 && a.k3 < b.k3)));
}

function push(h: HeapItem[], it: HeapItem): void {
  heapPush(h, it, less);
}

function popTop(h: HeapItem[]): HeapItem | undefined {
  return heapPop(h, less);
}

function live(q: SchedulingQueue, it: HeapItem, where: QueueLocation): QueuedPodInfo | undefined {
  const info = q.pods.get(it.key);
  return info && info.gen === it.gen && info.where === where ? info : undefined;
}

/** Drops stale items from the top so that h[0] (if any) is live. */
function clean(q: SchedulingQueue, h: HeapItem[], where: QueueLocation): HeapItem | undefined {
  while (h.length > 0 && !live(q, h[0]!, where)) popTop(h);
  return h[0];
}

function setWhere(q: SchedulingQueue, info: QueuedPodInfo, where: QueueLocation): void {
  q.counts[info.where]--;
  q.counts[where]++;
  if (info.where === 'unschedulable') q.unschedulable.delete(info.key);
  if (where === 'unschedulable') q.unschedulable.add(info.key);
  info.where = where;
  info.gen++;
}

/** calculateBackoffDuration: initial × 2^(attempts−1), capped. */
export function backoffDuration(info: QueuedPodInfo, cfg: BackoffConfig): number {
  if (info.attempts === 0) return 0;
  let d = cfg.podInitialBackoff;
  for (let i = 1; i < info.attempts; i++) {
    if (d > cfg.podMaxBackoff - d) return cfg.podMaxBackoff;
    d += d;
  }
  return d;
}

export function backoffExpiry(info: QueuedPodInfo, cfg: BackoffConfig): number {
  return info.timestamp + backoffDuration(info, cfg);
}

export function isBackingOff(info: QueuedPodInfo, now: number, cfg: BackoffConfig): boolean {
  return backoffExpiry(info, cfg) > now;
}

function toActive(q: SchedulingQueue, info: QueuedPodInfo): void {
  setWhere(q, info, 'active');
  const [k1, k2] = queueSortKey(info);
  push(q.activeQ, { key: info.key, gen: info.gen, k1, k2, k3: q.seq++ });
}

function toBackoff(q: SchedulingQueue, info: QueuedPodInfo, cfg: BackoffConfig): void {
  setWhere(q, info, 'backoff');
  push(info.error ? q.errorBackoffQ : q.backoffQ, { key: info.key, gen: info.gen, k1: backoffExpiry(info, cfg), k2: q.seq++, k3: 0 });
}

function toUnschedulable(q: SchedulingQueue, info: QueuedPodInfo): void {
  setWhere(q, info, 'unschedulable');
}

/** requeuePodWithQueueingStrategy: to backoffQ while backing off, else straight to activeQ. */
function requeue(q: SchedulingQueue, info: QueuedPodInfo, now: number, cfg: BackoffConfig): void {
  if (isBackingOff(info, now, cfg)) toBackoff(q, info, cfg);
  else toActive(q, info);
}

/** Add: a new unscheduled Pod; gated Pods park in unschedulablePods. */
export function queueAdd(q: SchedulingQueue, pod: Pod, key: string, now: number): QueuedPodInfo {
  const info: QueuedPodInfo = {
    key,
    pod,
    priority: pod.spec.priority ?? 0,
    timestamp: now,
    initialAttemptTimestamp: undefined,
    attempts: 0,
    unschedulablePlugins: [],
    gated: preEnqueue(pod) !== undefined,
    error: false,
    where: 'in-flight',
    gen: 0,
  };
  q.counts['in-flight']++;
  q.pods.set(key, info);
  if (info.gated) toUnschedulable(q, info);
  else toActive(q, info);
  return info;
}

/**
 * Update of a queued Pod. A status-only change just refreshes the object. A spec/label change
 * re-runs PreEnqueue and gives a waiting Pod another chance (returns true when it moved).
 */
export function queueUpdate(q: SchedulingQueue, pod: Pod, key: string, specChanged: boolean, now: number, cfg: BackoffConfig): boolean {
  const info = q.pods.get(key);
  if (!info) return false;
  info.pod = pod;
  if (!specChanged) return false;
  const priority = pod.spec.priority ?? 0;
  const gated = preEnqueue(pod) !== undefined;
  if (info.where === 'unschedulable') {
    info.priority = priority;
    info.gated = gated;
    if (gated) return false;
    requeue(q, info, now, cfg);
    return true;
  }
  if (info.where === 'active' && (priority !== info.priority || gated)) {
    info.priority = priority;
    info.gated = gated;
    if (gated) toUnschedulable(q, info);
    else toActive(q, info);
  }
  return false;
}

export function queueDelete(q: SchedulingQueue, key: string): QueuedPodInfo | undefined {
  const info = q.pods.get(key);
  if (!info) return undefined;
  q.counts[info.where]--;
  q.unschedulable.delete(key);
  q.pods.delete(key);
  return info;
}

/** Pop: the best Pod of activeQ, or — activeQ being empty — the rejected Pod whose backoff ends first. */
export function queuePop(q: SchedulingQueue, now: number): QueuedPodInfo | undefined {
  let it = clean(q, q.activeQ, 'active');
  let info: QueuedPodInfo | undefined;
  if (it) {
    popTop(q.activeQ);
    info = q.pods.get(it.key);
  } else {
    it = cleanBackoff(q, q.backoffQ, false);
    if (!it) return undefined;
    popTop(q.backoffQ);
    info = q.pods.get(it.key);
  }
  if (!info) return undefined;
  setWhere(q, info, 'in-flight');
  info.attempts++;
  info.initialAttemptTimestamp ??= now;
  return info;
}

function cleanBackoff(q: SchedulingQueue, h: HeapItem[], error: boolean): HeapItem | undefined {
  for (;;) {
    const top = clean(q, h, 'backoff');
    if (!top) return undefined;
    const info = q.pods.get(top.key)!;
    if (info.error === error) return top;
    popTop(h);
  }
}

/** The attempt succeeded: the Pod leaves the queue. */
export function queueDone(q: SchedulingQueue, key: string): void {
  const info = q.pods.get(key);
  if (info?.where === 'in-flight') queueDelete(q, key);
}

/**
 * AddUnschedulableIfNotPresent after a failed attempt: rejected Pods wait in unschedulablePods;
 * Pods that hit an error (no plugin rejected them) retry after backoff.
 */
export function queueRequeueFailed(q: SchedulingQueue, info: QueuedPodInfo, pod: Pod, rejectedBy: string[], now: number, cfg: BackoffConfig): void {
  info.pod = pod;
  info.priority = pod.spec.priority ?? 0;
  info.timestamp = now;
  info.unschedulablePlugins = rejectedBy;
  info.error = rejectedBy.length === 0;
  if (info.error) toBackoff(q, info, cfg);
  else toUnschedulable(q, info);
}

/** MoveAllToActiveOrBackoffQueue for the Pods `wants` says the event may help. Returns the keys moved. */
export function moveAllToActiveOrBackoff(q: SchedulingQueue, now: number, cfg: BackoffConfig, wants: (info: QueuedPodInfo) => boolean): string[] {
  const moved: string[] = [];
  for (const key of [...q.unschedulable]) {
    const info = q.pods.get(key)!;
    if (info.gated || !wants(info)) continue;
    requeue(q, info, now, cfg);
    moved.push(key);
  }
  return moved;
}

/** flushBackoffQCompleted: Pods whose backoff has expired go to activeQ. */
export function flushBackoffCompleted(q: SchedulingQueue, now: number): number {
  let n = 0;
  for (const [h, error] of [
    [q.backoffQ, false],
    [q.errorBackoffQ, true],
  ] as const) {
    for (;;) {
      const top = cleanBackoff(q, h, error);
      if (!top || top.k1 > now) break;
      popTop(h);
      toActive(q, q.pods.get(top.key)!);
      n++;
    }
  }
  return n;
}

/** flushUnschedulablePodsLeftover: Pods that waited longer than `maxWait` get another attempt. */
export function flushUnschedulableLeftover(q: SchedulingQueue, now: number, maxWait: number, cfg: BackoffConfig): string[] {
  return moveAllToActiveOrBackoff(q, now, cfg, (info) => now - info.timestamp > maxWait);
}

/** Is there a Pod the scheduling loop could pop right now? */
export function hasPoppable(q: SchedulingQueue): boolean {
  return clean(q, q.activeQ, 'active') !== undefined || cleanBackoff(q, q.backoffQ, false) !== undefined;
}

export function backoffPending(q: SchedulingQueue): boolean {
  return q.counts.backoff > 0;
}

export function pendingUnschedulable(q: SchedulingQueue): boolean {
  for (const key of q.unschedulable) if (!q.pods.get(key)!.gated) return true;
  return false;
}
