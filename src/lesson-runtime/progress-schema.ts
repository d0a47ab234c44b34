/**
 * The shapes of saved progress: the records IndexedDB holds, the export file, the write-ahead
 * journal. Every record is validated with these on the way in and out.
 */
import { z } from 'zod';
import { BreakpointSchema } from './conditions';

const MomentSchema = z.object({ seq: z.number().int().min(0), t: z.number().min(0) }).strict();

const VerdictSchema = z.object({ id: z.string(), holds: z.boolean(), count: z.number().optional(), records: z.array(z.number()), objects: z.array(z.string()) }).strict();

export const LessonProgressSchema = z
  .object({
    index: z.number().int().min(0),
    records: z.record(z.string(), z.object({ start: MomentSchema, end: MomentSchema.optional(), reached: z.boolean().optional() }).strict()),
    answers: z.record(z.string(), z.object({ choice: z.string(), correct: z.boolean(), verdicts: z.array(VerdictSchema).optional() }).strict()),
    hints: z.record(z.string(), z.number().int().min(0)),
    attempts: z.record(z.string(), z.number().int().min(0)),
  })
  .strict();

/** The replay log entries a saved run holds (the protocol's LogEntry, validated). */
export const LogEntrySchema = z.union([
  z.object({ type: z.literal('command'), line: z.string().max(100_000), stdin: z.string().max(1_000_000).optional(), interruptAt: z.number().optional(), terminal: z.object({ columns: z.number().int().min(1).max(10_000), rows: z.number().int().min(1).max(10_000) }).strict().optional(), laptop: z.literal(true).optional() }).strict(),
  z.object({ type: z.literal('advance'), ms: z.number().min(0).max(7 * 24 * 3_600_000) }).strict(),
  z.object({ type: z.literal('step'), maxMs: z.number().min(0).max(3_600_000) }).strict(),
  z.object({ type: z.literal('until'), breakpoint: BreakpointSchema, withinMs: z.number().min(0).max(24 * 3_600_000), sinceSeq: z.number().int().min(0).optional() }).strict(),
]);

export const SavedRunSchema = z
  .object({
    seed: z.number().int().min(0),
    topology: z.enum(['basic', 'ha']),
    log: z.array(LogEntrySchema).max(10_000),
    at: MomentSchema.optional(),
  })
  .strict();
export type SavedRun = z.infer<typeof SavedRunSchema>;

export const LessonRecordSchema = z
  .object({
    id: z.string().min(1),
    version: z.number().int().min(1),
    progress: LessonProgressSchema,
    completed: z.boolean(),
    startedAt: z.number(),
    updatedAt: z.number(),
    run: SavedRunSchema.optional(),
  })
  .strict();
export type LessonRecord = z.infer<typeof LessonRecordSchema>;

/** A drill card's spaced-repetition state (ts-fsrs Card, dates as ms) and the learner's written answer. */
export const CardRecordSchema = z
  .object({
    id: z.string().min(1),
    /** Content version of the card: a rewritten card restarts its schedule. */
    version: z.number().int().min(1),
    due: z.number(),
    stability: z.number(),
    difficulty: z.number(),
    elapsedDays: z.number(),
    scheduledDays: z.number(),
    learningSteps: z.number().int(),
    reps: z.number().int().min(0),
    lapses: z.number().int().min(0),
    state: z.number().int().min(0).max(3),
    lastReview: z.number().optional(),
    answer: z.string().max(20_000).default(''),
    points: z.array(z.number().int().min(0)).default([]),
  })
  .strict();
export type CardRecord = z.infer<typeof CardRecordSchema>;

export const ReviewRecordSchema = z
  .object({
    cardId: z.string(),
    rating: z.number().int().min(1).max(4),
    at: z.number(),
    state: z.number().int().min(0).max(3),
    scheduledDays: z.number(),
  })
  .strict();
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>;

export const EXPORT_FORMAT = 'reconcile-progress';

export const ExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(1),
    exportedAt: z.number(),
    lessons: z.array(LessonRecordSchema),
    cards: z.array(CardRecordSchema),
    reviews: z.array(ReviewRecordSchema),
  })
  .strict();
export type ProgressExport = z.infer<typeof ExportSchema>;
