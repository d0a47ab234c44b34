import { describe, expect, it } from 'vitest';
import { newWorkQueue, queueAdd, queueDone, queueGet, queueLen } from './workqueue';

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
});
