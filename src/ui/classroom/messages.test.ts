import { describe, expect, it } from 'vitest';
import { isClassroomMessage, sameLesson, type StateMessage } from './messages';

const state: StateMessage = { type: 'state', from: 'p1', seed: 1, topology: 'basic', log: [{ type: 'command', line: 'kubectl get pods' }, { type: 'advance', ms: 10 }], seq: 3, t: 300, playing: false, speed: 1 };
const lesson = { id: '01-cluster-at-a-glance', index: 2, phase: 'asking', revealed: false };

describe('isClassroomMessage', () => {
  it('accepts the three messages, a state with or without a lesson', () => {
    expect(isClassroomMessage({ type: 'hello' })).toBe(true);
    expect(isClassroomMessage({ type: 'presenter', from: 'p1' })).toBe(true);
    expect(isClassroomMessage(state)).toBe(true);
    expect(isClassroomMessage({ ...state, lesson })).toBe(true);
    expect(isClassroomMessage(structuredClone({ ...state, lesson }))).toBe(true);
  });

  it('refuses a malformed state', () => {
    expect(isClassroomMessage(null)).toBe(false);
    expect(isClassroomMessage({ ...state, topology: 'huge' })).toBe(false);
    expect(isClassroomMessage({ ...state, seq: Number.NaN })).toBe(false);
    expect(isClassroomMessage({ ...state, log: [{ type: 'advance', ms: -1 }] })).toBe(false);
  });

  it('refuses a lesson part that is not one (untrusted: bounded strings, an integer index)', () => {
    const bad = [
      null,
      'lesson',
      { ...lesson, id: '' },
      { ...lesson, id: 'x'.repeat(129) },
      { ...lesson, id: 7 },
      { ...lesson, index: 1.5 },
      { ...lesson, index: -1 },
      { ...lesson, index: 1e9 },
      { ...lesson, index: '2' },
      { ...lesson, phase: '' },
      { ...lesson, phase: 'a'.repeat(33) },
      { ...lesson, revealed: 'yes' },
      { id: lesson.id, index: 2, phase: 'asking' },
    ];
    for (const l of bad) expect(isClassroomMessage({ ...state, lesson: l }), JSON.stringify(l)).toBe(false);
    expect(isClassroomMessage({ ...state, lesson: { ...lesson, id: 'x'.repeat(128), phase: 'a'.repeat(32), index: 9999 } })).toBe(true);
  });
});

describe('sameLesson', () => {
  it('compares by value', () => {
    expect(sameLesson(undefined, undefined)).toBe(true);
    expect(sameLesson(lesson, structuredClone(lesson))).toBe(true);
    expect(sameLesson(lesson, undefined)).toBe(false);
    expect(sameLesson(lesson, { ...lesson, revealed: true })).toBe(false);
    expect(sameLesson(lesson, { ...lesson, phase: 'answered' })).toBe(false);
    expect(sameLesson(lesson, { ...lesson, index: 3 })).toBe(false);
  });
});
