/**
 * Which faults were active when: derived from the `fault` trace records on the tape (every
 * `sim fail` / `sim recover`, whoever typed or clicked it), so the console, the symptoms card and
 * the timeline markers agree with the moment shown, in the past as well as live.
 *
 * Invariants:
 * - A span opens at the record that injected the fault and closes at the one that healed it; a
 *   fault already active when the tape's base snapshot was taken has no start (it began before
 *   anything the page saw). Those are recovered from the components' reported faults at the base.
 * - The scan is incremental per tape (the record arrays are append-only and shared by every
 *   Tape value of one run), so deriving the active set at each frame costs O(faults), not
 *   O(records).
 */
import type { TraceRecord } from '../../engine/core/trace';
import type { Tape } from '../store/tape';

export interface FaultMark {
  seq: number;
  /** Simulated ms. */
  at: number;
}

export interface FaultSpan {
  target: string;
  /** Undefined: active since before the tape's base snapshot. */
  start: FaultMark | undefined;
  /** Undefined: still active (at the end of the tape, or at the moment asked about). */
  end: FaultMark | undefined;
}

interface Scan {
  scanned: number;
  /** Closed and open spans in start order; open spans are mutated when they close. */
  spans: FaultSpan[];
  open: Map<string, FaultSpan>;
}

const scans = new WeakMap<readonly TraceRecord[], Scan>();

function baseSpans(tape: Tape): Scan {
  const open = new Map<string, FaultSpan>();
  for (const c of tape.baseComponents.values()) {
    for (const f of c.details?.faults ?? []) if (!open.has(f)) open.set(f, { target: f, start: undefined, end: undefined });
  }
  return { scanned: 0, spans: [...open.values()], open };
}

function scanned(tape: Tape): Scan {
  let s = scans.get(tape.records);
  if (!s) scans.set(tape.records, (s = baseSpans(tape)));
  for (; s.scanned < tape.records.length; s.scanned++) {
    const r = tape.records[s.scanned]!;
    if (r.kind !== 'fault') continue;
    const { target, active } = r.detail;
    const current = s.open.get(target);
    if (active && !current) {
      const span: FaultSpan = { target, start: { seq: r.seq, at: r.at }, end: undefined };
      s.open.set(target, span);
      s.spans.push(span);
    } else if (!active && current) {
      current.end = { seq: r.seq, at: r.at };
      s.open.delete(target);
    }
  }
  return s;
}

/**
 * Every fault span on the tape as this Tape value knows it (records beyond its count are
 * ignored, so an older value still describes its own prefix). Fresh objects: safe to keep.
 */
export function faultSpans(tape: Tape): FaultSpan[] {
  const last = tape.recordCount ? tape.records[tape.recordCount - 1]!.seq : tape.baseSeq;
  return clip(scanned(tape).spans, last);
}

/** Whether the tape has any fault span at all (most tapes have none: their markers draw nothing). */
export function hasFaultSpans(tape: Tape): boolean {
  return scanned(tape).spans.length > 0;
}

/** The spans active at trace seq `seq`, keyed by target, each cut off at `seq`. */
export function activeFaults(tape: Tape | undefined, seq: number): Map<string, FaultSpan> {
  const out = new Map<string, FaultSpan>();
  if (!tape) return out;
  for (const span of clip(scanned(tape).spans, seq)) if (!span.end) out.set(span.target, span);
  return out;
}

function clip(spans: readonly FaultSpan[], seq: number): FaultSpan[] {
  const out: FaultSpan[] = [];
  for (const s of spans) {
    if (s.start && s.start.seq > seq) continue;
    out.push({ target: s.target, start: s.start, end: s.end && s.end.seq <= seq ? s.end : undefined });
  }
  return out;
}
