/**
 * A link into a later step of a lesson plays the steps before it for the learner
 * (lesson-runtime/step-actions.ts playThrough). That must leave the cluster exactly where the
 * lesson's own walk left it: the same lines with the same output, and every step beginning and
 * ending at the same moment (trace seq and simulated time). Playing is sequential, so proving the
 * play up to the last step proves a link into any step.
 */
import { Session } from '../../kubectl/session';
import type { Moment } from '../../lesson-runtime/driver';
import type { StepRecord } from '../../lesson-runtime/machine';
import type { Lesson } from '../../lesson-runtime/schema';
import { playThrough } from '../../lesson-runtime/step-actions';
import { SessionDriver, type DriverLogEntry } from './session-driver';

const at = (m: Moment | undefined): string => (m ? `seq ${m.seq}, ${m.t} ms` : 'never');
const same = (a: Moment | undefined, b: Moment | undefined): boolean => a?.seq === b?.seq && a?.t === b?.t;

/** What differs between the walk (its transcript and step records) and the steps played for a link to the last step. */
export async function skipProblems(
  lesson: Lesson,
  files: Record<string, string>,
  topology: 'basic' | 'ha',
  walked: { transcript: readonly DriverLogEntry[]; records: Readonly<Record<string, StepRecord>> },
): Promise<string[]> {
  const last = lesson.steps.length - 1;
  if (last < 1) return [];
  const skipper = new SessionDriver(new Session({ seed: lesson.seed, topology, files }));
  const played = await playThrough(skipper, lesson.steps, { from: 0, to: last }, {});
  for (const [i, e] of skipper.transcript.entries()) {
    const w = walked.transcript[i];
    if (!w || w.line !== e.line || w.output !== e.output) {
      return [`a link to step ${lesson.steps[last]!.id} plays "${e.line}" differently from the walk${w ? ` (walked: "${w.line}")` : ''}`];
    }
  }
  for (const s of lesson.steps.slice(0, last)) {
    const w = walked.records[s.id];
    const p = played[s.id];
    if (!same(w?.start, p?.start) || !same(w?.end, p?.end)) {
      return [`step ${s.id}: played for a link it runs from ${at(p?.start)} to ${at(p?.end)}, walked from ${at(w?.start)} to ${at(w?.end)}`];
    }
  }
  return [];
}
