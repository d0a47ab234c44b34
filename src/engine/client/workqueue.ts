/**
 * client-go's workqueue: a FIFO of keys with the "fair and stingy" guarantees —
 * a key is never queued twice (dirty set) and never processed by two workers at once
 * (processing set; a key added while processing is re-queued when `done` is called).
 * Rate-limited requeue uses client-go's DefaultControllerRateLimiter: the larger of a per-item
 * exponential back-off (5ms × 2^n, max 1000s) and one token bucket for the whole queue (10 qps,
 * burst 100), so a storm of failing keys cannot retry faster than 10 a second overall.
 */
import type { SimCore } from '../sim-core';
import type { WorkQueueState } from './types';
import { newTokenBucket, reserve, type RateLimit } from './flowcontrol';

/** BucketRateLimiter{Limiter: rate.NewLimiter(rate.Limit(10), 100)}. */
const BUCKET: RateLimit = { qps: 10, burst: 100 };

export function newWorkQueue(name: string): WorkQueueState {
  return { name, queue: [], head: 0, dirty: new Set(), processing: new Set(), failures: new Map(), waiting: new Map() };
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

/** MaxOfRateLimiter.When: the delay before the key's next retry. */
export function rateLimitDelay(w: SimCore, q: WorkQueueState, key: string): number {
  const n = q.failures.get(key) ?? 0;
  q.failures.set(key, n + 1);
  const perItem = Math.min(w.timings.workqueueBaseDelay * 2 ** n, w.timings.workqueueMaxDelay);
  return Math.max(perItem, bucketDelay(w, q));
}

/** Tokens may go negative: each reservation queues behind the ones before it. */
function bucketDelay(w: SimCore, q: WorkQueueState): number {
  return reserve((q.bucket ??= newTokenBucket(BUCKET, w.now)), BUCKET, w.now);
}

export function queueForget(q: WorkQueueState, key: string): void {
  q.failures.delete(key);
}
