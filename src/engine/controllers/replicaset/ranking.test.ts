import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../k8s/types';
import { rfc3339 } from '../../../k8s/time';
import type { SimMillis } from '../../core/ids';
import { podsToDelete } from './ranking';
import { slowStartBatch } from './manage';

const NOW = 3_600_000;

function pod(name: string, o: { node?: string; phase?: 'Pending' | 'Running'; ready?: boolean; readySince?: number; created?: number; restarts?: number; cost?: number } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      uid: name,
      creationTimestamp: rfc3339((o.created ?? 0) as SimMillis),
      ...(o.cost !== undefined ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': String(o.cost) } } : {}),
    },
    spec: { containers: [{ name: 'c' }], ...(o.node ? { nodeName: o.node } : {}) },
    status: {
      phase: o.phase ?? 'Pending',
      conditions: o.ready === undefined ? [] : [{ type: 'Ready', status: o.ready ? 'True' : 'False', lastTransitionTime: rfc3339((o.readySince ?? 0) as SimMillis) }],
      containerStatuses: [{ name: 'c', state: {}, lastState: {}, ready: !!o.ready, restartCount: o.restarts ?? 0, image: '', imageID: '' }],
    },
  };
}

const names = (ps: Pod[]): string[] => ps.map((p) => p.metadata.name!);

describe('ActivePodsWithRanks ordering (which Pods a scale-down removes)', () => {
  it('prefers unscheduled, then Pending, then not ready', () => {
    const all = [pod('ready', { node: 'n1', phase: 'Running', ready: true }), pod('notready', { node: 'n1', phase: 'Running', ready: false }), pod('pending', { node: 'n1' }), pod('unscheduled')];
    expect(names(podsToDelete(all, [], 3, NOW))).toEqual(['unscheduled', 'pending', 'notready']);
  });

  it('prefers a lower deletion cost, then Pods doubled up on a node', () => {
    const a = pod('cheap', { node: 'n1', phase: 'Running', ready: true, cost: -5 });
    const b = pod('alone', { node: 'n2', phase: 'Running', ready: true });
    const c = pod('crowded', { node: 'n1', phase: 'Running', ready: true });
    expect(names(podsToDelete([b, c, a], [a, b, c], 2, NOW))).toEqual(['cheap', 'crowded']);
  });

  it('prefers Pods ready for less time (log2 buckets), more restarts, then newer', () => {
    const young = pod('young', { node: 'n1', phase: 'Running', ready: true, readySince: NOW - 1_000 });
    const old = pod('old', { node: 'n2', phase: 'Running', ready: true, readySince: 0 });
    expect(names(podsToDelete([old, young], [], 1, NOW))).toEqual(['young']);
    const crashy = pod('crashy', { node: 'n1', phase: 'Running', restarts: 4, created: 0 });
    const newer = pod('newer', { node: 'n2', phase: 'Running', created: NOW - 1_000 });
    const older = pod('older', { node: 'n3', phase: 'Running', created: 0 });
    expect(names(podsToDelete([older, newer, crashy], [], 2, NOW))).toEqual(['crashy', 'newer']);
  });
});

describe('slowStartBatch', () => {
  it('runs batches of 1, 2, 4, ... and stops after the first failing batch', () => {
    let calls = 0;
    const r = slowStartBatch(10, 1, () => (++calls === 3 ? 'quota exceeded' : undefined));
    // Batch 1 (1 call) ok, batch 2 (2 calls) has the failure: stop; the other 7 are never tried.
    expect(calls).toBe(3);
    expect(r).toEqual({ successes: 2, error: 'quota exceeded' });
    expect(slowStartBatch(10, 1, () => undefined)).toEqual({ successes: 10 });
  });
});
