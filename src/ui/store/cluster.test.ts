import { describe, expect, it } from 'vitest';
import type { KObject } from '../../engine/api/types';
import type { DiffMessage, SnapshotMessage } from '../../protocol/messages';
import { TRACE_LIMIT, applyDiff, applySnapshot, initialClusterState, objectsOf } from './cluster';

const obj = (kind: string, name: string, rv = '1'): KObject => ({ apiVersion: 'v1', kind, metadata: { name, namespace: 'default', resourceVersion: rv } });

const snapshot: SnapshotMessage = {
  type: 'snapshot',
  epoch: 1,
  version: 5,
  now: 1000,
  topology: 'basic',
  objects: [
    { key: 'pods/default/a', object: obj('Pod', 'a') },
    { key: 'nodes/n1', object: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } } },
  ],
  components: [{ id: 'kube-scheduler', kind: 'kube-scheduler', host: 'control-plane', running: true }],
};

const diff = (over: Partial<DiffMessage>): DiffMessage => ({
  type: 'diff',
  epoch: 1,
  ack: 1,
  from: 5,
  to: 6,
  now: 2000,
  added: [],
  updated: [],
  removed: [],
  components: [],
  trace: [],
  ...over,
});

describe('applySnapshot / applyDiff', () => {
  it('replaces the whole state from a snapshot', () => {
    const s = applySnapshot(snapshot);
    expect(s.loaded).toBe(true);
    expect(s.version).toBe(5);
    expect([...s.objects.keys()]).toEqual(['pods/default/a', 'nodes/n1']);
  });

  it('adds, updates and removes objects and moves the version and clock', () => {
    const s0 = applySnapshot(snapshot);
    const r = applyDiff(
      s0,
      diff({
        added: [{ key: 'pods/default/b', object: obj('Pod', 'b') }],
        updated: [{ key: 'pods/default/a', object: obj('Pod', 'a', '2') }],
        removed: ['nodes/n1'],
        components: [{ id: 'kube-scheduler', kind: 'kube-scheduler', host: 'control-plane', running: false }],
      }),
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.version).toBe(6);
    expect(r.state.now).toBe(2000);
    expect(r.state.objects.get('pods/default/a')?.metadata.resourceVersion).toBe('2');
    expect(r.state.objects.has('pods/default/b')).toBe(true);
    expect(r.state.objects.has('nodes/n1')).toBe(false);
    expect(r.state.components.get('kube-scheduler')?.running).toBe(false);
    // Pure: the previous state is untouched.
    expect(s0.objects.has('nodes/n1')).toBe(true);
    expect(s0.components.get('kube-scheduler')?.running).toBe(true);
  });

  it('keeps the object map identity when only time moved (lists do not re-render)', () => {
    const s0 = applySnapshot(snapshot);
    const r = applyDiff(s0, diff({}));
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.objects).toBe(s0.objects);
    expect(r.state.components).toBe(s0.components);
  });

  it('refuses a diff that does not continue from the current version', () => {
    const s0 = applySnapshot(snapshot);
    expect(applyDiff(s0, diff({ from: 4, to: 5 }))).toEqual({ ok: false, reason: 'gap' });
    expect(applyDiff(initialClusterState, diff({}))).toEqual({ ok: false, reason: 'not-loaded' });
  });

  it('bounds the trace it keeps', () => {
    let s = applySnapshot(snapshot);
    const rec = (seq: number) => ({ seq, at: seq, from: 'a', to: 'b', kind: 'request', summary: '' }) as DiffMessage['trace'][number];
    for (let v = 5; v < 8; v++) {
      const batch = Array.from({ length: TRACE_LIMIT / 2 }, (_, i) => rec(v * TRACE_LIMIT + i));
      const r = applyDiff(s, diff({ from: v, to: v + 1, trace: batch }));
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    expect(s.trace).toHaveLength(TRACE_LIMIT);
    expect(s.trace.at(-1)?.seq).toBe(7 * TRACE_LIMIT + TRACE_LIMIT / 2 - 1);
  });

  it('lists objects of one resource in key order', () => {
    const s = applySnapshot({
      ...snapshot,
      objects: [
        { key: 'pods/default/b', object: obj('Pod', 'b') },
        { key: 'podtemplates/default/x', object: obj('PodTemplate', 'x') },
        { key: 'pods/default/a', object: obj('Pod', 'a') },
      ],
    });
    expect(objectsOf(s.objects, 'pods').map((o) => o.metadata.name)).toEqual(['a', 'b']);
  });
});
