/**
 * Interview drills and misconception cards on disk (`lessons/interview/`), and their proof: every
 * file validates, every link names a real lesson step, and every demonstration, played as a
 * lesson on a fresh cluster, reaches its observation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoLesson, type Drill, type MisconceptionCard } from '../../lesson-runtime/drill-schema';
import { formatErrors, loadDrill, loadMisconceptionCard } from '../../lesson-runtime/load';
import type { Lesson } from '../../lesson-runtime/schema';
import { checkLesson } from './check';
import { LESSONS_DIR } from './files';

export const INTERVIEW_DIR = join(LESSONS_DIR, 'interview');

export interface InterviewSources {
  drills: Drill[];
  cards: MisconceptionCard[];
  /** Manifests beside the cards, by name (what demonstrations apply). */
  files: Record<string, string>;
  problems: string[];
}

export function readInterview(dir = INTERVIEW_DIR): InterviewSources {
  const out: InterviewSources = { drills: [], cards: [], files: {}, problems: [] };
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir).sort()) {
    const path = join(dir, f);
    const text = readFileSync(path, 'utf8');
    if (/^q\d\d-.*\.ya?ml$/.test(f)) {
      const r = loadDrill(text);
      if (!r.ok) out.problems.push(formatErrors(path, r.errors));
      else if (`${r.value.id}.yaml` !== f) out.problems.push(`${path}: the id ${r.value.id} differs from the file name`);
      else out.drills.push(r.value);
    } else if (/^m\d-.*\.ya?ml$/.test(f)) {
      const r = loadMisconceptionCard(text);
      if (!r.ok) out.problems.push(formatErrors(path, r.errors));
      else if (`${r.value.id}.yaml` !== f) out.problems.push(`${path}: the id ${r.value.id} differs from the file name`);
      else out.cards.push(r.value);
    } else if (/\.ya?ml$/.test(f)) out.files[f] = text;
  }
  return out;
}

/** Problems with links from cards to lessons (`lesson-id#step-id`). */
export function linkProblems(card: { id: string; lessons: string[] }, lessons: readonly Lesson[]): string[] {
  const out: string[] = [];
  for (const link of card.lessons) {
    const [id, step] = link.split('#');
    const lesson = lessons.find((l) => l.id === id);
    if (!lesson) out.push(`${card.id}: links to lesson ${id}, which does not exist`);
    else if (step && !lesson.steps.some((s) => s.id === step)) out.push(`${card.id}: links to ${link}, but ${id} has no step ${step}`);
  }
  return out;
}

export async function checkDemo(card: Drill | MisconceptionCard, files: Record<string, string>): Promise<{ problems: string[]; transcript: string }> {
  const r = await checkLesson(demoLesson(card), files, { minPredicts: 0 });
  return { problems: r.problems.map((p) => p.replace(/^step observe: the pause point was not reached/, 'the observation did not hold')), transcript: r.transcript };
}
