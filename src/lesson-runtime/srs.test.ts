import { describe, expect, it } from 'vitest';
import { CardRecordSchema, type CardRecord, type ReviewRecord } from './progress-schema';
import { currentRecord, daysUntil, dueQueue, endOfDay, fromCard, gradeCard, newCardRecord, newReviewedToday, previewDue, Rating, startOfDay, State, toCard, type DeckEntry } from './srs';

/** Local-time dates, so day boundaries hold in any time zone the tests run in. */
const at = (day: number, hour = 9, minute = 0): number => new Date(2026, 0, day, hour, minute).getTime();
const DAY = 86_400_000;

const entry = (id: string, version = 1): DeckEntry => ({ id, version });

describe('card records and ts-fsrs cards', () => {
  it('converts both ways without losing anything', () => {
    const graded = gradeCard(newCardRecord(entry('q01-why'), at(15)), Rating.Good, at(15)).record;
    const withAnswer = { ...graded, answer: 'my words', points: [0, 2] };
    expect(fromCard(toCard(withAnswer), withAnswer)).toEqual(withAnswer);
    expect(toCard(withAnswer).due).toEqual(new Date(withAnswer.due));
    expect(toCard(withAnswer).last_review).toEqual(new Date(at(15)));
  });

  it('a new card is New, due now, never reviewed, and a valid saved record', () => {
    const r = newCardRecord(entry('m1-x', 3), at(15), 'draft');
    expect(r).toMatchObject({ id: 'm1-x', version: 3, state: State.New, reps: 0, lapses: 0, due: at(15), answer: 'draft', points: [] });
    expect(r.lastReview).toBeUndefined();
    expect(CardRecordSchema.parse(r)).toEqual(r);
  });
});

describe('grading', () => {
  it('schedules a first review by FSRS-6 defaults, a day or more ahead for every grade', () => {
    const r = newCardRecord(entry('q01-why'), at(15));
    const days = (g: Rating.Again | Rating.Hard | Rating.Good | Rating.Easy) => (gradeCard(r, g, at(15)).record.due - at(15)) / DAY;
    expect([days(Rating.Again), days(Rating.Hard), days(Rating.Good), days(Rating.Easy)]).toEqual([1, 2, 3, 8]);
  });

  it('returns the rescheduled card and the review to log, keeping the learner answer and ticks', () => {
    const r = { ...newCardRecord(entry('q02-parts'), at(15)), answer: 'etcd, apiserver', points: [1] };
    const { record, review } = gradeCard(r, Rating.Good, at(15));
    expect(record).toMatchObject({ id: 'q02-parts', version: 1, state: State.Review, reps: 1, lastReview: at(15), due: at(18), scheduledDays: 3, answer: 'etcd, apiserver', points: [1] });
    expect(review).toEqual({ cardId: 'q02-parts', rating: Rating.Good, at: at(15), state: State.New, scheduledDays: 3 });
    expect(CardRecordSchema.parse(record)).toEqual(record);
  });

  it('grows the interval on success and counts a lapse on Again', () => {
    const first = gradeCard(newCardRecord(entry('q03'), at(1)), Rating.Good, at(1)).record;
    const second = gradeCard(first, Rating.Good, first.due).record;
    expect(second.scheduledDays).toBeGreaterThan(first.scheduledDays);
    const lapse = gradeCard(second, Rating.Again, second.due);
    expect(lapse.record.lapses).toBe(1);
    expect(lapse.review.state).toBe(State.Review);
    expect(lapse.record.scheduledDays).toBeLessThan(second.scheduledDays);
  });

  it('previews each grade exactly as grading would schedule it', () => {
    const r = gradeCard(newCardRecord(entry('q04'), at(10)), Rating.Hard, at(10)).record;
    const p = previewDue(r, at(13, 18));
    for (const g of [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const) expect(p[g]).toBe(gradeCard(r, g, at(13, 18)).record.due);
    expect(p[Rating.Again]).toBeLessThan(p[Rating.Easy]);
  });
});

describe('content versions', () => {
  it('keeps a record of the same version', () => {
    const r = gradeCard(newCardRecord(entry('q05'), at(15)), Rating.Easy, at(15)).record;
    expect(currentRecord(r, entry('q05'), at(20))).toBe(r);
  });

  it('restarts a rewritten card as new, keeping the written answer but not the old ticks', () => {
    const r = { ...gradeCard(newCardRecord(entry('q05'), at(15)), Rating.Easy, at(15)).record, answer: 'mine', points: [0, 1] };
    const now = currentRecord(r, entry('q05', 2), at(20));
    expect(now).toMatchObject({ id: 'q05', version: 2, state: State.New, reps: 0, answer: 'mine', points: [] });
  });

  it('starts an unseen card as new', () => {
    expect(currentRecord(undefined, entry('m2'), at(20))).toEqual(newCardRecord(entry('m2'), at(20)));
  });
});

describe('days', () => {
  it('bounds a local day and counts calendar days', () => {
    expect(startOfDay(at(15, 13, 30))).toBe(at(15, 0));
    expect(endOfDay(at(15, 0, 0))).toBe(at(16, 0) - 1);
    expect(daysUntil(at(16, 0, 5), at(15, 23, 55))).toBe(1);
    expect(daysUntil(at(15, 23), at(15, 1))).toBe(0);
    expect(daysUntil(at(25, 8), at(15, 20))).toBe(10);
  });
});

describe("today's queue", () => {
  const deck = ['q01', 'm1', 'q02', 'm2', 'q03', 'm3', 'q04', 'm4'].map((id) => entry(id));
  const review = (cardId: string, when: number, state: State): ReviewRecord => ({ cardId, rating: Rating.Good, at: when, state, scheduledDays: 3 });
  const graded = (id: string, when: number, g: Rating.Again | Rating.Good = Rating.Good): CardRecord => gradeCard(newCardRecord(entry(id), when), g, when).record;

  it('offers the first new cards in deck order up to the daily limit', () => {
    expect(dueQueue(deck, {}, [], at(15))).toEqual({ due: [], fresh: ['q01', 'm1', 'q02', 'm2', 'q03'] });
    expect(dueQueue(deck, {}, [], at(15), 2).fresh).toEqual(['q01', 'm1']);
  });

  it("counts today's first reviews against the limit, not earlier days' or later reviews", () => {
    const saved = { q01: graded('q01', at(15, 8)), m1: graded('m1', at(15, 8, 5)), q02: graded('q02', at(14)) };
    const reviews = [review('q01', at(15, 8), State.New), review('m1', at(15, 8, 5), State.New), review('q02', at(14), State.New), review('q02', at(15, 7), State.Review)];
    expect(newReviewedToday(reviews, at(15, 20))).toBe(2);
    expect(dueQueue(deck, saved, reviews, at(15, 20)).fresh).toEqual(['m2', 'q03', 'm3']);
    // The next day, the limit is whole again.
    expect(dueQueue(deck, saved, reviews, at(16, 6)).fresh).toEqual(['m2', 'q03', 'm3', 'q04', 'm4']);
  });

  it('a card written in but never graded is still new', () => {
    const saved = { q01: { ...newCardRecord(entry('q01'), at(15, 8)), answer: 'half an answer' } };
    expect(dueQueue(deck, saved, [], at(15, 9)).fresh[0]).toBe('q01');
  });

  it('holds cards due by the end of today, the most overdue first; later ones wait', () => {
    // Again on the 10th: due the 11th. Good on the 12th: due the 15th at 09:00. Good on the 13th: due the 16th.
    const saved = { q01: graded('q01', at(12)), m1: graded('m1', at(10), Rating.Again), q02: graded('q02', at(13)) };
    expect(dueQueue(deck, saved, [], at(15, 6)).due).toEqual(['m1', 'q01']);
    expect(dueQueue(deck, saved, [], at(16, 6)).due).toEqual(['m1', 'q01', 'q02']);
    expect(dueQueue(deck, saved, [], at(14, 23)).due).toEqual(['m1']);
  });

  it('a rewritten card leaves the reviews and comes back as new', () => {
    const saved = { q01: graded('q01', at(10)) };
    const rewritten = deck.map((e) => (e.id === 'q01' ? entry('q01', 2) : e));
    expect(dueQueue(deck, saved, [], at(20)).due).toEqual(['q01']);
    expect(dueQueue(rewritten, saved, [], at(20))).toEqual({ due: [], fresh: ['q01', 'm1', 'q02', 'm2', 'q03'] });
  });
});
