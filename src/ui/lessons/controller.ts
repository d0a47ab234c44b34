/**
 * Runs lessons in the page: owns the running lesson's xstate actor, mirrors its snapshot into
 * the app store for the lesson panel and the stage, saves progress (with the run that rebuilds
 * its cluster) after every change, and restores it on resume. Everything the cluster does goes
 * through the LessonHost (the bridge), so lesson commands are in the replay log and in links.
 */
import { createActor, type Subscription } from 'xstate';
import type { BundledLesson, LessonBundle } from '../../lesson-runtime/catalog';
import { loadLesson, MAX_FILE_BYTES } from '../../lesson-runtime/load';
import { createLessonMachine, emptyProgress, phaseOf, progressOf, type LessonActor, type LessonEvent, type LessonProgress } from '../../lesson-runtime/machine';
import { ProgressStore, type LessonRecord } from '../../lesson-runtime/progress';
import type { StoreApi } from 'zustand/vanilla';
import { hostDriver, type LessonHost } from './host';
import type { LessonsNotice, LessonsState } from './state';

export interface LessonStoreSlice {
  lessons: LessonsState;
}

export interface StartOptions {
  /** Discard saved progress and begin at step 1. */
  restart?: boolean;
  /** Resume on this run instead of the saved one (a shared link or a reload). */
  run?: LessonRecord['run'];
  /** Resume at this step (by id), if the saved progress reached it. */
  stepId?: string;
}

export class LessonController {
  private actor: LessonActor | undefined;
  private sub: Subscription | undefined;
  private progress: ProgressStore | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;
  private loadLesson: LessonBundle['load'] = () => Promise.resolve(undefined);

  constructor(
    private readonly store: StoreApi<LessonStoreSlice>,
    private readonly host: LessonHost,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  private get state(): LessonsState {
    return this.store.getState().lessons;
  }

  private set(patch: Partial<LessonsState>): void {
    this.store.setState((s) => ({ lessons: { ...s.lessons, ...patch } }));
  }

  private notify(n: LessonsNotice): void {
    this.set({ notices: [...this.state.notices.filter((x) => x.type !== n.type), n] });
  }

  dismiss(type: LessonsNotice['type']): void {
    this.set({ notices: this.state.notices.filter((n) => n.type !== type) });
  }

  /** Loads saved progress (IndexedDB) for the catalog. Safe to call once at start-up. */
  async init(bundle: LessonBundle, store?: ProgressStore): Promise<void> {
    this.loadLesson = bundle.load;
    this.set({ catalog: bundle.catalog, syllabus: bundle.syllabus });
    this.progress = store ?? (await ProgressStore.open());
    const records = await this.progress.lessons();
    const notices: LessonsNotice[] = [...this.progress.notices];
    this.set({ records: Object.fromEntries(records.map((r) => [r.id, r])), persistent: this.progress.persistent, notices: [...this.state.notices, ...notices] });
  }

  openCatalog(): void {
    this.set({ catalogOpen: true });
  }

  closeCatalog(): void {
    this.set({ catalogOpen: false });
  }

  /** Starts (or resumes) a built-in lesson. */
  async start(id: string, opts: StartOptions = {}): Promise<boolean> {
    const entry = await this.loadLesson(id);
    if (!entry) return false;
    const saved = this.state.records[id];
    const usable = saved && saved.version === entry.lesson.version && !opts.restart ? saved : undefined;
    let progress: LessonProgress = usable?.progress ?? emptyProgress();
    if (opts.stepId !== undefined) {
      const at = entry.lesson.steps.findIndex((s) => s.id === opts.stepId);
      if (at >= 0 && at <= progress.index) progress = { ...progress, index: at };
    }
    const run = opts.run ?? (usable ? usable.run : undefined) ?? { seed: entry.lesson.seed, topology: entry.lesson.topology, log: [] };
    this.startedAt = usable?.startedAt ?? this.clock();
    await this.launch(entry, false, progress, run);
    return true;
  }

  /** Validates a learner's own lesson file and runs it; errors are reported with line numbers. */
  async openFile(name: string, text: string, files: Record<string, string> = {}): Promise<boolean> {
    if (text.length > MAX_FILE_BYTES) {
      this.notify({ type: 'file-errors', name, errors: [{ line: 0, path: '', message: `the file is larger than ${MAX_FILE_BYTES} bytes` }] });
      return false;
    }
    const r = loadLesson(text);
    if (!r.ok) {
      this.notify({ type: 'file-errors', name, errors: r.errors });
      return false;
    }
    this.dismiss('file-errors');
    this.startedAt = this.clock();
    await this.launch({ lesson: r.value, files }, true, emptyProgress(), { seed: r.value.seed, topology: r.value.topology, log: [] });
    return true;
  }

  private async launch(entry: BundledLesson, own: boolean, progress: LessonProgress, run: NonNullable<LessonRecord['run']>): Promise<void> {
    this.stop();
    this.set({ catalogOpen: false, revealed: {} });
    await this.host.restart(run, entry.files);
    const actor = createActor(createLessonMachine(entry.lesson, hostDriver(this.host), progress));
    this.actor = actor;
    this.sub = actor.subscribe((snap) => {
      this.set({ active: { entry, own, phase: phaseOf(snap), context: snap.context } });
      this.scheduleSave();
    });
    actor.start();
  }

  send(e: LessonEvent): void {
    if (e.type === 'ANSWER' || e.type === 'NEXT' || e.type === 'BACK') this.set({ choice: undefined });
    this.actor?.send(e);
  }

  /** Picks (without committing) an option of the open prediction. */
  choose(option: string | undefined): void {
    this.set(option === undefined ? { choice: undefined } : { choice: option });
  }

  /** Presenter mode: shows the room the answer of a prediction. */
  reveal(stepId: string): void {
    this.set({ revealed: { ...this.state.revealed, [stepId]: true } });
  }

  /** Leaves the lesson; the cluster stays as it is (a sandbox from here). */
  exit(): void {
    this.flush();
    this.stop();
    this.set({ active: undefined });
  }

  private stop(): void {
    this.sub?.unsubscribe();
    this.sub = undefined;
    this.actor?.stop();
    this.actor = undefined;
  }

  private scheduleSave(): void {
    if (this.saveTimer !== undefined) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.save();
    }, 300);
  }

  /** Saves now (before leaving or unloading the page). */
  flush(): void {
    if (this.saveTimer !== undefined) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      void this.save();
    }
  }

  private async save(): Promise<void> {
    const a = this.state.active;
    if (!a || a.own || !this.progress) return;
    const rec: LessonRecord = {
      id: a.entry.lesson.id,
      version: a.entry.lesson.version,
      progress: progressOf(a.context),
      completed: a.phase === 'finished' || this.state.records[a.entry.lesson.id]?.completed === true,
      startedAt: this.startedAt,
      updatedAt: this.clock(),
      run: this.host.currentRun(),
    };
    this.set({ records: { ...this.state.records, [rec.id]: rec } });
    await this.progress.putLesson(rec);
    if (rec.completed) void ProgressStore.requestPersistence();
  }

  async exportProgress(): Promise<string> {
    if (!this.progress) return '{}';
    return `${JSON.stringify(await this.progress.exportAll(this.clock()), null, 2)}\n`;
  }

  async importProgress(text: string): Promise<boolean> {
    if (!this.progress) return false;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      this.notify({ type: 'import-failed', error: e instanceof Error ? e.message : String(e) });
      return false;
    }
    const r = await this.progress.importAll(data);
    if (!r.ok) {
      this.notify({ type: 'import-failed', error: r.error });
      return false;
    }
    const records = await this.progress.lessons();
    this.set({ records: Object.fromEntries(records.map((x) => [x.id, x])) });
    this.notify({ type: 'imported', lessons: r.lessons, cards: r.cards });
    return true;
  }
}
