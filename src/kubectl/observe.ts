/**
 * Lessons' view of a Session: where the run is, run until a pause point, and evaluate conditions,
 * including those that read kubectl output. An output condition runs its command line on a
 * throwaway fork of the session, so checking never moves the learner's cluster (a kubectl
 * invocation takes simulated time).
 */
import { type Breakpoint, type BreakpointOutcome, type Condition, evaluateCondition, type OutputCondition, runUntilBreakpoint, type Verdict } from '../engine/index';
import type { Session } from './session';

export interface Moment {
  seq: number;
  t: number;
}

export function momentOf(s: Session): Moment {
  return { seq: s.sim.lastTraceSeq, t: s.sim.now };
}

export function outputHolds(s: Session, c: OutputCondition): boolean {
  const fork = s.fork();
  const res = fork.run(c.output);
  const text = res.output.map((o) => o.text).join('');
  if (c.exitCode !== undefined && res.exitCode !== c.exitCode) return false;
  if (c.contains !== undefined && !text.includes(c.contains)) return false;
  if (c.notContains !== undefined && text.includes(c.notContains)) return false;
  if (c.matches !== undefined && !new RegExp(c.matches, 'm').test(text)) return false;
  return true;
}

export function evaluateOn(s: Session, c: Condition, sinceSeq: number): Verdict {
  return evaluateCondition(s.sim, c, sinceSeq, (o) => outputHolds(s, o));
}

export function runUntilOn(s: Session, bp: Breakpoint, withinMs: number, sinceSeq?: number): BreakpointOutcome {
  return runUntilBreakpoint(s.sim, bp, withinMs, sinceSeq);
}
