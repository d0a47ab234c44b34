import { describe, expect, it } from 'vitest';
import type { Pod, TopologySpreadConstraint } from '../../../k8s/types';
import { CONTROL_PLANE_TAINT, nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { PodTopologySpread } from './pod-topology-spread';

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
});
