/**
 * Runs lessons in the page: owns the running lesson's xstate actor, mirrors its snapshot into
 * the app store for the lesson panel and the stage, saves progress (with the run that rebuilds
 * its cluster) after every change, and restores it on resume. Everything the cluster does goes
 * through the LessonHost (the bridge), so lesson commands are in the replay log and in links.
 *
 * The machine (xstate), the YAML loader and the drills' schema load on first use, outside the
 * page's entry chunk: a visitor who only explores the sandbox never downloads them.
 *
 * Over 400 lines because starting, leaving, replaying to a step and saving share one invariant —
 * at most one lesson owns the page's cluster, and its progress is written before another takes
 * it — which is easier to keep in one class than across modules that would each need the launch.
 */
import type { Subscription } from 'xstate';
import type { BundledLesson, LessonBundle } from '../../lesson-runtime/catalog';
import type { Drill, MisconceptionCard } from '../../lesson-runtime/drill-schema';
import type { LessonActor, LessonEvent, LessonProgress } from '../../lesson-runtime/machine';
import type { ProgressStore, LessonRecord } from '../../lesson-runtime/progress';
import { laterOfOneRun } from '../../lesson-runtime/saved-run';
import type { AppStore } from '../store/store';
import { hostDriver, type LessonHost } from './host';
import type { LessonsNotice, LessonsState, StartingLesson } from './state';

const emptyProgress = (): LessonProgress => ({ index: 0, records: {}, answers: {}, hints: {}, attempts: {} });

/** Phases in which a step's action has finished and the learner reads or answers. */
const SETTLED = new Set(['ready', 'asking', 'answered', 'working', 'solved', 'review']);

export interface StartOptions {
  /** Discard saved progress and begin at step 1. */
  restart?: boolean;
  /** The run in the page's link: used when it is the saved run at another moment (a reload). */
  run?: LessonRecord['run'];
  /** Open at this step (by id): the steps before it not reached yet are played first. */
  stepId?: string;
}

/**
 * One start on its way. Leaving (exit) or starting another lesson cancels it; it then stops at
 * its next await, so a start the learner has left never rebuilds the cluster they have chosen
 * since, nor puts its panel back up.
 */
interface Launching {
  cancelled?: 'left' | 'replaced';
  /** It has asked for its cluster (LessonHost.restart): from then on the page's cluster is that one, left or not. */
  clusterAsked?: boolean;
}

export class LessonController {
  private actor: LessonActor | undefined;
  private sub: Subscription | undefined;
  private progress: ProgressStore | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;
  private launching: Launching | undefined;
  private unwatch: (() => void) | undefined;
  private loadLesson: LessonBundle['load'] = () => Promise.resolve(undefined);
  private opened!: (store: ProgressStore) => void;
  private readonly openedStore = new Promise<ProgressStore>((resolve) => (this.opened = resolve));
  private initialized!: () => void;
  /** Settles once `init` has read the saved progress (or failed to): resuming a lesson needs it. */
  private readonly loaded = new Promise<void>((resolve) => (this.initialized = resolve));

  constructor(
    private readonly store: AppStore,
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

  /**
   * Loads saved progress (IndexedDB) for the catalog. Safe to call once at start-up. The catalog
   * is known as soon as this is called (a lesson link's `start` names its lesson at once); the
   * saved records arrive later.
   */
  async init(bundle: LessonBundle, store?: ProgressStore): Promise<void> {
    this.loadLesson = bundle.load;
    this.set({ catalog: bundle.catalog, syllabus: bundle.syllabus });
    try {
      // The store and its schemas load after the page is up: they are not needed for its first paint.
      this.progress = store ?? (await (await import('../../lesson-runtime/progress')).ProgressStore.open());
      this.opened(this.progress);
      const records = await this.progress.lessons();
      const notices: LessonsNotice[] = [...this.progress.notices];
      this.set({ records: Object.fromEntries(records.map((r) => [r.id, r])), persistent: this.progress.persistent, notices: [...this.state.notices, ...notices] });
    } finally {
      this.initialized();
    }
  }

  /** The saved-progress store, once `init` has opened it: the drills page keeps its cards there too, so one export holds everything. */
  progressStore(): Promise<ProgressStore> {
    return this.openedStore;
  }

  /** A built-in lesson (its step titles, for links into it). */
  lesson(id: string): Promise<BundledLesson | undefined> {
    return this.loadLesson(id);
  }

  openCatalog(): void {
    this.set({ catalogOpen: true });
  }

  closeCatalog(): void {
    this.set({ catalogOpen: false });
  }

  /**
   * Starts (or resumes) a built-in lesson. Resolves false when the lesson did not give the page its
   * cluster: there is no such lesson, or the learner left it before its cluster was asked for (the
   * page keeps the cluster it had — a lesson link's page has none yet: leaving started its own,
   * LessonHost.keepOwn). Replaced by another start before that, it resolves true: the other lesson
   * builds the cluster. A lesson link calls this with the page, right after `init`: the start waits
   * for the saved progress it may resume.
   */
  async start(id: string, opts: StartOptions = {}): Promise<boolean> {
    // The catalog names the lesson at once: the header's controls ask before rebuilding under it
    // from the click on (or from the first paint of a lesson link's page), not only once the saved
    // progress, its chunk, the machine and its cluster have loaded.
    const listed = this.state.catalog.find((c) => c.id === id);
    const launch = this.beginLaunch(listed ? { title: listed.title, own: false, saved: this.state.records[id] !== undefined } : undefined);
    await this.loaded;
    if (launch.cancelled) return launch.cancelled === 'replaced';
    const starting = this.state.starting;
    if (starting && !starting.own) this.set({ starting: { ...starting, saved: this.state.records[id] !== undefined } });
    let entry: Awaited<ReturnType<LessonBundle['load']>>;
    try {
      entry = await this.loadLesson(id);
    } catch (e) {
      return this.launchFailed(launch, e);
    }
    if (launch.cancelled) return launch.cancelled === 'replaced';
    if (!entry) {
      this.endLaunch(launch);
      return false;
    }
    const saved = this.state.records[id];
    const usable = saved && saved.version === entry.lesson.version && !opts.restart ? saved : undefined;
    let progress: LessonProgress = usable?.progress ?? emptyProgress();
    // A link's run is taken only when it is this learner's saved run at another moment (a reload,
    // a link to themselves): the saved steps' moments belong to it. Anyone else's run would put
    // this learner's lesson at its first step on a cluster that has already done the later ones;
    // the lesson's own run is played up to the linked step instead.
    let skipTo: number | undefined;
    if (opts.stepId !== undefined) {
      const at = entry.lesson.steps.findIndex((s) => s.id === opts.stepId);
      if (at >= 0 && at <= progress.index) progress = { ...progress, index: at };
      else if (at > progress.index) skipTo = at;
    }
    // Steps are played on the run the saved progress describes: a link of the learner's own that
    // is ahead of their last save has done some of those steps already (its save was lost).
    const own = opts.run && usable?.run && skipTo === undefined ? laterOfOneRun(usable.run, opts.run) : undefined;
    const run = own ?? usable?.run ?? { seed: entry.lesson.seed, topology: entry.lesson.topology, log: [] };
    this.startedAt = usable?.startedAt ?? this.clock();
    return this.launch(launch, entry, false, progress, run, skipTo);
  }

  /** Validates a learner's own lesson file and runs it; errors are reported with line numbers. */
  async openFile(name: string, text: string, files: Record<string, string> = {}): Promise<boolean> {
    const { loadLesson, MAX_FILE_BYTES } = await import('../../lesson-runtime/load');
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
    return this.launch(this.beginLaunch(undefined), { lesson: r.value, files }, true, emptyProgress(), { seed: r.value.seed, topology: r.value.topology, log: [] });
  }

  /**
   * Plays an interview drill's or misconception card's demonstration on the stage, as a short
   * lesson of its own (not saved as lesson progress): its steps, then the decisive observation.
   */
  async startDemo(card: Drill | MisconceptionCard, files: Record<string, string>): Promise<void> {
    const { demoLesson } = await import('../../lesson-runtime/drill-schema');
    this.startedAt = this.clock();
    const lesson = demoLesson(card);
    await this.launch(this.beginLaunch(undefined), { lesson, files }, true, emptyProgress(), { seed: lesson.seed, topology: lesson.topology, log: [] });
  }

  /** A new start: the one on its way (if any) gives way to it. `starting` names the lesson when it is known already. */
  private beginLaunch(starting: StartingLesson | undefined): Launching {
    if (this.launching) this.launching.cancelled = 'replaced';
    const launch: Launching = {};
    this.launching = launch;
    if (starting) this.set({ starting });
    return launch;
  }

  /**
   * The lesson's code or content did not load (offline before it was cached, a failed chunk):
   * the start ends before any cluster was asked for, so the page keeps (or, on a lesson link's
   * page, starts) its own, and the catalog opens on what went wrong. Resolves as `start` does.
   */
  private launchFailed(launch: Launching, e: unknown): boolean {
    if (launch.cancelled) return launch.cancelled === 'replaced';
    this.endLaunch(launch);
    this.notify({ type: 'load-failed', error: e instanceof Error ? e.message : String(e) });
    this.set({ catalogOpen: true });
    return false;
  }

  private endLaunch(launch: Launching): void {
    if (this.launching !== launch) return;
    this.launching = undefined;
    this.set({ starting: undefined });
  }

  /** Resolves as `start` does: whether the page's cluster is now the lesson's (even if left right after). */
  private async launch(launch: Launching, entry: BundledLesson, own: boolean, progress: LessonProgress, run: NonNullable<LessonRecord['run']>, skipTo?: number): Promise<boolean> {
    // The lesson running until now is left (its progress saved first); the new one is on its way.
    this.flush();
    this.stop();
    const starting: StartingLesson = { title: entry.lesson.title, own, saved: !own && this.state.records[entry.lesson.id] !== undefined };
    this.set({ catalogOpen: false, revealed: {}, active: undefined, starting });
    const modules = await Promise.all([import('xstate'), import('../../lesson-runtime/machine')]).then(
      (m) => ({ ok: true as const, m }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    if (!modules.ok) return this.launchFailed(launch, modules.e);
    // A load that failed earlier is history once a lesson loads.
    if (this.state.notices.some((n) => n.type === 'load-failed')) this.dismiss('load-failed');
    const [{ createActor }, { createLessonMachine, phaseOf }] = modules.m;
    if (launch.cancelled) return launch.cancelled === 'replaced';
    launch.clusterAsked = true;
    await this.host.restart(run, entry.files);
    // Left while its cluster booted: that cluster is the learner's now, with whatever they have
    // run on it since (the dial's rebuild); the lesson does not take it back.
    if (launch.cancelled) return true;
    if (skipTo !== undefined) {
      progress = await this.playTo(launch, entry, progress, skipTo);
      if (launch.cancelled) return true;
    }
    this.launching = undefined;
    const actor = createActor(createLessonMachine(entry.lesson, hostDriver(this.host), progress));
    this.actor = actor;
    let focused = '';
    let lastPhase = '';
    let lastIndex = progress.index;
    let first = true;
    this.sub = actor.subscribe((snap) => {
      const phase = phaseOf(snap);
      // A task hands the cluster to the learner: it runs on so what they type can take effect
      // (a paused cluster would never reach the goal); every other step keeps the lesson's pause.
      if (phase === 'working' && lastPhase !== 'working' && entry.lesson.steps[snap.context.index]?.task) this.host.playLive();
      const moved = snap.context.index !== lastIndex || phase !== lastPhase;
      lastPhase = phase;
      lastIndex = snap.context.index;
      // The first snapshot ends `starting` in the same change, so no moment has neither (the dial would not ask).
      const active = { entry, own, phase, context: snap.context };
      this.set(first ? { active, starting: undefined } : { active });
      first = false;
      // Reaching a new step or phase (an answer committed, a task solved) is saved at once, so a
      // learner who leaves right after resumes there; the many small changes within a phase are
      // batched.
      this.scheduleSave();
      if (moved) this.flush();
      // Resolve the step's trace focus once its action has run (the records it points at exist).
      const key = `${snap.context.index}:${SETTLED.has(phase)}`;
      if (key !== focused) {
        focused = key;
        void this.resolveFocus(entry, snap.context.index, SETTLED.has(phase));
      }
    });
    actor.start();
    this.watchTasks();
    return true;
  }

  /**
   * A link into a step not reached yet: the steps before it are played on the cluster as the
   * lesson would play them (acts, reveals, reference solutions; nothing answered for the
   * learner), so the linked step starts where it expects the cluster to be. Going back shows each
   * played step in review. A step that fails to play stops the skip there: the lesson opens on
   * it, and its own run reports what went wrong.
   */
  private async playTo(launch: Launching, entry: BundledLesson, progress: LessonProgress, to: number): Promise<LessonProgress> {
    const { playThrough } = await import('../../lesson-runtime/step-actions');
    let at = progress.index;
    const left = new Error('left');
    const report = (i: number): void => {
      // Left (or replaced) while playing: nothing more is typed on the cluster the learner now has.
      if (launch.cancelled) throw left;
      at = i;
      const starting = this.state.starting;
      if (starting && !launch.cancelled) this.set({ starting: { ...starting, skipping: { step: i + 1, to: to + 1 } } });
    };
    let records = progress.records;
    try {
      records = { ...records, ...(await playThrough(hostDriver(this.host), entry.lesson.steps, { from: progress.index, to }, progress.records, report)) };
      at = to;
    } catch (e) {
      // The failing step is where the lesson opens; the machine runs it again and shows its error.
      if (e === left) return progress;
    }
    return { ...progress, records, index: at };
  }

  /**
   * A task is checked whenever the learner's cluster may have reached the goal: after each of
   * their commands finishes, and as simulated time passes while the page plays.
   */
  private watchTasks(): void {
    this.unwatch?.();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (): void => {
      timer = undefined;
      const a = this.state.active;
      if (a?.phase === 'working' && a.entry.lesson.steps[a.context.index]?.task) this.actor?.send({ type: 'CHECK' });
    };
    this.unwatch = this.store.subscribe((s, prev) => {
      const finished = s.terminal.entries !== prev.terminal.entries && s.terminal.entries.some((e, i) => e.state !== 'running' && prev.terminal.entries[i]?.state === 'running');
      const advanced = (s.cluster.tape?.frontierNow ?? 0) > (prev.cluster.tape?.frontierNow ?? 0);
      if ((finished || advanced) && timer === undefined) timer = setTimeout(check, finished ? 50 : 1000);
    });
  }

  /** Asks the worker which trace records the step's `trace` focus entries match. */
  private async resolveFocus(entry: BundledLesson, index: number, settled: boolean): Promise<void> {
    const patterns = (entry.lesson.steps[index]?.focus ?? []).flatMap((f) => ('trace' in f ? [f.trace] : []));
    if (!patterns.length || !settled) {
      if (this.state.focusSeqs.length) this.set({ focusSeqs: [] });
      return;
    }
    try {
      const verdicts = await this.host.evaluate(patterns.map((trace) => ({ trace })), 0);
      if (this.state.active?.context.index === index) this.set({ focusSeqs: [...new Set(verdicts.flatMap((v) => v.records))].sort((a, b) => a - b) });
    } catch {
      // The worker restarted: the focus is cosmetic, the next step resolves it again.
    }
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

  /**
   * Leaves the lesson, or the one starting; the cluster stays as it is (a sandbox from here). A
   * start left before it asked for its cluster leaves the page its own — started here and now on
   * a lesson link's page, which has none yet, so that what the learner left the lesson for (the
   * dial's rebuild, run right after this) runs on it rather than on no cluster at all.
   */
  exit(): void {
    this.flush();
    this.stop();
    const launch = this.launching;
    this.launching = undefined;
    if (launch) launch.cancelled = 'left';
    this.set({ active: undefined, starting: undefined });
    if (launch && !launch.clusterAsked) this.host.keepOwn();
  }

  private stop(): void {
    this.unwatch?.();
    this.unwatch = undefined;
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
      progress: { index: a.context.index, records: a.context.records, answers: a.context.answers, hints: a.context.hints, attempts: a.context.attempts },
      completed: a.phase === 'finished' || this.state.records[a.entry.lesson.id]?.completed === true,
      startedAt: this.startedAt,
      updatedAt: this.clock(),
      run: this.host.currentRun(),
    };
    this.set({ records: { ...this.state.records, [rec.id]: rec }, saving: this.state.saving + 1 });
    try {
      await this.progress.putLesson(rec);
      if (this.state.saveError !== undefined) this.set({ saveError: undefined });
    } catch (e) {
      // Quota, a blocked or closed database: the page keeps the progress (and the store's journal
      // usually holds it for the next page); the learner is told rather than left to find out.
      this.set({ saveError: e instanceof Error ? e.message || e.name : String(e) });
      return;
    } finally {
      this.set({ saving: this.state.saving - 1 });
    }
    if (rec.completed) void import('../../lesson-runtime/progress').then((m) => m.ProgressStore.requestPersistence());
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
