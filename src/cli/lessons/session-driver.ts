/**
 * The LessonDriver over a kubectl Session: the headless twin of the browser's worker driver. It
 * records every line it runs and what it printed, so a failing check can show the transcript.
 */
import type { Condition } from '../../engine/index';
import { evaluateOn, momentOf, runUntilOn } from '../../kubectl/observe';
import type { Session } from '../../kubectl/session';
import { durationMs } from '../../lesson-runtime/duration';
import type { ConditionVerdict, LessonDriver, Moment, UntilOutcome } from '../../lesson-runtime/driver';
import type { Until } from '../../lesson-runtime/schema';

export interface DriverLogEntry {
  line: string;
  output: string;
  exitCode: number;
}

export class SessionDriver implements LessonDriver {
  readonly transcript: DriverLogEntry[] = [];

  constructor(readonly session: Session) {}

  now(): Promise<Moment> {
    return Promise.resolve(momentOf(this.session));
  }

  run(lines: readonly string[]): Promise<void> {
    for (const line of lines) {
      const r = this.session.run(line);
      this.transcript.push({ line, output: r.output.map((o) => o.text).join(''), exitCode: r.exitCode });
    }
    return Promise.resolve();
  }

  until(u: Until, sinceSeq?: number): Promise<UntilOutcome> {
    const bp = 'trace' in u ? { trace: u.trace } : { state: u.state };
    const r = runUntilOn(this.session, bp, durationMs(u.within), sinceSeq);
    return Promise.resolve({ reached: r.reached, at: momentOf(this.session), ...(r.seq === undefined ? {} : { seq: r.seq }) });
  }

  evaluate(conditions: readonly Condition[], sinceSeq: number): Promise<ConditionVerdict[]> {
    return Promise.resolve(conditions.map((c) => evaluateOn(this.session, c, sinceSeq)));
  }

  show(_at: Moment): void {}
}
