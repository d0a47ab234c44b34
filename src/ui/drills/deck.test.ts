import { describe, expect, it } from 'vitest';
import type { Drill, MisconceptionCard, Topic } from '../../lesson-runtime/drill-schema';
import { gradeCard, newCardRecord, Rating } from '../../lesson-runtime/srs';
import { buildDeck, formatClock, missedPoints, pickMock, relativeDue, suggestedGrade, toggleIndex, topicProgress } from './deck';
import { cardNumber, parseLessonLink, resolveDrillRef } from './refs';

const at = (day: number, hour = 9): number => new Date(2026, 0, day, hour).getTime();

/** Only the fields the deck reads; the rest of a drill is text the views show. */
const drill = (id: string, topic: Topic, version = 1) => ({ id, topic, version }) as Drill;
const card = (id: string, topic: Topic, version = 1) => ({ id, topic, version }) as MisconceptionCard;

const drills = [drill('q02-parts', 'architecture'), drill('q01-why', 'architecture'), drill('q03-hub', 'control-plane'), drill('q04-etcd', 'control-plane')];
const cards = [card('m2-scheduler', 'control-plane'), card('m1-containers', 'node')];

describe('the deck', () => {
  it('alternates drills and misconception cards in id order, then the remaining drills', () => {
    expect(buildDeck(drills, cards).map((c) => `${c.kind}:${c.id}`)).toEqual(['drill:q01-why', 'card:m1-containers', 'drill:q02-parts', 'card:m2-scheduler', 'drill:q03-hub', 'drill:q04-etcd']);
  });

  it('keeps each entry’s content version and topic for the schedule and the progress table', () => {
    const d = buildDeck([drill('q01-why', 'architecture', 4)], []);
    expect(d[0]).toMatchObject({ id: 'q01-why', version: 4, topic: 'architecture' });
  });
});

describe('references', () => {
  const deck = buildDeck(drills, cards);

  it('resolves a lesson’s short drill reference or a full id', () => {
    expect(resolveDrillRef('q02', deck)?.id).toBe('q02-parts');
    expect(resolveDrillRef('m1', deck)?.id).toBe('m1-containers');
    expect(resolveDrillRef('q03-hub', deck)?.id).toBe('q03-hub');
    expect(resolveDrillRef('q0', deck)).toBeUndefined();
    expect(resolveDrillRef('q99', deck)).toBeUndefined();
  });

  it('labels cards by their number', () => {
    expect(cardNumber('q03-apiserver-hub')).toBe('Q03');
    expect(cardNumber('m7-needs-docker')).toBe('M7');
  });

  it('splits a link into its lesson and step', () => {
    expect(parseLessonLink('06-apiserver-and-etcd#who-writes-etcd')).toEqual({ lesson: '06-apiserver-and-etcd', step: 'who-writes-etcd' });
    expect(parseLessonLink('04-the-scheduler')).toEqual({ lesson: '04-the-scheduler' });
  });
});

describe('progress by topic', () => {
  const deck = buildDeck(drills, cards);

  it('counts learned, due today and new cards per topic, in syllabus order, leaving out empty topics', () => {
    const good = (id: string, day: number) => gradeCard(newCardRecord({ id, version: 1 }, at(day)), Rating.Good, at(day)).record;
    // q01 graded on the 10th (due the 13th: due now on the 15th); q03 graded on the 15th (due the 18th).
    const saved = { 'q01-why': good('q01-why', 10), 'q03-hub': good('q03-hub', 15), 'm1-containers': { ...newCardRecord({ id: 'm1-containers', version: 1 }, at(14)), answer: 'draft' } };
    expect(topicProgress(deck, saved, at(15, 20))).toEqual([
      { topic: 'architecture', total: 2, learned: 1, due: 1, fresh: 1 },
      { topic: 'control-plane', total: 3, learned: 1, due: 0, fresh: 2 },
      { topic: 'node', total: 1, learned: 0, due: 0, fresh: 1 },
    ]);
  });

  it('counts a card rewritten since it was learned as new again', () => {
    const saved = { 'q01-why': gradeCard(newCardRecord({ id: 'q01-why', version: 1 }, at(10)), Rating.Good, at(10)).record };
    const rewritten = buildDeck([drill('q01-why', 'architecture', 2)], []);
    expect(topicProgress(rewritten, saved, at(15))).toEqual([{ topic: 'architecture', total: 1, learned: 0, due: 0, fresh: 1 }]);
  });
});

describe('the mock interview', () => {
  /** A fixed sequence of [0, 1) numbers. */
  const seq = (...xs: number[]) => {
    let i = 0;
    return () => xs[i++ % xs.length]!;
  };

  it('draws n different questions', () => {
    const ids = ['q01', 'q02', 'q03', 'q04', 'q05'];
    expect(pickMock(ids, 3, seq(0, 0, 0))).toEqual(['q01', 'q02', 'q03']);
    expect(pickMock(ids, 3, seq(0.99, 0.99, 0.99))).toEqual(['q05', 'q01', 'q02']);
    const drawn = pickMock(ids, 3, seq(0.5, 0.2, 0.7));
    expect(new Set(drawn).size).toBe(3);
    expect(drawn.every((d) => ids.includes(d))).toBe(true);
    expect(ids).toEqual(['q01', 'q02', 'q03', 'q04', 'q05']);
  });

  it('never asks for more questions than there are', () => {
    expect(pickMock(['q01', 'q02'], 5, seq(0.3))).toHaveLength(2);
  });

  it('lists the key points not ticked as missed', () => {
    expect(missedPoints(5, [0, 3])).toEqual([1, 2, 4]);
    expect(missedPoints(4, [])).toEqual([0, 1, 2, 3]);
    expect(missedPoints(4, [0, 1, 2, 3])).toEqual([]);
  });

  it('ticks and unticks points, keeping them sorted', () => {
    expect(toggleIndex([0, 3], 1)).toEqual([0, 1, 3]);
    expect(toggleIndex([0, 1, 3], 1)).toEqual([0, 3]);
  });

  it('shows the countdown as m:ss, reaching 0:00 only when time is out', () => {
    expect(formatClock(180_000)).toBe('3:00');
    expect(formatClock(179_001)).toBe('3:00');
    expect(formatClock(61_000)).toBe('1:01');
    expect(formatClock(400)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-250)).toBe('0:00');
  });
});

describe('grading helpers', () => {
  it('suggests Good for a right first judgement and Again for a wrong one', () => {
    expect(suggestedGrade(true)).toBe(Rating.Good);
    expect(suggestedGrade(false)).toBe(Rating.Again);
  });

  it('says how far away a review is in days, then months, then years', () => {
    expect(relativeDue(at(16, 7), at(15, 22))).toEqual({ value: 1, unit: 'day' });
    expect(relativeDue(at(15, 23), at(15, 1))).toEqual({ value: 0, unit: 'day' });
    expect(relativeDue(at(15 + 30), at(15))).toEqual({ value: 30, unit: 'day' });
    expect(relativeDue(at(15 + 75), at(15))).toEqual({ value: 3, unit: 'month' });
    expect(relativeDue(at(15 + 800), at(15))).toEqual({ value: 2, unit: 'year' });
  });
});
