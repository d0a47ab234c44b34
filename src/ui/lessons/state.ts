/**
 * The lessons' part of the app store: the catalog's saved records, the running lesson's machine
 * snapshot (as plain data: phase, step index and context), and what the stage should focus.
 */
import type { BundledLesson, CatalogEntry, Syllabus } from '../../lesson-runtime/catalog';
import type { LessonError } from '../../lesson-runtime/load';
import type { LessonContext } from '../../lesson-runtime/machine';
import type { LessonRecord, StoreNotice } from '../../lesson-runtime/progress';
import type { Focus, Text } from '../../lesson-runtime/schema';
import type { ClassroomLesson } from '../classroom/messages';

export interface ActiveLesson {
  entry: BundledLesson;
  /** A learner's own file (not from the catalog): progress is not saved for it. */
  own: boolean;
  /** The machine's phase in the current step (`asking`, `revealing`, `review`…) or `finished`. */
  phase: string;
  context: LessonContext;
}

/**
 * A lesson on its way: asked for, but its first step is not on screen yet (the saved progress, its
 * chunk, the lesson machine or its cluster still loading — a second or more). It already owns the
 * cluster.
 */
export interface StartingLesson {
  title: Text;
  /** A learner's own file or a drill's demonstration (no progress kept). */
  own: boolean;
  /** A built-in lesson with saved progress: leaving now keeps that progress, with its run. */
  saved: boolean;
  /** Opening at a later step: the step being played for the learner, and the one to open on (1-based). */
  skipping?: { step: number; to: number };
}

export type LessonsNotice =
  | StoreNotice
  | { type: 'imported'; lessons: number; cards: number }
  | { type: 'import-failed'; error: string }
  /** A lesson's code or content failed to load; nothing started. */
  | { type: 'load-failed'; error: string }
  | { type: 'file-errors'; name: string; errors: LessonError[] };

export interface LessonsState {
  catalog: CatalogEntry[];
  syllabus: Syllabus;
  /** Saved progress by lesson id. */
  records: Record<string, LessonRecord>;
  /** Whether progress survives a reload (IndexedDB available). */
  persistent: boolean;
  notices: LessonsNotice[];
  catalogOpen: boolean;
  active?: ActiveLesson;
  /** Set from Start until the lesson's first step is on screen (then `active`), or until it is left. */
  starting?: StartingLesson;
  /** Presenter mode: prediction steps whose answer the instructor has revealed to the room. */
  revealed: Record<string, boolean>;
  /** The option chosen (not yet committed) in the open prediction: set by the panel or by a click on the diagram. */
  choice?: string;
  /** An audience window: the presenter's lesson step, shown read-only (set by the classroom). */
  followed?: ClassroomLesson;
  /** Trace seqs the current step's `trace` focus matches (resolved by the worker; the sequence view highlights them). */
  focusSeqs: number[];
  /** Progress writes still in flight to IndexedDB: a reload before they land resumes one step earlier. */
  saving: number;
  /** Why the last write of the running lesson's progress failed (cleared by the next that lands). */
  saveError?: string;
}

export const initialLessonsState: LessonsState = { catalog: [], syllabus: { objectives: [], misconceptions: [], failures: [] }, records: {}, persistent: false, notices: [], catalogOpen: false, revealed: {}, focusSeqs: [], saving: 0 };

/** The open prediction, when the learner is choosing (the diagram offers its components as answers). */
export function openPrediction(s: LessonsState): { form: 'choice' | 'component' | 'node'; options: string[] } | undefined {
  const a = s.active;
  if (!a || a.phase !== 'asking') return undefined;
  const p = a.entry.lesson.steps[a.context.index]?.predict;
  return p ? { form: p.form, options: p.options.map((o) => o.id) } : undefined;
}

/** What the stage highlights now: the running lesson step's focus. */
export function stageFocus(s: LessonsState): readonly Focus[] {
  const a = s.active;
  if (!a || a.phase === 'finished') return [];
  return a.entry.lesson.steps[a.context.index]?.focus ?? [];
}
