import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { DiffMessage, SnapshotMessage } from '../../protocol/messages';
import { TRACE_LIMIT, applyDiff, applySnapshot, fold, initialClusterState, objectsOf, showAt, type ClusterState } from './cluster';
import { records } from '../sequence/testdata.testing';
import { seqAtTime, timeOfSeq } from './tape';

const obj = (kind: string, name: string, rv = '1'): KObject => ({ apiVersion: 'v1', kind, metadata: { name, namespace: 'default', resourceVersion: rv } });
const rec = (seq: number, at: number): TraceRecord =>
  records([
    {
      seq,
      at,
      from: 'kubectl',
      to: 'kube-apiserver',
      kind: 'request',
      detail: { type: 'resource', method: 'GET', verb: 'get', path: `/api/v1/namespaces/default/pods/r${seq}`, group: '', version: 'v1', resource: 'pods', namespace: 'default', name: `r${seq}`, user: 'kubernetes-admin' },
      summary: `GET /api/v1/namespaces/default/pods/r${seq}`,
    },
  ])[0]!;

const snapshot: SnapshotMessage = {
  type: 'snapshot',
  epoch: 1,
  version: 5,
  now: 1000,
  bootedAt: 1000,
  seq: 10,
  targets: [],
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
  start: 1000,
  now: 2000,
  changes: [],
  components: [],
  trace: [],
  ...over,
});

function loaded(): ClusterState {
  return applySnapshot(initialClusterState, snapshot);
}

/** A diff where a Pod is created at seq 11, updated at 12, a node removed at 13 and the scheduler stopped. */
function withHistory(): ClusterState {
  const r = applyDiff(
    loaded(),
    diff({
      trace: [rec(11, 1100), rec(12, 1200), rec(13, 1300)],
      changes: [
        { seq: 11, key: 'pods/default/b', object: obj('Pod', 'b') },
        { seq: 12, key: 'pods/default/a', object: obj('Pod', 'a', '2') },
        { seq: 13, key: 'nodes/n1', object: null },
      ],
      components: [{ id: 'kube-scheduler', kind: 'kube-scheduler', host: 'control-plane', running: false }],
    }),
  );
  if (!r.ok) throw new Error(r.reason);
  return r.state;
}

describe('applySnapshot / applyDiff / showAt', () => {
  it('starts a tape at the snapshot and shows its base', () => {
    const s = loaded();
    expect(s.loaded).toBe(true);
    expect(s.seq).toBe(10);
    expect(s.now).toBe(1000);
    expect([...s.objects.keys()]).toEqual(['pods/default/a', 'nodes/n1']);
  });

  it('appends to the tape without moving the moment shown', () => {
    const s = withHistory();
    expect(s.seq).toBe(10);
    expect(s.objects.has('pods/default/b')).toBe(false);
    expect(s.tape?.frontierSeq).toBe(13);
    expect(s.tape?.frontierNow).toBe(2000);
  });

  it('shows any moment: forwards applies versions, backwards restores the replaced ones', () => {
    const s = withHistory();
    const end = showAt(s, 13, 2000);
    expect(end.objects.get('pods/default/a')?.metadata.resourceVersion).toBe('2');
    expect(end.objects.has('pods/default/b')).toBe(true);
    expect(end.objects.has('nodes/n1')).toBe(false);
    expect(end.components.get('kube-scheduler')?.running).toBe(false);
    expect(end.trace.map((r) => r.seq)).toEqual([11, 12, 13]);

    const mid = showAt(end, 11, 1100);
    expect(mid.objects.has('pods/default/b')).toBe(true);
    expect(mid.objects.get('pods/default/a')?.metadata.resourceVersion).toBe('1');
    expect(mid.objects.has('nodes/n1')).toBe(true);
    expect(mid.components.get('kube-scheduler')?.running).toBe(true);
    expect(mid.trace.map((r) => r.seq)).toEqual([11]);

    // Whatever the path, a moment looks the same.
    expect(showAt(showAt(s, 12, 1200), 11, 1100).objects).toEqual(mid.objects);
    expect(showAt(mid, 10, 1000).objects).toEqual(s.objects);
  });

  it('returns the same state when the moment does not change (no re-render)', () => {
    const s = showAt(withHistory(), 12, 1200);
    expect(showAt(s, 12, 1200)).toBe(s);
  });

  it('refuses a diff that does not chain and one before any snapshot', () => {
    expect(applyDiff(loaded(), diff({ from: 4 }))).toEqual({ ok: false, reason: 'gap' });
    expect(applyDiff(initialClusterState, diff({}))).toEqual({ ok: false, reason: 'not-loaded' });
  });

  it('hands views at most TRACE_LIMIT records up to the moment shown', () => {
    const many = Array.from({ length: TRACE_LIMIT + 10 }, (_, i) => rec(11 + i, 1000 + i));
    const r = applyDiff(loaded(), diff({ trace: many, now: 1000 + many.length }));
    if (!r.ok) throw new Error(r.reason);
    const end = showAt(r.state, 10 + many.length, 1000 + many.length);
    expect(end.trace).toHaveLength(TRACE_LIMIT);
    expect(end.trace.at(-1)?.seq).toBe(10 + many.length);
  });

  it('maps times to moments and back', () => {
    const tape = withHistory().tape!;
    expect(seqAtTime(tape, 999)).toBe(10);
    expect(seqAtTime(tape, 1150)).toBe(11);
    expect(seqAtTime(tape, 5000)).toBe(13);
    expect(timeOfSeq(tape, 12)).toBe(1200);
    expect(timeOfSeq(tape, 10)).toBe(1000);
  });

  it('folds the older part of a full tape into its base without changing any moment still on it', () => {
    const end = showAt(withHistory(), 13, 2000);
    const f = fold(showAt(end, 12, 1200));
    expect(f.tape!.baseSeq).toBeGreaterThan(10);
    expect(showAt(f, 13, 2000).objects).toEqual(end.objects);
    expect(showAt(showAt(f, 13, 2000), 12, 1200).objects).toEqual(showAt(end, 12, 1200).objects);
    // The folded past is gone: the earliest moment is the new base.
    expect(showAt(f, 10, 1000).seq).toBe(f.tape!.baseSeq);
    // The arrays are new, so anything indexed on the old ones re-indexes.
    expect(f.tape!.changes).not.toBe(end.tape!.changes);
  });

  it('lists one resource in key order', () => {
    const objects = new Map<string, KObject>([
      ['pods/default/b', obj('Pod', 'b')],
      ['nodes/n1', obj('Node', 'n1')],
      ['pods/default/a', obj('Pod', 'a')],
    ]);
    expect(objectsOf(objects, 'pods').map((o) => o.metadata.name)).toEqual(['a', 'b']);
  });
});
