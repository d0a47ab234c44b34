import { describe, expect, it } from 'vitest';
import { numFeasibleNodesToFind } from './cycle';
import { cycleCost } from './schedule-one';

describe('the modelled scheduling cycle', () => {
  it('takes 1 ms until a thousand nodes are evaluated, then a millisecond more per thousand', () => {
    expect([0, 3, 249, 250, 999].map(cycleCost)).toEqual([1, 1, 1, 1, 1]);
    expect([1000, 2500, 5000].map(cycleCost)).toEqual([2, 3, 6]);
  });

  it('schedules about 1,000 Pods/s of simulated time at 5,000 nodes, inside scheduler_perf\'s 680–1,100', () => {
    const evaluated = numFeasibleNodesToFind(5000);
    expect(evaluated).toBe(500);
    const podsPerSecond = 1000 / cycleCost(evaluated);
    expect(podsPerSecond).toBeGreaterThanOrEqual(680);
    expect(podsPerSecond).toBeLessThanOrEqual(1100);
  });
});
