/** The store in scale mode: per-second rates summed as diffs bring them; a diff after dropped versions resynchronises. */
import { describe, expect, it } from 'vitest';
import type { ComponentId } from '../../engine/core/ids';
import type { DiffMessage, SnapshotMessage, TraceRateCount } from '../../protocol/messages';
import { applyDiff, applySnapshot, initialClusterState } from './cluster';

const c = (kind: TraceRateCount['kind'], from: string, to: string, count: number): TraceRateCount => ({ kind, from: from as ComponentId, to: to as ComponentId, count });

const snapshot: SnapshotMessage = {
  type: 'snapshot',
  epoch: 1,
  version: 4,
  now: 10_000,
  bootedAt: 0,
  seq: 10,
  targets: [],
  topology: 'basic',
  objects: [],
  components: [],
  scaleMode: true,
  rates: [{ second: 9, counts: [c('lease', 'kubelet/node-1', 'kube-apiserver', 2)] }],
};

const diff = (from: number, patch: Partial<DiffMessage>): DiffMessage => ({ type: 'diff', epoch: 1, from, to: from + 1, start: 10_000, now: 10_500, changes: [], components: [], trace: [], ...patch });

describe('the tape in scale mode', () => {
  it('sums each second’s counts across diffs (a second two diffs share comes in both)', () => {
    const s = applySnapshot(initialClusterState, snapshot);
    expect(s.scaleMode).toBe(true);
    const r = applyDiff(s, diff(4, { rates: [{ second: 9, counts: [c('lease', 'kubelet/node-1', 'kube-apiserver', 3), c('watch', 'kube-apiserver', 'kubelet/node-1', 1)] }, { second: 10, counts: [c('lease', 'kubelet/node-2', 'kube-apiserver', 1)] }] }));
    if (!r.ok) throw new Error(r.reason);
    const rates = r.state.tape!.rates;
    expect(rates.get(9)).toEqual([
      c('lease', 'kubelet/node-1', 'kube-apiserver', 5),
      c('watch', 'kube-apiserver', 'kubelet/node-1', 1),
    ]);
    expect(rates.get(10)).toEqual([c('lease', 'kubelet/node-2', 'kube-apiserver', 1)]);
  });

  it('asks for a snapshot when the engine dropped versions before a diff', () => {
    const s = applySnapshot(initialClusterState, snapshot);
    expect(applyDiff(s, diff(4, { changesDropped: 12 }))).toEqual({ ok: false, reason: 'gap' });
  });

  it('at classroom size the snapshot says nothing of scale mode', () => {
    const { scaleMode: _scale, rates: _rates, ...classroom } = snapshot;
    const s = applySnapshot(initialClusterState, classroom);
    expect(s.scaleMode).toBe(false);
    expect(s.tape!.rates.size).toBe(0);
  });
});
