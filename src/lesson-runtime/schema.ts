/**
 * The lesson file format (`lessons/<NN-slug>/lesson.yaml`), as a zod schema: the single source
 * of the TypeScript types, of validation (in the browser when a learner opens their own file, and
 * in `npm run lessons:check`) and of the JSON Schema the build writes beside the lessons for
 * editors. Lessons are data: text a person reads is `{ en, zh }`, actions are lines of the one
 * command language, and every claim about the cluster is a Condition the engine evaluates.
 */
import { z } from 'zod';
import { BreakpointSchema, ConditionSchema, DurationSchema, TracePatternSchema } from './conditions';
import { closeChineseGaps } from './chinese-text';

/** Every sentence a person reads, in both languages. */
export const TextSchema = z
  .object({
    en: z.string().trim().min(1, 'English text is empty'),
    zh: z.string().trim().min(1, 'Chinese text is empty').transform(closeChineseGaps),
  })
  .strict()
  .describe('Text in English (en) and Simplified Chinese (zh).');
export type Text = z.infer<typeof TextSchema>;

const Id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lowercase letters, digits and dashes');

/**
 * A command line of the command language: kubectl …, sim …, sleep, or curl from the learner's
 * laptop (a NodePort from outside, the API over HTTPS). Heredocs are not allowed in lessons.
 */
const Line = z
  .string()
  .trim()
  .min(1)
  .refine((l) => /^(kubectl|k|sim|sleep|curl)\b/.test(l), { message: 'a line must start with kubectl, sim, sleep or curl' })
  .refine((l) => !l.includes('<<'), { message: 'heredocs are not allowed in lesson lines: put the manifest in a file beside the lesson' });

/** What a step draws attention to on the stage. */
export const FocusSchema = z.union([
  z.object({ component: z.string().min(1).describe('A component as the diagram names it: kube-scheduler, etcd, kubelet/node-1') }).strict(),
  z.object({ edge: z.tuple([z.string().min(1), z.string().min(1)]).describe('A message path: [from, to]') }).strict(),
  z.object({ object: z.object({ kind: z.string().min(1), namespace: z.string().optional(), name: z.string().min(1) }).strict() }).strict(),
  z.object({ trace: TracePatternSchema.describe('Sequence rows matching this pattern') }).strict(),
]);
export type Focus = z.infer<typeof FocusSchema>;

export const MISCONCEPTION_IDS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'] as const;
export const OBJECTIVE_IDS = ['lo1', 'lo2', 'lo3', 'lo4', 'lo5', 'lo6', 'lo7', 'lo8', 'lo9', 'lo10'] as const;
export const FAILURE_IDS = ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'kubelet', 'container-runtime', 'cni', 'csi', 'kube-proxy'] as const;

/** What a lesson does to move the cluster: lines, a pause point, or a span of simulated time. */
export const UntilSchema = z.intersection(
  BreakpointSchema,
  z.object({
    within: DurationSchema,
    /** A state pause point's trace conditions count records from this earlier step's start (default: this step's). */
    since: Id.optional(),
  }),
);
export type Until = z.infer<typeof UntilSchema>;

const RevealSchema = z
  .object({
    run: z.array(Line).min(1).optional(),
    until: UntilSchema.optional(),
    advance: DurationSchema.optional(),
  })
  .strict()
  .describe('What the lesson does after the learner answers, so the cluster shows the answer (in this order: run, until, advance).');

const OptionSchema = z
  .object({
    id: Id,
    text: TextSchema,
    /** Must hold after the reveal for the key and fail for every other option (proven in CI). */
    check: ConditionSchema,
    /** The syllabus misconception a wrong option stands for. */
    misconception: z.enum(MISCONCEPTION_IDS).optional(),
    /** Why this option is right or wrong, shown after answering. */
    why: TextSchema,
  })
  .strict();

export const PredictSchema = z
  .object({
    ask: TextSchema,
    /** How the learner answers: pick an option, click a component on the diagram, or a node. */
    form: z.enum(['choice', 'component', 'node']).default('choice'),
    options: z.array(OptionSchema).min(2),
    key: Id,
    reveal: RevealSchema,
    explain: TextSchema,
  })
  .strict();
export type Predict = z.infer<typeof PredictSchema>;

export const TaskSchema = z
  .object({
    goal: TextSchema,
    check: ConditionSchema,
    hints: z.array(TextSchema).min(1),
    /** Lines that reach the goal; the checker runs them to prove the check can be met. */
    solution: z.array(Line).min(1),
    /** Simulated time the solution may need before the check holds (it waits up to this long). */
    settle: DurationSchema.optional(),
  })
  .strict();
export type Task = z.infer<typeof TaskSchema>;

export const QuizSchema = z
  .object({
    ask: TextSchema,
    options: z.array(z.object({ id: Id, text: TextSchema, why: TextSchema.optional() }).strict()).min(2),
    key: Id,
    explain: TextSchema,
  })
  .strict();
export type Quiz = z.infer<typeof QuizSchema>;

export const StepSchema = z
  .object({
    id: Id,
    title: TextSchema.optional(),
    say: TextSchema.optional(),
    focus: z.array(FocusSchema).optional(),
    run: z.array(Line).min(1).optional(),
    fault: z.array(z.string().min(1)).min(1).optional().describe('Fault targets to inject (sim fail <target>)'),
    recover: z.array(z.string().min(1)).min(1).optional().describe('Fault targets to heal (sim recover <target>)'),
    until: UntilSchema.optional(),
    advance: DurationSchema.optional(),
    predict: PredictSchema.optional(),
    task: TaskSchema.optional(),
    quiz: QuizSchema.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const actions = (['run', 'fault', 'recover', 'until', 'advance', 'predict', 'task', 'quiz'] as const).filter((k) => s[k] !== undefined);
    if (actions.length > 1) ctx.addIssue({ code: 'custom', message: `a step does one thing; this one has ${actions.join(', ')}: split it into steps` });
    if (actions.length === 0 && !s.say) ctx.addIssue({ code: 'custom', message: 'a step needs something to say or do' });
  });
export type Step = z.infer<typeof StepSchema>;

export const LessonSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^\d\d-[a-z0-9-]+$/, 'a lesson id is NN-slug, the name of its folder'),
    /** Bump when steps change meaning: a learner's saved progress for an older version restarts. */
    version: z.number().int().min(1),
    title: TextSchema,
    summary: TextSchema,
    minutes: z.number().int().min(1).max(30),
    objectives: z.array(z.enum(OBJECTIVE_IDS)).default([]),
    misconceptions: z.array(z.enum(MISCONCEPTION_IDS)).default([]),
    failures: z.array(z.enum(FAILURE_IDS)).default([]),
    topology: z.enum(['basic', 'ha']).default('basic'),
    seed: z.number().int().min(0).default(1),
    /** Interview drills this lesson prepares for (ids of lessons/interview files). */
    drills: z.array(z.string()).default([]),
    steps: z.array(StepSchema).min(1),
  })
  .strict()
  .superRefine((l, ctx) => {
    const seen = new Set<string>();
    l.steps.forEach((s, i) => {
      const since = s.until?.since;
      if (since !== undefined && !seen.has(since)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'until', 'since'], message: `since must name an earlier step (${since} is not one)` });
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: `step id ${s.id} is used twice` });
      seen.add(s.id);
      for (const [kind, q] of [['predict', s.predict], ['quiz', s.quiz]] as const) {
        if (!q) continue;
        const ids = q.options.map((o) => o.id);
        if (!ids.includes(q.key)) ctx.addIssue({ code: 'custom', path: ['steps', i, kind, 'key'], message: `key ${q.key} is not one of the options (${ids.join(', ')})` });
        if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['steps', i, kind, 'options'], message: 'option ids must be unique' });
      }
    });
  });
export type Lesson = z.infer<typeof LessonSchema>;
