/**
 * The learner's cards while the drills page is open: read from the saved progress (the same
 * ProgressStore the lessons use, so one export holds both), changed by writing, ticking and
 * grading, and written back — a typed answer after a pause in typing, everything else at once.
 * A store that cannot be read or written never blanks the page: the error is shown and practice
 * goes on in memory.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CardRecord, ProgressStore, ReviewRecord, StoreNotice } from '../../lesson-runtime/progress';
import { currentRecord, gradeCard, newCardRecord, type Grade } from '../../lesson-runtime/srs';
import { toggleIndex, type DeckCard } from './deck';

export interface DeckProgressState {
  loaded: boolean;
  records: Record<string, CardRecord>;
  reviews: ReviewRecord[];
  /** Cards whose typed answer waits to be written. */
  pending: Record<string, true>;
  /** Saved cards or reviews that could not be read and were set aside. */
  notices: StoreNotice[];
  /** Why reading or writing failed, if it did. */
  error?: string;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Typing pauses this long before the answer is written. */
export const ANSWER_SAVE_DELAY_MS = 400;

export class DeckProgress {
  readonly store: StoreApi<DeckProgressState> = createStore<DeckProgressState>()(() => ({ loaded: false, records: {}, reviews: [], pending: {}, notices: [] }));
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly byId: ReadonlyMap<string, DeckCard>;

  constructor(
    private readonly progress: ProgressStore,
    readonly deck: readonly DeckCard[],
    private readonly clock: () => number = () => Date.now(),
    private readonly saveDelay = ANSWER_SAVE_DELAY_MS,
  ) {
    this.byId = new Map(deck.map((c) => [c.id, c]));
  }

  private get state(): DeckProgressState {
    return this.store.getState();
  }

  /** Reads (or, after an import, re-reads) the saved cards and reviews. */
  async load(): Promise<void> {
    try {
      const cards = await this.progress.cards();
      const reviews = await this.progress.reviews();
      const notices = this.progress.notices.filter((n) => n.type === 'corrupted' && n.store !== 'lessons');
      this.store.setState({ loaded: true, records: Object.fromEntries(cards.map((c) => [c.id, c])), reviews, notices, error: undefined });
    } catch (e) {
      this.store.setState({ loaded: true, error: message(e) });
    }
  }

  /** The card's record as it counts now (a rewritten card restarts as new). */
  record(id: string): CardRecord {
    const entry = this.byId.get(id);
    const saved = this.state.records[id];
    if (!entry) return saved ?? newCardRecord({ id, version: 1 }, this.clock());
    return currentRecord(saved, entry, this.clock());
  }

  setAnswer(id: string, answer: string): void {
    this.put({ ...this.record(id), answer });
    this.store.setState((s) => ({ pending: { ...s.pending, [id]: true } }));
    const t = this.timers.get(id);
    if (t !== undefined) clearTimeout(t);
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        void this.write(id);
      }, this.saveDelay),
    );
  }

  togglePoint(id: string, index: number): void {
    const r = this.record(id);
    this.put({ ...r, points: toggleIndex(r.points, index) });
    void this.write(id);
  }

  /** Grades the card: its new schedule and the review are saved before this resolves. */
  async grade(id: string, rating: Grade): Promise<CardRecord> {
    const { record, review } = gradeCard(this.record(id), rating, this.clock());
    this.put(record);
    this.store.setState((s) => ({ reviews: [...s.reviews, review] }));
    await this.write(id);
    try {
      await this.progress.addReview(review);
    } catch (e) {
      this.store.setState({ error: message(e) });
    }
    return record;
  }

  /** Writes every typed answer still waiting (the page is closing or the card changes). */
  flush(): Promise<void> {
    const ids = [...this.timers.keys()];
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    return Promise.all(ids.map((id) => this.write(id))).then(() => undefined);
  }

  private put(r: CardRecord): void {
    this.store.setState((s) => ({ records: { ...s.records, [r.id]: r } }));
  }

  private async write(id: string): Promise<void> {
    const t = this.timers.get(id);
    if (t !== undefined) {
      clearTimeout(t);
      this.timers.delete(id);
    }
    const r = this.state.records[id];
    if (!r) return;
    try {
      await this.progress.putCard(r);
      // Typing may have gone on while this was written: the newer text has its own timer.
      if (!this.timers.has(id)) this.store.setState((s) => ({ pending: Object.fromEntries(Object.entries(s.pending).filter(([k]) => k !== id)) }));
    } catch (e) {
      this.store.setState({ error: message(e) });
    }
  }
}
