import { describe, expect, it } from 'vitest';
import { fromMap, type Selector } from '../../../k8s/labels';
import { addOrUpdateNode, addOrUpdatePod, newCache, removePod } from '../cache';
import { nodeManifest, podManifest, requests } from '../scheduler.testing';
import { countPodsMatchSelector, selectorKey } from './pod-topology-spread';
import { topologyValue } from './spread-counts';

const bound = (name: string, labels: Record<string, string>, deleting = false) => {
  const p = podManifest(name, { containers: requests('100m', '64Mi'), nodeName: 'node-1' });
  p.metadata.uid = `uid-${name}`;
  p.metadata.generation = 1;
  p.metadata.labels = labels;
  if (deleting) p.metadata.deletionTimestamp = '2025-09-01T09:00:00Z';
  return p;
};

describe('PodTopologySpread count memo', () => {
  it('sees in-place Pod updates (labels, deletionTimestamp) that keep the spec generation', () => {
    const c = newCache();
    const ni = addOrUpdateNode(c, nodeManifest('node-1'));
    const sel = fromMap({ app: 'web' });
    const key = selectorKey(sel, 'default');
    const count = () => countPodsMatchSelector(ni, sel, 'default', key);
    addOrUpdatePod(c, bound('a', { app: 'web' }), 'default/a');
    addOrUpdatePod(c, bound('b', { app: 'db' }), 'default/b');
    expect(count()).toBe(1);
    addOrUpdatePod(c, bound('b', { app: 'web' }), 'default/b');
    expect(count()).toBe(2);
    addOrUpdatePod(c, bound('a', { app: 'web' }, true), 'default/a');
    expect(count()).toBe(1);
    removePod(c, 'default/b');
    expect(count()).toBe(0);
    expect(countPodsMatchSelector(ni, sel, 'default')).toBe(0);
  });

  it('keeps every selector\'s count equal to a fresh count through adds, removals, relabels and deletes', () => {
    const c = newCache();
    const ni = addOrUpdateNode(c, nodeManifest('node-1'));
    const apps = ['a', 'b', 'c', 'd'];
    // Indexed by an In requirement (one value or several) and not (Exists, NotIn).
    const sels: Selector[] = [...apps.map((a) => fromMap({ app: a })), [{ key: 'app', op: 'In', values: ['a', 'b'] }], [{ key: 'app', op: 'Exists' }], [{ key: 'app', op: 'NotIn', values: ['c'] }]];
    const namespaces = ['default', 'other'];
    // A fixed pseudo-random walk (no Math.random in tests either: a failure must replay).
    let x = 12345;
    const next = (n: number): number => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
    for (let step = 0; step < 400; step++) {
      const name = `p${next(12)}`;
      const ns = namespaces[next(2)]!;
      const op = next(4);
      if (op === 0) removePod(c, `${ns}/${name}`);
      else {
        const p = bound(name, { app: apps[next(apps.length)]! }, op === 3);
        p.metadata.namespace = ns;
        addOrUpdatePod(c, p, `${ns}/${name}`);
      }
      // A selector first asked now (a new workload): its first count comes from the node's label tally.
      const fresh: Selector = [{ key: 'app', op: 'In', values: [apps[next(apps.length)]!, `new-${step}`] }];
      expect(countPodsMatchSelector(ni, fresh, 'default', selectorKey(fresh, 'default')), `step ${step} fresh`).toBe(countPodsMatchSelector(ni, fresh, 'default'));
      // Ask through the memo (filling it), and check every selector it holds against a walk.
      for (const [i, sel] of sels.entries()) {
        for (const n of namespaces) {
          if (next(3) === 0) continue;
          expect(countPodsMatchSelector(ni, sel, n, selectorKey(sel, n)), `step ${step} selector ${i} ${n}`).toBe(countPodsMatchSelector(ni, sel, n));
        }
      }
    }
  });

  it('reads a topology label again when the Node is relabelled, whichever key was asked last', () => {
    const c = newCache();
    const zone = 'topology.kubernetes.io/zone';
    const ni = addOrUpdateNode(c, nodeManifest('node-1', { labels: { [zone]: 'a' } }));
    expect(topologyValue(ni, zone)).toBe('a');
    expect(topologyValue(ni, 'rack')).toBeUndefined();
    expect(topologyValue(ni, zone)).toBe('a');
    addOrUpdateNode(c, nodeManifest('node-1', { labels: { [zone]: 'b', rack: 'r1' } }));
    expect(topologyValue(ni, zone)).toBe('b');
    expect(topologyValue(ni, 'rack')).toBe('r1');
    // Own fields only, as Go's map reads.
    expect(topologyValue(ni, 'constructor')).toBeUndefined();
  });
});
