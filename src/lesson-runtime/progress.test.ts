import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { useFakeIndexedDB } from './fake-idb.testing';
import { DB_NAME, ProgressStore, type LessonRecord } from './progress';
import { JOURNAL_KEY, ProgressJournal, type JournalStorage } from './progress-journal';

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

/** A page's localStorage for one test; `full` makes every write fail as a full quota does. */
function memoryStorage(full = false): JournalStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new Error('QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
  };
}

describe('ProgressStore write-ahead journal', () => {
  it('journals a lesson write synchronously, before IndexedDB has it, and strikes it once it lands', async () => {
    const storage = memoryStorage();
    const s = await ProgressStore.open(storage);
    const writing = s.putLesson(record('01-a', 3));
    // What a page closing right now leaves behind.
    expect(JSON.parse(storage.items.get(JOURNAL_KEY) ?? '{}').lessons['01-a'].progress.index).toBe(3);
    await writing;
    expect(storage.items.has(JOURNAL_KEY)).toBe(false);
    s.close();
  });

  it('replays a write the closing page left unfinished, so the last answer is not lost', async () => {
    const storage = memoryStorage();
    const a = await ProgressStore.open(storage);
    await a.putLesson(record('01-a', 2));
    a.close();
    // The page wrote the journal and ended before IndexedDB committed.
    new ProgressJournal(storage).begin('lessons', { ...record('01-a', 3), updatedAt: 9 });
    new ProgressJournal(storage).begin('cards', { id: 'q01', version: 1, due: 1, stability: 1, difficulty: 5, elapsedDays: 0, scheduledDays: 0, learningSteps: 0, reps: 0, lapses: 0, state: 0, answer: 'etcd holds the state', points: [] });
    const b = await ProgressStore.open(storage);
    expect((await b.lesson('01-a'))?.progress.index).toBe(3);
    expect((await b.cards()).map((c) => c.answer)).toEqual(['etcd holds the state']);
    expect(storage.items.has(JOURNAL_KEY)).toBe(false);
    expect(b.notices).toEqual([]);
    b.close();
  });

  it('does not put back a journalled lesson older than the stored one (another tab went on)', async () => {
    const storage = memoryStorage();
    new ProgressJournal(storage).begin('lessons', { ...record('01-a', 1), updatedAt: 1 });
    const raw = await ProgressStore.open(memoryStorage());
    await raw.putLesson({ ...record('01-a', 4), updatedAt: 5 });
    raw.close();
    const s = await ProgressStore.open(storage);
    expect((await s.lesson('01-a'))?.progress.index).toBe(4);
    expect(storage.items.has(JOURNAL_KEY)).toBe(false);
    s.close();
  });

  it('sets a corrupted journal aside with a notice and opens normally', async () => {
    const storage = memoryStorage();
    storage.items.set(JOURNAL_KEY, '{"lessons":{"01-a":{"id":"01-a","version":"x"}}}');
    const s = await ProgressStore.open(storage);
    expect(s.notices).toEqual([{ type: 'corrupted', store: 'lessons', dropped: 1 }]);
    expect(storage.items.has(JOURNAL_KEY)).toBe(false);
    await s.putLesson(record('01-a'));
    expect(await s.lesson('01-a')).toEqual(record('01-a'));
    s.close();
  });

  it('saves without a journal when the storage is full, and a reset forgets pending writes too', async () => {
    const full = await ProgressStore.open(memoryStorage(true));
    await full.putLesson(record('01-a'));
    expect(await full.lesson('01-a')).toEqual(record('01-a'));
    full.close();
    const storage = memoryStorage();
    new ProgressJournal(storage).begin('lessons', record('02-b'));
    const s = await ProgressStore.open(memoryStorage());
    await s.clear();
    s.close();
    const j = new ProgressJournal(storage);
    const again = await ProgressStore.open(storage);
    await again.clear();
    expect(storage.items.has(JOURNAL_KEY)).toBe(false);
    expect(j.read()).toEqual({ ok: true, journal: { lessons: {}, cards: {} } });
    expect(await again.lessons()).toEqual([]);
    again.close();
  });
});
