/**
 * Proves a lesson against the real engine, headless: it runs the lesson's own machine over a
 * fresh Session, as a learner who always answers with the key would, and reports every way the
 * file and the simulation disagree: a pause point not reached in its budget, a prediction whose
 * key does not hold or whose wrong option does, a task already done before the learner acts or
 * not done by its reference solution, a `sim` line the simulator refuses, a focus on something
 * that does not exist — and, once the walk is clean, a link into a later step that would play the
 * steps before it to a different cluster (skip-proof.ts).
 */
import { createActor, waitFor } from 'xstate';
import { Session } from '../../kubectl/session';
import { createLessonMachine, phaseOf, stepKind, type LessonSnapshot } from '../../lesson-runtime/machine';
import type { Lesson, Step } from '../../lesson-runtime/schema';
import { SessionDriver } from './session-driver';
import { skipProblems } from './skip-proof';

export interface LessonReport {
  id: string;
  problems: string[];
  steps: number;
  predicts: number;
  /** Every line the lesson ran and what it printed. */
  transcript: string;
}

/** Phases in which the machine waits for the learner (or is done). */
const SETTLED = new Set(['ready', 'asking', 'answered', 'working', 'solved', 'review', 'failed', 'finished']);

export interface CheckOptions {
  /** Minimum number of predict steps a lesson must have. */
  minPredicts?: number;
  /** Topology to run (defaults to the lesson's). */
  topology?: 'basic' | 'ha';
}

export async function checkLesson(lesson: Lesson, files: Record<string, string>, opts: CheckOptions = {}): Promise<LessonReport> {
  const problems: string[] = [];
  const session = new Session({ seed: lesson.seed, topology: opts.topology ?? lesson.topology, files });
  const driver = new SessionDriver(session);
  const actor = createActor(createLessonMachine(lesson, driver));
  actor.start();
  const settled = (s: LessonSnapshot): boolean => SETTLED.has(phaseOf(s));
  const where = (s: Step): string => `step ${s.id}`;
  let finished: LessonSnapshot | undefined;

  try {
    for (let guard = 0; guard < lesson.steps.length * 6 + 10; guard++) {
      const snap = await waitFor(actor, settled, { timeout: 120_000 });
      const phase = phaseOf(snap);
      if (phase === 'finished') {
        finished = snap;
        break;
      }
      const step = lesson.steps[snap.context.index]!;
      if (phase === 'failed') {
        problems.push(`${where(step)}: the lesson failed: ${snap.context.error ?? 'unknown error'}`);
        break;
      }
      if (phase === 'ready' && step.until && snap.context.records[step.id]?.reached !== true) {
        problems.push(`${where(step)}: the pause point was not reached within ${step.until.within}`);
      }
      if (phase === 'asking' && step.predict) {
        actor.send({ type: 'ANSWER', choice: step.predict.key });
        const answered = await waitFor(actor, settled, { timeout: 120_000 });
        if (phaseOf(answered) !== 'answered') continue;
        for (const v of answered.context.answers[step.id]?.verdicts ?? []) {
          const opt = step.predict.options.find((o) => o.id === v.id)!;
          const seen = v.count === undefined ? '' : ` (counted ${v.count})`;
          if (v.id === step.predict.key && !v.holds) problems.push(`${where(step)}: the key "${v.id}" does not hold after the reveal${seen}`);
          if (v.id !== step.predict.key && v.holds) problems.push(`${where(step)}: the wrong option "${v.id}"${opt.misconception ? ` (${opt.misconception})` : ''} holds after the reveal${seen}`);
        }
        continue;
      }
      if (phase === 'asking' && step.quiz) {
        actor.send({ type: 'ANSWER', choice: step.quiz.key });
        continue;
      }
      if (phase === 'working' && step.task) {
        const before = await driver.evaluate([step.task.check], snap.context.records[step.id]!.start.seq);
        if (before[0]!.holds) problems.push(`${where(step)}: the task's goal already holds before the learner does anything`);
        actor.send({ type: 'SOLVE' });
        const after = await waitFor(actor, settled, { timeout: 120_000 });
        if (phaseOf(after) !== 'solved') {
          problems.push(`${where(step)}: the reference solution does not reach the goal`);
          break;
        }
        continue;
      }
      actor.send({ type: 'NEXT' });
    }
  } catch (e) {
    problems.push(`the lesson did not finish: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    actor.stop();
  }

  // A directive that sets the scene must work; `sim curl` or `sim why` may report a failure on purpose.
  for (const e of driver.transcript) {
    if (/^(sim\s+(fail|recover|advance|topology)|sleep)\b/.test(e.line) && e.exitCode !== 0) problems.push(`"${e.line}" failed: ${e.output.trim().split('\n')[0]}`);
  }
  if (finished && problems.length === 0) {
    problems.push(...(await skipProblems(lesson, files, opts.topology ?? lesson.topology, { transcript: driver.transcript, records: finished.context.records })));
  }
  const predicts = lesson.steps.filter((s) => stepKind(s) === 'predict').length;
  if (predicts < (opts.minPredicts ?? 2)) problems.push(`has ${predicts} predict step(s); a lesson needs at least ${opts.minPredicts ?? 2}`);
  const transcript = driver.transcript.map((e) => `$ ${e.line}\n${e.output}`).join('');
  return { id: lesson.id, problems, steps: lesson.steps.length, predicts, transcript };
}
