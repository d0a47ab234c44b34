import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../k8s/types';
import { nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { InterPodAffinity } from './inter-pod-affinity';

const term = (app: string, topologyKey = 'kubernetes.io/hostname') => ({ labelSelector: { matchLabels: { app } }, topologyKey });
const withAffinity = (kind: 'podAffinity' | 'podAntiAffinity', app: string, labels: Record<string, string> = {}): Pod =>
  podManifest('new', { affinity: { [kind]: { requiredDuringSchedulingIgnoredDuringExecution: [term(app)] } } }, labels);

function filterOn(pod: Pod, nodes: ReturnType<typeof nodeInfo>[]) {
  const out = InterPodAffinity.preFilter(podInfo(pod), viewOf(nodes));
  return (n: ReturnType<typeof nodeInfo>) => (out.kind === 'filter' ? out.filter(n) : undefined);
}

describe('InterPodAffinity', () => {
  it('requires a matching Pod in the topology domain for required affinity', () => {
    const withCache = nodeInfo('a', {}, [podManifest('cache', {}, { app: 'cache' })]);
    const empty = nodeInfo('b');
    const f = filterOn(withAffinity('podAffinity', 'cache'), [withCache, empty]);
    expect(f(withCache)).toBeUndefined();
    expect(f(empty)).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match pod affinity rules"] });
  });

  it('lets the first Pod of a self-affine group in anywhere', () => {
    const a = nodeInfo('a');
    expect(filterOn(withAffinity('podAffinity', 'web', { app: 'web' }), [a])(a)).toBeUndefined();
  });

  it('keeps anti-affine Pods apart, in both directions', () => {
    const taken = nodeInfo('a', {}, [podManifest('web-1', {}, { app: 'web' })]);
    const free = nodeInfo('b');
    const f = filterOn(withAffinity('podAntiAffinity', 'web', { app: 'web' }), [taken, free]);
    expect(f(taken)).toEqual({ code: 'Unschedulable', reasons: ["node(s) didn't match pod anti-affinity rules"] });
    expect(f(free)).toBeUndefined();
    // An existing Pod's anti-affinity rejects a newcomer it selects.
    const guard = nodeInfo('c', {}, [withAffinity('podAntiAffinity', 'web')]);
    expect(filterOn(podManifest('plain', {}, { app: 'web' }), [guard])(guard)).toEqual({ code: 'Unschedulable', reasons: ["node(s) didn't satisfy existing pods anti-affinity rules"] });
  });

  it('scores preferred affinity toward nodes with matching Pods', () => {
    const a = nodeInfo('a', {}, [podManifest('cache', {}, { app: 'cache' })]);
    const b = nodeInfo('b');
    const p = podManifest('new', { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 50, podAffinityTerm: term('cache') }] } } });
    const scorer = InterPodAffinity.preScore(podInfo(p), [a, b], viewOf([a, b]))!;
    const scores = [a, b].map((n) => scorer.score(n));
    scorer.normalize!(scores, [a, b]);
    expect(scores).toEqual([100, 0]);
  });

  it('is skipped when nobody has required terms', () => {
    expect(InterPodAffinity.preFilter(podInfo(podManifest('p')), viewOf([nodeInfo('a')])).kind).toBe('skip');
  });
});
