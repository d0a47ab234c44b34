/**
 * What a running lesson needs from the cluster. The browser implements it over the worker
 * protocol (the bridge); the headless checker implements it over a kubectl Session. The lesson
 * machine is the same in both, so what CI proves is what a learner gets.
 */
import type { Condition } from '../engine/observe/pattern';
import type { Until } from './schema';

/** A point on the run's timeline: the last trace seq and the simulated time. */
export interface Moment {
  seq: number;
  t: number;
}

/** One condition's result, with the evidence it cites. */
export interface ConditionVerdict {
  holds: boolean;
  count?: number;
  /** Trace seqs that matched. */
  records: number[];
  /** Objects that matched (`Pod default/x`). */
  objects: string[];
}

export interface UntilOutcome {
  reached: boolean;
  /** Where the run stopped: the matching record (reached) or the end of the budget. */
  at: Moment;
  /** The matching trace record's seq, for a trace breakpoint that was reached. */
  seq?: number;
}

export interface LessonDriver {
  /** The moment the cluster is at now (the frontier of the run). */
  now(): Promise<Moment>;
  /** Runs command lines in order, as a learner would type them; resolves when the last finishes. */
  run(lines: readonly string[]): Promise<void>;
  /**
   * Runs the cluster until the breakpoint or the budget, whichever comes first. A state
   * breakpoint's trace conditions count records after `sinceSeq` (default: from now).
   */
  until(u: Until, sinceSeq?: number): Promise<UntilOutcome>;
  /** Evaluates conditions now; trace conditions count records after `sinceSeq`. */
  evaluate(conditions: readonly Condition[], sinceSeq: number): Promise<ConditionVerdict[]>;
  /** Shows a past moment on the stage (going back a step). Headless: nothing to show. */
  show(at: Moment): void;
}
