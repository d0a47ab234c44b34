/**
 * The built-in lessons as the page receives them, made at build time (src/cli/lessons/bundle.ts,
 * the `reconcile-lessons` Vite plugin): a small catalog for the front door, and each lesson — the
 * validated lesson and the files beside it — in a chunk of its own, loaded when it starts.
 */
import type { Lesson, Text } from './schema';

export interface BundledLesson {
  lesson: Lesson;
  /** The files beside lesson.yaml, by name (manifests it applies). */
  files: Record<string, string>;
}

export interface SyllabusEntry extends Text {
  id: string;
}

export interface Syllabus {
  objectives: SyllabusEntry[];
  misconceptions: SyllabusEntry[];
  failures: SyllabusEntry[];
}

/** What the catalog shows of a lesson without loading it. */
export interface CatalogEntry {
  id: string;
  version: number;
  title: Text;
  summary: Text;
  minutes: number;
  steps: number;
  objectives: string[];
  misconceptions: string[];
  failures: string[];
  drills: string[];
  topology: 'basic' | 'ha';
}

export interface LessonBundle {
  catalog: CatalogEntry[];
  syllabus: Syllabus;
  load(id: string): Promise<BundledLesson | undefined>;
}

export function catalogEntry(l: Lesson): CatalogEntry {
  return {
    id: l.id,
    version: l.version,
    title: l.title,
    summary: l.summary,
    minutes: l.minutes,
    steps: l.steps.length,
    objectives: l.objectives,
    misconceptions: l.misconceptions,
    failures: l.failures,
    drills: l.drills,
    topology: l.topology,
  };
}
