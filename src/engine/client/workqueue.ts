/**
 * client-go's workqueue: a FIFO of keys with the "fair and stingy" guarantees —
 * a key is never queued twice (dirty set) and never processed by two workers at once
 * (processing set; a key added while processing is re-queued when `done` is called).
 * Rate-limited requeue uses the default per-item exponential back-off (5ms × 2^n, max 1000s).
 */
import type { World } from '../world';

export interface WorkQueueState {
  name: string;
  queue: string[];
  dirty: Set<string>;
  processing: Set<string>;
  /** Consecutive failures per key (drives the exponential back-off). */
  failures: Map<string, number>;
}

export function newWorkQueue(name: string): WorkQueueState {
  return { name, queue: [], dirty: new Set(), processing: new Set(), failures: new Map() };
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
  const key = q.queue.shift();
  if (key === undefined) return undefined;
  q.processing.add(key);
  q.dirty.delete(key);
  return key;
}

export function queueDone(q: WorkQueueState, key: string): void {
  q.processing.delete(key);
  if (q.dirty.has(key)) q.queue.push(key);
}

export function queueLen(q: WorkQueueState): number {
  return q.queue.length;
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
