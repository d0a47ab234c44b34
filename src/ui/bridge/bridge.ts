/**
 * SimBridge: the main thread's side of the worker protocol. It owns the worker, turns wall time
 * into simulated time at the chosen speed, feeds the store with snapshots and diffs, and keeps
 * the replay log that lets it replace a crashed or hung worker without losing the cluster.
 *
 * Only this module reads the wall clock (through the injected `now`), so pausing is simply not
 * sending `advance`. It knows nothing about DOM Workers: `createWorker` supplies a port, which
 * lets tests run the real simulation host in-process.
 */
import {
  PROTOCOL_VERSION,
  assertNever,
  isFromWorker,
  type FromWorker,
  type LogEntry,
  type Topology,
  type ToWorker,
  type ToWorkerRequest,
} from '../../protocol/messages';
import { applyDiff, applySnapshot, initialClusterState } from '../store/cluster';
import type { ConnectionState, Notice } from '../store/connection';
import type { AppStore } from '../store/store';
import { commandFinished, commandStarted, commandsLost, initialTerminalState } from '../store/terminal';
import { ReplayLog } from './replay-log';

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
  /** Longest wall-time step one tick may turn into simulated time (a backgrounded tab must not jump). */
  maxStepMs?: number;
  /** A request unanswered this long means the worker hung. */
  watchdogMs?: number;
  /** At most this many restarts within `restartWindowMs`, then give up and offer a reset. */
  maxRestarts?: number;
  restartWindowMs?: number;
}

export class SimBridge {
  private readonly opts: Required<Omit<BridgeOptions, 'files'>> & { files: Record<string, string> };
  private readonly store: AppStore;
  private readonly log = new ReplayLog();
  private worker: WorkerPort | undefined;
  private epoch = 0;
  private nextId = 1;
  private ready = false;
  /** Id of the unanswered `advance`, if any. */
  private advanceInFlight: number | undefined;
  private snapshotRequested = false;
  private lastTickWall: number | undefined;
  /** Sub-millisecond remainder of simulated time not yet sent. */
  private carryMs = 0;
  /** Wall time each unanswered request (or init) was sent, oldest first. */
  private waitingSince: number[] = [];
  private restartTimes: number[] = [];

  constructor(options: BridgeOptions) {
    this.opts = {
      tickMs: 100,
      maxStepMs: 250,
      watchdogMs: 30_000,
      maxRestarts: 3,
      restartWindowMs: 60_000,
      files: {},
      ...options,
    };
    this.store = options.store;
  }

  /** Boots a worker with the current log (empty on first start). */
  start(): void {
    this.spawn(this.log.confirmed);
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = false;
  }

  /** Sends a command line; returns its id (the transcript entry's id). */
  run(line: string, stdin?: string): number {
    const id = this.nextId++;
    this.store.setState((s) => ({ terminal: commandStarted(s.terminal, id, line) }));
    if (!this.worker) {
      // Gave up after repeated crashes: nothing will run this until reset().
      this.store.setState((s) => ({ terminal: commandsLost(s.terminal, new Set([id])) }));
      return id;
    }
    this.request({ type: 'command', id, line, ...(stdin === undefined ? {} : { stdin }) }, { type: 'command', line, ...(stdin === undefined ? {} : { stdin }) });
    return id;
  }

  setRunning(running: boolean): void {
    this.lastTickWall = undefined;
    this.setConnection({ running });
  }

  setSpeed(speed: number): void {
    if (speed > 0 && Number.isFinite(speed)) this.setConnection({ speed });
  }

  /** A fresh cluster with the same seed and topology: clears the log and the transcript. */
  reset(): void {
    this.log.clear();
    this.restartTimes = [];
    this.store.setState({ cluster: initialClusterState, terminal: initialTerminalState });
    this.setConnection({ restarts: 0, notice: undefined });
    this.spawn([]);
  }

  /**
   * Called by the frame loop. Converts elapsed wall time into one `advance` (never more than one
   * in flight, so a slow worker is not flooded) and runs the hang watchdog.
   */
  tick(): void {
    const wall = this.opts.now();
    const oldest = this.waitingSince[0];
    if (oldest !== undefined && wall - oldest > this.opts.watchdogMs) {
      this.crashed(`no answer for ${Math.round((wall - oldest) / 1000)} s`);
      return;
    }
    const conn = this.store.getState().connection;
    if (!this.ready || !conn.running) {
      this.lastTickWall = undefined;
      return;
    }
    if (this.lastTickWall === undefined) {
      this.lastTickWall = wall;
      return;
    }
    const elapsed = wall - this.lastTickWall;
    if (elapsed < this.opts.tickMs || this.advanceInFlight !== undefined) return;
    this.lastTickWall = wall;
    const sim = Math.min(elapsed, this.opts.maxStepMs) * conn.speed + this.carryMs;
    const ms = Math.floor(sim);
    this.carryMs = sim - ms;
    if (ms <= 0) return;
    const id = this.nextId++;
    this.advanceInFlight = id;
    this.request({ type: 'advance', id, ms }, { type: 'advance', ms });
  }

  /** The inputs that produced the current cluster (for bug reports and shareable runs). */
  get commandLog(): readonly LogEntry[] {
    return this.log.confirmed;
  }

  private request(msg: ToWorkerRequest, entry: LogEntry | undefined): void {
    this.log.sent(msg.id, entry);
    if (!this.worker) return;
    this.waitingSince.push(this.opts.now());
    this.worker.post(msg);
  }

  private spawn(commandLog: readonly LogEntry[]): void {
    this.worker?.terminate();
    const epoch = ++this.epoch;
    this.ready = false;
    this.advanceInFlight = undefined;
    this.snapshotRequested = false;
    this.lastTickWall = undefined;
    this.carryMs = 0;
    this.waitingSince = [this.opts.now()];
    const worker = this.opts.createWorker({
      onMessage: (data) => {
        if (this.epoch === epoch) this.receive(data);
      },
      onCrash: (reason) => {
        if (this.epoch === epoch) this.crashed(reason);
      },
    });
    this.worker = worker;
    this.setConnection({ epoch });
    worker.post({
      type: 'init',
      protocol: PROTOCOL_VERSION,
      epoch,
      seed: this.opts.seed,
      topology: this.opts.topology,
      files: this.opts.files,
      commandLog: [...commandLog],
    });
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
        this.waitingSince.shift();
        this.setConnection({ status: 'ready', epochMs: msg.epochMs });
        return;
      case 'snapshot':
        this.snapshotRequested = false;
        this.store.setState({ cluster: applySnapshot(msg) });
        if (msg.ack !== undefined) this.acked(msg.ack);
        return;
      case 'diff': {
        this.acked(msg.ack);
        if (this.snapshotRequested) return;
        const r = applyDiff(this.store.getState().cluster, msg);
        if (r.ok) this.store.setState({ cluster: r.state });
        else this.requestSnapshot();
        return;
      }
      case 'commandResult':
        this.store.setState((s) => ({ terminal: commandFinished(s.terminal, msg) }));
        return;
      case 'error':
        if (msg.fatal) this.crashed(msg.message);
        else this.notice({ kind: 'error', detail: msg.message });
        return;
      default:
        assertNever(msg);
    }
  }

  private acked(id: number): void {
    this.log.acked(id);
    this.waitingSince.shift();
    if (this.advanceInFlight !== undefined && this.advanceInFlight <= id) this.advanceInFlight = undefined;
  }

  private requestSnapshot(): void {
    this.snapshotRequested = true;
    this.request({ type: 'requestSnapshot', id: this.nextId++ }, undefined);
  }

  /** Replace the worker and replay what it had confirmed; give up after too many crashes. */
  private crashed(reason: string): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = false;
    const lost = this.log.dropPending();
    if (lost.size) this.store.setState((s) => ({ terminal: commandsLost(s.terminal, lost) }));
    const wall = this.opts.now();
    this.restartTimes = this.restartTimes.filter((t) => wall - t < this.opts.restartWindowMs);
    if (this.restartTimes.length >= this.opts.maxRestarts) {
      this.epoch++;
      this.waitingSince = [];
      this.setConnection({ status: 'failed', notice: { kind: 'failed', detail: reason } });
      return;
    }
    this.restartTimes.push(wall);
    const restarts = this.store.getState().connection.restarts + 1;
    this.setConnection({ status: 'restarting', restarts, notice: { kind: 'recovered', detail: reason, replayed: this.log.confirmed.length } });
    this.spawn(this.log.confirmed);
  }

  private notice(notice: Notice): void {
    this.setConnection({ notice });
  }

  private setConnection(patch: Partial<ConnectionState>): void {
    this.store.setState((s) => ({ connection: { ...s.connection, ...patch } }));
  }
}
