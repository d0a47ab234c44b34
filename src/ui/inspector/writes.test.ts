import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { objectsOf, showAt } from '../store/cluster';
import { changedPaths } from './changes';
import { goApiScaled } from './fixture.testing';
import { lastWrite, writeHistory, writeIndexes } from './writes';

describe('lastWrite and writeHistory on a real run (go-api applied, then scaled 3 → 2)', () => {
  const { state } = goApiScaled();
  const tape = state.tape!;
  const podKeys = [...new Set(tape.changes.filter((c) => c.key.startsWith('pods/default/go-api-')).map((c) => c.key))];

  it('names the component behind each write of a Pod: created by the ReplicaSet controller, bound by the scheduler, then its kubelet', () => {
    const survivor = objectsOf<Pod>(state.objects, 'pods').find((p) => p.metadata.namespace === 'default')!;
    const key = `pods/default/${survivor.metadata.name}`;
    const history = writeHistory(tape, key);
    expect(history[0]).toMatchObject({ op: 'created', by: 'replicaset-controller', traced: true });
    const binding = history.find((w) => w.by === 'kube-scheduler')!;
    expect(binding.op).toBe('updated');
    expect(changedPaths(binding.prev, binding.object).map((c) => c.path)).toContain('spec.nodeName');
    expect(binding.resourceVersion).toBe(binding.object!.metadata.resourceVersion);
    expect(history.slice(history.indexOf(binding) + 1).every((w) => w.by === `kubelet/${survivor.spec.nodeName}`)).toBe(true);
    expect(history.map((w) => w.seq)).toEqual([...history.map((w) => w.seq)].sort((a, b) => a - b));

    // At the binding's seq the binding is the latest write; just before it, an earlier one is.
    expect(lastWrite(tape, key, binding.seq)).toEqual(binding);
    expect(lastWrite(tape, key, binding.seq - 1)!.seq).toBeLessThan(binding.seq);
    expect(lastWrite(tape, key, history[0]!.seq - 1)).toBeUndefined();
    expect(lastWrite(tape, key, state.seq)).toEqual(history.at(-1));
    // The object shown at a write's seq is exactly that write's version.
    expect(showAt(state, binding.seq, binding.at).objects.get(key)).toEqual(binding.object);
  });

  it('reports the scale-down: kubectl changes spec.replicas, the controller marks a Pod for deletion, its kubelet deletes it', () => {
    const scale = writeHistory(tape, 'deployments/default/go-api').find((w) => w.op === 'updated' && w.by === 'kubectl')!;
    expect(changedPaths(scale.prev, scale.object).map((c) => c.path)).toEqual(['metadata.generation', 'metadata.resourceVersion', 'spec.replicas']);
    const gone = podKeys.filter((k) => !state.objects.has(k));
    expect(gone).toHaveLength(1);
    const history = writeHistory(tape, gone[0]!);
    const del = history.at(-1)!;
    expect(del).toMatchObject({ op: 'deleted', object: null, traced: true });
    expect(del.by).toMatch(/^kubelet\/node-\d$/);
    expect(Number(del.resourceVersion)).toBeGreaterThan(Number(del.prev!.metadata.resourceVersion));
    const marked = history.find((w) => w.by === 'replicaset-controller' && w.op === 'updated')!;
    expect(changedPaths(marked.prev, marked.object).map((c) => c.path)).toContain('metadata.deletionTimestamp');
    expect(lastWrite(tape, gone[0]!, state.seq)).toEqual(del);
  });

  it('says when a write has no trace (Lease renewals), keeping its resourceVersion', () => {
    const renewals = writeHistory(tape, 'leases/kube-node-lease/node-1');
    expect(renewals.length).toBeGreaterThan(3);
    for (const w of renewals) {
      expect(w).toMatchObject({ op: 'updated', traced: false, by: undefined });
      expect(w.resourceVersion).toBe(w.object!.metadata.resourceVersion);
      expect(changedPaths(w.prev, w.object).map((c) => c.path)).toEqual(['metadata.resourceVersion', 'spec.renewTime']);
    }
  });

  it('only sees the prefix an older Tape value describes', () => {
    const all = writeIndexes(tape, podKeys[0]!);
    const older = { ...tape, changeCount: all[2]! };
    expect(writeIndexes(older, podKeys[0]!)).toEqual(all.slice(0, 2));
    expect(lastWrite(older, podKeys[0]!, Number.MAX_SAFE_INTEGER)!.index).toBe(all[1]);
    expect(writeIndexes(tape, 'pods/default/nope')).toEqual([]);
  });
});
