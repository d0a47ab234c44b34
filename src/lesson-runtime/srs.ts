/**
 * Spaced repetition for the interview drills and misconception cards: ts-fsrs (FSRS-6, default
 * parameters) decides every interval; this module only converts between the saved CardRecord
 * (dates as ms) and ts-fsrs's Card, and builds the day's queue. Pure: every function takes `now`.
 *
 * Short-term (same-day) learning steps are off: a 20-card deck asked once a session gains little
 * from them, so every grade schedules the card at least a day ahead. Fuzz is off so a grade's
 * outcome is the same on every machine (and in tests).
 */
import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { CardRecord, ReviewRecord } from './progress';

export { Rating, State, type Grade };

/** The four answers a learner can give, in the order the page shows them. */
export const GRADES: readonly Grade[] = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy];

/** New cards a learner meets per day; reviews of cards already met are never capped. */
export const NEW_PER_DAY = 5;

const scheduler = fsrs({ request_retention: 0.9, enable_fuzz: false, enable_short_term: false });

/** What the schedule needs to know of a card's content. */
export interface DeckEntry {
  id: string;
  /** Content version: when it differs from the saved record's, the card restarts as new. */
  version: number;
}

/** A card never reviewed; `answer` keeps what the learner already wrote. */
export function newCardRecord(entry: DeckEntry, now: number, answer = ''): CardRecord {
  return fromCard(createEmptyCard(now), { id: entry.id, version: entry.version, answer, points: [] });
}

export function toCard(r: CardRecord): Card {
  return {
    due: new Date(r.due),
    stability: r.stability,
    difficulty: r.difficulty,
    elapsed_days: r.elapsedDays,
    scheduled_days: r.scheduledDays,
    learning_steps: r.learningSteps,
    reps: r.reps,
    lapses: r.lapses,
    state: r.state as State,
    ...(r.lastReview === undefined ? {} : { last_review: new Date(r.lastReview) }),
  };
}

export function fromCard(c: Card, keep: Pick<CardRecord, 'id' | 'version' | 'answer' | 'points'>): CardRecord {
  return {
    id: keep.id,
    version: keep.version,
    due: c.due.getTime(),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    ...(c.last_review ? { lastReview: c.last_review.getTime() } : {}),
    answer: keep.answer,
    points: keep.points,
  };
}

/**
 * The record that counts for a card now. A card whose content was rewritten (another version)
 * restarts as new: its old stability measured memory of other words. The learner's written answer
 * stays (it is theirs); the ticked points go, as they were indices into the old list.
 */
export function currentRecord(saved: CardRecord | undefined, entry: DeckEntry, now: number): CardRecord {
  if (saved && saved.version === entry.version) return saved;
  return newCardRecord(entry, now, saved?.answer ?? '');
}

/** Grades a card: the rescheduled record and the review to append to the log. */
export function gradeCard(r: CardRecord, rating: Grade, now: number): { record: CardRecord; review: ReviewRecord } {
  const { card, log } = scheduler.next(toCard(r), now, rating);
  const record = fromCard(card, r);
  // `state` is the state before this review (New for a first review: the daily new-card count
  // reads it); `scheduledDays` is the interval this review set.
  return { record, review: { cardId: r.id, rating, at: now, state: log.state, scheduledDays: card.scheduled_days } };
}

/** When the card would come back for each answer (ms), without changing it. */
export function previewDue(r: CardRecord, now: number): Record<Grade, number> {
  const p = scheduler.repeat(toCard(r), now);
  return { [Rating.Again]: p[Rating.Again].card.due.getTime(), [Rating.Hard]: p[Rating.Hard].card.due.getTime(), [Rating.Good]: p[Rating.Good].card.due.getTime(), [Rating.Easy]: p[Rating.Easy].card.due.getTime() };
}

/** Local midnight at the start of `now`'s day (ms). */
export function startOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** The last millisecond of `now`'s local day. */
export function endOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}

/** Whole calendar days (local time) from `now`'s day to `due`'s day. */
export function daysUntil(due: number, now: number): number {
  // Round: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.round((startOfDay(due) - startOfDay(now)) / 86_400_000);
}

/** Cards met for the first time today: today's reviews of cards that were New. */
export function newReviewedToday(reviews: readonly ReviewRecord[], now: number): number {
  const from = startOfDay(now);
  const to = endOfDay(now);
  return reviews.filter((r) => r.state === State.New && r.at >= from && r.at <= to).length;
}

export interface DueQueue {
  /** Cards already met that are due by the end of today, the most overdue first. */
  due: string[];
  /** New cards offered today, in deck order, within the daily limit. */
  fresh: string[];
}

/** Today's practice: every due review, then as many new cards as today's limit still allows. */
export function dueQueue(deck: readonly DeckEntry[], saved: Readonly<Record<string, CardRecord>>, reviews: readonly ReviewRecord[], now: number, newPerDay = NEW_PER_DAY): DueQueue {
  const end = endOfDay(now);
  const current = deck.map((e, order) => ({ order, r: currentRecord(saved[e.id], e, now) }));
  const due = current
    .filter(({ r }) => r.state !== State.New && r.due <= end)
    .sort((a, b) => a.r.due - b.r.due || a.order - b.order)
    .map(({ r }) => r.id);
  const room = Math.max(0, newPerDay - newReviewedToday(reviews, now));
  const fresh = current
    .filter(({ r }) => r.state === State.New)
    .slice(0, room)
    .map(({ r }) => r.id);
  return { due, fresh };
}
