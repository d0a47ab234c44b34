/**
 * A lesson as an xstate v5 machine, built from its data. Each step is a state; what a step does
 * decides its phases:
 *
 *   say                       ready
 *   run / fault / recover /   act → ready                    (act: the driver runs the lines)
 *   advance / until
 *   predict                   asking → revealing → answered  (the answer is fixed BEFORE the
 *                                                            cluster moves; revealing runs the
 *                                                            reveal and evaluates every option)
 *   task                      working ⇄ checking → solved    (CHECK after each command; SOLVE
 *                                                            runs the reference solution)
 *   quiz                      asking → answered
 *
 * A step already done is entered in `review`: nothing runs again, the stage is moved back to the
 * moment the step ended. Actors wrap the LessonDriver (the worker in the browser, a Session
 * headless); guards are the checks' verdicts. The context is plain data, so progress can be saved
 * and the machine resumed at any step.
 */
import { assign, fromPromise, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Condition } from '../engine/observe/pattern';
import type { ConditionVerdict, LessonDriver, Moment } from './driver';
import type { Lesson, Step } from './schema';
import { act, reveal, solve, type ActResult } from './step-actions';
import { stepKind } from './steps';

export { stepKind, stepLines, type StepKind } from './steps';

export interface StepRecord {
  start: Moment;
  end?: Moment;
  /** An `until` step: whether the pause point was reached inside its budget. */
  reached?: boolean;
}

export interface OptionVerdict extends ConditionVerdict {
  id: string;
}

export interface Answer {
  choice: string;
  correct: boolean;
  /** Predict steps: what each option's check found after the reveal. */
  verdicts?: OptionVerdict[];
}

export interface LessonProgress {
  index: number;
  records: Record<string, StepRecord>;
  answers: Record<string, Answer>;
  hints: Record<string, number>;
  /** Task steps: commands tried that did not reach the goal. */
  attempts: Record<string, number>;
}

export interface LessonContext extends LessonProgress {
  lesson: Lesson;
  error?: string;
}

export type LessonEvent =
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'ANSWER'; choice: string }
  | { type: 'CHECK' }
  | { type: 'HINT' }
  | { type: 'SOLVE' }
  | { type: 'RETRY' };

export const emptyProgress = (): LessonProgress => ({ index: 0, records: {}, answers: {}, hints: {}, attempts: {} });

interface ActInput {
  step: Step;
  /** For a pause point with `since`: where its trace window begins. */
  sinceSeq?: number;
}
interface RevealOutput {
  end: Moment;
  verdicts: OptionVerdict[];
}
interface CheckInput {
  condition: Condition;
  sinceSeq: number;
}

export function createLessonMachine(lesson: Lesson, driver: LessonDriver, resume?: LessonProgress) {
  const steps = lesson.steps;
  const stepAt = (c: LessonContext): Step => steps[c.index]!;

  const actors = {
    act: fromPromise<ActResult, ActInput>(({ input }) => act(driver, input.step, input.sinceSeq)),
    reveal: fromPromise<RevealOutput, { step: Step; sinceSeq: number }>(async ({ input }) => {
      const p = input.step.predict!;
      await reveal(driver, p);
      const verdicts = await driver.evaluate(
        p.options.map((o) => o.check),
        input.sinceSeq,
      );
      return { end: await driver.now(), verdicts: verdicts.map((v, i) => ({ ...v, id: p.options[i]!.id })) };
    }),
    check: fromPromise<ConditionVerdict, CheckInput>(async ({ input }) => (await driver.evaluate([input.condition], input.sinceSeq))[0]!),
    solve: fromPromise<Moment, { step: Step }>(({ input }) => solve(driver, input.step.task!)),
    mark: fromPromise<Moment>(() => driver.now()),
  };

  const sid = (c: LessonContext): string => stepAt(c).id;
  type Output<T> = { output: T };
  const out = <T>(event: unknown): T => (event as Output<T>).output;

  const base = setup({
    types: {} as { context: LessonContext; events: LessonEvent },
    actors,
    guards: {
      isOption: ({ context, event }) => {
        if (event.type !== 'ANSWER') return false;
        const s = stepAt(context);
        const q = s.predict ?? s.quiz;
        return !!q && q.options.some((o) => o.id === event.choice);
      },
      visited: ({ context }) => context.records[sid(context)]?.end !== undefined,
      holds: ({ event }) => out<ConditionVerdict>(event).holds,
    },
    actions: {
      show: ({ context }) => {
        const r = context.records[sid(context)];
        if (r?.end) driver.show(r.end);
      },
      enterStep: assign((_, params: { index: number }) => ({ index: params.index, error: undefined })),
      clearError: assign({ error: undefined }),
      setError: assign({ error: ({ event }) => String((event as { error?: unknown }).error) }),
      /** A step with nothing to run: it starts and ends where it was entered. */
      recordMark: assign({ records: ({ context, event }) => ({ ...context.records, [sid(context)]: { start: out<Moment>(event), ...(stepKind(stepAt(context)) === 'say' ? { end: out<Moment>(event) } : {}) } }) }),
      recordAct: assign({
        records: ({ context, event }) => {
          const o = out<ActResult>(event);
          return { ...context.records, [sid(context)]: { start: o.start, end: o.end, ...(o.reached === undefined ? {} : { reached: o.reached }) } };
        },
      }),
      recordEnd: assign({ records: ({ context, event }) => ({ ...context.records, [sid(context)]: { start: context.records[sid(context)]?.start ?? out<Moment>(event), end: out<Moment>(event) } }) }),
      rememberAnswer: assign({
        answers: ({ context, event }) => {
          if (event.type !== 'ANSWER') return context.answers;
          const s = stepAt(context);
          return { ...context.answers, [sid(context)]: { choice: event.choice, correct: event.choice === (s.predict ?? s.quiz)!.key } };
        },
      }),
      recordReveal: assign({
        answers: ({ context, event }) => ({ ...context.answers, [sid(context)]: { ...context.answers[sid(context)]!, verdicts: out<RevealOutput>(event).verdicts } }),
        records: ({ context, event }) => ({ ...context.records, [sid(context)]: { ...context.records[sid(context)]!, end: out<RevealOutput>(event).end } }),
      }),
      countAttempt: assign({ attempts: ({ context }) => ({ ...context.attempts, [sid(context)]: (context.attempts[sid(context)] ?? 0) + 1 }) }),
      showHint: assign({ hints: ({ context }) => ({ ...context.hints, [sid(context)]: Math.min((context.hints[sid(context)] ?? 0) + 1, stepAt(context).task?.hints.length ?? 0) }) }),
    },
  });

  const failed = { target: 'failed', actions: 'setError' } as const;

  const stepStates = Object.fromEntries(
    steps.map((s, i) => {
      const kind = stepKind(s);
      const next = i === steps.length - 1 ? '#lesson.finished' : `#lesson.s${i + 1}`;
      const done = kind === 'predict' || kind === 'quiz' ? ['answered', 'review'] : kind === 'task' ? ['solved', 'review'] : ['ready', 'review'];
      const first = kind === 'act' ? 'act' : 'marking';
      const afterMark = kind === 'say' ? 'ready' : kind === 'task' ? 'working' : 'asking';
      const states: Record<string, object> = {
        entering: { always: [{ guard: 'visited', target: 'review' }, { target: first }] },
        review: { entry: 'show' },
        failed: { on: { RETRY: first } },
      };
      // Every step records its start moment, so BACK and the timeline can return to it (an act
      // step records it as it runs).
      if (kind !== 'act') states['marking'] = { invoke: { src: 'mark', onDone: { target: afterMark, actions: 'recordMark' }, onError: failed } };
      if (kind === 'say') states['ready'] = {};
      if (kind === 'act') {
        const since = s.until?.since;
        states['act'] = {
          entry: 'clearError',
          invoke: {
            src: 'act',
            input: ({ context }: { context: LessonContext }) => {
              const from = since === undefined ? undefined : context.records[since]?.start.seq;
              return from === undefined ? { step: s } : { step: s, sinceSeq: from };
            },
            onDone: { target: 'ready', actions: 'recordAct' },
            onError: failed,
          },
        };
        states['ready'] = {};
      }
      if (kind === 'predict') {
        states['asking'] = { on: { ANSWER: { guard: 'isOption', target: 'revealing', actions: 'rememberAnswer' } } };
        states['revealing'] = {
          invoke: {
            src: 'reveal',
            input: ({ context }: { context: LessonContext }) => ({ step: s, sinceSeq: context.records[sid(context)]!.start.seq }),
            onDone: { target: 'answered', actions: 'recordReveal' },
            onError: failed,
          },
        };
        states['answered'] = {};
      }
      if (kind === 'quiz') {
        states['asking'] = { on: { ANSWER: { guard: 'isOption', target: 'answered', actions: 'rememberAnswer' } } };
        states['answered'] = { invoke: { src: 'mark', onDone: { actions: 'recordEnd' } } };
      }
      if (kind === 'task') {
        states['working'] = { on: { CHECK: 'checking', HINT: { actions: 'showHint' }, SOLVE: 'solving' } };
        states['checking'] = {
          invoke: {
            src: 'check',
            input: ({ context }: { context: LessonContext }) => ({ condition: s.task!.check, sinceSeq: context.records[sid(context)]!.start.seq }),
            onDone: [{ guard: 'holds', target: 'finishing' }, { target: 'working', actions: 'countAttempt' }],
            onError: { target: 'working' },
          },
        };
        states['solving'] = { invoke: { src: 'solve', input: { step: s }, onDone: 'checking', onError: failed } };
        states['finishing'] = { invoke: { src: 'mark', onDone: { target: 'solved', actions: 'recordEnd' } } };
        states['solved'] = {};
      }
      return [
        `s${i}`,
        {
          initial: 'entering',
          entry: { type: 'enterStep', params: { index: i } },
          states,
          on: {
            // NEXT only once the step is done: the learner commits before the lesson moves on.
            NEXT: done.map((d) => ({ guard: stateIn({ [`s${i}`]: d }), target: next })),
            ...(i > 0 ? { BACK: `#lesson.s${i - 1}` } : {}),
          },
        },
      ];
    }),
  );

  const initial: LessonProgress = resume ?? emptyProgress();
  return base.createMachine({
    id: 'lesson',
    context: { lesson, ...initial, index: Math.min(Math.max(0, initial.index), steps.length - 1) },
    initial: 'boot',
    states: {
      boot: { always: steps.map((_, i) => ({ guard: ({ context }: { context: LessonContext }) => context.index === i, target: `s${i}` })) },
      ...stepStates,
      finished: { on: { BACK: `#lesson.s${steps.length - 1}` } },
    },
  });
}

export type LessonMachine = ReturnType<typeof createLessonMachine>;
export type LessonActor = ActorRefFrom<LessonMachine>;
export type LessonSnapshot = SnapshotFrom<LessonMachine>;

/** The step's phase: the state below `s<i>` (`asking`, `revealing`, `review`…), or `finished`. */
export function phaseOf(snap: LessonSnapshot): string {
  const v = snap.value;
  if (typeof v === 'string') return v;
  const inner = Object.values(v)[0];
  return typeof inner === 'string' ? inner : 'entering';
}

export function progressOf(c: LessonContext): LessonProgress {
  return { index: c.index, records: c.records, answers: c.answers, hints: c.hints, attempts: c.attempts };
}
