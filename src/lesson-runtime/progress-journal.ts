/**
 * A write-ahead journal for saved progress. An IndexedDB write is asynchronous, and a page that
 * reloads or closes right after a learner's answer may end before the write commits (browsers do
 * not promise to finish a transaction begun in `pagehide`). So every lesson or card record is first
 * written synchronously to localStorage, then to IndexedDB, and struck from the journal once that
 * write has landed. The next page that opens the store replays whatever is still in the journal.
 *
 * Invariant: an entry stays in the journal until the IndexedDB write of exactly that record
 * resolved; a newer write of the same record replaces it (the older write's settle then leaves the
 * newer entry alone). Review log entries are not journalled: they are appended, so a replay after
 * a write that did land would count the review twice.
 */
import { z } from 'zod';
import { CardRecordSchema, LessonRecordSchema, type CardRecord, type LessonRecord } from './progress-schema';

/** The synchronous key-value storage the journal lives in: a page's localStorage. */
export interface JournalStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const JOURNAL_KEY = 'reconcile.progress.pending';

const JournalSchema = z
  .object({
    lessons: z.record(z.string(), LessonRecordSchema).default({}),
    cards: z.record(z.string(), CardRecordSchema).default({}),
  })
  .strict();
export type Journal = z.infer<typeof JournalSchema>;

type Kind = keyof Journal;

/** The page's localStorage, if this context has one and lets us use it (a sandboxed frame throws). */
export function pageStorage(): JournalStorage | undefined {
  try {
    const s = (globalThis as { localStorage?: JournalStorage }).localStorage;
    return s ?? undefined;
  } catch {
    return undefined;
  }
}

export class ProgressJournal {
  constructor(private readonly storage: JournalStorage) {}

  /**
   * What the journal holds, or `corrupted` with how many entries it seemed to have when it does
   * not validate (written by another version, or edited by hand): such a journal is dropped.
   */
  read(): { ok: true; journal: Journal } | { ok: false; dropped: number } {
    let raw: string | null;
    try {
      raw = this.storage.getItem(JOURNAL_KEY);
    } catch {
      return { ok: true, journal: { lessons: {}, cards: {} } };
    }
    if (raw === null) return { ok: true, journal: { lessons: {}, cards: {} } };
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return { ok: false, dropped: 1 };
    }
    const r = JournalSchema.safeParse(data);
    if (r.success) return { ok: true, journal: r.data };
    const o = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const count = (v: unknown): number => (v && typeof v === 'object' ? Object.keys(v).length : 0);
    return { ok: false, dropped: Math.max(1, count(o.lessons) + count(o.cards)) };
  }

  /** Records a write about to start. False when the storage refused it (full, disabled): the write goes on unjournalled. */
  begin(kind: 'lessons', rec: LessonRecord): boolean;
  begin(kind: 'cards', rec: CardRecord): boolean;
  begin(kind: Kind, rec: LessonRecord | CardRecord): boolean {
    const current = this.read();
    const j = current.ok ? current.journal : { lessons: {}, cards: {} };
    const entries = j[kind] as Record<string, LessonRecord | CardRecord>;
    entries[rec.id] = rec;
    if (this.write(j)) return true;
    // Too big for the storage: at least take the older entry out, so a replay cannot put back a record this write supersedes.
    delete entries[rec.id];
    this.write(j);
    return false;
  }

  /** Strikes the entry once its IndexedDB write landed, unless a newer write has replaced it. */
  settle(kind: Kind, rec: LessonRecord | CardRecord): void {
    const current = this.read();
    if (!current.ok) return;
    const j = current.journal;
    const entry = (j[kind] as Record<string, LessonRecord | CardRecord>)[rec.id];
    if (entry === undefined || JSON.stringify(entry) !== JSON.stringify(rec)) return;
    delete (j[kind] as Record<string, unknown>)[rec.id];
    this.write(j);
  }

  clear(): void {
    try {
      this.storage.removeItem(JOURNAL_KEY);
    } catch {
      // Nothing to undo: a storage that cannot be written holds no journal of ours either.
    }
  }

  private write(j: Journal): boolean {
    try {
      if (Object.keys(j.lessons).length === 0 && Object.keys(j.cards).length === 0) this.storage.removeItem(JOURNAL_KEY);
      else this.storage.setItem(JOURNAL_KEY, JSON.stringify(j));
      return true;
    } catch {
      return false;
    }
  }
}
