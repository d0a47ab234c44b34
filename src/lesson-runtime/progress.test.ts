import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { useFakeIndexedDB } from './fake-idb.testing';
import { DB_NAME, ProgressStore, type LessonRecord } from './progress';

const record = (id: string, index = 2): LessonRecord => ({
  id,
  version: 1,
  progress: { index, records: { intro: { start: { seq: 10, t: 100 }, end: { seq: 10, t: 100 } } }, answers: { guess: { choice: 'a', correct: false } }, hints: {}, attempts: {} },
  completed: false,
  startedAt: 1,
  updatedAt: 2,
  run: { seed: 7, topology: 'basic', log: [{ type: 'command', line: 'kubectl apply -f go-api.yaml' }], at: { seq: 40, t: 1200 } },
});

useFakeIndexedDB();

afterEach(async () => {
  const s = await ProgressStore.open();
  await s.clear();
  s.close();
});

describe('ProgressStore', () => {
  it('keeps a lesson record across reopening', async () => {
    const a = await ProgressStore.open();
    await a.putLesson(record('02-apply-to-running'));
    a.close();
    const b = await ProgressStore.open();
    expect(await b.lesson('02-apply-to-running')).toEqual(record('02-apply-to-running'));
    expect(b.notices).toEqual([]);
    b.close();
  });

  it('sets aside corrupted records with a notice instead of failing', async () => {
    const s = await ProgressStore.open();
    await s.putLesson(record('01-a'));
    s.close();
    const raw = await openDB(DB_NAME, 1);
    await raw.put('lessons', { id: '02-b', version: 'one', progress: null }, '02-b');
    await raw.put('lessons', '<<garbage>>', '03-c');
    raw.close();
    const t = await ProgressStore.open();
    const lessons = await t.lessons();
    expect(lessons.map((l) => l.id)).toEqual(['01-a']);
    expect(t.notices).toEqual([{ type: 'corrupted', store: 'lessons', dropped: 2 }]);
    expect(await t.lesson('02-b')).toBeUndefined();
    t.close();
  });

  it('exports and imports everything, and refuses a foreign file without changing anything', async () => {
    const s = await ProgressStore.open();
    await s.putLesson(record('01-a'));
    await s.addReview({ cardId: 'q01', rating: 3, at: 5, state: 1, scheduledDays: 0 });
    const file = JSON.parse(JSON.stringify(await s.exportAll(99)));
    await s.clear();
    expect(await s.importAll({ format: 'something-else' })).toMatchObject({ ok: false });
    expect(await s.lessons()).toEqual([]);
    expect(await s.importAll(file)).toEqual({ ok: true, lessons: 1, cards: 0 });
    expect((await s.lessons())[0]).toEqual(record('01-a'));
    expect(await s.reviews()).toEqual([{ cardId: 'q01', rating: 3, at: 5, state: 1, scheduledDays: 0 }]);
    s.close();
  });
});
