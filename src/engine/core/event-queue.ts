/**
 * The discrete-event queue: a binary min-heap ordered by (at, seq). `seq` is a world-wide
 * counter, so two entries due at the same millisecond run in the order they were scheduled —
 * this is what makes a run deterministic. Entries are plain data (no closures) so the queue
 * is part of a world snapshot.
 */
import type { ComponentId, SimMillis } from './ids';

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

export function heapPush<M>(h: Heap<M>, e: Scheduled<M>): void {
  h.push(e);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!less(h[i]!, h[p]!)) break;
    [h[i], h[p]] = [h[p]!, h[i]!];
    i = p;
  }
}

export function heapPeek<M>(h: Heap<M>): Scheduled<M> | undefined {
  return h[0];
}

export function heapPop<M>(h: Heap<M>): Scheduled<M> | undefined {
  const top = h[0];
  const last = h.pop();
  if (h.length > 0 && last) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && less(h[l]!, h[m]!)) m = l;
      if (r < h.length && less(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
  return top;
}
