/**
 * Playback: how the moment shown moves through the tape. The worker only ever runs forwards (its
 * clock is the tape's frontier); the UI's playhead moves over what the tape already holds and
 * asks the worker for more only when it reaches the frontier.
 *
 * Stepping moves one message of the sequence view at a time, using the same projection (and the
 * same options: folded apiserver stages, hidden background), so a step always lands on a row
 * the learner can see.
 */
import { CLASSIFY_LOOKBACK, toSequence, type SequenceMessage, type SequenceOptions } from '../sequence/model';
import { upperBound, type Tape } from './tape';

export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20] as const;
export const MIN_SPEED = SPEEDS[0];
export const MAX_SPEED = SPEEDS[SPEEDS.length - 1]!;

export interface PlaybackState {
  playing: boolean;
  speed: number;
  /**
   * False once the learner went back in time (step back, seek, previous milestone): a command
   * typed then forks the run. Becomes true again when the moment shown reaches the frontier.
   */
  following: boolean;
  /** A command waiting for the learner to confirm discarding the future (see ForkDialog). */
  pendingFork: { line: string; stdin?: string; reply?: true; laptop?: true; atMs: number } | undefined;
}

/** A page opens paused: nothing happens until the learner acts, so the first messages are never missed. */
export const initialPlaybackState: PlaybackState = { playing: false, speed: 1, following: true, pendingFork: undefined };

export type StepOptions = Pick<SequenceOptions, 'collapseApiserver' | 'hideBackground'>;

/** How many records around the moment are projected to find the neighbouring message. */
const WINDOW = 2000;

/**
 * The seq to show after one step forward from `seq`: the last record of the next visible
 * message. Undefined when the tape has no further visible message (ask the worker to step).
 */
export function nextStop(tape: Tape, seq: number, opts: StepOptions): number | undefined {
  for (let from = upperBound(tape.records, tape.recordCount, seq); from < tape.recordCount; from += WINDOW) {
    const msgs = messagesBetween(tape, from, Math.min(tape.recordCount, from + WINDOW), opts);
    if (msgs.length) return msgs[0]!.lastSeq;
  }
  return undefined;
}

/** The messages of records [from, end), classified with the records just before them as context (as the view sees them). */
export function messagesBetween(tape: Tape, from: number, end: number, opts: StepOptions): SequenceMessage[] {
  const start = Math.max(0, from - CLASSIFY_LOOKBACK);
  return toSequence(tape.records.slice(start, end), opts, from - start).messages;
}

/**
 * The seq to show after one step back: the end of the message before the current one (the last
 * visible message at or before `seq`); the tape's base when there is none.
 */
export function prevStop(tape: Tape, seq: number, opts: StepOptions): number {
  const end = upperBound(tape.records, tape.recordCount, seq);
  for (let from = Math.max(0, end - WINDOW); ; from = Math.max(0, from - WINDOW)) {
    const msgs = messagesBetween(tape, from, end, opts);
    if (msgs.length >= 2) return msgs[msgs.length - 2]!.lastSeq;
    if (from === 0) return tape.baseSeq;
  }
}

/** Nearest supported speed for a requested one. */
export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed <= 0) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
}
