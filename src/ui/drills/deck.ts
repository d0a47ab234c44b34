/**
 * The drills page's pure logic: the deck (interview drills and misconception cards as one list),
 * the references lessons use for drills, per-topic progress, the mock interview's draw, and the
 * small formatting decisions the views share. No React, no storage, no clock: callers pass `now`.
 */
import { TOPICS, type Drill, type MisconceptionCard, type Topic } from '../../lesson-runtime/drill-schema';
import type { CardRecord } from '../../lesson-runtime/progress';
import { currentRecord, daysUntil, endOfDay, Rating, State, type Grade } from '../../lesson-runtime/srs';

export type DeckCard = { kind: 'drill'; id: string; version: number; topic: Topic; drill: Drill } | { kind: 'card'; id: string; version: number; topic: Topic; card: MisconceptionCard };

/**
 * Drills and misconception cards alternate (q01, m1, q02, m2, …, then the remaining drills), so
 * the first days' new cards mix explaining with judging instead of twelve essays in a row.
 */
export function buildDeck(drills: readonly Drill[], cards: readonly MisconceptionCard[]): DeckCard[] {
  const qs = [...drills].sort((a, b) => a.id.localeCompare(b.id));
  const ms = [...cards].sort((a, b) => a.id.localeCompare(b.id));
  const out: DeckCard[] = [];
  for (let i = 0; i < Math.max(qs.length, ms.length); i++) {
    const q = qs[i];
    const m = ms[i];
    if (q) out.push({ kind: 'drill', id: q.id, version: q.version, topic: q.topic, drill: q });
    if (m) out.push({ kind: 'card', id: m.id, version: m.version, topic: m.topic, card: m });
  }
  return out;
}

export interface TopicProgress {
  topic: Topic;
  total: number;
  /** Graded at least once (in FSRS's Review state). */
  learned: number;
  /** Met before and due by the end of today. */
  due: number;
  /** Never graded (or rewritten since). */
  fresh: number;
}

/** Where the learner stands in each syllabus topic that has cards, in the syllabus's order. */
export function topicProgress(deck: readonly DeckCard[], saved: Readonly<Record<string, CardRecord>>, now: number): TopicProgress[] {
  const end = endOfDay(now);
  const rows = new Map<Topic, TopicProgress>(TOPICS.map((topic) => [topic, { topic, total: 0, learned: 0, due: 0, fresh: 0 }]));
  for (const c of deck) {
    const r = currentRecord(saved[c.id], c, now);
    const row = rows.get(c.topic)!;
    row.total++;
    if (r.state === State.New) row.fresh++;
    else if (r.due <= end) row.due++;
    if (r.state === State.Review) row.learned++;
  }
  return [...rows.values()].filter((r) => r.total > 0);
}

/** `n` different ids drawn at random (Fisher–Yates with the given source of [0, 1) numbers). */
export function pickMock(ids: readonly string[], n: number, random: () => number): string[] {
  const pool = [...ids];
  const k = Math.min(n, pool.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

/** The key points (indices) the learner did not tick. */
export function missedPoints(count: number, ticked: readonly number[]): number[] {
  return Array.from({ length: count }, (_, i) => i).filter((i) => !ticked.includes(i));
}

/** A countdown as `m:ss`, rounding up so it reads 0:00 only when time is out. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** How far away a due date is, in the unit a person would say it (for Intl.RelativeTimeFormat). */
export function relativeDue(due: number, now: number): { value: number; unit: 'day' | 'month' | 'year' } {
  const days = daysUntil(due, now);
  if (Math.abs(days) < 31) return { value: days, unit: 'day' };
  if (Math.abs(days) < 365) return { value: Math.round(days / 30), unit: 'month' };
  return { value: Math.round(days / 365), unit: 'year' };
}

/** A misconception card's suggested grade: a first judgement that was right is Good, a wrong one Again. */
export function suggestedGrade(judgedRight: boolean): Grade {
  return judgedRight ? Rating.Good : Rating.Again;
}

/** Inserts or removes `index` in a sorted list of ticked points. */
export function toggleIndex(ticked: readonly number[], index: number): number[] {
  return ticked.includes(index) ? ticked.filter((i) => i !== index) : [...ticked, index].sort((a, b) => a - b);
}
