/**
 * The proof of interview drills and misconception cards: every demonstration, played as a lesson
 * on a fresh cluster, reaches its observation (reading and link checks: interview-files.ts).
 */
import { demoLesson, type Drill, type MisconceptionCard } from '../../lesson-runtime/drill-schema';
import { checkLesson } from './check';

export { INTERVIEW_DIR, linkProblems, readInterview, type InterviewSources } from './interview-files';

export async function checkDemo(card: Drill | MisconceptionCard, files: Record<string, string>): Promise<{ problems: string[]; transcript: string }> {
  const r = await checkLesson(demoLesson(card), files, { minPredicts: 0 });
  return { problems: r.problems.map((p) => p.replace(/^step observe: the pause point was not reached/, 'the observation did not hold')), transcript: r.transcript };
}
