import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../k8s/types';
import { indexMove, type KeyIndex } from '../util/state';
import { newNodeIndex, podsByNode, sortedNodes, trackPod } from './node-index';

const DS = ['ds-a', 'ds-b'];

function pod(name: string, owner: string | undefined, node: string | undefined, bound: boolean, rv: number): Pod {
  const affinity = node === undefined ? undefined : { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: [node] }] }] } } };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'kube-system',
      resourceVersion: String(rv),
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: owner, uid: owner, controller: true }] } : {}),
    },
    spec: { containers: [], ...(affinity ? { affinity } : {}), ...(bound && node ? { nodeName: node } : {}) },
  };
}

/** The walk the index replaces: the owner's keys in order, read from the cache, grouped by node. */
function rebuilt(owners: KeyIndex, cache: Map<string, Pod>, uid: string): Map<string, Pod[]> {
  const out = new Map<string, Pod[]>();
  for (const k of owners.get(uid) ?? []) {
    const p = cache.get(k);
    const node = p?.spec.nodeName ?? p?.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[0]?.matchFields?.[0]?.values?.[0];
    if (!p || !node) continue;
    out.set(node, [...(out.get(node) ?? []), p]);
  }
  return out;
}

describe('DaemonSet node index', () => {
  it('matches a rebuild from the owner index after every delta, in the same per-node order', () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const idx = newNodeIndex();
    const owners: KeyIndex = new Map();
    const cache = new Map<string, Pod>();
    for (let step = 0; step < 3000; step++) {
      const name = `p${next(40)}`;
      const key = `kube-system/${name}`;
      const old = cache.get(key);
      let cur: Pod | undefined;
      const roll = next(10);
      if (roll < 2) cur = undefined;
      else if (roll < 5 && old) cur = { ...old, metadata: { ...old.metadata, resourceVersion: String(step) } };
      else {
        const owner = next(5) === 0 ? undefined : DS[next(DS.length)];
        cur = pod(name, owner, next(8) === 0 ? undefined : `node-${next(6)}`, next(2) === 0, step);
      }
      if (!old && !cur) continue;
      if (cur) cache.set(key, cur);
      else cache.delete(key);
      const uid = (p: Pod | undefined): string | undefined => p?.metadata.ownerReferences?.[0]?.uid;
      indexMove(owners, key, uid(old), uid(cur));
      trackPod(idx, owners, key, old, cur, cache);
      for (const ds of DS) {
        const got = podsByNode(idx, ds);
        expect(new Map([...got].map(([n, ps]) => [n, [...ps]]))).toEqual(rebuilt(owners, cache, ds));
        expect(sortedNodes(idx, ds)).toEqual([...got.keys()].sort());
      }
    }
  });
});
