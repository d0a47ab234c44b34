import { describe, expect, it } from 'vitest';
import { nodeInfo, podInfo, podManifest, requests, viewOf } from '../scheduler.testing';
import { balancedScore, NodeResourcesBalancedAllocation } from './balanced-allocation';

describe('NodeResourcesBalancedAllocation', () => {
  it('prefers the node where cpu and memory stay balanced', () => {
    const p = podInfo(podManifest('p', { containers: requests('1', '2Gi') }));
    const balanced = nodeInfo('a', { cpu: '4', memory: '8Gi' });
    const skewed = nodeInfo('b', { cpu: '4', memory: '8Gi' }, [podManifest('x', { containers: requests('2') })]);
    // a: cpu 1/4, mem 2/8 → std 0 → 100; b: cpu 3/4, mem 2/8 → std 0.25 → 75.
    expect(balancedScore(p.res.requests, balanced)).toBe(100);
    expect(balancedScore(p.res.requests, skewed)).toBe(75);
  });

  it('skips BestEffort Pods', () => {
    expect(NodeResourcesBalancedAllocation.preScore(podInfo(podManifest('p')), [], viewOf([]))).toBeUndefined();
  });
});
