/**
 * Interview drills (`lessons/interview/qNN-slug.yaml`) and misconception cards
 * (`lessons/interview/mN-slug.yaml`): the syllabus's interview questions and common
 * misconceptions as self-study cards, each with a live demonstration on the simulator that ends
 * in an engine-checked observation of the answer's central claim. Same text and step vocabulary
 * as lessons; `npm run lessons:check` proves every demonstration.
 */
import { z } from 'zod';
import { ConditionSchema, DurationSchema } from './conditions';
import { MISCONCEPTION_IDS, StepSchema, TextSchema, type Lesson, type Text } from './schema';

export const TOPICS = ['architecture', 'control-plane', 'node', 'declarative-api', 'ha', 'self-healing', 'operations'] as const;
export type Topic = (typeof TOPICS)[number];

/** A lesson step to read, as `lesson-id#step-id` (checked against the lessons). */
const LessonLink = z.string().regex(/^\d\d-[a-z0-9-]+(#[a-z0-9][a-z0-9-]*)?$/, 'a link is lesson-id or lesson-id#step-id');

/**
 * The live demonstration: steps in the lesson vocabulary (say, run, fault, recover, advance,
 * until; no questions), then the observation that proves the claim — a condition the cluster must
 * reach within the budget, shown as the demonstration's decisive moment.
 */
export const DemoSchema = z
  .object({
    seed: z.number().int().min(0).default(1),
    topology: z.enum(['basic', 'ha']).default('basic'),
    steps: z.array(StepSchema).min(1),
    observe: z
      .object({
        say: TextSchema,
        check: ConditionSchema,
        within: DurationSchema.default('1s'),
      })
      .strict(),
    /** When the syllabus's way to verify needs tools the simulator does not model, what this shows instead and why. */
    note: TextSchema.optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    d.steps.forEach((s, i) => {
      if (s.predict || s.task || s.quiz) ctx.addIssue({ code: 'custom', path: ['steps', i], message: 'a demonstration shows; it does not ask (no predict, task or quiz)' });
    });
  });
export type Demo = z.infer<typeof DemoSchema>;

export const DrillSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^q\d\d-[a-z0-9-]+$/, 'a drill id is qNN-slug, the file name'),
    version: z.number().int().min(1),
    topic: z.enum(TOPICS),
    question: TextSchema,
    /** What the interviewer is testing. */
    tests: TextSchema,
    /** The answer in thirty seconds. */
    short: TextSchema,
    expanded: z.object({ conclusion: TextSchema, mechanism: TextSchema, scenario: TextSchema, tradeoff: TextSchema, verification: TextSchema }).strict(),
    /** The self-grading checklist: what a good answer must contain. */
    points: z.array(TextSchema).min(4).max(6),
    followups: z.array(z.object({ q: TextSchema, a: TextSchema }).strict()).min(1),
    mistake: TextSchema,
    lessons: z.array(LessonLink).min(1),
    demo: DemoSchema,
  })
  .strict();
export type Drill = z.infer<typeof DrillSchema>;

export const MisconceptionCardSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^m\d-[a-z0-9-]+$/, 'a misconception card id is mN-slug, the file name'),
    version: z.number().int().min(1),
    misconception: z.enum(MISCONCEPTION_IDS),
    topic: z.enum(TOPICS),
    /** The belief, as someone would say it; the learner judges true or false. */
    statement: TextSchema,
    /** What is true instead. */
    correction: TextSchema,
    explain: TextSchema,
    lessons: z.array(LessonLink).min(1),
    demo: DemoSchema,
  })
  .strict();
export type MisconceptionCard = z.infer<typeof MisconceptionCardSchema>;

/** A drill's or card's demonstration as a lesson the lesson runtime can play (and the checker prove). */
export function demoLesson(card: { id: string; version: number; demo: Demo; question?: Text; statement?: Text }): Lesson {
  const title = card.question ?? card.statement!;
  return {
    id: `00-demo-${card.id}`,
    version: card.version,
    title,
    summary: title,
    minutes: 3,
    objectives: [],
    misconceptions: [],
    failures: [],
    topology: card.demo.topology,
    seed: card.demo.seed,
    drills: [],
    steps: [
      ...card.demo.steps,
      // The observation's trace conditions count everything the demonstration did.
      { id: 'observe', say: card.demo.observe.say, until: { state: card.demo.observe.check, within: card.demo.observe.within, since: card.demo.steps[0]!.id } },
    ],
  };
}
