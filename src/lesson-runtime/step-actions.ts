/**
 * What each kind of step does to the cluster, over a LessonDriver. The lesson machine invokes
 * these as its actors; `playThrough` runs them back to back to bring a lesson's cluster to a
 * later step (a link into a step the learner has not reached), so a step played for the learner
 * leaves the cluster exactly as the machine would have.
 */
import type { LessonDriver, Moment } from './driver';
import type { Predict, Step, Task } from './schema';
import { stepKind, stepLines } from './steps';

/** A task's solution may take this long to show its effect before it counts as not reached. */
export const DEFAULT_SETTLE_MS = 60_000;

export interface ActResult {
  start: Moment;
  end: Moment;
  reached?: boolean;
}

/** An act step: its lines, or its pause point (trace conditions counted from `sinceSeq`). */
export async function act(driver: LessonDriver, s: Step, sinceSeq?: number): Promise<ActResult> {
  const start = await driver.now();
  let reached: boolean | undefined;
  if (s.until) reached = (await driver.until(s.until, sinceSeq)).reached;
  else await driver.run(stepLines(s));
  const end = await driver.now();
  return reached === undefined ? { start, end } : { start, end, reached };
}

/** What a prediction's reveal does to the cluster (evaluating its options is the machine's part). */
export async function reveal(driver: LessonDriver, p: Predict): Promise<void> {
  if (p.reveal.run) await driver.run(p.reveal.run);
  if (p.reveal.until) await driver.until(p.reveal.until);
  if (p.reveal.advance) await driver.run([`sim advance ${p.reveal.advance}`]);
}

/** A task's reference solution, run until its goal holds or its settle time is over. */
export async function solve(driver: LessonDriver, t: Task): Promise<Moment> {
  await driver.run(t.solution);
  await driver.until({ state: t.check, within: t.settle ?? `${DEFAULT_SETTLE_MS / 1000}s` });
  return driver.now();
}

export interface PlayedStep {
  start: Moment;
  end: Moment;
  reached?: boolean;
}

/**
 * Plays steps `from` … `to − 1` as the lesson would with a learner who answers nothing: every
 * act runs, every prediction's reveal and every task's reference solution run (so the cluster is
 * where the lesson expects it at step `to`); no answer is recorded. `done` names steps whose
 * action already ran (they are passed over); `onStep` reports each step as it begins.
 * Resolves with the moments of the steps played, keyed by step id, as the machine records them.
 */
export async function playThrough(
  driver: LessonDriver,
  steps: readonly Step[],
  range: { from: number; to: number },
  known: Readonly<Record<string, { start: Moment; end?: Moment }>>,
  onStep: (index: number) => void = () => undefined,
): Promise<Record<string, PlayedStep>> {
  const played: Record<string, PlayedStep> = {};
  const startOf = (id: string): number | undefined => (played[id] ?? known[id])?.start.seq;
  for (let i = range.from; i < range.to; i++) {
    const s = steps[i]!;
    if (known[s.id]?.end !== undefined) continue;
    onStep(i);
    switch (stepKind(s)) {
      case 'act': {
        const since = s.until?.since === undefined ? undefined : startOf(s.until.since);
        played[s.id] = await act(driver, s, since);
        break;
      }
      case 'predict': {
        const start = known[s.id]?.start ?? (await driver.now());
        await reveal(driver, s.predict!);
        played[s.id] = { start, end: await driver.now() };
        break;
      }
      case 'task': {
        const start = known[s.id]?.start ?? (await driver.now());
        played[s.id] = { start, end: await solve(driver, s.task!) };
        break;
      }
      case 'say':
      case 'quiz': {
        const at = known[s.id]?.start ?? (await driver.now());
        played[s.id] = { start: at, end: at };
        break;
      }
    }
  }
  return played;
}
