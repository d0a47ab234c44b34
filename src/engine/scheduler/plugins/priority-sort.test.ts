import { describe, expect, it } from 'vitest';
import { less, queueSortKey } from './priority-sort';

describe('PrioritySort', () => {
  it('orders by priority, then by queue time, and its heap key agrees', () => {
    const pods = [
      { priority: 0, timestamp: 5 },
      { priority: 100, timestamp: 9 },
      { priority: 0, timestamp: 1 },
      { priority: 100, timestamp: 2 },
    ];
    const byLess = [...pods].sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
    const byKey = [...pods].sort((a, b) => {
      const [a1, a2] = queueSortKey(a);
      const [b1, b2] = queueSortKey(b);
      return a1 - b1 || a2 - b2;
    });
    expect(byLess).toEqual([pods[3], pods[1], pods[2], pods[0]]);
    expect(byKey).toEqual(byLess);
  });
});
