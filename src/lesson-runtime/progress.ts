/**
 * Saved progress, in IndexedDB through `idb`: where each lesson stands (step, answers, moments,
 * the run that reproduces its cluster) and, for the drills, card states and the review log. Every
 * record is validated on the way in and out with the same zod schemas the export file uses, so a
 * corrupted or foreign store yields a clear notice and a fresh start, never a broken page.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { z } from 'zod';
import { ProgressJournal, pageStorage, type JournalStorage } from './progress-journal';
import { CardRecordSchema, ExportSchema, EXPORT_FORMAT, LessonRecordSchema, ReviewRecordSchema, type CardRecord, type LessonRecord, type ProgressExport, type ReviewRecord } from './progress-schema';

export type { CardRecord, LessonRecord, ProgressExport, ReviewRecord, SavedRun } from './progress-schema';

export const DB_NAME = 'reconcile';
const DB_VERSION = 1;

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
    private readonly journal: ProgressJournal | undefined,
  ) {}

  /**
   * Opens the store; without IndexedDB (private mode, blocked) it works in memory for this page
   * only. Writes a closing page left unfinished (the journal, progress-journal.ts) are replayed
   * before anything is read.
   */
  static async open(storage: JournalStorage | undefined = pageStorage()): Promise<ProgressStore> {
    let db: IDBPDatabase<ProgressDB>;
    try {
      db = await openDB<ProgressDB>(DB_NAME, DB_VERSION, {
        upgrade(d) {
          if (!d.objectStoreNames.contains('lessons')) d.createObjectStore('lessons');
          if (!d.objectStoreNames.contains('cards')) d.createObjectStore('cards');
          if (!d.objectStoreNames.contains('reviews')) d.createObjectStore('reviews', { autoIncrement: true });
          if (!d.objectStoreNames.contains('meta')) d.createObjectStore('meta');
        },
      });
    } catch (e) {
      return new ProgressStore(undefined, [{ type: 'unavailable', reason: e instanceof Error ? e.message : String(e) }], undefined);
    }
    const store = new ProgressStore(db, [], storage && new ProgressJournal(storage));
    await store.replayJournal();
    return store;
  }

  /**
   * Puts back the records whose write did not land. A lesson record older than the stored one
   * (another tab went on since) is not: the newer progress wins. The journal is empty afterwards.
   */
  private async replayJournal(): Promise<void> {
    if (!this.db || !this.journal) return;
    const read = this.journal.read();
    if (!read.ok) {
      this.notices.push({ type: 'corrupted', store: 'lessons', dropped: read.dropped });
      this.journal.clear();
      return;
    }
    const { lessons, cards } = read.journal;
    for (const rec of Object.values(lessons)) {
      const stored = LessonRecordSchema.safeParse(await this.db.get('lessons', rec.id));
      if (!stored.success || stored.data.updatedAt <= rec.updatedAt) await this.db.put('lessons', rec, rec.id);
    }
    for (const card of Object.values(cards)) await this.db.put('cards', card, card.id);
    this.journal.clear();
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
    if (!this.db) {
      this.memory.lessons.set(v.id, v);
      return;
    }
    // Synchronously, before the first await: a write begun in `pagehide` is journalled even if the page ends before IndexedDB commits.
    this.journal?.begin('lessons', v);
    await this.db.put('lessons', v, v.id);
    this.journal?.settle('lessons', v);
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
    if (!this.db) {
      this.memory.cards.set(v.id, v);
      return;
    }
    this.journal?.begin('cards', v);
    await this.db.put('cards', v, v.id);
    this.journal?.settle('cards', v);
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
      this.journal?.clear();
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
    // A pending write replayed later would bring back what the learner asked to forget.
    this.journal?.clear();
    const tx = this.db.transaction(['lessons', 'cards', 'reviews'], 'readwrite');
    await Promise.all([tx.objectStore('lessons').clear(), tx.objectStore('cards').clear(), tx.objectStore('reviews').clear(), tx.done]);
  }

  close(): void {
    this.db?.close();
  }
}
