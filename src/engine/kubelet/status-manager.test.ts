import { describe, expect, it } from 'vitest';
import { sameStableJson, stableJson } from './status-manager';
import { bootCluster, createPod, getPod, podManifest, traceOf } from './kubelet.testing';

describe('sameStableJson', () => {
  const cases: [unknown, unknown][] = [
    [{ a: 1, b: [1, 'x'] }, { b: [1, 'x'], a: 1 }],
    [{ a: 1, b: undefined }, { a: 1 }],
    [{ a: 1 }, { a: '1' }],
    [{ a: null }, { a: NaN }],
    [[undefined], []],
    [[1, 2], [1]],
    [{ a: {} }, { a: [] }],
    [{ phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }, { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] }],
  ];
  it.each(cases)('agrees with comparing stableJson strings: %j vs %j', (a, b) => {
    expect(sameStableJson(a, b)).toBe(stableJson(a) === stableJson(b));
    expect(sameStableJson(b, a)).toBe(stableJson(b) === stableJson(a));
  });
});

describe('status manager writes (syncPod)', () => {
  it('GETs the Pod and PATCHes pods/status with a strategic merge patch, never PUTs it', () => {
    const sim = bootCluster();
    const from = sim.lastTraceSeq + 1;
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.runUntil(() => getPod(sim, 'web')?.status?.phase === 'Running', 30_000);
    const calls: string[] = [];
    for (const r of traceOf(sim, from, ['request'])) {
      if (r.kind !== 'request' || r.from !== 'kubelet/node-1' || r.detail.type !== 'resource') continue;
      if (r.detail.resource === 'pods' && r.detail.name === 'web') calls.push(`${r.detail.method} ${r.detail.path}`);
    }
    const get = 'GET /api/v1/namespaces/default/pods/web';
    const patch = 'PATCH /api/v1/namespaces/default/pods/web/status';
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(calls.filter((c) => c !== get && c !== patch)).toEqual([]);
    // Every PATCH follows its own GET.
    calls.forEach((c, i) => {
      if (c === patch) expect(calls[i - 1]).toBe(get);
    });
    expect(calls.at(-1)).toBe(patch);
  });

  it('stores the conditions with lastProbeTime null, as the typed round trip does', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.runUntil(() => getPod(sim, 'web')?.status?.phase === 'Running', 30_000);
    const conditions = getPod(sim, 'web')?.status?.conditions ?? [];
    expect(conditions.map((c) => c.type)).toEqual(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']);
    for (const c of conditions) expect(c).toHaveProperty('lastProbeTime', null);
  });
});
