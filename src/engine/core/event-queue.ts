/**
 * The discrete-event queue: a binary min-heap ordered by (at, seq). `seq` is a world-wide
 * counter, so two entries due at the same millisecond run in the order they were scheduled —
 * this is what makes a run deterministic. Entries are plain data (no closures) so the queue
 * is part of a world snapshot.
 */
import type { ComponentId, SimMillis } from './ids';
import { heapPop, heapPush } from './heap';

export interface Scheduled<M> {
  at: SimMillis;
  seq: number;
  to: ComponentId;
  msg: M;
}

export type Heap<M> = Scheduled<M>[];

function less<M>(x: Scheduled<M>, y: Scheduled<M>): boolean {
  return x.at < y.at || (x.at === y.at && x.seq < y.seq);
}

export function queuePush<M>(h: Heap<M>, e: Scheduled<M>): void {
  heapPush(h, e, less);
}

export function queuePeek<M>(h: Heap<M>): Scheduled<M> | undefined {
  return h[0];
}

export function queuePop<M>(h: Heap<M>): Scheduled<M> | undefined {
  return heapPop(h, less);
}
