import { describe, expect, it } from 'vitest';
import type { NodeSelectorRequirement, Pod } from '../../../k8s/types';
import { nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { filter, NodeAffinity, preFilter } from './node-affinity';

const withTerms = (...exprs: NodeSelectorRequirement[][]): Pod =>
  podManifest('p', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: exprs.map((e) => ({ matchExpressions: e })) } } } });

describe('NodeAffinity', () => {
  const ssd = nodeInfo('node-1', { labels: { disktype: 'ssd', cores: '16' } });
  const hdd = nodeInfo('node-2', { labels: { disktype: 'hdd', cores: '4' } });

  it('requires every nodeSelector label', () => {
    expect(filter(podManifest('p', { nodeSelector: { disktype: 'ssd' } }), ssd)).toBeUndefined();
    expect(filter(podManifest('p', { nodeSelector: { disktype: 'ssd' } }), hdd)).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ["node(s) didn't match Pod's node affinity/selector"],
    });
  });

  it('supports In, NotIn, Exists, DoesNotExist, Gt and Lt', () => {
    const ok = (p: Pod, n = ssd) => filter(p, n) === undefined;
    expect(ok(withTerms([{ key: 'disktype', operator: 'In', values: ['ssd', 'nvme'] }]))).toBe(true);
    expect(ok(withTerms([{ key: 'disktype', operator: 'NotIn', values: ['ssd'] }]))).toBe(false);
    expect(ok(withTerms([{ key: 'gpu', operator: 'NotIn', values: ['yes'] }]))).toBe(true);
    expect(ok(withTerms([{ key: 'disktype', operator: 'Exists' }]))).toBe(true);
    expect(ok(withTerms([{ key: 'disktype', operator: 'DoesNotExist' }]))).toBe(false);
    expect(ok(withTerms([{ key: 'cores', operator: 'Gt', values: ['8'] }]))).toBe(true);
    expect(ok(withTerms([{ key: 'cores', operator: 'Gt', values: ['8'] }]), hdd)).toBe(false);
    expect(ok(withTerms([{ key: 'cores', operator: 'Lt', values: ['8'] }]), hdd)).toBe(true);
  });

  it('ORs terms and ANDs the requirements inside a term', () => {
    const p = withTerms([{ key: 'disktype', operator: 'In', values: ['ssd'] }, { key: 'cores', operator: 'Lt', values: ['8'] }], [{ key: 'disktype', operator: 'In', values: ['hdd'] }]);
    expect(filter(p, ssd)).toBeDefined();
    expect(filter(p, hdd)).toBeUndefined();
  });

  it('pins metadata.name with matchFields and narrows the candidates in PreFilter', () => {
    const p = podManifest('ds', {
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }] } } },
    });
    expect(filter(p, ssd)).toBeDefined();
    expect(filter(p, hdd)).toBeUndefined();
    const out = preFilter(p);
    expect(out.kind === 'filter' && [...(out.nodeNames ?? [])]).toEqual(['node-2']);
  });

  it('skips Pods without a selector or required affinity', () => {
    expect(preFilter(podManifest('p')).kind).toBe('skip');
  });

  it('scores preferred terms by their weights', () => {
    const p = podManifest('p', {
      affinity: {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 80, preference: { matchExpressions: [{ key: 'disktype', operator: 'In', values: ['ssd'] }] } },
            { weight: 20, preference: { matchExpressions: [{ key: 'cores', operator: 'Exists' }] } },
          ],
        },
      },
    });
    const scorer = NodeAffinity.preScore(podInfo(p), [ssd, hdd], viewOf([ssd, hdd]))!;
    const scores = [ssd, hdd].map((n) => scorer.score(n));
    expect(scores).toEqual([100, 20]);
    scorer.normalize!(scores, [ssd, hdd]);
    expect(scores).toEqual([100, 20]);
  });
});
