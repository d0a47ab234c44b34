import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { loadLesson } from '../../lesson-runtime/load';
import { emptyProgress, type LessonContext } from '../../lesson-runtime/machine';
import type { Lesson } from '../../lesson-runtime/schema';
import type { LessonsState } from '../lessons/state';
import { createAppStore } from '../store/store';
import { classroomLesson, lessonFeed } from './lesson';

function lessonOne(): Lesson {
  const r = loadLesson(readFileSync(new URL('../../../lessons/01-cluster-at-a-glance/lesson.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const lesson = lessonOne();
const predictAt = lesson.steps.findIndex((s) => s.predict);
const stepId = lesson.steps[predictAt]!.id;

function withActive(store: ReturnType<typeof createAppStore>, phase: string, own = false, revealed: Record<string, boolean> = {}): void {
  const context: LessonContext = { ...emptyProgress(), index: predictAt, lesson };
  store.setState((s) => ({ lessons: { ...s.lessons, revealed, active: { entry: { lesson, files: {} }, own, phase, context } } }));
}

describe('classroomLesson', () => {
  it('sends a built-in lesson’s step and phase; in presenter mode the answer only once revealed', () => {
    const store = createAppStore();
    const lessons = (): LessonsState => store.getState().lessons;
    expect(classroomLesson(lessons(), true)).toBeUndefined();
    withActive(store, 'answered');
    expect(classroomLesson(lessons(), true)).toEqual({ id: lesson.id, index: predictAt, phase: 'answered', revealed: false });
    // Without presenter mode the presenter's own screen shows the answer: nothing is hidden from the room.
    expect(classroomLesson(lessons(), false)?.revealed).toBe(true);
    withActive(store, 'answered', false, { [stepId]: true });
    expect(classroomLesson(lessons(), true)?.revealed).toBe(true);
  });

  it('sends nothing for a learner’s own lesson file (the audience cannot load it)', () => {
    const store = createAppStore();
    withActive(store, 'asking', true);
    expect(classroomLesson(store.getState().lessons, false)).toBeUndefined();
  });

  it('the feed calls back on a change of the lessons or of presenter mode, not of the cluster', () => {
    const store = createAppStore();
    const mode = createStore<{ on: boolean }>()(() => ({ on: true }));
    const feed = lessonFeed(store, mode);
    let calls = 0;
    const off = feed.subscribe(() => calls++);
    store.setState((s) => ({ playback: { ...s.playback, speed: 4 } }));
    expect(calls).toBe(0);
    withActive(store, 'asking');
    expect(calls).toBe(1);
    expect(feed.current()).toMatchObject({ phase: 'asking', revealed: false });
    mode.setState({ on: false });
    expect(calls).toBe(2);
    expect(feed.current()?.revealed).toBe(true);
    off();
    withActive(store, 'answered');
    expect(calls).toBe(2);
  });
});
