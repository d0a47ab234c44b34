import { describe, expect, it } from 'vitest';
import type { KObject, Pod, ReplicaSet, Service, TopologySpreadConstraint } from '../../../k8s/types';
import { CONTROL_PLANE_TAINT, nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { defaultSelector } from './default-selector';
import { defaultConstraints, PodTopologySpread } from './pod-topology-spread';

const spread = (when: TopologySpreadConstraint['whenUnsatisfiable'], topologyKey = 'kubernetes.io/hostname', maxSkew = 1): Pod =>
  podManifest('new', { topologySpreadConstraints: [{ maxSkew, topologyKey, whenUnsatisfiable: when, labelSelector: { matchLabels: { app: 'web' } } }] }, { app: 'web' });
const web = (name: string) => podManifest(name, {}, { app: 'web' });

describe('PodTopologySpread', () => {
  it('rejects the node whose domain would exceed maxSkew', () => {
    const a = nodeInfo('a', {}, [web('w1')]);
    const b = nodeInfo('b');
    const out = PodTopologySpread.preFilter(podInfo(spread('DoNotSchedule')), viewOf([a, b]));
    if (out.kind !== 'filter') throw new Error(out.kind);
    expect(out.filter(a)).toEqual({ code: 'Unschedulable', reasons: ["node(s) didn't match pod topology spread constraints"] });
    expect(out.filter(b)).toBeUndefined();
  });

  it('counts a tainted node as an empty domain (nodeTaintsPolicy Ignore)', () => {
    const cp = nodeInfo('cp', { taints: [CONTROL_PLANE_TAINT] });
    const a = nodeInfo('a', {}, [web('w1')]);
    const b = nodeInfo('b', {}, [web('w2')]);
    const out = PodTopologySpread.preFilter(podInfo(spread('DoNotSchedule')), viewOf([cp, a, b]));
    if (out.kind !== 'filter') throw new Error(out.kind);
    // min is 0 on the control plane: 1 + 1 - 0 = 2 > maxSkew everywhere but there.
    expect(out.filter(a)).toBeDefined();
    expect(out.filter(b)).toBeDefined();
  });

  it('rejects nodes without the topology key as unresolvable', () => {
    const zoned = nodeInfo('a', { labels: { 'topology.kubernetes.io/zone': 'z1' } });
    const bare = nodeInfo('b');
    const out = PodTopologySpread.preFilter(podInfo(spread('DoNotSchedule', 'topology.kubernetes.io/zone')), viewOf([zoned, bare]));
    if (out.kind !== 'filter') throw new Error(out.kind);
    expect(out.filter(bare)).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match pod topology spread constraints (missing required label)"] });
    expect(out.filter(zoned)).toBeUndefined();
  });

  it('skips Pods without hard constraints and scores soft ones toward emptier domains', () => {
    const a = nodeInfo('a', {}, [web('w1'), web('w2')]);
    const b = nodeInfo('b', {}, [web('w3')]);
    const c = nodeInfo('c');
    const pi = podInfo(spread('ScheduleAnyway'));
    expect(PodTopologySpread.preFilter(pi, viewOf([a, b, c])).kind).toBe('skip');
    const scorer = PodTopologySpread.preScore(pi, [a, b, c], viewOf([a, b, c]))!;
    const scores = [a, b, c].map((n) => scorer.score(n));
    scorer.normalize!(scores, [a, b, c]);
    expect(scores[2]).toBe(100);
    expect(scores[0]!).toBeLessThan(scores[1]!);
  });

  describe('system defaults', () => {
    const rs: ReplicaSet = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-abc', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web', 'pod-template-hash': 'abc' } } } };
    const svc: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { tier: 'front' } } };
    const owned = (name: string): Pod => {
      const p = podManifest(name, {}, { app: 'web', 'pod-template-hash': 'abc', tier: 'front' });
      p.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'u1', controller: true }];
      return p;
    };
    const listers = { services: (ns: string) => (ns === 'default' ? [svc] : []), workload: (_r: string, ns: string, name: string): KObject | undefined => (ns === 'default' && name === 'web-abc' ? rs : undefined) };

    it('selects what the Services and the controlling ReplicaSet select', () => {
      const sel = defaultSelector(owned('p'), viewOf([], listers));
      expect(sel).toEqual([
        { key: 'tier', op: 'In', values: ['front'] },
        { key: 'app', op: 'In', values: ['web'] },
        { key: 'pod-template-hash', op: 'In', values: ['abc'] },
      ]);
      expect(defaultSelector(podManifest('bare'), viewOf([], listers))).toEqual([]);
    });

    it('applies hostname maxSkew 3 and zone maxSkew 5, ScheduleAnyway only', () => {
      const view = viewOf([], listers);
      expect(defaultConstraints(owned('p'), view, 'ScheduleAnyway').map((c) => [c.topologyKey, c.maxSkew])).toEqual([
        ['kubernetes.io/hostname', 3],
        ['topology.kubernetes.io/zone', 5],
      ]);
      expect(defaultConstraints(owned('p'), view, 'DoNotSchedule')).toEqual([]);
    });

    it('scores nodes without a zone label on their hostname alone', () => {
      const a = nodeInfo('a', {}, [owned('w1')]);
      const b = nodeInfo('b');
      const c = nodeInfo('c');
      const scorer = PodTopologySpread.preScore(podInfo(owned('new')), [a, b, c], viewOf([a, b, c], listers))!;
      const scores = [a, b, c].map((n) => scorer.score(n));
      // round(1·ln(3+2) + 2) = 4 where a replica runs, 2 elsewhere.
      expect(scores).toEqual([4, 2, 2]);
      scorer.normalize!(scores, [a, b, c]);
      expect(scores).toEqual([50, 100, 100]);
    });
  });
});
