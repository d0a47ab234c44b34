/**
 * The outbox: what a host has drained from the Simulation, in order, cut into diffs the page can
 * take in one frame. Both hosts of the page's protocol send through it: the worker's (host.ts)
 * and, for a page attached to `reconcile serve`, the served cluster's (serve/attach/host.ts),
 * whose messages cross a WebSocket instead of postMessage and are held to the same budget.
 *
 * At classroom size nothing is dropped, coalesced or sampled: every committed version and every
 * trace record reaches the page, because stepping and time travel need them all. A drain that
 * fits the byte budget (`maxBytes`, CLASSROOM_MAX_BYTES) leaves as one diff; a larger one (the
 * 250 ms in which a ReplicaSet creates and the scheduler binds three Pods, a long advance's
 * progress) leaves as several consecutive diffs, each a prefix the page can fold on its own: it
 * ends after a whole trace moment — a record and every version committed under its seq (what
 * the page's `showAt` applies together) — so each piece holds the records and the versions up to
 * one seq, and the next piece starts after it. A moment larger than the budget on its own goes
 * alone (progress is never nothing). Folding the pieces gives exactly the one diff they replace.
 *
 * In scale mode (more than 100 workers) a rollout commits thousands of objects and writes tens
 * of thousands of trace records per simulated second; sent whole, one diff is megabytes the page
 * must clone and fold in a single task. There each diff holds:
 * - objects: at most `maxObjects` keys, each in its last version in the diff (a Pod written
 *   five times in a frame travels once). The rest waits for the next frame — nothing is
 *   dropped, so the page always ends with the last version of every object;
 * - trace records: a sample of at most `maxRecords` records (always the learner's own kubectl
 *   requests and faults, the rest evenly spaced), with the engine's exact per-second counts
 *   (`rates`, engine/core/trace-rates.ts) for the sequence view. The engine keeps its own
 *   window of full records (`sim trace`).
 *
 * Invariants (protocol/messages.ts): items leave in the order they were queued; a request's
 * diffs end with exactly one diff carrying its `ack`, after every diff of its data (the earlier
 * ones `partial`) and before anything queued after it, its results (`before`) just before that
 * last diff; versions chain (`from` = the previous diff's `to`); component summaries travel with
 * the diff that sends the last of a drain's data. Work ended as `pushed` (a served cluster's
 * pushes) has no such last diff: every one of its diffs is `partial`.
 */
import type { TraceRecord, TraceRateCount, TraceRateSecond } from '../engine/index';
import type { ComponentSummary, DiffMessage, FromWorker, ObjectChange } from '../protocol/messages';
import { jsonLength } from './json-length';

/** What one diff may carry. */
export interface StreamBudget {
  /** Distinct objects (after coalescing) per diff. */
  maxObjects: number;
  /** Trace records per diff (a sample beyond it, with exact counts). */
  maxRecords: number;
}

/**
 * The scale-mode budget, from measurements at 1,000 nodes during a 3,000-replica rollout (the
 * engine drained every 250 simulated ms): 250 ms commits up to ~250 versions of ~170 distinct
 * objects (~1.4 KB each as JSON) and writes up to ~1,500 trace records (~330 B each), ~0.8 MB
 * in all; a frame at 20× covers ~330 ms. 300 objects (~0.4 MB) keeps a frame's coalesced
 * objects whole in the common case, and 200 records (~65 KB) are more rows than the sampled
 * table shows. In Chromium such a diff costs the page ~4.5 ms to deserialise and ~1.6 ms to fold
 * into the tape (CPU profile; `npm run bench:ui` prints the main thread per diff with renders).
 */
export const SCALE_BUDGET: StreamBudget = { maxObjects: 300, maxRecords: 200 };

/** At classroom size: every object version and every record (cut by bytes instead: CLASSROOM_MAX_BYTES). */
export const UNBOUNDED: StreamBudget = { maxObjects: Number.POSITIVE_INFINITY, maxRecords: Number.POSITIVE_INFINITY };

/**
 * The classroom byte budget, in JSON characters per diff (the bench's measure, a close proxy for
 * what structured clone copies; each item measured once, by `jsonLength`). perf-reliability.md
 * (anchor 10, after surma.dev) gives ≤ 100 KiB per postMessage as fitting a 100 ms response on
 * the slowest devices and ≤ 10 KiB as safe inside an animation frame. 64 KiB stays well under the
 * first, with room for what the count leaves out (a moment larger than the budget goes alone; an
 * escape in a short string is counted without its backslash), while a step (~1 KiB) and a
 * playback frame (median 0.1 KiB) are never cut, and the largest classroom burst measured (the
 * go-api ReplicaSet's three Pods created and bound in one 250 ms: 103.8 KiB) becomes two diffs
 * rather than the eleven a 10 KiB budget would make: each diff is a task, a store update and a
 * round of selectors on the page, so fewer, fuller pieces cost it less.
 */
export const CLASSROOM_MAX_BYTES = 64 * 1024;

/** A diff's fields other than its items (type, epoch, versions, times, `partial`: ~150 characters), rounded up. */
const DIFF_ENVELOPE_BYTES = 256;

/** What one drain of the Simulation added. */
export interface Drained {
  changes: readonly ObjectChange[];
  trace: readonly TraceRecord[];
  components: readonly ComponentSummary[];
  /** Simulated time at the drain. */
  now: number;
  /** Scale mode: the engine's exact per-second counts of the records the drain covers (additive). */
  rates?: readonly TraceRateSecond[];
  /** Scale mode: versions the engine's change log dropped before these changes. */
  dropped?: number;
}

/** The end of one piece of work: its last diff carries `ack` (a request), stands for a replayed input, or is `pushed`. */
export interface WorkEnd {
  ack?: number;
  /**
   * Work the page did not ask for (a served cluster moved by an outside kubectl or its clock): it
   * settles no request and times no replayed input, so its last diff is `partial` like the rest.
   */
  pushed?: true;
}

interface Segment {
  /** The request this data belongs to (for `partial.of`); undefined while `init` replays. */
  of: number | undefined;
  /** Simulated time when the work began. */
  start: number;
  changes: ObjectChange[];
  /** Index of the first change not yet sent. */
  sentChanges: number;
  trace: TraceRecord[];
  sentTrace: number;
  /** Classroom: the JSON length of each change and record (and its comma), measured once, when a cut first reaches it. */
  changeBytes: number[];
  traceBytes: number[];
  components: Map<string, ComponentSummary>;
  /** Per-second counts not yet sent: second → (kind, from, to) → count, summed over drains. */
  rates: Map<number, Map<string, TraceRateCount>>;
  dropped: number;
  /** Simulated time of the last drain, and of the end of what has been sent so far. */
  now: number;
  sentNow: number;
  /** A diff is due even with nothing new in it (progress reports keep the page's watchdog fed). */
  due: boolean;
  /** Results to post just before the work's last diff (a command's output precedes its ack). */
  before: FromWorker[];
  end?: WorkEnd;
}

export interface OutboxOptions {
  post: (msg: FromWorker) => void;
  epoch: () => number;
  /** Scale mode: bounded diffs with rates. */
  scale: boolean;
  /** Scale mode's per-diff budget (SCALE_BUDGET unless given). */
  budget?: StreamBudget;
  /** At classroom size: JSON bytes per diff (CLASSROOM_MAX_BYTES unless given). */
  maxBytes?: number;
}

export class Outbox {
  private readonly queue: Segment[] = [];
  private version: number;
  private readonly budget: StreamBudget;
  private readonly maxBytes: number;

  constructor(
    private readonly opts: OutboxOptions,
    /** The snapshot's version: the first diff's `from`. */
    version: number,
  ) {
    this.version = version;
    this.budget = opts.scale ? (opts.budget ?? SCALE_BUDGET) : UNBOUNDED;
    this.maxBytes = opts.scale ? Number.POSITIVE_INFINITY : (opts.maxBytes ?? CLASSROOM_MAX_BYTES);
  }

  get scale(): boolean {
    return this.opts.scale;
  }

  /** Starts a piece of work (a request, or a replayed input when `of` is undefined). */
  begin(of: number | undefined, start: number): void {
    this.queue.push({ of, start, changes: [], sentChanges: 0, trace: [], sentTrace: 0, changeBytes: [], traceBytes: [], components: new Map(), rates: new Map(), dropped: 0, now: start, sentNow: start, due: false, before: [] });
  }

  /** Adds a drain to the open piece of work. */
  add(d: Drained): void {
    const seg = this.open();
    for (const c of d.changes) seg.changes.push(c);
    for (const r of d.trace) seg.trace.push(r);
    for (const c of d.components) seg.components.set(c.id, c);
    for (const r of d.rates ?? []) addSecond(seg.rates, r);
    seg.dropped += d.dropped ?? 0;
    seg.now = d.now;
  }

  /** The open piece of work reported progress: its next flush sends a diff even if it carries nothing. */
  progress(): void {
    this.open().due = true;
  }

  /** A result of the open piece of work: posted right before its last diff. */
  result(msg: FromWorker): void {
    this.open().before.push(msg);
  }

  /** Closes the open piece of work: its last diff will carry `end.ack`. */
  end(end: WorkEnd): void {
    this.open().end = end;
  }

  /**
   * Sends what is due. With `diffs` undefined everything goes now; otherwise at most that many
   * diffs, the rest waiting for the next call. Returns whether anything could still be sent (an
   * open piece of work with nothing new waits for its next drain, not for a flush).
   */
  flush(diffs?: number): boolean {
    let sent = 0;
    while (this.queue.length) {
      const seg = this.queue[0]!;
      // An open piece of work with nothing new waits for more; a closed one always ends with a diff.
      if (!seg.end && !unsent(seg)) break;
      if (diffs !== undefined && sent >= diffs) break;
      const { msg, done } = this.cut(seg);
      if (done) for (const m of seg.before.splice(0)) this.opts.post(m);
      this.opts.post(msg);
      sent++;
      if (done) this.queue.shift();
    }
    return this.queue.some((seg) => seg.end !== undefined || unsent(seg));
  }

  /**
   * The Simulation the diffs describe is gone (`sim topology`) or about to be replaced by a
   * snapshot: everything closed is sent, the open work's data is dropped (the snapshot holds
   * its outcome) and its results are posted; the caller then posts the snapshot.
   */
  abandon(): void {
    const open = this.queue.length && !this.queue[this.queue.length - 1]!.end ? this.queue.pop() : undefined;
    this.flush();
    for (const m of open?.before ?? []) this.opts.post(m);
  }

  private open(): Segment {
    const last = this.queue[this.queue.length - 1];
    if (!last || last.end) throw new Error('outbox: no open piece of work');
    return last;
  }

  /** The next diff of `seg`: everything, or as much as the budget allows (cut at a trace seq); `done`: the work's last. */
  private cut(seg: Segment): { msg: DiffMessage; done: boolean } {
    const { maxRecords } = this.budget;
    const c0 = seg.sentChanges;
    const t0 = seg.sentTrace;
    const { c1, t1 } = this.opts.scale ? this.objectCut(seg) : this.byteCut(seg);
    const all = c1 >= seg.changes.length;
    const records = seg.trace.slice(t0, t1);
    const changes = seg.changes.slice(c0, c1);
    const last = all && t1 >= seg.trace.length;
    const now = last ? seg.now : (records[records.length - 1]?.at ?? seg.sentNow);
    seg.sentChanges = c1;
    seg.sentTrace = t1;
    seg.due = false;
    seg.sentNow = now;
    const components = last ? [...seg.components.values()] : [];
    if (last) seg.components.clear();
    // Sent data is let go of (a long backlog must not hold it twice).
    if (last) {
      seg.changes = [];
      seg.trace = [];
      seg.sentChanges = 0;
      seg.sentTrace = 0;
      seg.changeBytes = [];
      seg.traceBytes = [];
    }
    // Rates and a drop go with the first diff that leaves: counts are additive, so early is fine.
    const rates = seg.rates.size ? [...seg.rates].sort((a, b) => a[0] - b[0]).map(([second, c]) => ({ second, counts: [...c.values()] })) : undefined;
    seg.rates.clear();
    const dropped = seg.dropped;
    seg.dropped = 0;
    const msgFrom = this.version++;
    const done = last && seg.end !== undefined;
    const final = done && !seg.end?.pushed;
    const partial: DiffMessage['partial'] | undefined = final ? undefined : seg.of === undefined ? {} : { of: seg.of };
    const msg: DiffMessage = {
      type: 'diff',
      epoch: this.opts.epoch(),
      ...(final && seg.end?.ack !== undefined ? { ack: seg.end.ack } : {}),
      ...(partial === undefined ? {} : { partial }),
      from: msgFrom,
      to: this.version,
      start: seg.start,
      now,
      changes: this.opts.scale ? coalesce(changes) : changes,
      components,
      trace: this.opts.scale ? sample(records, maxRecords) : records,
      ...(rates ? { rates } : {}),
      ...(dropped ? { changesDropped: dropped } : {}),
    };
    return { msg, done };
  }

  /**
   * Scale mode: at most `maxObjects` distinct objects, the versions of one trace moment together
   * (a moment alone over the budget goes whole), and the records up to the last change sent.
   */
  private objectCut(seg: Segment): { c1: number; t1: number } {
    const { maxObjects } = this.budget;
    const c0 = seg.sentChanges;
    let c1 = seg.changes.length;
    if (Number.isFinite(maxObjects)) {
      const keys = new Set<string>();
      for (let i = c0; i < seg.changes.length; i++) {
        const ch = seg.changes[i]!;
        if (!keys.has(ch.key) && keys.size >= maxObjects) {
          c1 = i;
          break;
        }
        keys.add(ch.key);
      }
      // Versions of one trace record's moment travel together: cut before its group, or, when
      // the group alone is over the budget, send the group whole (progress is never nothing).
      if (c1 < seg.changes.length) {
        const boundary = seg.changes[c1]!.seq;
        let i = c1;
        while (i > c0 && seg.changes[i - 1]!.seq === boundary) i--;
        if (i > c0) c1 = i;
        else while (c1 < seg.changes.length && seg.changes[c1]!.seq === boundary) c1++;
      }
    }
    // Records up to the last change sent (all of them when every change is).
    const cutSeq = c1 >= seg.changes.length ? Number.POSITIVE_INFINITY : seg.changes[c1 - 1]!.seq;
    let t1 = seg.sentTrace;
    while (t1 < seg.trace.length && seg.trace[t1]!.seq <= cutSeq) t1++;
    return { c1, t1 };
  }

  /**
   * Classroom: whole trace moments, in seq order, while they fit in `maxBytes` — a moment is the
   * record with that seq and the versions committed under it (changes carry the last seq at their
   * commit, so they follow their record; versions committed under an earlier seq come first as
   * a moment of their own). The page folds such a prefix as it would the whole: everything up to
   * one seq, nothing after it. The first moment always goes, however large.
   */
  private byteCut(seg: Segment): { c1: number; t1: number } {
    const { changes, trace, changeBytes, traceBytes } = seg;
    if (!Number.isFinite(this.maxBytes)) return { c1: changes.length, t1: trace.length };
    // Component summaries ride with the piece that ends the drain; counted in each (they are few).
    let bytes = DIFF_ENVELOPE_BYTES + (seg.components.size ? jsonLength([...seg.components.values()]) : 0);
    let c = seg.sentChanges;
    let t = seg.sentTrace;
    while (c < changes.length || t < trace.length) {
      const seq = Math.min(trace[t]?.seq ?? Number.POSITIVE_INFINITY, changes[c]?.seq ?? Number.POSITIVE_INFINITY);
      // One moment: [t, t2) and [c, c2), each item measured once (`,` between items included).
      let size = 0;
      let t2 = t;
      for (; t2 < trace.length && trace[t2]!.seq === seq; t2++) size += traceBytes[t2] ??= jsonLength(trace[t2]) + 1;
      let c2 = c;
      for (; c2 < changes.length && changes[c2]!.seq === seq; c2++) size += changeBytes[c2] ??= jsonLength(changes[c2]) + 1;
      const first = c === seg.sentChanges && t === seg.sentTrace;
      if (!first && bytes + size > this.maxBytes) break;
      bytes += size;
      c = c2;
      t = t2;
    }
    return { c1: c, t1: t };
  }

}

function unsent(seg: Segment): boolean {
  return seg.due || seg.sentChanges < seg.changes.length || seg.sentTrace < seg.trace.length || seg.components.size > 0 || seg.rates.size > 0;
}

/** Adds one second's counts into `into` (copies: the engine's entries are not ours to change). */
function addSecond(into: Map<number, Map<string, TraceRateCount>>, r: TraceRateSecond): void {
  let m = into.get(r.second);
  if (!m) into.set(r.second, (m = new Map()));
  for (const c of r.counts) {
    const k = `${c.kind}\u0000${c.from}\u0000${c.to}`;
    const had = m.get(k);
    if (had) had.count += c.count;
    else m.set(k, { ...c });
  }
}

/** The last version of each key, in commit order of those last versions. */
export function coalesce(changes: readonly ObjectChange[]): ObjectChange[] {
  const lastAt = new Map<string, number>();
  changes.forEach((c, i) => lastAt.set(c.key, i));
  return changes.filter((c, i) => lastAt.get(c.key) === i);
}

/** Records the learner always sees at scale: what they (or the instructor) did. */
function kept(r: TraceRecord): boolean {
  return r.from === 'kubectl' || r.from === 'kubectl-external' || r.from === 'user' || r.kind === 'fault';
}

/** At most `max` records: every kept one, then the others evenly spaced; trace order. */
export function sample(records: readonly TraceRecord[], max: number): TraceRecord[] {
  if (records.length <= max) return [...records];
  const must = records.filter(kept);
  const room = Math.max(0, max - must.length);
  const rest = records.length - must.length;
  const out: TraceRecord[] = [];
  let taken = 0;
  let seen = 0;
  for (const r of records) {
    if (kept(r)) {
      out.push(r);
      continue;
    }
    // Take the i-th of `rest` when it crosses the next of `room` even marks.
    if (taken < room && Math.floor(((seen + 1) * room) / rest) > taken) {
      out.push(r);
      taken++;
    }
    seen++;
  }
  return out;
}
