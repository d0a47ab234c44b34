import { describe, expect, it } from 'vitest';
import type { Toleration } from '../../../k8s/types';
import { CONTROL_PLANE_TAINT, nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { filter, TaintToleration } from './taint-toleration';
import { toleratesTaint } from '../../../k8s/tolerations';

describe('TaintToleration', () => {
  it('rejects an untolerated NoSchedule taint with its key and value', () => {
    expect(filter(podManifest('p'), nodeInfo('cp', { taints: [CONTROL_PLANE_TAINT] }))).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ['node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }'],
    });
    expect(filter(podManifest('p'), nodeInfo('n', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }] }))?.reasons).toEqual(['node(s) had untolerated taint {dedicated: gpu}']);
  });

  it('ignores PreferNoSchedule taints when filtering', () => {
    expect(filter(podManifest('p'), nodeInfo('n', { taints: [{ key: 'k', effect: 'PreferNoSchedule' }] }))).toBeUndefined();
  });

  it('matches tolerations the way v1.Toleration does', () => {
    const taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' as const };
    const cases: [Toleration, boolean][] = [
      [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, true],
      [{ key: 'dedicated', value: 'gpu' }, true],
      [{ key: 'dedicated', operator: 'Equal', value: 'cpu' }, false],
      [{ key: 'dedicated', operator: 'Exists' }, true],
      [{ operator: 'Exists' }, true],
      [{ key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }, false],
    ];
    for (const [t, want] of cases) expect(toleratesTaint(t, taint)).toBe(want);
  });

  it('scores nodes with fewer untolerated PreferNoSchedule taints higher', () => {
    const a = nodeInfo('a');
    const b = nodeInfo('b', { taints: [{ key: 'x', effect: 'PreferNoSchedule' }] });
    const c = nodeInfo('c', { taints: [{ key: 'x', effect: 'PreferNoSchedule' }, { key: 'y', effect: 'PreferNoSchedule' }] });
    const scorer = TaintToleration.preScore(podInfo(podManifest('p')), [a, b, c], viewOf([a, b, c]))!;
    const scores = [a, b, c].map((n) => scorer.score(n));
    scorer.normalize!(scores, [a, b, c]);
    expect(scores).toEqual([100, 50, 0]);
  });
});
