/**
 * Saved progress, in IndexedDB through `idb`: where each lesson stands (step, answers, moments,
 * the run that reproduces its cluster) and, for the drills, card states and the review log. Every
 * record is validated on the way in and out with the same zod schemas the export file uses, so a
 * corrupted or foreign store yields a clear notice and a fresh start, never a broken page.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { z } from 'zod';
import { BreakpointSchema } from './conditions';

export const DB_NAME = 'reconcile';
const DB_VERSION = 1;

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
  z.object({ type: z.literal('command'), line: z.string().max(100_000), stdin: z.string().max(1_000_000).optional(), interruptAt: z.number().optional(), terminal: z.object({ columns: z.number().int().min(1).max(10_000), rows: z.number().int().min(1).max(10_000) }).strict().optional() }).strict(),
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

interface ProgressDB extends DBSchema {
  lessons: { key: string; value: unknown };
  cards: { key: string; value: unknown };
  reviews: { key: number; value: unknown };
  meta: { key: string; value: unknown };
}

/** Why stored data was set aside: the UI says so once, in the learner's language. */
export type StoreNotice = { type: 'corrupted'; store: 'lessons' | 'cards' | 'reviews'; dropped: number } | { type: 'unavailable'; reason: string };

export class ProgressStore {
  private constructor(
    private readonly db: IDBPDatabase<ProgressDB> | undefined,
    readonly notices: StoreNotice[],
  ) {}

  /** Opens the store; without IndexedDB (private mode, blocked) it works in memory for this page only. */
  static async open(): Promise<ProgressStore> {
    try {
      const db = await openDB<ProgressDB>(DB_NAME, DB_VERSION, {
        upgrade(d) {
          if (!d.objectStoreNames.contains('lessons')) d.createObjectStore('lessons');
          if (!d.objectStoreNames.contains('cards')) d.createObjectStore('cards');
          if (!d.objectStoreNames.contains('reviews')) d.createObjectStore('reviews', { autoIncrement: true });
          if (!d.objectStoreNames.contains('meta')) d.createObjectStore('meta');
        },
      });
      return new ProgressStore(db, []);
    } catch (e) {
      return new ProgressStore(undefined, [{ type: 'unavailable', reason: e instanceof Error ? e.message : String(e) }]);
    }
  }

  private memory = { lessons: new Map<string, LessonRecord>(), cards: new Map<string, CardRecord>(), reviews: [] as ReviewRecord[] };

  get persistent(): boolean {
    return this.db !== undefined;
  }

  /** Asks the browser not to evict this origin's storage (Safari otherwise may after 7 days unused). */
  static async requestPersistence(): Promise<boolean> {
    try {
      return (await navigator.storage?.persist?.()) ?? false;
    } catch {
      return false;
    }
  }

  private async readAll<T>(name: 'lessons' | 'cards' | 'reviews', schema: z.ZodType<T>): Promise<T[]> {
    if (!this.db) return name === 'reviews' ? (this.memory.reviews as T[]) : ([...this.memory[name].values()] as T[]);
    const out: T[] = [];
    let dropped = 0;
    const tx = this.db.transaction(name, 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      const r = schema.safeParse(cursor.value);
      if (r.success) out.push(r.data);
      else {
        dropped++;
        await cursor.delete();
      }
    }
    await tx.done;
    if (dropped) this.notices.push({ type: 'corrupted', store: name, dropped });
    return out;
  }

  lessons(): Promise<LessonRecord[]> {
    return this.readAll('lessons', LessonRecordSchema);
  }

  async lesson(id: string): Promise<LessonRecord | undefined> {
    if (!this.db) return this.memory.lessons.get(id);
    const raw = await this.db.get('lessons', id);
    if (raw === undefined) return undefined;
    const r = LessonRecordSchema.safeParse(raw);
    if (r.success) return r.data;
    await this.db.delete('lessons', id);
    this.notices.push({ type: 'corrupted', store: 'lessons', dropped: 1 });
    return undefined;
  }

  async putLesson(rec: LessonRecord): Promise<void> {
    const v = LessonRecordSchema.parse(rec);
    if (!this.db) this.memory.lessons.set(v.id, v);
    else await this.db.put('lessons', v, v.id);
  }

  async deleteLesson(id: string): Promise<void> {
    if (!this.db) this.memory.lessons.delete(id);
    else await this.db.delete('lessons', id);
  }

  cards(): Promise<CardRecord[]> {
    return this.readAll('cards', CardRecordSchema);
  }

  async putCard(card: CardRecord): Promise<void> {
    const v = CardRecordSchema.parse(card);
    if (!this.db) this.memory.cards.set(v.id, v);
    else await this.db.put('cards', v, v.id);
  }

  reviews(): Promise<ReviewRecord[]> {
    return this.readAll('reviews', ReviewRecordSchema);
  }

  async addReview(r: ReviewRecord): Promise<void> {
    const v = ReviewRecordSchema.parse(r);
    if (!this.db) this.memory.reviews.push(v);
    else await this.db.add('reviews', v);
  }

  async exportAll(now: number): Promise<ProgressExport> {
    return { format: EXPORT_FORMAT, version: 1, exportedAt: now, lessons: await this.lessons(), cards: await this.cards(), reviews: await this.reviews() };
  }

  /** Replaces everything with an export's contents; refuses (and changes nothing) if it does not validate. */
  async importAll(data: unknown): Promise<{ ok: true; lessons: number; cards: number } | { ok: false; error: string }> {
    const r = ExportSchema.safeParse(data);
    if (!r.success) {
      const first = r.error.issues[0];
      return { ok: false, error: first ? `${first.path.join('.') || 'file'}: ${first.message}` : 'not a progress file' };
    }
    const v = r.data;
    if (!this.db) {
      this.memory = { lessons: new Map(v.lessons.map((l) => [l.id, l])), cards: new Map(v.cards.map((c) => [c.id, c])), reviews: [...v.reviews] };
    } else {
      const tx = this.db.transaction(['lessons', 'cards', 'reviews'], 'readwrite');
      await Promise.all([tx.objectStore('lessons').clear(), tx.objectStore('cards').clear(), tx.objectStore('reviews').clear()]);
      for (const l of v.lessons) await tx.objectStore('lessons').put(l, l.id);
      for (const c of v.cards) await tx.objectStore('cards').put(c, c.id);
      for (const rv of v.reviews) await tx.objectStore('reviews').add(rv);
      await tx.done;
    }
    return { ok: true, lessons: v.lessons.length, cards: v.cards.length };
  }

  async clear(): Promise<void> {
    if (!this.db) {
      this.memory = { lessons: new Map(), cards: new Map(), reviews: [] };
      return;
    }
    const tx = this.db.transaction(['lessons', 'cards', 'reviews'], 'readwrite');
    await Promise.all([tx.objectStore('lessons').clear(), tx.objectStore('cards').clear(), tx.objectStore('reviews').clear(), tx.done]);
  }

  close(): void {
    this.db?.close();
  }
}
