/**
 * Interview drills and misconception cards on disk (`lessons/interview/`): read and validated,
 * and their links to lesson steps checked. No engine here (the build reads these too).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Drill, MisconceptionCard } from '../../lesson-runtime/drill-schema';
import { formatErrors, loadDrill, loadMisconceptionCard } from '../../lesson-runtime/load';
import type { Lesson } from '../../lesson-runtime/schema';
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

