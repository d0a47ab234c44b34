/**
 * Scale mode's bounded diffs, through the real engine: a 3-worker cluster forced into scale
 * mode (`sim topology basic --scale-mode on`) with a tiny budget reaches the budget as a
 * 1,000-node rollout does, in a test's time.
 */
import { describe, expect, it } from 'vitest';
import type { TraceRecord } from '../engine/index';
import { Session } from '../kubectl/session';
import { PROTOCOL_VERSION, type DiffMessage, type FromWorker, type SnapshotMessage, type ToWorker } from '../protocol/messages';
import { createSimHost, type Pacer } from './host';
import { coalesce, sample, type StreamBudget } from './outbox';

const BUDGET: StreamBudget = { maxObjects: 8, maxRecords: 12 };
const SCALE = 'sim topology basic --scale-mode on';
const APPLY = 'kubectl create deployment web --image=nginx --replicas=6';

function harness(pacer?: Pacer) {
  const out: FromWorker[] = [];
  const host = createSimHost((m) => out.push(structuredClone(m)), undefined, pacer, BUDGET);
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
    expect(ds).toHaveLength(2);
    expect(ds.every((d) => d.rates === undefined && d.partial === undefined)).toBe(true);
    // Every committed version and every record, as before.
    expect(ds[1]!.changes.length).toBeGreaterThan(new Set(ds[1]!.changes.map((c) => c.key)).size);
    expect(ds[1]!.trace.length).toBeGreaterThan(BUDGET.maxRecords);
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
