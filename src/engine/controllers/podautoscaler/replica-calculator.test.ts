import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../k8s/types';
import { resourceReplicas, type PodSample } from './replica-calculator';
import { normalize, storeScaleEvent, type HpaMemory } from './normalize';
import { rfc3339 } from '../../../k8s/time';
import { at } from '../../core/ids';

const NOW = 600_000;

function pod(name: string, opts: { ready?: boolean; phase?: string; startedAt?: number; readySince?: number; request?: string } = {}): Pod {
  const started = opts.startedAt ?? 0;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'api', image: 'x', ...(opts.request === undefined ? { resources: { requests: { cpu: '200m' } } } : opts.request === '' ? {} : { resources: { requests: { cpu: opts.request } } }) }] },
    status: {
      phase: (opts.phase ?? 'Running') as 'Running',
      startTime: rfc3339(at(started)),
      conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True', lastTransitionTime: rfc3339(at(opts.readySince ?? started + 2000)) }],
    },
  } as Pod;
}

const sample = (value: number): PodSample => ({ value, timestamp: NOW - 1000, windowMs: 15_000 });
const samples = (m: Record<string, number>): Map<string, PodSample> => new Map(Object.entries(m).map(([k, v]) => [k, sample(v)]));

describe('the replica calculator (GetResourceReplicas)', () => {
  it('scales by the usage ratio over the Pods with samples, and holds within the 0.1 tolerance', () => {
    const pods = [pod('a'), pod('b'), pod('c')];
    expect(resourceReplicas(3, 50, 'cpu', pods, samples({ a: 200, b: 200, c: 200 }), NOW)).toEqual({ ok: true, replicas: 6, utilization: 100, rawAverage: 200 });
    // 108/100 = 1.08: within tolerance, the count stays.
    expect(resourceReplicas(3, 50, 'cpu', pods, samples({ a: 108, b: 108, c: 108 }), NOW)).toMatchObject({ replicas: 3, utilization: 54 });
    expect(resourceReplicas(3, 50, 'cpu', pods, samples({ a: 2, b: 2, c: 2 }), NOW)).toMatchObject({ replicas: 1, utilization: 1 });
  });

  it('on a scale-down counts Pods without samples at 100% of their request, which can cancel it', () => {
    const pods = [pod('a'), pod('b'), pod('c'), pod('d')];
    // Two Pods at 20% and two missing: (20+20+100+100)/4 = 60% > 50% reverses the direction: stay.
    expect(resourceReplicas(4, 50, 'cpu', pods, samples({ a: 40, b: 40 }), NOW)).toMatchObject({ replicas: 4 });
  });

  it('on a scale-up counts unready Pods at 0, and ignores deleting and failed Pods', () => {
    const young = pod('new', { ready: false, startedAt: NOW - 10_000 });
    const gone = { ...pod('gone'), metadata: { name: 'gone', namespace: 'default', deletionTimestamp: rfc3339(at(NOW)) } } as Pod;
    const r = resourceReplicas(3, 50, 'cpu', [pod('a'), pod('b'), young, gone], samples({ a: 300, b: 300, new: 300, gone: 300 }), NOW);
    // (300+300+0)/(3×200) = 100% of request against 50%: ceil(2 × 3) = 6 Pods.
    expect(r).toMatchObject({ ok: true, replicas: 6, utilization: 150 });
  });

  it('fails as upstream does when a container has no request or no Pod has a sample', () => {
    expect(resourceReplicas(1, 50, 'cpu', [pod('a', { request: '' })], samples({ a: 10 }), NOW)).toEqual({ ok: false, error: 'missing request for cpu in container api of Pod a' });
    expect(resourceReplicas(1, 50, 'cpu', [pod('a', { ready: false, startedAt: NOW - 5000 })], samples({ a: 10 }), NOW)).toEqual({ ok: false, error: 'did not receive metrics for targeted pods (pods might be unready)' });
    expect(resourceReplicas(1, 50, 'cpu', [], samples({}), NOW)).toEqual({ ok: false, error: 'no pods returned by selector while calculating replica count' });
  });
});

describe('normalization (stabilization and rate limits)', () => {
  const mem = (): HpaMemory => ({ recommendations: [], scaleUp: [], scaleDown: [] });

  it('without a behavior: at most max(2 × current, 4), and the highest recommendation of the last 300 s', () => {
    const m = mem();
    expect(normalize(m, undefined, 3, 9, 1, 10, 0)).toMatchObject({ replicas: 6, limited: { status: 'True', reason: 'ScaleUpLimit' } });
    expect(normalize(m, undefined, 6, 2, 1, 10, 60_000)).toMatchObject({ replicas: 9, able: { reason: 'ScaleDownStabilized' } });
    // 301 s after the 9: only the later 2 is in the window.
    expect(normalize(m, undefined, 6, 2, 1, 10, 301_000)).toMatchObject({ replicas: 2, able: { reason: 'ReadyForNewScale' }, limited: { status: 'False', reason: 'DesiredWithinRange' } });
    expect(normalize(mem(), undefined, 2, 0, 1, 10, 0)).toMatchObject({ replicas: 1, limited: { status: 'True', reason: 'TooFewReplicas' } });
  });

  it('with the default behavior: +4 Pods or +100% per 15 s, whichever is more, counting the period\'s scale events', () => {
    const b = { scaleUp: {}, scaleDown: {} };
    const m = mem();
    expect(normalize(m, b, 3, 20, 1, 50, 0)).toMatchObject({ replicas: 7, limited: { reason: 'ScaleUpLimit' } });
    storeScaleEvent(m, b, 3, 7, 0);
    // 10 s later the period still holds the +4: the limit is from 3, so 7 stays.
    expect(normalize(m, b, 7, 20, 1, 50, 10_000)).toMatchObject({ replicas: 7 });
    expect(normalize(m, b, 7, 20, 1, 50, 16_000)).toMatchObject({ replicas: 14 });
  });
});
