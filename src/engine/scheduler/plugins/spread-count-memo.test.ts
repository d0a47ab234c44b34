import { describe, expect, it } from 'vitest';
import { fromMap } from '../../../k8s/labels';
import { addOrUpdateNode, addOrUpdatePod, newCache, removePod } from '../cache';
import { nodeManifest, podManifest, requests } from '../scheduler.testing';
import { countPodsMatchSelector, selectorKey } from './pod-topology-spread';

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
});
