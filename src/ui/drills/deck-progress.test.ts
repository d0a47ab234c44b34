import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { useFakeIndexedDB } from '../../lesson-runtime/fake-idb.testing';
import type { Drill, MisconceptionCard } from '../../lesson-runtime/drill-schema';
import { DB_NAME, ProgressStore } from '../../lesson-runtime/progress';
import { Rating, State } from '../../lesson-runtime/srs';
import { buildDeck } from './deck';
import { DeckProgress } from './deck-progress';

const at = (day: number, hour = 9): number => new Date(2026, 0, day, hour).getTime();
const deck = buildDeck([{ id: 'q01-why', topic: 'architecture', version: 1 } as Drill, { id: 'q02-parts', topic: 'architecture', version: 2 } as Drill], [{ id: 'm1-containers', topic: 'node', version: 1 } as MisconceptionCard]);

/** A page session on the real store, its clock set by the test. */
async function session(now: { t: number }, delay = 20): Promise<{ p: DeckProgress; store: ProgressStore }> {
  const store = await ProgressStore.open();
  const p = new DeckProgress(store, deck, () => now.t, delay);
  await p.load();
  return { p, store };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

useFakeIndexedDB();

afterEach(async () => {
  const s = await ProgressStore.open();
  await s.clear();
  s.close();
});

describe('DeckProgress', () => {
  it('saves a typed answer after a pause, and it is there after reopening', async () => {
    const now = { t: at(15) };
    const { p, store } = await session(now);
    p.setAnswer('q01-why', 'A');
    p.setAnswer('q01-why', 'An answer');
    expect(p.store.getState().pending).toEqual({ 'q01-why': true });
    expect(await store.cards()).toEqual([]);
    await wait(60);
    expect(p.store.getState().pending).toEqual({});
    store.close();

    const again = await session(now);
    expect(again.p.record('q01-why')).toMatchObject({ answer: 'An answer', state: State.New });
    again.store.close();
  });

  it('flush writes what is still waiting at once', async () => {
    const now = { t: at(15) };
    const { p, store } = await session(now, 60_000);
    p.setAnswer('m1-containers', 'false, the runtime does');
    await p.flush();
    expect((await store.cards()).map((c) => c.answer)).toEqual(['false, the runtime does']);
    store.close();
  });

  it('grading saves the new schedule, the learner’s ticks and the review', async () => {
    const now = { t: at(15) };
    const { p, store } = await session(now);
    p.setAnswer('q02-parts', 'apiserver, etcd, scheduler');
    p.togglePoint('q02-parts', 2);
    p.togglePoint('q02-parts', 0);
    const r = await p.grade('q02-parts', Rating.Good);
    expect(r).toMatchObject({ id: 'q02-parts', version: 2, state: State.Review, due: at(18), answer: 'apiserver, etcd, scheduler', points: [0, 2] });
    store.close();

    const again = await session(now);
    expect(again.p.record('q02-parts')).toEqual(r);
    expect(again.p.store.getState().reviews).toEqual([{ cardId: 'q02-parts', rating: Rating.Good, at: at(15), state: State.New, scheduledDays: 3 }]);
    again.store.close();
  });

  it('restarts a card saved under an older content version as new', async () => {
    const store = await ProgressStore.open();
    const old = new DeckProgress(store, buildDeck([{ id: 'q02-parts', topic: 'architecture', version: 1 } as Drill], []), () => at(10));
    await old.load();
    old.togglePoint('q02-parts', 1);
    await old.grade('q02-parts', Rating.Easy);
    store.close();

    const { p, store: s2 } = await session({ t: at(20) });
    expect(p.record('q02-parts')).toMatchObject({ version: 2, state: State.New, reps: 0, points: [] });
    s2.close();
  });

  it('sets aside unreadable saved cards with a notice, and the rest still loads', async () => {
    const { p, store } = await session({ t: at(15) });
    await p.grade('q01-why', Rating.Hard);
    store.close();
    const raw = await openDB(DB_NAME, 1);
    await raw.put('cards', { id: 'q02-parts', due: 'soon' }, 'q02-parts');
    raw.close();

    const again = await session({ t: at(15) });
    expect(again.p.store.getState().notices).toEqual([{ type: 'corrupted', store: 'cards', dropped: 1 }]);
    expect(Object.keys(again.p.store.getState().records)).toEqual(['q01-why']);
    again.store.close();
  });
});
