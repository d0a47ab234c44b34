/**
 * What a lesson step does, read from its data: its kind, and the command lines it types (faults
 * and simulated time are ordinary `sim` lines, so they are in the replay log and in links).
 * Kept apart from the machine so the page can read steps without loading xstate.
 */
import type { Step } from './schema';

export type StepKind = 'say' | 'act' | 'predict' | 'task' | 'quiz';

export function stepKind(s: Step): StepKind {
  if (s.predict) return 'predict';
  if (s.task) return 'task';
  if (s.quiz) return 'quiz';
  if (s.run || s.fault || s.recover || s.advance || s.until) return 'act';
  return 'say';
}

/** The command lines a step types (faults and time are ordinary `sim` lines, so they replay). */
export function stepLines(s: Step): string[] {
  if (s.run) return s.run;
  if (s.fault) return s.fault.map((t) => `sim fail ${t}`);
  if (s.recover) return s.recover.map((t) => `sim recover ${t}`);
  if (s.advance) return [`sim advance ${s.advance}`];
  return [];
}

