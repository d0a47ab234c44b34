import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import {
  backoffDuration,
  flushBackoffCompleted,
  flushUnschedulableLeftover,
  moveAllToActiveOrBackoff,
  newQueue,
  queueAdd,
  queuePop,
  queueRequeueFailed,
  queueUpdate,
  type QueuedPodInfo,
} from './queue';
import { podManifest } from './scheduler.testing';

const CFG = { podInitialBackoff: 1000, podMaxBackoff: 10_000 };
const pod = (name: string, priority = 0, extra: Partial<Pod['spec']> = {}): Pod => podManifest(name, { priority, ...extra });

function popName(q: ReturnType<typeof newQueue>, now: number): string | undefined {
  return queuePop(q, now)?.pod.metadata.name;
}

describe('scheduling queue', () => {
  it('pops by priority, then in the order Pods were queued (PrioritySort)', () => {
    const q = newQueue();
    queueAdd(q, pod('a'), 'a', 0);
    queueAdd(q, pod('b', 100), 'b', 1);
    queueAdd(q, pod('c'), 'c', 1);
    queueAdd(q, pod('d', 100), 'd', 2);
    expect([popName(q, 5), popName(q, 5), popName(q, 5), popName(q, 5), popName(q, 5)]).toEqual(['b', 'd', 'a', 'c', undefined]);
  });

  it('doubles the backoff per attempt up to podMaxBackoff', () => {
    const info = { attempts: 0 } as QueuedPodInfo;
    const seq = [1, 2, 3, 4, 5, 6].map((attempts) => backoffDuration({ ...info, attempts }, CFG));
    expect(seq).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('parks rejected Pods in unschedulablePods until an event or the 5-minute flush moves them', () => {
    const q = newQueue();
    queueAdd(q, pod('a'), 'a', 0);
    const info = queuePop(q, 0)!;
    queueRequeueFailed(q, info, info.pod, ['NodeResourcesFit'], 0, CFG);
    expect(info.where).toBe('unschedulable');
    expect(queuePop(q, 10)).toBeUndefined();
    expect(moveAllToActiveOrBackoff(q, 10, CFG, () => false)).toEqual([]);
    expect(flushUnschedulableLeftover(q, 299_000, 300_000, CFG)).toEqual([]);
    expect(flushUnschedulableLeftover(q, 300_001, 300_000, CFG)).toEqual(['a']);
    expect(info.where).toBe('active');
  });

  it('moves a still-backing-off Pod to backoffQ, and pops it early only when activeQ is empty', () => {
    const q = newQueue();
    queueAdd(q, pod('a'), 'a', 0);
    const a = queuePop(q, 0)!;
    queueRequeueFailed(q, a, a.pod, ['NodeResourcesFit'], 0, CFG);
    moveAllToActiveOrBackoff(q, 100, CFG, () => true);
    expect(a.where).toBe('backoff');
    queueAdd(q, pod('b'), 'b', 200);
    expect(popName(q, 200)).toBe('b');
    expect(popName(q, 300)).toBe('a');
  });

  it('never pops a Pod that failed with an error before its backoff ends', () => {
    const q = newQueue();
    queueAdd(q, pod('a'), 'a', 0);
    const a = queuePop(q, 0)!;
    queueRequeueFailed(q, a, a.pod, [], 0, CFG);
    expect(a.where).toBe('backoff');
    expect(queuePop(q, 500)).toBeUndefined();
    expect(flushBackoffCompleted(q, 999)).toBe(0);
    expect(flushBackoffCompleted(q, 1000)).toBe(1);
    expect(popName(q, 1000)).toBe('a');
  });

  it('keeps gated Pods out until their gates are removed', () => {
    const q = newQueue();
    const gated = queueAdd(q, pod('g', 0, { schedulingGates: [{ name: 'wait' }] }), 'g', 0);
    expect(gated).toMatchObject({ gated: true, where: 'unschedulable' });
    expect(queuePop(q, 1)).toBeUndefined();
    expect(flushUnschedulableLeftover(q, 1_000_000, 300_000, CFG)).toEqual([]);
    expect(queueUpdate(q, pod('g'), 'g', true, 2, CFG)).toBe(true);
    expect(popName(q, 2)).toBe('g');
  });

  it('ignores status-only updates of a waiting Pod', () => {
    const q = newQueue();
    queueAdd(q, pod('a'), 'a', 0);
    const a = queuePop(q, 0)!;
    queueRequeueFailed(q, a, a.pod, ['NodeAffinity'], 0, CFG);
    expect(queueUpdate(q, pod('a'), 'a', false, 5, CFG)).toBe(false);
    expect(a.where).toBe('unschedulable');
  });
});
