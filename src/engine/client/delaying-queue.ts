/**
 * client-go's delaying queue (util/workqueue/delaying_queue.go): AddAfter parks a key until its
 * readyAt, and the queue keeps ONE waiting entry per key (waitingEntryByData; `insert`). An AddAfter
 * for a key already waiting is dropped unless it would be ready strictly sooner, in which case the
 * entry moves earlier and the later time is forgotten. A delay <= 0 is a plain Add.
 *
 * The engine's timers can be neither cancelled nor moved, so the owner arms a wake only for a new
 * or earlier entry, and a wake acts only when the key's entry is due at that very instant: any
 * other wake was superseded (the entry moved earlier, or was dropped with the queue) and adds
 * nothing. Entries are plain data in WorkQueueState, so snapshots carry them.
 */
import type { WorkQueueState } from './types';

/** What the owner must do: Add the key now, arm a wake after the delay, or nothing (already waiting). */
export type AddAfterOutcome = 'add' | 'arm' | 'waiting';

export function queueAddAfter(q: WorkQueueState, key: string, now: number, delay: number): AddAfterOutcome {
  if (delay <= 0) return 'add';
  const readyAt = now + delay;
  const existing = q.waiting.get(key);
  if (existing !== undefined && existing <= readyAt) return 'waiting';
  q.waiting.set(key, readyAt);
  return 'arm';
}

/** A wake armed for `key` fired at `now`: true (and the entry is released) when it is the entry's own. */
export function takeReady(q: WorkQueueState, key: string, now: number): boolean {
  if (q.waiting.get(key) !== now) return false;
  q.waiting.delete(key);
  return true;
}
