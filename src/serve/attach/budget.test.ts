/**
 * Pages attached to a served cluster get their diffs through the worker's outbox, held to the
 * same byte budget: one run, seen by pages whose diffs are cut and by pages that get every drain
 * whole, carries the same versions, records, component summaries, results and acks, in the same
 * order. Each run has the learner's page (its own requests) and a page that only watches (all of
 * it arrives as pushes). src/ui/bridge/attached-split.test.ts follows the same kind of run into
 * the page's store, tape and terminal.
 */
import { describe, expect, it } from 'vitest';
import type { TraceRecord } from '../../engine/index';
import { PROTOCOL_VERSION, type ComponentSummary, type DiffMessage, type FromWorker, type ObjectChange, type ToWorker } from '../../protocol/messages';
import { CLASSROOM_MAX_BYTES } from '../../worker/outbox';
import { expectWithin, moments } from '../../worker/outbox.testing';
import { ServedCluster } from '../cluster';
import { attachHost } from './host';

/** A manual-clock cluster with two pages attached, whose diffs are cut at `classroomBytes`. */
function served(classroomBytes: number) {
  const cluster = new ServedCluster({ seed: 1, topology: 'basic', clock: 'manual', speed: 1 });
  const attach = () => {
    const out: FromWorker[] = [];
    // As the socket carries them: JSON text.
    const host = attachHost(cluster, (m) => out.push(JSON.parse(JSON.stringify(m)) as FromWorker), { classroomBytes });
    host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
    return { out, send: (m: ToWorker): void => host.handle(m) };
  };
  return { cluster, page: attach(), watcher: attach() };
}

/** The page's requests (ids 1 to 7) between an outside kubectl's and the control endpoint's moves; a snapshot halfway. */
function play(s: ReturnType<typeof served>): void {
  s.page.send({ type: 'command', id: 1, line: 'kubectl create deployment web --image=nginx --replicas=6' });
  s.page.send({ type: 'advance', id: 2, ms: 30_000 });
  s.cluster.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'outside' }, data: { a: '1' } } }, 'kubernetes-admin', { session: 's1', command: 'kubectl create' });
  s.cluster.control(['advance 2m']);
  s.page.send({ type: 'command', id: 3, line: 'sim advance 5m' });
  s.page.send({ type: 'until', id: 4, breakpoint: { trace: { kind: 'etcd-commit' } }, withinMs: 60_000 });
  s.page.send({ type: 'step', id: 5, maxMs: 600_000 });
  s.page.send({ type: 'requestSnapshot', id: 6 });
  s.page.send({ type: 'command', id: 7, line: 'kubectl scale deployment web --replicas=2' });
  s.cluster.control(['sim fail kube-scheduler', 'advance 1m']);
}

const diffs = (msgs: readonly FromWorker[]): DiffMessage[] => msgs.filter((m): m is DiffMessage => m.type === 'diff');

/**
 * What a page takes from its messages, whatever the cut: the versions, records and component
 * summaries in order (a summary with the number of records before it: the page files it at the
 * end of its diff), and where among them every other message and every end of a request's work
 * falls. Checks on the way that versions chain from each snapshot.
 */
function stream(msgs: readonly FromWorker[]) {
  const changes: ObjectChange[] = [];
  const trace: TraceRecord[] = [];
  const components: { records: number; summary: ComponentSummary }[] = [];
  const marks: unknown[] = [];
  /** Where each diff ends (versions/records/now): a cut one ends at every place a whole one does, and more. */
  const ends: string[] = [];
  let version: number | undefined;
  for (const m of msgs) {
    const at = { changes: changes.length, records: trace.length };
    if (m.type === 'snapshot') version = m.version;
    if (m.type !== 'diff') {
      marks.push({ at, m });
      continue;
    }
    expect(m.from).toBe(version);
    version = m.to;
    changes.push(...m.changes);
    trace.push(...m.trace);
    for (const summary of m.components) components.push({ records: trace.length, summary });
    if (!m.partial) marks.push({ at: { changes: changes.length, records: trace.length }, ack: m.ack, start: m.start, now: m.now });
    ends.push(`${changes.length}/${trace.length}/${m.now}`);
  }
  return { changes, trace, components, marks, ends };
}

/** The objects a page holds: its last snapshot's, with every later version folded in. */
function objectsOf(msgs: readonly FromWorker[]): Map<string, unknown> {
  const i = msgs.findLastIndex((m) => m.type === 'snapshot');
  const snap = msgs[i];
  if (snap?.type !== 'snapshot') throw new Error('no snapshot');
  const objects = new Map<string, unknown>(snap.objects.map((o) => [o.key, o.object]));
  for (const d of diffs(msgs.slice(i + 1))) {
    for (const c of d.changes) {
      if (c.object) objects.set(c.key, c.object);
      else objects.delete(c.key);
    }
  }
  return objects;
}

/** The same run with whole diffs and with diffs cut at `max`: the same stream, in more diffs, each under `max`. */
function compare(max: number) {
  const whole = served(Number.POSITIVE_INFINITY);
  const cut = served(max);
  play(whole);
  play(cut);
  for (const p of ['page', 'watcher'] as const) {
    const w = stream(whole[p].out);
    const c = stream(cut[p].out);
    expect({ ...c, ends: undefined }).toEqual({ ...w, ends: undefined });
    const wholeEnds = new Set(w.ends);
    expect(c.ends.filter((e) => wholeEnds.has(e))).toEqual(w.ends);
    expect(diffs(cut[p].out).length).toBeGreaterThan(diffs(whole[p].out).length);
    expectWithin(diffs(cut[p].out), max);
    // Nothing lost: the page ends with exactly what the cluster stores.
    const stored = new Map<string, unknown>(cut.cluster.sim.storedObjects().map((o) => [o.key, o.object]));
    expect(objectsOf(cut[p].out)).toEqual(stored);
  }
  return { whole, cut };
}

describe('a page attached to reconcile serve: diffs under the byte budget, nothing lost', () => {
  it('at the real budget, a long advance and the control endpoint’s moves arrive as diffs under it, the same run as whole ones', () => {
    const { whole, cut } = compare(CLASSROOM_MAX_BYTES);
    // Whole, one drain of `sim advance 5m` is several times the budget; cut, nothing is over it.
    expect(Math.max(...diffs(whole.page.out).map((d) => JSON.stringify(d).length))).toBeGreaterThan(4 * CLASSROOM_MAX_BYTES);
    expect(Math.max(...diffs(cut.page.out).map((d) => JSON.stringify(d).length))).toBeLessThanOrEqual(CLASSROOM_MAX_BYTES);
    expect(Math.max(...diffs(cut.watcher.out).map((d) => JSON.stringify(d).length))).toBeLessThanOrEqual(CLASSROOM_MAX_BYTES);
  });

  it('with a tiny budget: requests end with one ack after their result, pushes stay partial, cuts fall between moments', () => {
    const { whole, cut } = compare(2 * 1024);
    const page = cut.page.out;
    const ds = diffs(page);
    // Each request acknowledged once, by the last of its diffs, its result right before that.
    const acks = ds.filter((d) => d.ack !== undefined).map((d) => d.ack);
    expect(acks).toEqual([1, 2, 3, 4, 5, 7]);
    expect(page.find((m) => m.type === 'snapshot' && m.ack === 6)).toBeDefined();
    for (let i = 0; i < page.length; i++) {
      const m = page[i]!;
      if (m.type === 'commandResult' || m.type === 'untilResult') expect(page[i + 1]).toMatchObject({ type: 'diff', ack: m.id });
      if (m.type === 'diff' && m.partial?.of !== undefined) expect(ds.find((d) => d.ack === m.partial!.of && d.from >= m.to)).toBeDefined();
    }
    expect(page.filter((m) => m.type === 'commandResult').length).toBe(3);
    // The watcher asked for nothing: all it got is partial and no one's.
    const watched = diffs(cut.watcher.out);
    expect(watched.every((d) => d.ack === undefined && d.partial !== undefined && d.partial.of === undefined)).toBe(true);
    // A cut whole diffs did not make falls between two moments, never inside one.
    for (const p of ['page', 'watcher'] as const) {
      const list = diffs(cut[p].out);
      const ends = stream(cut[p].out).ends;
      const wholeEnds = new Set(stream(whole[p].out).ends);
      let cuts = 0;
      for (let i = 1; i < list.length; i++) {
        if (wholeEnds.has(ends[i - 1]!)) continue;
        expect(Math.min(...moments(list[i]!))).toBeGreaterThan(Math.max(...moments(list[i - 1]!)));
        cuts++;
      }
      expect(cuts).toBeGreaterThan(10);
    }
  });
});
