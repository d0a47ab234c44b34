import { describe, expect, it } from 'vitest';
import type { TraceRateCount } from '../../protocol/messages';
import { groupId, toRates } from './rates';

const c = (kind: TraceRateCount['kind'], from: string, to: string, count: number): TraceRateCount => ({ kind, from, to, count }) as TraceRateCount;

describe('toRates', () => {
  it('folds per-node components into one participant per role and averages over the window', () => {
    const perSecond = new Map<number, TraceRateCount[]>([
      [9, [c('lease', 'kubelet/node-1', 'kube-apiserver', 100)]],
      [10, [c('lease', 'kubelet/node-1', 'kube-apiserver', 3), c('lease', 'kubelet/node-2', 'kube-apiserver', 2), c('watch', 'kube-apiserver', 'kubelet/node-2', 5)]],
      [11, [c('lease', 'kubelet/node-3', 'kube-apiserver', 5), c('request', 'kubectl', 'kube-apiserver', 1)]],
    ]);
    // At 11.5 s the 5-second window is seconds 7…11: 9, 10 and 11 hold counts (first held: 9 → 3 s).
    const r = toRates(perSecond, 11_500, 5);
    expect(r.seconds).toBe(3);
    expect(r.arrows[0]).toMatchObject({ kind: 'lease', from: { id: 'kubelet/*', group: { role: 'kubelet', members: 3 } }, to: { id: 'kube-apiserver' }, count: 110 });
    expect(r.arrows[0]!.perSecond).toBeCloseTo(110 / 3);
    expect(r.totalPerSecond).toBeCloseTo(116 / 3);
    // A 1-second window at 11 s sees only second 11.
    const one = toRates(perSecond, 11_000, 1);
    expect(one.arrows.map((a) => [a.kind, a.from.id, a.count])).toEqual([
      ['lease', 'kubelet/*', 5],
      ['request', 'kubectl', 1],
    ]);
  });

  it('lists the busiest arrows and sums the rest', () => {
    const counts = Array.from({ length: 40 }, (_, i) => c('request', `controller-${i}`, 'kube-apiserver', i + 1));
    const r = toRates(new Map([[0, counts]]), 500, 5, 10);
    expect(r.arrows).toHaveLength(10);
    expect(r.arrows[0]!.count).toBe(40);
    expect(r.others.arrows).toBe(30);
    expect(r.others.perSecond).toBe((30 * 31) / 2);
  });

  it('keeps control-plane ids whole', () => {
    expect(groupId('kube-apiserver')).toBe('kube-apiserver');
    expect(groupId('container-runtime/node-9')).toBe('container-runtime/*');
    expect(groupId('kube-scheduler')).toBe('kube-scheduler');
  });
});
