/**
 * What the presenter's page tells the room about its lesson (messages.ts `ClassroomLesson`), read
 * from the lessons' slice of the store and the page's presenter mode.
 *
 * A step's answer counts as revealed when the presenter's own screen shows it: in presenter mode
 * only after the instructor's reveal, without presenter mode as soon as it is answered (nothing
 * is hidden from the room then). The audience still shows a key only in a phase past the answer.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { LessonsState } from '../lessons/state';
import type { AppStore } from '../store/store';
import type { ClassroomLesson } from './messages';

export function classroomLesson(lessons: LessonsState, presenterMode: boolean): ClassroomLesson | undefined {
  const a = lessons.active;
  // A learner's own file (or a drill's demonstration) is not in the audience's bundle.
  if (!a || a.own) return undefined;
  const step = a.entry.lesson.steps[a.context.index];
  return { id: a.entry.lesson.id, index: a.context.index, phase: a.phase, revealed: step !== undefined && (!presenterMode || lessons.revealed[step.id] === true) };
}

/** The presenter's lesson as installClassroom reads it: the current part, and a call on every change. */
export interface LessonFeed {
  current(): ClassroomLesson | undefined;
  subscribe(changed: () => void): () => void;
}

export function lessonFeed(store: AppStore, presenterMode: StoreApi<{ on: boolean }>): LessonFeed {
  return {
    current: () => classroomLesson(store.getState().lessons, presenterMode.getState().on),
    subscribe: (changed) => {
      const offLessons = store.subscribe((s, prev) => {
        if (s.lessons !== prev.lessons) changed();
      });
      const offMode = presenterMode.subscribe(changed);
      return () => {
        offLessons();
        offMode();
      };
    },
  };
}
