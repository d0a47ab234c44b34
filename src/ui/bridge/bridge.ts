/**
 * SimBridge: the main thread's side of the worker protocol. It owns the worker and the playhead:
 * wall time moves the playhead at the chosen speed over the tape, and only when the playhead
 * nears the worker's frontier does it ask the worker to run further. It feeds the store with
 * snapshots and diffs, keeps the replay log that lets it replace a crashed or hung worker without
 * losing the cluster, and forks the run when the learner acts in the past.
 *
 * Only this module reads the wall clock (through the injected `now`). It knows nothing about DOM
 * Workers: `createWorker` supplies a port, which lets tests run the real simulation host in-process.
 *
 * Over 400 lines on purpose: the playhead (step, seek, fork, interrupt) and the worker's life
 * (requests in flight, acks, crashes, replay) share one replay log, one request queue and one
 * epoch, and every navigation decision depends on what is in flight. Split, that state would
 * have to be shared mutably between two objects; the pure parts already live beside it
 * (replay-log.ts, ../store/playback.ts, ../store/tape.ts, ../store/milestones.ts).
 */
import {
  PROTOCOL_VERSION,
  assertNever,
  isFromWorker,
  type FromWorker,
  type DiffMessage,
  type Breakpoint,
  type Condition,
  type LogEntry,
  type Topology,
  type Verdict,
  type ToWorker,
  type ToWorkerRequest,
  type TerminalSize,
} from '../../protocol/messages';
import { applyDiff, applySnapshot, initialClusterState, showAt, type ClusterState } from '../store/cluster';
import type { ConnectionState, Notice } from '../store/connection';
import { MilestoneScanner, type MilestoneScan } from '../store/milestones';
import { clampSpeed, initialPlaybackState, nextStop, prevStop, type PlaybackState } from '../store/playback';
import type { AppStore } from '../store/store';
import { seqAtTime, timeOfSeq, upperBound, type Tape } from '../store/tape';
import { commandFinished, commandInterrupted, commandProgress, commandReplayed, commandStarted, commandsAfter, commandsLost, initialTerminalState, interruptedAs, withoutEntries, type TerminalState } from '../store/terminal';
import { entryPatience, linePatience } from './patience';
import { ReplayLog, truncateAt } from './replay-log';

/** What the bridge needs from a worker. */
export interface WorkerPort {
  post(msg: ToWorker): void;
  terminate(): void;
}

/** How a worker reports back. `onCrash` covers uncaught errors and undeliverable messages. */
export interface WorkerEvents {
  onMessage(data: unknown): void;
  onCrash(reason: string): void;
}

export type WorkerFactory = (events: WorkerEvents) => WorkerPort;

/** How a line is sent: `reply` marks the YAML editor's answer to a `kubectl edit` or a `vi FILE` (TerminalEntry.reply). */
export interface RunOptions {
  reply?: boolean;
  /** A page control's line (a fault menu, the instructor's console, the YAML editor): it runs at the laptop's prompt even while the terminal is attached to a shell. */
  laptop?: boolean;
}

export interface BridgeOptions {
  createWorker: WorkerFactory;
  store: AppStore;
  seed: number;
  topology: Topology;
  files?: Record<string, string>;
  /** Wall clock in ms (performance.now in the browser). */
  now: () => number;
  /** Minimum wall time between two `advance` messages. */
  tickMs?: number;
  /**
   * The same in scale mode (more than 100 workers): the moment shown moves at most this often
   * while playing, so the views that redraw a thousand nodes do it a few times a second rather
   * than every frame, and frames stay free for the page (the clock still reads true each step).
   */
  scaleTickMs?: number;
  /** Longest wall-time step one tick may turn into simulated time (a backgrounded tab must not jump). */
  maxStepMs?: number;
  /** How far ahead of the playhead (in wall ms at the current speed) the worker is asked to run. */
  lookaheadMs?: number;
  /** A request the worker has neither answered nor reported progress on for this long means it hung. */
  watchdogMs?: number;
  /**
   * At most this many restarts within `restartWindowMs`, then give up and offer a reset. A
   * worker that fails again while replaying the same log gives up at once (see crashed()).
   */
  maxRestarts?: number;
  restartWindowMs?: number;
}

/**
 * A line that may run procps' `watch` (it draws on the terminal) or `ls` (its columns fill the
 * terminal's width): it carries the size (bridge.setTerminalSize).
 */
const SIZED_WORD = /\b(?:watch|ls)\b/;

/**
 * "Next milestone" past the end of the tape runs the cluster ahead in chunks of simulated time,
 * doubling from the first to the largest, until the milestone appears or the budget is spent
 * (a rollout stuck on a bad image never gets there). Small first chunks keep the frontier close
 * to the milestone; the budget outlasts an image pull, a scheduler backoff and readiness delays.
 */
export const HUNT_FIRST_CHUNK_MS = 250;
export const HUNT_MAX_CHUNK_MS = 5_000;
export const HUNT_BUDGET_MS = 120_000;

/** scaleTickMs's default: 8 moments a second while a 1,000-node cluster plays (bench:ui). */
export const SCALE_TICK_MS = 125;

/**
 * A command's progress reaches the transcript (the terminal's "Simulating…" line) only once it
 * has been reporting progress for this long in wall time. A command's last diffs, cut into
 * pieces by the byte budget, leave the worker together and arrive milliseconds apart, however
 * long the work before them took (and a `sim advance 30s` that takes a moment reports its
 * progress just as fast): shown at once, the line would flash for a frame. Long work reports
 * as it goes, seconds apart, so its line still comes up.
 */
export const PROGRESS_AFTER_MS = 250;

/** What a line sent while paused and following said of itself (its result comes just before its ack diff). */
interface PausedLine {
  /** CommandResultMessage.leadSeq: where its own kubectl/sim records begin. */
  leadSeq?: number;
  /** CommandResultMessage.unended: it was still running at the runner's bound; the moment it began. */
  unendedFrom?: number;
}

export class SimBridge {
  private readonly opts: Required<Omit<BridgeOptions, 'files'>> & { files: Record<string, string> };
  private readonly store: AppStore;
  private readonly log = new ReplayLog();
  private worker: WorkerPort | undefined;
  private epoch = 0;
  private nextId = 1;
  private ready = false;
  private snapshotRequested = false;
  private lastTickWall: number | undefined;
  /**
   * Wall time each unanswered request (or init) was sent, oldest first — later by the extra
   * patience a cluster rebuild's silent boot gets (patience.ts).
   */
  private waitingSince: number[] = [];
  /** Restarts the page's frames (frame-loop.ts) once the bridge has work for them again. */
  private wakeFrames: () => void = () => undefined;
  /** Extra patience for each input the current worker replays. */
  private replayPatience: number[] = [];
  private restartTimes: number[] = [];
  /** The current worker was spawned to recover from a crash (it replays the log that crashed). */
  private recovering = false;
  /** Diffs received while `init` replays the log (partial ones aside): the n-th one times the n-th input. */
  private replayedDiffs = 0;
  /** How many inputs the current worker replays. */
  private replayTotal = 0;
  /** Commands sent while paused whose first changes came in a partial diff: the frontier before them. */
  private commandFrontiers = new Map<number, number>();
  /** Wall time of each running command's first partial diff, by id (PROGRESS_AFTER_MS). */
  private firstProgress = new Map<number, number>();
  /** Where to put the playhead once the worker is ready (a fork, a shared link). */
  private resume: { seq?: number; t: number } | undefined;
  /** Worker steps still allowed while looking for the next visible message. */
  private stepBudget = 0;
  private milestoneCache: { tape: Tape; scan: MilestoneScan } | undefined;
  private readonly milestoneScanner = new MilestoneScanner();
  /** "Next milestone" running the worker ahead: from the moment it was pressed, with its budget. */
  private hunt: { from: number; spentMs: number; chunkMs: number } | undefined;
  /** Replayed commands whose results the worker echoes (a reloaded run's transcript), by id. */
  private echoing = new Map<number, { line: string; interruptAt?: number }>();
  /** A Ctrl+C's fork: the echoed result `id` is transcript entry `entry`'s, interrupted at `at`. */
  private echoInto: { id: number; entry: number; at: number } | undefined;
  /**
   * Commands sent while paused and following, by id: their result moves the moment shown. The
   * value is what the result said (leadSeq, unended) once it came (just before the ack diff).
   */
  private pausedCommands = new Map<number, PausedLine | undefined>();
  /**
   * Lines whose result said `skip` (`sim advance`, the prompt's `sleep`): the moment shown jumps
   * to where they ended instead of playing the gap out. Their result comes just before the ack diff.
   */
  private skipCommands = new Set<number>();
  /** Requests someone awaits (lessons): settled when the worker acknowledges them, with their result message if any. */
  private awaited = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; value?: unknown }>();
  /** The example files every run has; a lesson adds its own on top. */
  private readonly baseFiles: Record<string, string>;
  private readyWaiters: (() => void)[] = [];
  /** Attached to a served cluster (`ready.served`): a shared run, never forked; a real clock is the host's. */
  private served: { clock: 'real' | 'manual' } | undefined;
  /**
   * Lines sent before any worker was started (a lesson link's page has no cluster until its lesson
   * asks for one, or is left): shown as running, in order, and sent to the first worker right
   * after its `init` — before anything else reaches it, so the run is the same however long the
   * start took — once each. By their transcript id; `awaited` waits on those ids.
   */
  private held: { id: number; line: string; stdin?: string; reply: boolean; laptop: boolean }[] = [];
  private terminalSize: TerminalSize | undefined;

  constructor(options: BridgeOptions) {
    this.opts = {
      tickMs: 0,
      scaleTickMs: SCALE_TICK_MS,
      maxStepMs: 250,
      lookaheadMs: 250,
      watchdogMs: 30_000,
      maxRestarts: 3,
      restartWindowMs: 60_000,
      files: {},
      ...options,
    };
    this.store = options.store;
    this.baseFiles = this.opts.files;
    // Play may be pressed anywhere (the bar, a shortcut, a lesson): frames start with it.
    this.store.subscribe((s, prev) => {
      if (s.playback.playing && !prev.playback.playing) this.wakeFrames();
    });
  }

  /**
   * Boots a worker. `initialLog` rebuilds a shared run; `at` puts the playhead there (paused)
   * once it is rebuilt.
   */
  start(initialLog: readonly LogEntry[] = [], at?: { seq?: number; t: number }): void {
    if (initialLog.length) this.log.replace(initialLog);
    if (at) {
      this.resume = at;
      this.setPlayback({ playing: false });
    }
    this.spawn(this.log.confirmed, true);
  }

  /** Whether a worker was ever started (`start`, or a lesson's `restart`): a lesson link's page starts none until its lesson asks. */
  get started(): boolean {
    return this.epoch > 0;
  }

  /** The seed and topology of the current run (a lesson may have replaced the page's). */
  get runInfo(): { seed: number; topology: Topology } {
    return { seed: this.opts.seed, topology: this.opts.topology };
  }

  /**
   * Replaces the cluster with another run — a lesson's fresh cluster, or a saved run replayed —
   * with `files` added to the example files. Resolves once the worker is ready.
   */
  restart(run: { seed: number; topology: Topology; log: readonly LogEntry[]; at?: { seq?: number; t: number } }, files: Record<string, string> = {}): Promise<void> {
    this.opts.seed = run.seed;
    this.opts.topology = run.topology;
    this.opts.files = { ...this.baseFiles, ...files };
    this.log.replace(run.log);
    this.restartTimes = [];
    this.recovering = false;
    this.resume = run.at;
    this.store.setState({ cluster: initialClusterState, terminal: this.heldTerminal(), playback: { ...initialPlaybackState, playing: false, speed: this.store.getState().playback.speed } });
    this.setConnection({ restarts: 0, notice: undefined, status: 'starting' });
    const ready = new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    this.spawn(run.log, true);
    return ready;
  }

  /** The newest moment the worker has reached. */
  frontier(): { seq: number; t: number } {
    const tape = this.store.getState().cluster.tape;
    return tape ? { seq: tape.frontierSeq, t: tape.frontierNow } : { seq: 0, t: 0 };
  }

  /**
   * Runs a line at the frontier (moving the playhead there first, so it never asks to fork) and
   * resolves with its exit code once the worker has finished it. For lessons.
   */
  runAtFrontier(line: string): Promise<number> {
    this.pause();
    const f = this.frontier();
    this.show(f.seq, f.t);
    // The lesson types at the laptop's prompt, whatever shell the learner left the terminal in.
    const id = this.send(line, undefined, false, true);
    return this.awaitAck(id).then(() => this.store.getState().terminal.entries.find((e) => e.id === id)?.exitCode ?? 0);
  }

  /** Runs until a lesson's breakpoint (a logged input, so links and crash recovery replay it). */
  until(breakpoint: Breakpoint, withinMs: number, sinceSeq?: number): Promise<{ reached: boolean; seq?: number }> {
    this.pause();
    const id = this.nextId++;
    const since = sinceSeq === undefined ? {} : { sinceSeq };
    this.request({ type: 'until', id, breakpoint, withinMs, ...since }, { type: 'until', breakpoint, withinMs, ...since });
    return this.awaitAck(id) as Promise<{ reached: boolean; seq?: number }>;
  }

  /** Evaluates conditions on the cluster as it is now (nothing changes, nothing is logged). */
  evaluate(conditions: readonly Condition[], sinceSeq: number): Promise<Verdict[]> {
    const id = this.nextId++;
    this.request({ type: 'evaluate', id, conditions: [...conditions], sinceSeq }, undefined);
    return this.awaitAck(id) as Promise<Verdict[]>;
  }

  private awaitAck(id: number): Promise<unknown> {
    return new Promise((resolve, reject) => this.awaited.set(id, { resolve, reject }));
  }

  /** Settles whoever awaits requests up to `id` (the worker works in order). */
  private settleAwaited(id: number): void {
    for (const [k, w] of this.awaited) {
      if (k > id) continue;
      this.awaited.delete(k);
      w.resolve(w.value);
    }
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = false;
  }

  /**
   * Sends a command line; returns its id (the transcript entry's id), or 0 when the command waits
   * for the learner to confirm a fork (they are looking at the past: running it there discards
   * the future).
   */
  run(line: string, stdin?: string, opts: RunOptions = {}): number {
    const c = this.store.getState().cluster;
    // A served cluster's past cannot be forked (outside kubectls share it): run at its frontier.
    if (this.served && c.tape && c.seq < c.tape.frontierSeq) this.show(c.tape.frontierSeq, c.tape.frontierNow);
    if (this.served) return this.send(line, stdin, opts.reply, opts.laptop);
    if (!this.store.getState().playback.following && c.tape && c.seq < c.tape.frontierSeq) {
      this.setPlayback({ pendingFork: { line, ...(stdin === undefined ? {} : { stdin }), ...(opts.reply ? { reply: true as const } : {}), ...(opts.laptop ? { laptop: true as const } : {}), atMs: Math.floor(c.now) } });
      return 0;
    }
    return this.send(line, stdin, opts.reply, opts.laptop);
  }

  /** The learner agreed to discard the future: fork at the moment shown and run the command. */
  confirmFork(): number {
    const p = this.store.getState().playback.pendingFork;
    if (!p) return 0;
    this.setPlayback({ pendingFork: undefined });
    this.fork(p.atMs);
    return this.send(p.line, p.stdin, p.reply, p.laptop);
  }

  cancelFork(): void {
    this.setPlayback({ pendingFork: undefined });
  }

  /** Ctrl+C on a command that is still waiting at the playhead. */
  interrupt(id: number): void {
    const entry = this.store.getState().terminal.entries.find((e) => e.id === id);
    if (!entry) return;
    // The moment shown may trail the line (typed at the frontier while playing a step behind it);
    // the Ctrl+C still comes after the line it stops, so it lands no earlier than the line's start
    // — a fork before it would discard the line as if it had never been typed.
    const t = Math.max(Math.floor(this.store.getState().cluster.now), entry.startedAt ?? 0);
    if (entry.state !== 'done' || entry.endedAt === undefined || entry.endedAt <= t) return;
    this.store.setState((s) => ({ terminal: commandInterrupted(s.terminal, id, t) }));
    this.fork(t, id);
  }

  play(): void {
    this.hunt = undefined;
    this.lastTickWall = undefined;
    this.setPlayback({ playing: true });
  }

  pause(): void {
    this.hunt = undefined;
    this.lastTickWall = undefined;
    this.setPlayback({ playing: false });
  }

  /** Kept for callers of the first UI slice: running = playing. */
  setRunning(running: boolean): void {
    if (running) this.play();
    else this.pause();
  }

  setSpeed(speed: number): void {
    this.setPlayback({ speed: clampSpeed(speed) });
  }

  /** One message forward; asks the worker to run on when the tape has nothing further. */
  stepForward(): void {
    this.pause();
    const c = this.store.getState().cluster;
    if (!c.tape) return;
    const next = nextStop(c.tape, c.seq, this.stepOptions());
    if (next !== undefined) return this.seek(next);
    if (c.now < c.tape.frontierNow || c.seq < c.tape.frontierSeq) this.seek(c.tape.frontierSeq);
    // The served cluster's own clock moves it on; there is nothing to ask for.
    if (this.served?.clock === 'real') return;
    this.stepBudget = 50;
    this.requestStep();
  }

  stepBack(): void {
    this.pause();
    const c = this.store.getState().cluster;
    if (c.tape) this.seek(prevStop(c.tape, c.seq, this.stepOptions()));
  }

  /** Shows the moment of trace seq `seq` (clamped to the tape). */
  seek(seq: number): void {
    this.hunt = undefined;
    const c = this.store.getState().cluster;
    if (!c.tape) return;
    this.show(seq, timeOfSeq(c.tape, seq));
  }

  /** Shows simulated time `ms` (the last message at or before it). */
  seekTime(ms: number): void {
    this.hunt = undefined;
    const c = this.store.getState().cluster;
    if (!c.tape) return;
    const t = Math.max(c.tape.baseNow, Math.min(ms, c.tape.frontierNow));
    this.show(seqAtTime(c.tape, t), t);
  }

  /**
   * Jumps to the next (+1) or previous (-1) milestone; false when there is none that way. When
   * the tape holds no further milestone but a Deployment is still on its way, the worker runs
   * ahead (HUNT_*) and the playhead jumps to the milestone once it appears — or, if the budget
   * runs out first, to where the cluster got to, so the learner sees why it is stuck.
   */
  jumpMilestone(direction: 1 | -1): boolean {
    const c = this.store.getState().cluster;
    if (!c.tape) return false;
    const list = this.milestones();
    const target = direction > 0 ? list.find((m) => m.seq > c.seq) : [...list].reverse().find((m) => m.seq < c.seq);
    if (target) {
      this.pause();
      this.seek(target.seq);
      return true;
    }
    if (direction < 0 || !this.worker || this.served?.clock === 'real' || !this.milestoneScan()?.pending.length) return false;
    this.pause();
    this.hunt = { from: c.seq, spentMs: 0, chunkMs: HUNT_FIRST_CHUNK_MS };
    if (this.waitingSince.length === 0) this.requestHunt();
    return true;
  }

  /** The milestones on the current tape (memoised per tape value). */
  milestones(): MilestoneScan['milestones'] {
    return this.milestoneScan()?.milestones ?? [];
  }

  private milestoneScan(): MilestoneScan | undefined {
    const tape = this.store.getState().cluster.tape;
    if (!tape) return undefined;
    if (this.milestoneCache?.tape !== tape) this.milestoneCache = { tape, scan: this.milestoneScanner.scan(tape) };
    return this.milestoneCache.scan;
  }

  /** One more chunk of simulated time while hunting for the next milestone. */
  private requestHunt(): void {
    const h = this.hunt;
    if (!h || !this.worker) return;
    const ms = Math.min(h.chunkMs, HUNT_BUDGET_MS - h.spentMs);
    h.spentMs += ms;
    h.chunkMs = Math.min(h.chunkMs * 2, HUNT_MAX_CHUNK_MS);
    this.request({ type: 'advance', id: this.nextId++, ms }, { type: 'advance', ms });
  }

  /** After a worker answer while hunting: jump to the milestone if it appeared, else run on (within the budget). */
  private continueHunt(): void {
    const h = this.hunt;
    const tape = this.store.getState().cluster.tape;
    if (!h || !tape) return;
    const target = this.milestones().find((m) => m.seq > h.from);
    if (target) return this.seek(target.seq);
    if (h.spentMs < HUNT_BUDGET_MS && this.milestoneScan()?.pending.length) return this.requestHunt();
    this.seek(tape.frontierSeq);
  }

  /** A fresh cluster with the same seed and topology: clears the log and the transcript. */
  reset(): void {
    this.hunt = undefined;
    this.log.clear();
    this.restartTimes = [];
    this.recovering = false;
    this.resume = undefined;
    this.store.setState({ cluster: initialClusterState, terminal: this.heldTerminal(), playback: { ...initialPlaybackState, speed: this.store.getState().playback.speed } });
    this.setConnection({ restarts: 0, notice: undefined });
    this.spawn([]);
  }

  /**
   * Called by the frame loop. Moves the playhead by the elapsed wall time × speed over the tape,
   * asks the worker to run ahead when the playhead nears its frontier (never more than one
   * request in flight, so a slow worker is not flooded), and runs the hang watchdog.
   */
  /** A frame has work while the cluster plays, or while an answer is awaited (the watchdog). */
  get wantsFrames(): boolean {
    return this.waitingSince.length > 0 || this.store.getState().playback.playing;
  }

  onWake(wake: () => void): void {
    this.wakeFrames = wake;
  }

  tick(): void {
    const wall = this.opts.now();
    const oldest = this.waitingSince[0];
    if (oldest !== undefined && wall - oldest > this.opts.watchdogMs) {
      this.crashed(`no answer for ${Math.round((wall - oldest) / 1000)} s`);
      return;
    }
    const { playback, cluster } = this.store.getState();
    const tape = cluster.tape;
    if (!this.ready || !playback.playing || !tape) {
      this.lastTickWall = undefined;
      return;
    }
    if (this.lastTickWall === undefined) {
      this.lastTickWall = wall;
      return;
    }
    const elapsed = wall - this.lastTickWall;
    if (elapsed < (cluster.scaleMode ? Math.max(this.opts.tickMs, this.opts.scaleTickMs) : this.opts.tickMs)) return;
    this.lastTickWall = wall;
    const wanted = cluster.now + Math.min(elapsed, this.opts.maxStepMs) * playback.speed;
    const ahead = this.opts.lookaheadMs * playback.speed;
    if (wanted + ahead > tape.frontierNow && this.waitingSince.length === 0 && this.served?.clock !== 'real') {
      const ms = Math.max(1, Math.ceil(wanted + ahead - tape.frontierNow));
      this.request({ type: 'advance', id: this.nextId++, ms }, { type: 'advance', ms });
    }
    const t = Math.min(wanted, tape.frontierNow);
    this.show(seqAtTime(tape, t), t);
  }

  /** The inputs that produced the current cluster (for bug reports and shareable runs). */
  get commandLog(): readonly LogEntry[] {
    return this.log.confirmed;
  }

  private send(line: string, stdin: string | undefined, reply = false, laptop = false): number {
    this.hunt = undefined;
    const id = this.nextId++;
    this.store.setState((s) => ({ terminal: commandStarted(s.terminal, id, line, reply, laptop) }));
    if (!this.worker && !this.started) {
      // No cluster yet: the first one runs it (sendHeld).
      this.held.push({ id, line, ...(stdin === undefined ? {} : { stdin }), reply, laptop });
      return id;
    }
    if (!this.worker) {
      // Gave up after repeated crashes: nothing will run this until reset().
      this.store.setState((s) => ({ terminal: commandsLost(s.terminal, new Set([id]), 'stopped') }));
      return id;
    }
    this.dispatch(id, line, stdin, laptop);
    return id;
  }

  /** Sends command `id` (its transcript entry exists) to the worker. */
  private dispatch(id: number, line: string, stdin: string | undefined, laptop = false): void {
    const pb = this.store.getState().playback;
    // Whether the line is a deliberate skip (CommandResult.skip) is known once it ran.
    if (!pb.playing && pb.following) this.pausedCommands.set(id, undefined);
    // Only a line that may run `watch` or `ls` carries the size they use: the log (and a shared link) stays short.
    const size = this.terminalSize && SIZED_WORD.test(line) ? { terminal: this.terminalSize } : {};
    const input = { line, ...(stdin === undefined ? {} : { stdin }), ...size, ...(laptop ? { laptop: true as const } : {}) };
    this.request({ type: 'command', id, ...input }, { type: 'command', ...input });
  }

  /** The page's terminal size (xterm's), which the next lines' full-screen programs draw on. */
  setTerminalSize(size: TerminalSize | undefined): void {
    this.terminalSize = size;
  }

  /** The transcript a rebuild starts with: only the lines held for the first cluster (a lesson's restart, before any). */
  private heldTerminal(): TerminalState {
    if (!this.held.length) return initialTerminalState;
    const ids = new Set(this.held.map((h) => h.id));
    return { entries: this.store.getState().terminal.entries.filter((e) => ids.has(e.id)) };
  }

  /**
   * The lines held before there was a cluster, sent to the first worker after its `init`, in the
   * order typed, once each. They get fresh ids above those of the results the worker echoes, so
   * they follow the replayed transcript; the entries are swapped in one change, so the terminal
   * never looks idle in between (it would run the next pasted line first). Whoever awaits a held
   * id awaits the new one.
   */
  private sendHeld(): void {
    const held = this.held.map((h) => ({ ...h, next: this.nextId++ }));
    this.held = [];
    if (!held.length) return;
    this.hunt = undefined;
    const ids = new Set(held.map((h) => h.id));
    this.store.setState((s) => ({ terminal: held.reduce((t, h) => commandStarted(t, h.next, h.line, h.reply, h.laptop), withoutEntries(s.terminal, ids)) }));
    for (const h of held) {
      const waiter = this.awaited.get(h.id);
      if (waiter) {
        this.awaited.delete(h.id);
        this.awaited.set(h.next, waiter);
      }
      this.dispatch(h.next, h.line, h.stdin, h.laptop);
    }
  }

  /**
   * A command run while paused shows the moment its first message left (kubectl's request, the
   * instructor's fault), so its output and every view describe the same moment and stepping on
   * walks through what it caused. A kubectl inside `$(…)` is not that message: the shell only
   * reads its output, so the search starts at the line's `leadSeq` (`curl http://…:$(kubectl get
   * …)` shows curl's answer, as a plain curl line does). A line with neither shows where it ended.
   */
  private showCommand(previousFrontier: number, leadSeq: number | undefined): void {
    const tape = this.store.getState().cluster.tape;
    if (!tape) return;
    if (leadSeq === undefined) return this.show(tape.frontierSeq, tape.frontierNow);
    for (let i = upperBound(tape.records, tape.recordCount, Math.max(previousFrontier, leadSeq - 1)); i < tape.recordCount; i++) {
      const r = tape.records[i]!;
      if (r.from === 'kubectl' || r.kind === 'fault') return this.seek(r.seq);
    }
    this.show(tape.frontierSeq, tape.frontierNow);
  }

  private stepOptions() {
    return this.store.getState().sequence;
  }

  private requestStep(): void {
    if (this.stepBudget <= 0 || !this.worker) return;
    this.stepBudget--;
    const id = this.nextId++;
    this.request({ type: 'step', id, maxMs: 10 * 60_000 }, { type: 'step', maxMs: 10 * 60_000 });
  }

  /** After a worker step: show the next visible message, or step again. */
  private continueStep(): void {
    const c = this.store.getState().cluster;
    if (!c.tape || this.stepBudget <= 0) return;
    const next = nextStop(c.tape, c.seq, this.stepOptions());
    if (next !== undefined) {
      this.stepBudget = 0;
      this.seek(next);
    } else {
      this.seek(c.tape.frontierSeq);
      this.requestStep();
    }
  }

  private show(seq: number, t: number): void {
    this.store.setState((s) => {
      const cluster: ClusterState = showAt(s.cluster, seq, t);
      const tape = cluster.tape;
      // Quiet time after the last record is not "the past": nothing there can be discarded.
      const atFrontier = !!tape && cluster.seq >= tape.frontierSeq;
      // Going back in time stops following; reaching the frontier again resumes it.
      const following = atFrontier || (s.playback.following && cluster.seq >= s.cluster.seq);
      return following === s.playback.following ? { cluster } : { cluster, playback: { ...s.playback, following } };
    });
  }

  /** Rebuilds the run as it was at simulated time `t` (dropping its future) in a fresh worker. */
  private fork(t: number, interrupt?: number): void {
    const entries = truncateAt(this.log.inputs, t, interrupt);
    this.log.replace(entries);
    this.store.setState((s) => ({ terminal: commandsAfter(s.terminal, t), playback: { ...s.playback, following: true } }));
    this.resume = { t };
    this.spawn(entries, false, interrupt);
  }

  private request(msg: ToWorkerRequest, entry: LogEntry | undefined): void {
    this.log.sent(msg.id, entry);
    if (!this.worker) return;
    this.waitingSince.push(this.opts.now() + (msg.type === 'command' ? linePatience(msg.line) : 0));
    this.wakeFrames();
    this.worker.post(msg);
  }

  /**
   * A fresh worker replaying `commandLog`. With `echo` (a page that starts from a log: a reload,
   * a link, a saved run) the worker answers each replayed command with its result, and the
   * transcript shows them again as they were; a crash or a fork keeps the transcript it has.
   */
  private spawn(commandLog: readonly LogEntry[], echo = false, interrupted?: number): void {
    this.worker?.terminate();
    const epoch = ++this.epoch;
    this.hunt = undefined;
    this.echoing.clear();
    this.echoInto = undefined;
    let echoFrom: number | undefined;
    let echoOnly: number | undefined;
    // A Ctrl+C's fork: the interrupted line (the log's last command, cut at `interruptAt`) is
    // echoed into its entry, which then shows what the program did on SIGINT.
    const cut = interrupted === undefined ? -1 : commandLog.findLastIndex((e) => e.type === 'command' && e.interruptAt !== undefined);
    if (interrupted !== undefined && cut >= 0) {
      const e = commandLog[cut]!;
      echoFrom = this.nextId;
      this.nextId += commandLog.length;
      echoOnly = cut;
      this.echoInto = { id: echoFrom + cut, entry: interrupted, at: e.type === 'command' ? e.interruptAt! : 0 };
    }
    if (echo && commandLog.some((e) => e.type === 'command')) {
      // Ids for the replayed commands' results, below every id sent from now on (the transcript is in id order).
      const first = this.nextId;
      this.nextId += commandLog.length;
      commandLog.forEach((e, i) => {
        if (e.type === 'command') this.echoing.set(first + i, e.interruptAt === undefined ? { line: e.line } : { line: e.line, interruptAt: e.interruptAt });
      });
      echoFrom = first;
    }
    this.ready = false;
    this.snapshotRequested = false;
    this.lastTickWall = undefined;
    this.replayedDiffs = 0;
    this.replayTotal = commandLog.length;
    this.stepBudget = 0;
    this.commandFrontiers.clear();
    this.firstProgress.clear();
    this.pausedCommands.clear();
    this.skipCommands.clear();
    this.replayPatience = commandLog.map(entryPatience);
    this.waitingSince = [this.opts.now() + (this.replayPatience[0] ?? 0)];
    this.wakeFrames();
    const worker = this.opts.createWorker({
      onMessage: (data) => {
        if (this.epoch === epoch) this.receive(data);
      },
      onCrash: (reason) => {
        if (this.epoch === epoch) this.crashed(reason);
      },
    });
    this.worker = worker;
    this.setConnection({ epoch, replay: commandLog.length ? { done: 0, total: commandLog.length } : undefined });
    worker.post({
      type: 'init',
      protocol: PROTOCOL_VERSION,
      epoch,
      seed: this.opts.seed,
      topology: this.opts.topology,
      files: this.opts.files,
      commandLog: [...commandLog],
      ...(echoFrom === undefined ? {} : { echoFrom }),
      ...(echoOnly === undefined ? {} : { echoOnly }),
    });
    this.sendHeld();
  }

  private receive(data: unknown): void {
    if (!isFromWorker(data)) {
      this.notice({ kind: 'error', detail: 'malformed message from the simulation worker' });
      return;
    }
    const msg: FromWorker = data;
    if (msg.type === 'error' && msg.epoch === -1) return this.notice({ kind: 'error', detail: msg.message });
    if (msg.epoch !== this.epoch) return;
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        this.served = msg.served;
        this.recovering = false;
        this.waitingSince.shift();
        this.store.setState((s) => ({ cluster: { ...s.cluster, discovery: msg.discovery, targets: msg.targets, commands: msg.commands } }));
        this.setConnection({ status: 'ready', epochMs: msg.epochMs, replay: undefined });
        this.resumePlayhead();
        for (const w of this.readyWaiters.splice(0)) w();
        return;
      case 'snapshot':
        this.snapshotRequested = false;
        this.store.setState((s) => ({ cluster: applySnapshot(s.cluster, msg) }));
        if (msg.ack !== undefined) this.acked(msg.ack, msg.now, msg.now);
        if (msg.ack !== undefined && this.hunt && this.waitingSince.length === 0) this.continueHunt();
        return;
      case 'diff': {
        if (msg.partial) return this.partial(msg, msg.partial);
        if (msg.ack === undefined) this.replayed(msg.start, msg.now);
        else this.acked(msg.ack, msg.start, msg.now);
        if (this.snapshotRequested) return;
        const before = this.store.getState().cluster.tape?.frontierSeq ?? 0;
        const r = applyDiff(this.store.getState().cluster, msg);
        if (r.ok) this.store.setState({ cluster: r.state });
        else this.requestSnapshot();
        const from = msg.ack === undefined ? undefined : this.commandFrontiers.get(msg.ack);
        if (msg.ack !== undefined) this.commandFrontiers.delete(msg.ack);
        const paused = msg.ack !== undefined && this.pausedCommands.has(msg.ack);
        const line = paused ? this.pausedCommands.get(msg.ack!) : undefined;
        if (paused) this.pausedCommands.delete(msg.ack!);
        // A line still running at the runner's bound never ended: it waits where it began, for Play or Ctrl+C.
        if (r.ok && paused && line?.unendedFrom !== undefined) this.show(from ?? before, line.unendedFrom);
        else if (r.ok && paused) this.showCommand(from ?? before, line?.leadSeq);
        if (r.ok && msg.ack !== undefined && this.skipCommands.delete(msg.ack) && this.store.getState().playback.following) this.show(r.state.tape!.frontierSeq, msg.now);
        if (msg.ack !== undefined && this.stepBudget > 0 && this.waitingSince.length === 0) this.continueStep();
        if (msg.ack !== undefined && this.hunt && this.waitingSince.length === 0 && !this.snapshotRequested) this.continueHunt();
        return;
      }
      case 'commandResult': {
        if (this.echoInto?.id === msg.id) {
          const into = this.echoInto;
          this.echoInto = undefined;
          this.store.setState((s) => ({ terminal: interruptedAs(s.terminal, into.entry, msg, into.at) }));
          return;
        }
        if (msg.skip) {
          this.skipCommands.add(msg.id);
          this.pausedCommands.delete(msg.id);
        } else if (this.pausedCommands.has(msg.id)) {
          // A full-screen program (a node's `watch`, which makes no request of its own to lead
          // from) runs until Ctrl+C as far as the learner is concerned: paused, it waits where it
          // began, as a line still running at the bound does.
          const waits = msg.unended || msg.output.some((c) => c.screen !== undefined);
          this.pausedCommands.set(msg.id, { ...(msg.leadSeq === undefined ? {} : { leadSeq: msg.leadSeq }), ...(waits ? { unendedFrom: msg.startedAt } : {}) });
        }
        const replayed = this.echoing.get(msg.id);
        this.echoing.delete(msg.id);
        this.store.setState((s) => ({ terminal: replayed ? commandReplayed(s.terminal, msg, replayed.line, replayed.interruptAt) : commandFinished(s.terminal, msg) }));
        return;
      }
      case 'untilResult': {
        const w = this.awaited.get(msg.id);
        if (w) w.value = msg.seq === undefined ? { reached: msg.reached } : { reached: msg.reached, seq: msg.seq };
        return;
      }
      case 'evaluateResult': {
        const w = this.awaited.get(msg.id);
        if (w) w.value = msg.verdicts;
        return;
      }
      case 'error':
        if (msg.fatal) this.crashed(msg.message);
        else this.notice({ kind: 'error', detail: msg.message });
        return;
      case 'refused':
        // The same log would be refused again: no restart can help, only a fresh cluster.
        return this.giveUp({ kind: 'refused', refusal: msg.refusal });
      default:
        assertNever(msg);
    }
  }

  /**
   * Long work reporting part-way: the worker is alive (the watchdog starts again), the tape
   * grows, and a command's transcript entry shows how far it has got.
   */
  private partial(msg: DiffMessage, partial: NonNullable<DiffMessage['partial']>): void {
    if (this.waitingSince.length) this.waitingSince[0] = this.opts.now();
    if (partial.of !== undefined) {
      const id = partial.of;
      if (this.pausedCommands.has(id) && !this.commandFrontiers.has(id)) this.commandFrontiers.set(id, this.store.getState().cluster.tape?.frontierSeq ?? 0);
      const wall = this.opts.now();
      const first = this.firstProgress.get(id) ?? wall;
      this.firstProgress.set(id, first);
      if (wall - first >= PROGRESS_AFTER_MS) this.store.setState((s) => ({ terminal: commandProgress(s.terminal, id, msg.start, msg.now) }));
    }
    if (this.snapshotRequested) return;
    const r = applyDiff(this.store.getState().cluster, msg);
    if (r.ok) this.store.setState({ cluster: r.state });
    else this.requestSnapshot();
    // Attached and paused at the frontier: what outside kubectls do is shown live (stepping back stops it).
    const pb = this.store.getState().playback;
    if (r.ok && this.served && partial.of === undefined && pb.following && !pb.playing) this.show(r.state.tape!.frontierSeq, msg.now);
  }

  /** The last diff of a replayed input: it times that input. */
  private replayed(start: number, end: number): void {
    const done = this.replayedDiffs++;
    this.log.timed(done, start, end);
    // The next input starts now, with its own patience.
    if (this.waitingSince.length) this.waitingSince[0] = this.opts.now() + (this.replayPatience[done + 1] ?? 0);
    this.setConnection({ replay: { done: done + 1, total: this.replayTotal } });
  }

  /** After (re)booting: to the remembered moment, or to the frontier. */
  private resumePlayhead(): void {
    const tape = this.store.getState().cluster.tape;
    if (!tape) return;
    const r = this.resume;
    this.resume = undefined;
    if (!r) return this.show(tape.frontierSeq, tape.frontierNow);
    const t = Math.max(tape.baseNow, Math.min(r.t, tape.frontierNow));
    this.show(r.seq ?? seqAtTime(tape, t), t);
  }

  private acked(id: number, start: number, end: number): void {
    this.firstProgress.delete(id);
    this.log.acked(id, start, end);
    this.waitingSince.shift();
    this.settleAwaited(id);
  }

  private requestSnapshot(): void {
    this.snapshotRequested = true;
    this.request({ type: 'requestSnapshot', id: this.nextId++ }, undefined);
  }

  /**
   * Replace the worker and replay what it had confirmed; give up after too many crashes. The
   * simulation is deterministic, so a worker that crashed or hung while replaying a log will do
   * so again on the same log: a recovery that fails before it is ready gives up at once, however
   * far apart the failures are in wall time.
   */
  private crashed(reason: string): void {
    const replayFailed = this.recovering && !this.ready;
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = false;
    const lost = this.log.dropPending();
    for (const w of this.awaited.values()) w.reject(new Error(`the simulation restarted: ${reason.split('\n')[0]}`));
    this.awaited.clear();
    const wall = this.opts.now();
    this.restartTimes = this.restartTimes.filter((t) => wall - t < this.opts.restartWindowMs);
    const givingUp = replayFailed || this.restartTimes.length >= this.opts.maxRestarts;
    // What the transcript says under them: the page restarts the simulation, or stops using it.
    if (lost.size) this.store.setState((s) => ({ terminal: commandsLost(s.terminal, lost, givingUp ? 'stopped' : 'restarted') }));
    if (givingUp) return this.giveUp({ kind: 'failed', detail: reason });
    this.recovering = true;
    this.restartTimes.push(wall);
    const restarts = this.store.getState().connection.restarts + 1;
    const c = this.store.getState().cluster;
    this.resume = { seq: c.seq, t: c.now };
    this.setConnection({ status: 'restarting', restarts, notice: { kind: 'recovered', detail: reason, replayed: this.log.confirmed.length } });
    this.spawn(this.log.confirmed);
  }

  /** Stops using workers until reset() (or a new run): the page offers a fresh cluster. */
  private giveUp(notice: Extract<Notice, { kind: 'failed' | 'refused' }>): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = false;
    this.recovering = false;
    this.epoch++;
    this.waitingSince = [];
    for (const w of this.awaited.values()) w.reject(new Error('the simulation stopped'));
    this.awaited.clear();
    const lost = this.log.dropPending();
    if (lost.size) this.store.setState((s) => ({ terminal: commandsLost(s.terminal, lost, 'stopped') }));
    this.setConnection({ status: 'failed', notice, replay: undefined });
  }

  private notice(notice: Notice): void {
    this.setConnection({ notice });
  }

  private setConnection(patch: Partial<ConnectionState>): void {
    this.store.setState((s) => ({ connection: { ...s.connection, ...patch } }));
  }

  private setPlayback(patch: Partial<PlaybackState>): void {
    this.store.setState((s) => ({ playback: { ...s.playback, ...patch } }));
  }
}
