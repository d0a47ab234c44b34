/**
 * The tape: everything the worker reported since the base snapshot — every trace record, every
 * committed object version and every component summary change, in order — so the UI can show
 * the cluster as it was at any trace record (time travel) without asking the worker.
 *
 * Invariants:
 * - `records`, `changes` and `componentChanges` are ascending by seq and append-only. Appending
 *   pushes onto the same arrays and returns a new Tape whose counts cover the new entries, so an
 *   older Tape value still describes exactly the prefix it was made with (cheap persistence:
 *   nothing is copied per frame). A snapshot or a fork starts a new tape with new arrays.
 * - Each change remembers the version it replaced (`prev`), so moving the view backwards is as
 *   cheap as moving it forwards.
 * - In scale mode (`scaleMode`) the worker sends the last version of each object per diff and a
 *   sample of the trace: the tape then holds those, plus the engine's exact per-second counts
 *   (`rates`, summed per second as diffs bring them, bounded to the last RATE_SECONDS).
 */
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary, DiffMessage, SnapshotMessage, Topology, TraceRateCount } from '../../protocol/messages';

export interface TapeChange {
  seq: number;
  key: string;
  object: KObject | null;
  prev: KObject | null;
}

export interface TapeComponentChange {
  seq: number;
  summary: ComponentSummary;
  prev: ComponentSummary | undefined;
}

export interface Tape {
  /** Diff version of the last applied message (gap detection). */
  version: number;
  topology: Topology;
  /** Trace seq and simulated time the base snapshot was taken at. */
  baseSeq: number;
  baseNow: number;
  baseObjects: ReadonlyMap<string, KObject>;
  baseComponents: ReadonlyMap<string, ComponentSummary>;
  records: TraceRecord[];
  recordCount: number;
  changes: TapeChange[];
  changeCount: number;
  componentChanges: TapeComponentChange[];
  componentChangeCount: number;
  /** The worker's clock and last trace seq after the last applied message. */
  frontierNow: number;
  frontierSeq: number;
  /** Latest version of every key (for `prev`); shared and append-only like the arrays. */
  latest: Map<string, KObject>;
  latestComponents: Map<string, ComponentSummary>;
  /** The cluster runs in scale mode (snapshot.scaleMode). */
  scaleMode: boolean;
  /** Scale mode: exact trace counts per simulated second (`Math.floor(at / 1000)`); shared and mutable like `latest`. */
  rates: Map<number, readonly TraceRateCount[]>;
}

/** Seconds of per-second counts the tape keeps (the engine holds 300; the view reads the last few). */
export const RATE_SECONDS = 600;

export function tapeFromSnapshot(msg: SnapshotMessage): Tape {
  const baseObjects = new Map(msg.objects.map((o) => [o.key, o.object]));
  const baseComponents = new Map(msg.components.map((c) => [c.id, c]));
  return {
    version: msg.version,
    topology: msg.topology,
    baseSeq: msg.seq,
    baseNow: msg.now,
    baseObjects,
    baseComponents,
    records: [],
    recordCount: 0,
    changes: [],
    changeCount: 0,
    componentChanges: [],
    componentChangeCount: 0,
    frontierNow: msg.now,
    frontierSeq: msg.seq,
    latest: new Map(baseObjects),
    latestComponents: new Map(baseComponents),
    scaleMode: msg.scaleMode === true,
    rates: new Map((msg.rates ?? []).map((r) => [r.second, r.counts])),
  };
}

export type AppendOutcome = { ok: true; tape: Tape } | { ok: false; reason: 'gap' };

/** Only the newest Tape value may be appended to (the arrays are shared with older values). */
export function appendDiff(tape: Tape, msg: DiffMessage): AppendOutcome {
  if (msg.from !== tape.version) return { ok: false, reason: 'gap' };
  // The engine's change log lost versions before this diff: objects may be stale, so resynchronise.
  if (msg.changesDropped) return { ok: false, reason: 'gap' };
  for (const r of msg.trace) tape.records.push(r);
  if (msg.rates) addRates(tape.rates, msg.rates);
  for (const c of msg.changes) {
    tape.changes.push({ seq: c.seq, key: c.key, object: c.object, prev: tape.latest.get(c.key) ?? null });
    if (c.object) tape.latest.set(c.key, c.object);
    else tape.latest.delete(c.key);
  }
  let frontierSeq = tape.frontierSeq;
  const lastRecord = msg.trace[msg.trace.length - 1];
  if (lastRecord && lastRecord.seq > frontierSeq) frontierSeq = lastRecord.seq;
  const lastChange = msg.changes[msg.changes.length - 1];
  if (lastChange && lastChange.seq > frontierSeq) frontierSeq = lastChange.seq;
  for (const s of msg.components) {
    tape.componentChanges.push({ seq: frontierSeq, summary: s, prev: tape.latestComponents.get(s.id) });
    tape.latestComponents.set(s.id, s);
  }
  return {
    ok: true,
    tape: {
      ...tape,
      version: msg.to,
      recordCount: tape.records.length,
      changeCount: tape.changes.length,
      componentChangeCount: tape.componentChanges.length,
      frontierNow: msg.now,
      frontierSeq,
    },
  };
}

/** Adds each second's counts (additive: a second two diffs share comes in both); keeps the last RATE_SECONDS. */
function addRates(rates: Map<number, readonly TraceRateCount[]>, seconds: NonNullable<DiffMessage['rates']>): void {
  for (const r of seconds) {
    const had = rates.get(r.second);
    if (!had) {
      rates.set(r.second, r.counts);
      continue;
    }
    const sum = new Map(had.map((c) => [`${c.kind}\u0000${c.from}\u0000${c.to}`, { ...c }]));
    for (const c of r.counts) {
      const k = `${c.kind}\u0000${c.from}\u0000${c.to}`;
      const x = sum.get(k);
      if (x) x.count += c.count;
      else sum.set(k, { ...c });
    }
    rates.set(r.second, [...sum.values()]);
  }
  const newest = seconds[seconds.length - 1]?.second;
  if (newest === undefined || rates.size <= RATE_SECONDS) return;
  for (const s of [...rates.keys()]) if (s <= newest - RATE_SECONDS) rates.delete(s);
}

/** Index of the first element whose seq is greater than `seq` (binary search over a prefix). */
export function upperBound(items: readonly { seq: number }[], count: number, seq: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The seq of the last record at or before simulated time `ms` (the base seq when none). */
export function seqAtTime(tape: Tape, ms: number): number {
  let lo = 0;
  let hi = tape.recordCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tape.records[mid]!.at <= ms) lo = mid + 1;
    else hi = mid;
  }
  if (lo === tape.recordCount && ms >= tape.frontierNow) return tape.frontierSeq;
  return lo === 0 ? tape.baseSeq : tape.records[lo - 1]!.seq;
}

/** The record with this seq, if the tape has it. */
export function recordAt(tape: Tape, seq: number): TraceRecord | undefined {
  const i = upperBound(tape.records, tape.recordCount, seq) - 1;
  const r = tape.records[i];
  return r && r.seq === seq ? r : undefined;
}

/** Simulated time of the moment `seq` (its record's time; the base or frontier time otherwise). */
export function timeOfSeq(tape: Tape, seq: number): number {
  if (seq <= tape.baseSeq) return tape.baseNow;
  if (seq >= tape.frontierSeq && (tape.recordCount === 0 || seq > tape.records[tape.recordCount - 1]!.seq)) return tape.frontierNow;
  const i = upperBound(tape.records, tape.recordCount, seq) - 1;
  return i >= 0 ? tape.records[i]!.at : tape.baseNow;
}

/**
 * A tape holds at most this many changes (or records) before its oldest half is folded into the
 * base: a class left playing at 20× for hours must not exhaust the page's memory. The moment
 * shown is never folded away.
 */
export const TAPE_LIMIT = 200_000;

/** Whether the tape has grown past TAPE_LIMIT. */
export function tapeFull(tape: Tape): boolean {
  return tape.changeCount > TAPE_LIMIT || tape.recordCount > TAPE_LIMIT;
}

/**
 * A new tape whose base is the cluster at seq `cut` (everything up to it folded in) and whose
 * arrays keep only what came after. Fresh arrays, so views keyed on the old ones re-index.
 */
export function foldTape(tape: Tape, cut: number): Tape {
  if (cut <= tape.baseSeq) return tape;
  const ci = upperBound(tape.changes, tape.changeCount, cut);
  const baseObjects = new Map(tape.baseObjects);
  for (let i = 0; i < ci; i++) {
    const c = tape.changes[i]!;
    if (c.object) baseObjects.set(c.key, c.object);
    else baseObjects.delete(c.key);
  }
  const ki = upperBound(tape.componentChanges, tape.componentChangeCount, cut);
  const baseComponents = new Map(tape.baseComponents);
  for (let i = 0; i < ki; i++) baseComponents.set(tape.componentChanges[i]!.summary.id, tape.componentChanges[i]!.summary);
  const ri = upperBound(tape.records, tape.recordCount, cut);
  const records = tape.records.slice(ri, tape.recordCount);
  const changes = tape.changes.slice(ci, tape.changeCount);
  const componentChanges = tape.componentChanges.slice(ki, tape.componentChangeCount);
  return {
    ...tape,
    baseSeq: cut,
    baseNow: timeOfSeq(tape, cut),
    baseObjects,
    baseComponents,
    records,
    recordCount: records.length,
    changes,
    changeCount: changes.length,
    componentChanges,
    componentChangeCount: componentChanges.length,
  };
}
