/**
 * Playing a lesson's steps for a learner who opens it at a later step must leave the cluster
 * exactly where the lesson's own machine leaves it when a learner goes through those steps:
 * the same lines typed, the same output, the same moment. Lesson 9 has acts, predictions (with
 * reveals that run commands and advance time) and a task before its step "nobody-home".
 */
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Session } from '../kubectl/session';
import { SessionDriver } from '../cli/lessons/session-driver';
import { LESSONS_DIR, readLessonFolder } from '../cli/lessons/files';
import { loadLesson } from './load';
import { createLessonMachine, phaseOf } from './machine';
import { playThrough } from './step-actions';
import type { Lesson } from './schema';

const source = readLessonFolder(`${LESSONS_DIR}/09-services-and-kube-proxy`);
const parsed = loadLesson(source.text);
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const lesson: Lesson = parsed.value;
const target = lesson.steps.findIndex((s) => s.id === 'nobody-home');

function driver(): SessionDriver {
  return new SessionDriver(new Session({ seed: lesson.seed, topology: lesson.topology, files: source.files }));
}

/** A learner who answers every prediction with its key and asks for every task's solution, up to `target`. */
async function walk(d: SessionDriver) {
  const actor = createActor(createLessonMachine(lesson, d));
  actor.start();
  const settled = ['ready', 'answered', 'solved', 'asking', 'working', 'failed'];
  for (;;) {
    const snap = await waitFor(actor, (s) => settled.includes(phaseOf(s)), { timeout: 60_000 });
    if (snap.context.index === target) {
      actor.stop();
      return snap.context;
    }
    const step = lesson.steps[snap.context.index]!;
    const phase = phaseOf(snap);
    if (phase === 'failed') throw new Error(snap.context.error);
    if (phase === 'asking') actor.send({ type: 'ANSWER', choice: (step.predict ?? step.quiz)!.key });
    else if (phase === 'working') actor.send({ type: 'SOLVE' });
    else actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.context.index !== snap.context.index || phaseOf(s) !== phase, { timeout: 60_000 });
  }
}

describe('playThrough', () => {
  it('brings the cluster to a later step exactly as the lesson machine does', async () => {
    expect(target).toBeGreaterThan(5);
    const learner = driver();
    const context = await walk(learner);
    const skipper = driver();
    const seen: number[] = [];
    const played = await playThrough(skipper, lesson.steps, { from: 0, to: target }, {}, (i) => seen.push(i));

    expect(skipper.transcript.map((e) => `$ ${e.line}\n${e.output}`).join('')).toBe(learner.transcript.map((e) => `$ ${e.line}\n${e.output}`).join(''));
    expect(await skipper.now()).toEqual(await learner.now());
    // Every step before the target has the moments the machine recorded for it, so going back shows the same cluster.
    expect(seen).toEqual([...Array(target).keys()]);
    for (const s of lesson.steps.slice(0, target)) {
      expect(played[s.id]?.start, s.id).toEqual(context.records[s.id]?.start);
      expect(played[s.id]?.end, s.id).toEqual(context.records[s.id]?.end);
    }
  }, 120_000);

  it('passes over steps whose action already ran, and plays the rest from where they stopped', async () => {
    const learner = driver();
    const whole = await playThrough(learner, lesson.steps, { from: 0, to: target }, {});
    const resumed = driver();
    const half = 4;
    const first = await playThrough(resumed, lesson.steps, { from: 0, to: half }, {});
    const seen: number[] = [];
    const rest = await playThrough(resumed, lesson.steps, { from: 0, to: target }, first, (i) => seen.push(i));
    expect(seen[0]).toBe(half);
    expect({ ...first, ...rest }).toEqual(whole);
    expect(resumed.transcript.map((e) => e.line)).toEqual(learner.transcript.map((e) => e.line));
  }, 120_000);
});
