/**
 * The narration log: the last few steps of the story up to the moment shown, one line per message
 * the sequence view shows (same projection and options as stepping), oldest first. It is a
 * projection of the tape at the moment, not a record of what was spoken: stepping back and forth
 * can neither repeat a step nor put one out of order, and each line is keyed by its record's seq,
 * which is unique on a tape.
 */
import type { TraceRecord } from '../../engine/core/trace';
import type { Locale } from '../i18n/catalog';
import { TRACE_LIMIT } from '../store/cluster';
import { messagesBetween, type StepOptions } from '../store/playback';
import { upperBound, type Tape } from '../store/tape';
import { narrateStep } from './narrate';
import { WHY_LOOKAHEAD } from './why';

export interface NarrationLine {
  /** Seq of the record the step lands on (its message's last record). */
  seq: number;
  at: number;
  text: string;
}

/**
 * Records projected at first to find `size` messages; doubled while too few are visible, up to
 * what the sequence view itself holds (TRACE_LIMIT): the log never reaches further back than the
 * view, and a long quiet stretch costs a bounded projection per frame.
 */
const FIRST_WINDOW = 256;

/** Indexes into `tape.records` of the last `size` steps at or before `seq`, oldest first. */
export function stepIndexes(tape: Tape, seq: number, opts: StepOptions, size: number): number[] {
  const end = upperBound(tape.records, tape.recordCount, seq);
  for (let window = FIRST_WINDOW; ; window *= 2) {
    const from = Math.max(0, end - Math.min(window, TRACE_LIMIT));
    const messages = messagesBetween(tape, from, end, opts);
    if (messages.length >= size || from === 0 || window >= TRACE_LIMIT) return messages.slice(-size).map((m) => upperBound(tape.records, end, m.lastSeq) - 1);
  }
}

/**
 * Sentences cached per record object: a record never changes, and a new tape (a fork) brings
 * new objects. A line near the tape's end is not cached: what follows it may still arrive.
 */
const cache: Record<Locale, WeakMap<TraceRecord, string>> = { en: new WeakMap(), 'zh-CN': new WeakMap() };

export function narrationLog(tape: Tape, seq: number, opts: StepOptions, size: number, locale: Locale): NarrationLine[] {
  return stepIndexes(tape, seq, opts, size).map((i) => {
    const r = tape.records[i]!;
    let text = cache[locale].get(r);
    if (text === undefined) {
      text = narrateStep(tape.records, i, locale, tape.recordCount);
      if (i + WHY_LOOKAHEAD < tape.recordCount) cache[locale].set(r, text);
    }
    return { seq: r.seq, at: r.at, text };
  });
}
