import { describe, expect, it } from 'vitest';
import type { SimMillis } from '../core/ids';
import { Simulation, worldOf } from '../simulation';
import { newWorkQueue, queueAdd, queueDone, queueForget, queueGet, queueLen, rateLimitDelay } from './workqueue';

describe('workqueue', () => {
  it('never queues a key twice (dirty set)', () => {
    const q = newWorkQueue('t');
    queueAdd(q, 'a');
    queueAdd(q, 'a');
    queueAdd(q, 'b');
    expect(queueLen(q)).toBe(2);
    expect([queueGet(q), queueGet(q), queueGet(q)]).toEqual(['a', 'b', undefined]);
  });

  it('holds a key added while it is processing until done (never two workers on one key)', () => {
    const q = newWorkQueue('t');
    queueAdd(q, 'a');
    expect(queueGet(q)).toBe('a');
    queueAdd(q, 'a');
    expect(queueGet(q)).toBeUndefined();
    queueDone(q, 'a');
    expect(queueGet(q)).toBe('a');
    queueDone(q, 'a');
    expect(queueLen(q)).toBe(0);
  });

  it('stays FIFO across the compaction of a long consumed prefix', () => {
    const q = newWorkQueue('t');
    for (let i = 0; i < 5000; i++) queueAdd(q, `k${i}`);
    const seen: string[] = [];
    for (let k = queueGet(q); k !== undefined; k = queueGet(q)) {
      seen.push(k);
      queueDone(q, k);
    }
    expect(seen).toHaveLength(5000);
    expect(seen[4999]).toBe('k4999');
    expect(seen.every((k, i) => k === `k${i}`)).toBe(true);
  });

  it('rate-limited requeue: per key 5ms doubling up to 1000s, reset by forget', () => {
    const w = worldOf(new Simulation({ seed: 1, noBoot: true }));
    const q = newWorkQueue('t');
    expect([1, 2, 3, 4, 5, 6].map(() => rateLimitDelay(w, q, 'a'))).toEqual([5, 10, 20, 40, 80, 160]);
    expect(rateLimitDelay(w, q, 'b')).toBe(5);
    queueForget(q, 'a');
    expect(rateLimitDelay(w, q, 'a')).toBe(5);
    const capped = newWorkQueue('c');
    let last = 0;
    for (let i = 0; i < 40; i++) last = rateLimitDelay(w, capped, 'x');
    expect(last).toBe(1_000_000);
  });

  it('rate-limited requeue: the overall bucket lets a burst of 100 through, then 10 per second', () => {
    const w = worldOf(new Simulation({ seed: 1, noBoot: true }));
    const q = newWorkQueue('t');
    for (let i = 0; i < 100; i++) expect(rateLimitDelay(w, q, `k${i}`)).toBe(5);
    // Each further first failure queues behind the last: 100 ms, 200 ms, … even though its own back-off is 5 ms.
    expect([100, 101, 102].map((i) => rateLimitDelay(w, q, `k${i}`))).toEqual([100, 200, 300]);
    w.now = (w.now + 1000) as SimMillis;
    // A second refills 10 tokens, 3 of them owed.
    for (let i = 0; i < 7; i++) expect(rateLimitDelay(w, q, `m${i}`)).toBe(5);
    expect(rateLimitDelay(w, q, 'm7')).toBe(100);
  });
});
