/**
 * The second perf pass's shortcuts must answer exactly as the walks they replace: the cluster's
 * affinity totals, NodeUnschedulable's flat field, PodTopologySpread's per-node memo, and
 * ImageLocality's per-cycle spread.
 */
import { describe, expect, it } from 'vitest';
import { fromMap } from '../../k8s/labels';
import type { Pod } from '../../k8s/types';
import { addOrUpdateNode, addOrUpdatePod, assumePod, forgetPod, newCache, nodeChanges, nodeOrder, removeNode, removePod } from './cache';
import { addPodEntry, cloneNodeInfo, podEntry } from './nodeinfo';
import { InterPodAffinity } from './plugins/inter-pod-affinity';
import { filter as unschedulableFilter } from './plugins/node-unschedulable';
import { countPodsMatchSelector, scorer, selectorKey, type Constraint } from './plugins/pod-topology-spread';
import { ImageLocality } from './plugins/image-locality';
import { nodeInfo, nodeManifest, podInfo, podManifest, requests, viewOf } from './scheduler.testing';
import { clusterView } from './view';
import type { SchedulerState } from './state';

const antiAffine = (name: string, node: string): Pod => {
  const p = podManifest(name, { containers: requests('100m'), nodeName: node });
  p.metadata.uid = `uid-${name}`;
  p.metadata.generation = 1;
  p.metadata.labels = { app: 'db' };
  p.spec.affinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' }] } } as never;
  return p;
};

describe('scheduler cache totals and memos', () => {
  it('keeps the cluster totals of Pods with affinity through assume, forget, bind and delete', () => {
    const c = newCache();
    addOrUpdateNode(c, nodeManifest('node-1'));
    addOrUpdateNode(c, nodeManifest('node-2'));
    const perNode = () => [Object.fromEntries(c.affinityNodes), Object.fromEntries(c.requiredAntiAffinityNodes)];
    assumePod(c, antiAffine('a', ''), 'default/a', 'node-1');
    expect([c.podsWithAffinity, c.podsWithRequiredAntiAffinity]).toEqual([1, 1]);
    expect(perNode()).toEqual([{ 'node-1': 1 }, { 'node-1': 1 }]);
    forgetPod(c, 'default/a');
    expect([c.podsWithAffinity, c.podsWithRequiredAntiAffinity]).toEqual([0, 0]);
    expect(perNode()).toEqual([{}, {}]);
    addOrUpdatePod(c, antiAffine('a', 'node-1'), 'default/a');
    addOrUpdatePod(c, antiAffine('a', 'node-1'), 'default/a');
    addOrUpdatePod(c, antiAffine('b', 'node-1'), 'default/b');
    expect([c.podsWithAffinity, c.podsWithRequiredAntiAffinity]).toEqual([2, 2]);
    expect(perNode()).toEqual([{ 'node-1': 2 }, { 'node-1': 2 }]);
    // Moved to another node (a new Pod under the same key).
    addOrUpdatePod(c, { ...antiAffine('b', 'node-2'), metadata: { ...antiAffine('b', 'node-2').metadata, uid: 'uid-b2' } }, 'default/b');
    expect(perNode()).toEqual([{ 'node-1': 1, 'node-2': 1 }, { 'node-1': 1, 'node-2': 1 }]);
    removeNode(c, 'node-1');
    removePod(c, 'default/a');
    removePod(c, 'default/b');
    expect([c.podsWithAffinity, c.podsWithRequiredAntiAffinity]).toEqual([0, 0]);
    expect(perNode()).toEqual([{}, {}]);
  });

  it('InterPodAffinity skips from the totals exactly when the walk would find nothing', () => {
    const c = newCache();
    addOrUpdateNode(c, nodeManifest('node-1'));
    addOrUpdateNode(c, nodeManifest('node-2'));
    const view = clusterView({ cache: c, informers: {} } as unknown as SchedulerState);
    const plain = podInfo(podManifest('web', { containers: requests('100m') }));
    const db = { ...podManifest('db-new', { containers: requests('100m') }), metadata: { name: 'db-new', namespace: 'default', labels: { app: 'db' } } };
    expect(InterPodAffinity.preFilter(plain, view).kind).toBe('skip');
    expect(InterPodAffinity.preScore(plain, view.nodes, view)).toBeUndefined();
    addOrUpdatePod(c, antiAffine('a', 'node-1'), 'default/a');
    // An existing Pod's required anti-affinity now has a say over a Pod it selects.
    const outcome = InterPodAffinity.preFilter(podInfo(db), view);
    expect(outcome.kind).toBe('filter');
    if (outcome.kind === 'filter') expect(outcome.filter(view.nodeInfo('node-1')!)).toBeDefined();
    const walked = InterPodAffinity.preFilter(podInfo(db), { ...view, affinityPods: undefined, affinityNodes: undefined });
    expect(walked.kind).toBe('filter');
    if (walked.kind === 'filter' && outcome.kind === 'filter') for (const n of view.nodes) expect(outcome.filter(n)).toEqual(walked.filter(n));
    // Scoring for a Pod without terms: the nodes holding Pods with affinity, as the walk finds them.
    const likesDb = podManifest('likes-db', { containers: requests('100m'), nodeName: 'node-2' });
    likesDb.metadata.uid = 'uid-likes-db';
    likesDb.spec.affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 7, podAffinityTerm: { labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' } }] } } as never;
    addOrUpdatePod(c, likesDb, 'default/likes-db');
    const scored = InterPodAffinity.preScore(podInfo(db), view.nodes, view);
    const scoredByWalk = InterPodAffinity.preScore(podInfo(db), view.nodes, { ...view, affinityPods: undefined, affinityNodes: undefined });
    expect(view.nodes.map((n) => scored?.score(n))).toEqual([0, 7]);
    expect(view.nodes.map((n) => scoredByWalk?.score(n))).toEqual([0, 7]);
  });

  it('NodeUnschedulable reads spec.unschedulable as the Node last set it', () => {
    const c = newCache();
    const node = nodeManifest('node-1');
    const ni = addOrUpdateNode(c, node);
    const pod = podManifest('web', { containers: requests('100m') });
    expect(unschedulableFilter(pod, ni)).toBeUndefined();
    addOrUpdateNode(c, { ...node, spec: { ...node.spec, unschedulable: true } });
    expect(unschedulableFilter(pod, ni)?.reasons).toEqual(['node(s) were unschedulable']);
    addOrUpdateNode(c, { ...node, spec: { ...node.spec, unschedulable: false } });
    expect(unschedulableFilter(pod, ni)).toBeUndefined();
  });

  it("keeps PodTopologySpread's memo out of snapshots and apart from scratch copies", () => {
    const web = (name: string) => ({ ...podManifest(name, { containers: requests('100m') }), metadata: { name, namespace: 'default', labels: { app: 'web' }, uid: `uid-${name}`, generation: 1 } });
    const ni = nodeInfo('node-1', {}, [web('a')]);
    const sel = fromMap({ app: 'web' });
    const key = selectorKey(sel, 'default');
    expect(countPodsMatchSelector(ni, sel, 'default', key)).toBe(1);
    expect(structuredClone(ni)).toEqual(nodeInfo('node-1', {}, [web('a')]));
    expect(Object.getOwnPropertySymbols(structuredClone(ni))).toEqual([]);
    // A scratch copy with a nominated Pod counts it; the node itself still does not.
    const scratch = cloneNodeInfo(ni);
    addPodEntry(scratch, podEntry(web('b'), 'default/b', 'node-1'));
    expect(countPodsMatchSelector(scratch, sel, 'default', key)).toBe(2);
    expect(countPodsMatchSelector(ni, sel, 'default', key)).toBe(1);
    // Another selector asked at the same generation does not evict the first.
    const other = fromMap({ app: 'db' });
    expect(countPodsMatchSelector(ni, other, 'default', selectorKey(other, 'default'))).toBe(0);
    expect(countPodsMatchSelector(ni, sel, 'default', key)).toBe(1);
  });

  it('ImageLocality scores with the spread read once per cycle as it did per node', () => {
    const MB = 1024 * 1024;
    const has = nodeInfo('node-1', { images: [{ names: ['nginx:1.27'], sizeBytes: 300 * MB }] });
    const also = nodeInfo('node-2', { images: [{ names: ['nginx:1.27'], sizeBytes: 300 * MB }] });
    const lacks = nodeInfo('node-3');
    const view = viewOf([has, also, lacks]);
    const scorer = ImageLocality.preScore(podInfo(podManifest('web', { containers: requests('100m') })), [has, lacks], view)!;
    // sumImageScores: 300 MB × (2 nodes / 3 nodes), then calculatePriority.
    const sum = Math.trunc(300 * MB * (2 / 3));
    expect(scorer.score(has)).toBe(Math.trunc((100 * (sum - 23 * MB)) / (1000 * MB - 23 * MB)));
    expect(scorer.score(lacks)).toBe(0);
  });

  it("PodTopologySpread's per-domain sums read from the cache's change log agree with a rescan of every node", () => {
    const c = newCache();
    const zone = (i: number) => ['a', 'b', 'c'][i % 3]!;
    const node = (i: number) => nodeManifest(`node-${i}`, { labels: { 'topology.kubernetes.io/zone': zone(i) } });
    for (let i = 0; i < 12; i++) addOrUpdateNode(c, node(i));
    const web = (name: string, on: string, app: string, phase?: string): Pod => {
      const p = podManifest(name, { containers: requests('100m'), nodeName: on });
      p.metadata = { ...p.metadata, uid: `uid-${name}`, generation: 1, labels: { app } };
      if (phase) p.status = { phase: phase as 'Running' };
      return p;
    };
    const sel = fromMap({ app: 'web' });
    const constraint: Constraint = { maxSkew: 3, topologyKey: 'topology.kubernetes.io/zone', selector: sel, minDomains: 1, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore' };
    const incoming = podManifest('new', { containers: requests('100m') });
    // The system defaults' shape: every node counts, nodes without the key are tolerated.
    const scores = (withLog: boolean) => {
      const all = nodeOrder(c);
      const s = scorer(incoming, all, all, [constraint], false, withLog ? nodeChanges(c) : undefined);
      const out = all.map((n) => s.score(n));
      s.normalize(out, all);
      return out;
    };
    let seed = 3;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let nextNode = 12;
    for (let step = 0; step < 300; step++) {
      const r = rnd(10);
      const name = `p${rnd(40)}`;
      if (r < 4) addOrUpdatePod(c, web(name, `node-${rnd(nextNode)}`, rnd(3) ? 'web' : 'db'), `default/${name}`);
      else if (r < 6) addOrUpdatePod(c, web(name, `node-${rnd(nextNode)}`, 'web', 'Running'), `default/${name}`);
      else if (r < 8) removePod(c, `default/${name}`);
      else if (r < 9) addOrUpdateNode(c, node(nextNode++));
      else removeNode(c, `node-${rnd(nextNode)}`);
      // The logged path is asked every few steps (so it reads many changes at once), the rescan never keeps state.
      if (step % 3 === 0) expect(scores(true)).toEqual(scores(false));
    }
  });
});
