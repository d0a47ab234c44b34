import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Session } from '../kubectl/session';
import { SessionDriver } from '../cli/lessons/session-driver';
import { loadLesson } from './load';
import { createLessonMachine, phaseOf, type LessonSnapshot } from './machine';
import type { Moment } from './driver';

const LESSON = `id: 90-machine
version: 1
title: { en: Machine, zh: 状态机 }
summary: { en: Test., zh: 测试。 }
minutes: 1
steps:
  - id: intro
    say: { en: Hi., zh: 你好。 }
  - id: apply
    run: [kubectl apply -f go-api.yaml]
  - id: guess
    predict:
      ask: { en: How many Pods after 10s?, zh: 十秒后有几个 Pod？ }
      options:
        - id: three
          text: { en: Three, zh: 三个 }
          check: { objects: { kind: Pod, selector: app=go-api }, count: { equals: 3 } }
          why: { en: Replicas., zh: 副本。 }
        - id: zero
          text: { en: Zero, zh: 零个 }
          check: { objects: { kind: Pod, selector: app=go-api }, count: { equals: 0 } }
          why: { en: No., zh: 不对。 }
      key: three
      reveal: { advance: 10s }
      explain: { en: Three., zh: 三个。 }
  - id: scale
    task:
      goal: { en: Scale to 4., zh: 扩到 4。 }
      check: { objects: { kind: Deployment, name: go-api, where: [{ field: spec.replicas, equals: 4 }] } }
      hints: [{ en: Use scale., zh: 用 scale。 }, { en: --replicas=4, zh: --replicas=4 }]
      solution: [kubectl scale deployment go-api --replicas=4]
  - id: bye
    say: { en: Bye., zh: 再见。 }
`;

const GO_API = `apiVersion: apps/v1
kind: Deployment
metadata: { name: go-api }
spec:
  replicas: 3
  selector: { matchLabels: { app: go-api } }
  template:
    metadata: { labels: { app: go-api } }
    spec: { containers: [{ name: api, image: registry.example.com/go-api:v1.0.0 }] }
`;

function setup(resume?: Parameters<typeof createLessonMachine>[2], prelude: string[] = []) {
  const loaded = loadLesson(LESSON);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const driver = new SessionDriver(new Session({ seed: 3, files: { 'go-api.yaml': GO_API } }));
  for (const line of prelude) driver.session.run(line);
  const shown: Moment[] = [];
  driver.show = (m: Moment): void => {
    shown.push(m);
  };
  const actor = createActor(createLessonMachine(loaded.value, driver, resume));
  actor.start();
  const settle = (): Promise<LessonSnapshot> => waitFor(actor, (s) => ['ready', 'asking', 'answered', 'working', 'solved', 'review', 'finished', 'failed'].includes(phaseOf(s)));
  return { actor, driver, shown, settle, lesson: loaded.value };
}

describe('lesson machine on the real engine', () => {
  it('refuses NEXT until a prediction is answered, records a wrong answer and what every option found', async () => {
    const { actor, settle } = setup();
    expect(phaseOf(await settle())).toBe('ready');
    actor.send({ type: 'NEXT' });
    expect(phaseOf(await settle())).toBe('ready'); // apply ran
    actor.send({ type: 'NEXT' });
    let s = await settle();
    expect([s.context.index, phaseOf(s)]).toEqual([2, 'asking']);
    actor.send({ type: 'NEXT' });
    expect(phaseOf(actor.getSnapshot())).toBe('asking');
    actor.send({ type: 'ANSWER', choice: 'nonsense' });
    expect(phaseOf(actor.getSnapshot())).toBe('asking');
    actor.send({ type: 'ANSWER', choice: 'zero' });
    s = await settle();
    expect(phaseOf(s)).toBe('answered');
    const a = s.context.answers['guess']!;
    expect(a).toMatchObject({ choice: 'zero', correct: false });
    expect(a.verdicts!.map((v) => [v.id, v.holds, v.count])).toEqual([
      ['three', true, 3],
      ['zero', false, 3],
    ]);
    expect(a.verdicts![0]!.objects).toHaveLength(3);
    actor.stop();
  });

  it('goes back to a finished step without running it again, and forward again through what was done', async () => {
    const { actor, settle, shown, driver } = setup();
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    actor.send({ type: 'ANSWER', choice: 'three' });
    const answered = await settle();
    const ran = driver.transcript.length;
    actor.send({ type: 'BACK' });
    let s = await settle();
    expect([s.context.index, phaseOf(s)]).toEqual([1, 'review']);
    expect(shown.at(-1)).toEqual(s.context.records['apply']!.end);
    actor.send({ type: 'NEXT' });
    s = await settle();
    expect([s.context.index, phaseOf(s)]).toEqual([2, 'review']);
    expect(s.context.answers['guess']).toEqual(answered.context.answers['guess']);
    expect(driver.transcript.length).toBe(ran);
    actor.stop();
  });

  it('counts failed task checks, reveals hints one at a time, and the reference solution completes it', async () => {
    const { actor, settle, lesson } = setup({ index: 3, records: {}, answers: {}, hints: {}, attempts: {} }, ['kubectl apply -f go-api.yaml']);
    let s = await settle();
    expect([s.context.index, phaseOf(s)]).toEqual([3, 'working']);
    actor.send({ type: 'CHECK' });
    s = await settle();
    expect(s.context.attempts['scale']).toBe(1);
    for (let i = 0; i < 5; i++) actor.send({ type: 'HINT' });
    expect(actor.getSnapshot().context.hints['scale']).toBe(lesson.steps[3]!.task!.hints.length);
    actor.send({ type: 'SOLVE' });
    s = await settle();
    expect(phaseOf(s)).toBe('solved');
    actor.send({ type: 'NEXT' });
    await settle();
    actor.send({ type: 'NEXT' });
    expect(phaseOf(await waitFor(actor, (x) => phaseOf(x) === 'finished'))).toBe('finished');
    actor.stop();
  });

  it('resumes at a saved step in review', async () => {
    const { actor, settle, shown } = setup({ index: 1, records: { intro: { start: { seq: 1, t: 1 }, end: { seq: 1, t: 1 } }, apply: { start: { seq: 2, t: 2 }, end: { seq: 9, t: 9 } } }, answers: {}, hints: {}, attempts: {} });
    const s = await settle();
    expect([s.context.index, phaseOf(s)]).toEqual([1, 'review']);
    expect(shown).toEqual([{ seq: 9, t: 9 }]);
    actor.stop();
  });
});
