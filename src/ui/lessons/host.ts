/**
 * What the lesson controller needs from the page's cluster (the bridge implements it): start a
 * run, type lines visibly, pause on a breakpoint, evaluate conditions, show a moment. The
 * LessonDriver the lesson machine uses is a thin adapter over it.
 */
import type { Breakpoint, Condition } from '../../engine/observe/pattern';
import type { ConditionVerdict, LessonDriver, Moment, UntilOutcome } from '../../lesson-runtime/driver';
import { durationMs } from '../../lesson-runtime/duration';
import type { SavedRun } from '../../lesson-runtime/progress';

export interface LessonHost {
  /** Replaces the cluster with this run (a fresh one when the log is empty) on these files; resolves when it is ready. */
  restart(run: SavedRun, files: Record<string, string>): Promise<void>;
  /** Types `line` into the terminal as a person would and runs it; resolves with its exit code once it has finished. */
  type(line: string): Promise<number>;
  until(bp: Breakpoint, withinMs: number, sinceSeq?: number): Promise<{ reached: boolean; seq?: number }>;
  evaluate(conditions: readonly Condition[], sinceSeq: number): Promise<ConditionVerdict[]>;
  /** The newest moment of the run (where the worker is). */
  frontier(): Moment;
  /** Shows a moment of the run on the stage. */
  show(at: Moment): void;
  /** The run as it stands, to save with the lesson's progress. */
  currentRun(): SavedRun;
  /** Lets the cluster run on from the newest moment (a task's goal takes simulated time). */
  playLive(): void;
  /**
   * No lesson gives the page its cluster (the learner left one before it asked for its own, or
   * there was no such lesson): the page goes on with the cluster it has. A page opened with a
   * lesson link has none yet; this starts its own run at once.
   */
  keepOwn(): void;
}

export function hostDriver(host: LessonHost): LessonDriver {
  return {
    now: () => Promise.resolve(host.frontier()),
    async run(lines) {
      for (const line of lines) await host.type(line);
    },
    async until(u, sinceSeq): Promise<UntilOutcome> {
      const bp: Breakpoint = 'trace' in u ? { trace: u.trace } : { state: u.state };
      const r = await host.until(bp, durationMs(u.within), sinceSeq);
      const at = host.frontier();
      // Show the matching record itself, not the end of the message that produced it; a state
      // condition has no record, so show the moment it first held (where the run stopped).
      host.show(r.seq === undefined ? at : { seq: r.seq, t: at.t });
      return r.seq === undefined ? { reached: r.reached, at } : { reached: r.reached, at, seq: r.seq };
    },
    evaluate: (conditions, sinceSeq) => host.evaluate(conditions, sinceSeq),
    show: (at) => host.show(at),
  };
}
