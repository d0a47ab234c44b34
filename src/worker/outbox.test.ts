/**
 * The outbox's budgets, through the real engine. Scale mode's bounded diffs: a 3-worker cluster
 * forced into scale mode (`sim topology basic --scale-mode on`) with a tiny budget reaches the
 * budget as a 1,000-node rollout does, in a test's time. At classroom size, the byte budget:
 * the same inputs with and without it must fold into the same diffs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TraceRecord } from '../engine/index';
import { Session } from '../kubectl/session';
import { PROTOCOL_VERSION, type DiffMessage, type FromWorker, type LogEntry, type SnapshotMessage, type ToWorker } from '../protocol/messages';
import { createSimHost, type Pacer } from './host';
import { CLASSROOM_MAX_BYTES, coalesce, sample, type StreamBudget } from './outbox';
import { expectWithin, moments } from './outbox.testing';

const BUDGET: StreamBudget = { maxObjects: 8, maxRecords: 12 };
const SCALE = 'sim topology basic --scale-mode on';
const APPLY = 'kubectl create deployment web --image=nginx --replicas=6';
const GO_API = readFileSync(new URL('../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

function harness(pacer?: Pacer) {
  const out: FromWorker[] = [];
  const host = createSimHost((m) => out.push(structuredClone(m)), undefined, pacer, { scale: BUDGET });
  const send = (m: ToWorker): void => host.handle(m);
  send({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
  return { out, send };
}

const diffs = (msgs: readonly FromWorker[]): DiffMessage[] => msgs.filter((m): m is DiffMessage => m.type === 'diff');
const lastSnapshot = (msgs: readonly FromWorker[]): SnapshotMessage => msgs.filter((m): m is SnapshotMessage => m.type === 'snapshot').at(-1)!;

/** The same inputs on a plain Session: what the cluster really is afterwards. */
function plainRun(): Session {
  const s = new Session({ seed: 1, topology: 'basic', interactive: true });
  s.run(SCALE);
  s.run(APPLY);
  s.sim.advance(30_000);
  return s;
}

describe('scale mode: bounded diffs', () => {
  it('keeps every diff within the budget, yet the page ends with the last version of every object and exact rates', () => {
    const { out, send } = harness();
    send({ type: 'command', id: 1, line: SCALE });
    const snap = lastSnapshot(out);
    expect(snap).toMatchObject({ type: 'snapshot', ack: 1, scaleMode: true });
    const from = out.length;
    send({ type: 'command', id: 2, line: APPLY });
    send({ type: 'advance', id: 3, ms: 30_000 });
    const msgs = out.slice(from);
    const ds = diffs(msgs);

    // Versions chain from the snapshot; the clock only moves forward.
    expect(ds[0]!.from).toBe(snap.version);
    for (let i = 1; i < ds.length; i++) {
      expect(ds[i]!.from).toBe(ds[i - 1]!.to);
      expect(ds[i]!.now).toBeGreaterThanOrEqual(ds[i - 1]!.now);
    }
    // Within the budget: one version per object, at most BUDGET objects (a single moment's
    // versions travel together), at most BUDGET records.
    for (const d of ds) {
      const keys = new Set(d.changes.map((c) => c.key));
      expect(keys.size).toBe(d.changes.length);
      if (keys.size > BUDGET.maxObjects) expect(new Set(d.changes.map((c) => c.seq)).size).toBe(1);
      expect(d.trace.length).toBeLessThanOrEqual(BUDGET.maxRecords);
    }
    // The budget was reached: the work went out in several diffs, each request acknowledged once, last.
    expect(ds.length).toBeGreaterThan(4);
    for (const id of [2, 3]) {
      const mine = ds.filter((d) => d.ack === id || d.partial?.of === id);
      expect(mine.filter((d) => d.ack === id)).toHaveLength(1);
      expect(mine.at(-1)!.ack).toBe(id);
    }
    // The command's result precedes its ack diff.
    const result = msgs.findIndex((m) => m.type === 'commandResult' && m.id === 2);
    expect(result).toBeGreaterThanOrEqual(0);
    expect(result).toBeLessThan(msgs.findIndex((m) => m.type === 'diff' && m.ack === 2));
    // The learner's own request is always in the sample.
    expect(ds.flatMap((d) => d.trace).some((r) => r.from === 'kubectl' && r.kind === 'request')).toBe(true);

    // Folding what arrived over the snapshot gives exactly the stored objects of a plain run.
    const plain = plainRun();
    const objects = new Map(snap.objects.map((o) => [o.key, o.object]));
    for (const d of ds) {
      for (const c of d.changes) {
        if (c.object) objects.set(c.key, c.object);
        else objects.delete(c.key);
      }
    }
    const stored = new Map(plain.sim.storedObjects().map((o) => [o.key, o.object]));
    expect([...objects.keys()].sort()).toEqual([...stored.keys()].sort());
    for (const [key, object] of objects) expect(object).toEqual(stored.get(key));
    expect(ds.at(-1)!.now).toBe(plain.sim.now);

    // Rates: per second, summed as they arrive, equal to the engine's exact counts.
    const rates = new Map<string, number>();
    const add = (second: number, c: { kind: string; from: string; to: string; count: number }) => {
      const k = `${second} ${c.kind} ${c.from} ${c.to}`;
      rates.set(k, (rates.get(k) ?? 0) + c.count);
    };
    for (const r of snap.rates ?? []) for (const c of r.counts) add(r.second, c);
    for (const d of ds) for (const r of d.rates ?? []) for (const c of r.counts) add(r.second, c);
    const want = new Map<string, number>();
    for (const r of plain.sim.traceRates()) for (const c of r.counts) want.set(`${r.second} ${c.kind} ${c.from} ${c.to}`, c.count);
    expect(rates.size).toBeGreaterThan(0);
    for (const [k, n] of want) expect([k, rates.get(k)]).toEqual([k, n]);
  });

  it('paced: one diff per frame, the rest on later frames, in order', () => {
    const frames: (() => void)[] = [];
    let wall = 0;
    const { out, send } = harness({ frameMs: 16, now: () => wall, later: (fn) => frames.push(fn) });
    send({ type: 'command', id: 1, line: SCALE });
    send({ type: 'command', id: 2, line: APPLY });
    const before = out.length;
    send({ type: 'advance', id: 3, ms: 30_000 });
    // The request's work is done, but only one diff left at once.
    expect(diffs(out.slice(before))).toHaveLength(1);
    // A request arriving meanwhile waits its turn behind the queued diffs.
    send({ type: 'command', id: 4, line: 'kubectl get deployment web' });
    expect(out.slice(before).some((m) => m.type === 'commandResult' && m.id === 4)).toBe(false);
    let n = 0;
    while (frames.length) {
      wall += 16;
      const count = out.length;
      frames.shift()!();
      expect(diffs(out.slice(count)).length).toBeLessThanOrEqual(1);
      n++;
    }
    expect(n).toBeGreaterThan(2);
    const after = out.slice(before);
    const ack3 = after.findIndex((m) => m.type === 'diff' && m.ack === 3);
    const result4 = after.findIndex((m) => m.type === 'commandResult' && m.id === 4);
    const ack4 = after.findIndex((m) => m.type === 'diff' && m.ack === 4);
    expect(ack3).toBeGreaterThan(0);
    expect(result4).toBeGreaterThan(ack3);
    expect(ack4).toBeGreaterThan(result4);
    const ds = diffs(after);
    for (let i = 1; i < ds.length; i++) expect(ds[i]!.from).toBe(ds[i - 1]!.to);
  });

  it('at classroom size nothing is held back or sampled', () => {
    const { out, send } = harness();
    const snap = lastSnapshot(out);
    expect(snap.scaleMode).toBeUndefined();
    const from = out.length;
    send({ type: 'command', id: 1, line: APPLY });
    send({ type: 'advance', id: 2, ms: 30_000 });
    const ds = diffs(out.slice(from));
    // The scale budget is not applied; a long advance is only cut by bytes (below).
    expect(ds.every((d) => d.rates === undefined)).toBe(true);
    expect(ds.filter((d) => d.partial === undefined).map((d) => d.ack)).toEqual([1, 2]);
    // Every committed version and every record, as before.
    const versions = ds.flatMap((d) => (d.partial?.of === 2 || d.ack === 2 ? d.changes : []));
    expect(versions.length).toBeGreaterThan(new Set(versions.map((c) => c.key)).size);
    expect(ds.flatMap((d) => (d.partial?.of === 2 || d.ack === 2 ? d.trace : [])).length).toBeGreaterThan(BUDGET.maxRecords);
  });
});

/** A classroom host (no scale mode) whose diffs are cut at `classroomBytes`. */
function classroom(classroomBytes: number, commandLog: LogEntry[] = []) {
  const out: FromWorker[] = [];
  const host = createSimHost((m) => out.push(structuredClone(m)), undefined, undefined, { classroomBytes });
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files: { 'go-api.yaml': GO_API }, commandLog, echoFrom: 100 });
  return { out, send: (m: ToWorker): void => host.handle(m) };
}

/** A diff with its version numbers left out: several consecutive diffs fold into one with other numbers. */
type Folded = Omit<DiffMessage, 'from' | 'to' | 'partial'>;

/**
 * The messages as the page folds them: each run of diffs up to one that is not `partial` (the
 * end of a request or of a replayed input) merged into one, other messages as they are. Checks
 * on the way that the diffs chain and that only the last of each run carries components or an ack.
 */
function folded(msgs: readonly FromWorker[]): (Folded | Exclude<FromWorker, DiffMessage>)[] {
  const out: (Folded | Exclude<FromWorker, DiffMessage>)[] = [];
  let run: DiffMessage[] = [];
  let version: number | undefined;
  for (const m of msgs) {
    if (m.type !== 'diff') {
      out.push(m);
      continue;
    }
    if (version !== undefined) expect(m.from).toBe(version);
    version = m.to;
    run.push(m);
    if (m.partial) {
      expect(m.ack).toBeUndefined();
      continue;
    }
    const last = run.at(-1)!;
    out.push({
      type: 'diff',
      epoch: last.epoch,
      ...(last.ack === undefined ? {} : { ack: last.ack }),
      start: run[0]!.start,
      now: last.now,
      changes: run.flatMap((d) => d.changes),
      components: run.flatMap((d) => d.components),
      trace: run.flatMap((d) => d.trace),
    });
    run = [];
  }
  expect(run).toEqual([]);
  return out;
}

/** The page's playback at 1×: the go-api rollout in 250 ms lookahead requests, steps, a long command, a pause point. */
function playGoApi(send: (m: ToWorker) => void): void {
  let id = 0;
  send({ type: 'command', id: ++id, line: 'kubectl apply -f go-api.yaml' });
  for (let i = 0; i < 120; i++) send({ type: 'advance', id: ++id, ms: 250 });
  send({ type: 'command', id: ++id, line: 'kubectl scale deployment go-api --replicas=6' });
  for (let i = 0; i < 60; i++) send({ type: 'step', id: ++id, maxMs: 600_000 });
  send({ type: 'command', id: ++id, line: 'sim advance 20m' });
  send({ type: 'until', id: id + 1, breakpoint: { trace: { kind: 'etcd-commit' } }, withinMs: 60_000 });
}

describe('classroom: a byte budget per diff, nothing lost', () => {
  it('cuts the go-api burst at the real budget into diffs under it that fold into exactly what one diff carried', () => {
    const whole = classroom(Number.POSITIVE_INFINITY);
    const cut = classroom(CLASSROOM_MAX_BYTES);
    playGoApi(whole.send);
    playGoApi(cut.send);
    const before = diffs(whole.out);
    const after = diffs(cut.out);
    // Without a budget one 250 ms answer is over 100 KiB; with it, more diffs, none over the budget.
    expect(Math.max(...before.map((d) => JSON.stringify(d).length))).toBeGreaterThan(100 * 1024);
    expect(after.length).toBeGreaterThan(before.length);
    expectWithin(after, CLASSROOM_MAX_BYTES);
    expect(folded(cut.out)).toEqual(folded(whole.out));
  });

  it('with a tiny budget: many pieces, each under it or one moment alone, in order, each request acknowledged once, last', () => {
    const MAX = 2 * 1024;
    const whole = classroom(Number.POSITIVE_INFINITY);
    const cut = classroom(MAX);
    playGoApi(whole.send);
    playGoApi(cut.send);
    const ds = diffs(cut.out);
    expect(ds.length).toBeGreaterThan(2 * diffs(whole.out).length);
    expectWithin(ds, MAX);
    // Some moment (a Pod's version with its record) is larger than the budget: it went alone.
    expect(ds.some((d) => JSON.stringify(d).length > MAX && moments(d).size === 1)).toBe(true);
    // Progress is never nothing: a piece cut for size carries something (an empty partial diff
    // is a progress report with nothing new, which the unbounded outbox sends as well).
    const empty = (msgs: readonly FromWorker[]): number => diffs(msgs).filter((d) => d.partial && d.trace.length + d.changes.length === 0).length;
    expect(empty(cut.out)).toBe(empty(whole.out));
    // Each piece is a prefix the page can show: a cut the unbounded outbox did not make falls
    // between two moments, never inside one (the page shows a moment's versions all or none).
    const ends = (list: readonly DiffMessage[]): string[] => {
      let records = 0;
      let versions = 0;
      return list.map((d) => `${(records += d.trace.length)}/${(versions += d.changes.length)}`);
    };
    const wholeEnds = new Set(ends(diffs(whole.out)));
    const cutEnds = ends(ds);
    let cuts = 0;
    for (let i = 1; i < ds.length; i++) {
      expect(ds[i]!.now).toBeGreaterThanOrEqual(ds[i - 1]!.now);
      if (wholeEnds.has(cutEnds[i - 1]!)) continue;
      cuts++;
      expect(Math.min(...moments(ds[i]!))).toBeGreaterThan(Math.max(...moments(ds[i - 1]!)));
      // Components go with the piece that ends what is known so far, never with one cut for size.
      expect(ds[i - 1]!.components).toEqual([]);
    }
    expect(cuts).toBeGreaterThan(0);
    // A request's pieces say whose they are; its result comes right before its one ack diff.
    expect(cut.out.filter((m) => m.type === 'commandResult' || m.type === 'untilResult').map((m) => m.type)).toEqual(['commandResult', 'commandResult', 'commandResult', 'untilResult']);
    for (let i = 0; i < cut.out.length; i++) {
      const m = cut.out[i]!;
      if (m.type === 'commandResult' || m.type === 'untilResult') expect(cut.out[i + 1]).toMatchObject({ type: 'diff', ack: m.id });
      if (m.type === 'diff' && m.partial) expect(ds.find((d) => d.ack === m.partial!.of && d.from >= m.to)).toBeDefined();
    }
    expect(folded(cut.out)).toEqual(folded(whole.out));
  });

  it("while init replays a log, an input's pieces are partial and only its last diff stands for it", () => {
    const log: LogEntry[] = [
      { type: 'command', line: 'kubectl apply -f go-api.yaml' },
      { type: 'advance', ms: 30_000 },
      { type: 'command', line: 'kubectl get pods' },
    ];
    const whole = classroom(Number.POSITIVE_INFINITY, log);
    const cut = classroom(4 * 1024, log);
    const ds = diffs(cut.out);
    expect(ds.length).toBeGreaterThan(diffs(whole.out).length);
    expect(ds.every((d) => d.ack === undefined)).toBe(true);
    expect(ds.filter((d) => !d.partial)).toHaveLength(log.length);
    expect(ds.filter((d) => d.partial).every((d) => d.partial!.of === undefined)).toBe(true);
    expect(cut.out.map((m) => m.type).at(-1)).toBe('ready');
    expect(folded(cut.out)).toEqual(folded(whole.out));
  });
});

describe('coalesce and sample', () => {
  it('keeps the last version of each key, in the order of those versions', () => {
    const v = (seq: number, key: string) => ({ seq, key, object: null });
    expect(coalesce([v(1, 'a'), v(2, 'b'), v(3, 'a'), v(4, 'c')]).map((c) => c.seq)).toEqual([2, 3, 4]);
  });

  it("samples evenly, always keeping the learner's requests, in trace order", () => {
    const rec = (seq: number, from: string) => ({ seq, at: seq, from, to: 'kube-apiserver', kind: 'request', summary: '' }) as unknown as TraceRecord;
    const records = Array.from({ length: 100 }, (_, i) => rec(i + 1, i === 49 ? 'kubectl' : 'kubelet/node-1'));
    const s = sample(records, 10);
    expect(s).toHaveLength(10);
    expect(s.some((r) => r.from === 'kubectl')).toBe(true);
    expect(s.map((r) => r.seq)).toEqual([...s.map((r) => r.seq)].sort((a, b) => a - b));
    expect(sample(records.slice(0, 5), 10)).toHaveLength(5);
  });
});
