/**
 * client-go's workqueue: a FIFO of keys with the "fair and stingy" guarantees —
 * a key is never queued twice (dirty set) and never processed by two workers at once
 * (processing set; a key added while processing is re-queued when `done` is called).
 * Rate-limited requeue uses the default per-item exponential back-off (5ms × 2^n, max 1000s).
 */
import type { World } from '../world';

export interface WorkQueueState {
  name: string;
  /** Keys waiting, from index `head` on; the consumed prefix is dropped in bulk (O(1) get). */
  queue: string[];
  head: number;
  dirty: Set<string>;
  processing: Set<string>;
  /** Consecutive failures per key (drives the exponential back-off). */
  failures: Map<string, number>;
}

export function newWorkQueue(name: string): WorkQueueState {
  return { name, queue: [], head: 0, dirty: new Set(), processing: new Set(), failures: new Map() };
}

/** Adds a key; returns true when the queue went from having nothing to hand out to having something. */
export function queueAdd(q: WorkQueueState, key: string): boolean {
  if (q.dirty.has(key)) return false;
  q.dirty.add(key);
  if (q.processing.has(key)) return false;
  q.queue.push(key);
  return true;
}

export function queueGet(q: WorkQueueState): string | undefined {
  if (q.head >= q.queue.length) return undefined;
  const key = q.queue[q.head++]!;
  if (q.head > 1024 && q.head * 2 > q.queue.length) {
    q.queue = q.queue.slice(q.head);
    q.head = 0;
  }
  q.processing.add(key);
  q.dirty.delete(key);
  return key;
}

export function queueDone(q: WorkQueueState, key: string): void {
  q.processing.delete(key);
  if (q.dirty.has(key)) q.queue.push(key);
}

export function queueLen(q: WorkQueueState): number {
  return q.queue.length - q.head;
}

/** ItemExponentialFailureRateLimiter.When: the delay before the key's next retry. */
export function rateLimitDelay(w: World, q: WorkQueueState, key: string): number {
  const n = q.failures.get(key) ?? 0;
  q.failures.set(key, n + 1);
  return Math.min(w.timings.workqueueBaseDelay * 2 ** n, w.timings.workqueueMaxDelay);
}

export function queueForget(q: WorkQueueState, key: string): void {
  q.failures.delete(key);
}
