/**
 * The simulation host: turns ToWorker messages into Session calls and posts FromWorker messages.
 * It knows nothing about `self` or postMessage, so tests drive it in-process with the real engine
 * and sim.worker.ts is only the wiring.
 *
 * Invariants (see src/protocol/messages.ts):
 * - Each request ends with exactly one `diff` or `snapshot` whose `ack` is the request's id,
 *   posted after any `commandResult` for it.
 * - After the base snapshot, every committed version reaches the page in a diff (the Simulation
 *   records its change log), including while `init` replays a command log — so the page's
 *   history starts at the booted cluster and has no holes. Diffs go through the outbox
 *   (outbox.ts): at classroom size one that would pass the byte budget is sent as several
 *   consecutive diffs, nothing left out; in scale mode its budget keeps the last version of
 *   every object and a sample of the trace.
 */
import { RESOURCES } from '../k8s/resources';
import type { ComponentState, Simulation } from '../engine/index';
import { EPOCH_MS } from '../k8s/time';
import { commandTable } from '../kubectl/command-table';
import { evaluateOn, runUntilOn } from '../kubectl/observe';
import { Session, type RunOptions } from '../kubectl/session';
import type { CommandResult } from '../kubectl/types';
import {
  MAX_ADVANCE_MS,
  PROTOCOL_VERSION,
  REPLAY_MAX_ENTRIES,
  REPLAY_MAX_SIMULATED_MS,
  assertNever,
  type ComponentSummary,
  type CommandTable,
  type CommandResultMessage,
  type DiscoveryEntry,
  type FaultTargetInfo,
  type FromWorker,
  type InitMessage,
  type KeyedObject,
  type Breakpoint,
  type LogEntry,
  type ReplayRefusal,
  type ToWorker,
} from '../protocol/messages';
import { componentDetails } from './component-details';
import { Outbox, type Drained, type StreamBudget } from './outbox';

export interface SimHost {
  handle(msg: ToWorker): void;
}

export const DISCOVERY: DiscoveryEntry[] = RESOURCES.map((r) => ({ resource: r.resource, kind: r.kind, shortNames: [...r.shortNames], namespaced: r.namespaced }));

export const COMMAND_TABLE: CommandTable = commandTable();

/** The replay bounds (protocol/messages.ts REPLAY_*); tests pass smaller ones to reach them quickly. */
export interface ReplayLimits {
  maxEntries: number;
  maxSimulatedMs: number;
}

const REPLAY_LIMITS: ReplayLimits = { maxEntries: REPLAY_MAX_ENTRIES, maxSimulatedMs: REPLAY_MAX_SIMULATED_MS };

/**
 * How the real worker spreads scale-mode diffs over frames: at most one diff per `frameMs` of
 * wall time, the rest sent from `later`. Without it (tests, the CLI's protocol bench) every diff
 * goes at once, in the same order.
 */
export interface Pacer {
  frameMs: number;
  now(): number;
  later(fn: () => void): void;
}

/** The outbox's budgets (outbox.ts); tests pass small ones to reach them quickly. */
export interface Budgets {
  /** Scale mode's per-diff budget (SCALE_BUDGET unless given). */
  scale?: StreamBudget;
  /** At classroom size, JSON bytes per diff (CLASSROOM_MAX_BYTES unless given). */
  classroomBytes?: number;
}

export function createSimHost(post: (msg: FromWorker) => void, limits: ReplayLimits = REPLAY_LIMITS, pacer?: Pacer, budgets: Budgets = {}): SimHost {
  let session: Session | undefined;
  let epoch = 0;
  /** The Simulation the page's state derives from; `sim topology` replaces it, which forces a snapshot. */
  let shownSim: Simulation | undefined;
  /** Diffs of shownSim waiting to be sent (created with each snapshot). */
  let outbox: Outbox | undefined;
  /** Wall time of the last paced diff, and whether a paced flush is scheduled. */
  let lastPaced = Number.NEGATIVE_INFINITY;
  let pacing = false;
  /** Last summary sent per component, as JSON, so only changes travel. */
  let sentSummaries = new Map<string, string>();

  function init(msg: InitMessage): void {
    epoch = msg.epoch;
    if (msg.protocol !== PROTOCOL_VERSION) {
      post({ type: 'error', epoch, message: `protocol mismatch: page speaks ${msg.protocol}, worker speaks ${PROTOCOL_VERSION}; reload the page`, fatal: false });
      return;
    }
    const log = msg.commandLog ?? [];
    const invalid = checkLog(log, limits);
    if (invalid) return refuse(invalid);
    // The page's terminal is a TTY: `kubectl exec -it POD -- sh` attaches it to the container's shell.
    const s = new Session({ seed: msg.seed, topology: msg.topology, interactive: true, ...(msg.files ? { files: msg.files } : {}) });
    session = s;
    post(snapshot(s, undefined));
    // Every input is bounded on its own; this bounds their sum. It is summed input by input:
    // `sim topology` swaps the Simulation, whose clock starts again.
    let spent = 0;
    for (let i = 0; i < log.length; i++) {
      if (spent >= limits.maxSimulatedMs) return refuse({ limit: 'simulated-time', index: i, ms: spent, max: limits.maxSimulatedMs });
      const start = s.sim.now;
      const r = withProgress(s, undefined, () => replay(s, log[i]!));
      if (r && msg.echoFrom !== undefined && (msg.echoOnly === undefined || msg.echoOnly === i)) outbox?.result(commandResult(epoch, msg.echoFrom + i, r, start, s.sim.now));
      finish(s, undefined);
      spent += Math.max(0, s.sim.now - start);
    }
    outbox?.flush();
    post({ type: 'ready', protocol: PROTOCOL_VERSION, epoch, seed: s.seed, topology: s.topology, epochMs: EPOCH_MS, replayed: log.length, discovery: DISCOVERY, targets: targets(s.sim), commands: COMMAND_TABLE });
  }

  /** The log cannot be replayed: say why, and take no more requests. */
  function refuse(refusal: ReplayRefusal): void {
    session = undefined;
    outbox?.abandon();
    post({ type: 'refused', epoch, refusal });
  }

  /**
   * Runs `work` (for request `of`; undefined while `init` replays), sending what it has changed
   * so far as `partial` diffs each time the Simulation reports progress (long work: a
   * `sim advance 24h`, a wait, a long replayed input). `finish` then ends it.
   */
  function withProgress<T>(s: Session, of: number | undefined, work: () => T): T {
    const sim = s.sim;
    outbox?.begin(of, sim.now);
    sim.onProgress = () => {
      if (s.sim !== sim || sim !== shownSim || !outbox) return;
      outbox.add(drain(s));
      outbox.progress();
      // Inside long work no timer can run: pace by the wall clock between progress reports.
      if (!outbox.scale || !pacer) outbox.flush();
      else if (pacer.now() - lastPaced >= pacer.frameMs) {
        lastPaced = pacer.now();
        outbox.flush(1);
      }
    };
    try {
      return work();
    } finally {
      sim.onProgress = undefined;
    }
  }

  /** Ends the work begun by withProgress: its last diff carries `ack`, or a snapshot does if the Simulation was replaced. */
  function finish(s: Session, ack: number | undefined): void {
    if (s.sim !== shownSim || !outbox) {
      post(snapshot(s, ack));
      return;
    }
    outbox.add(drain(s));
    outbox.end(ack === undefined ? {} : { ack });
    pump();
  }

  /** Sends what is due: everything at classroom size, one diff per frame in scale mode. */
  function pump(): void {
    if (!outbox) return;
    if (!outbox.scale || !pacer) {
      outbox.flush();
      return;
    }
    if (pacing) return;
    const frame = (): void => {
      pacing = false;
      lastPaced = pacer.now();
      if (outbox?.flush(1)) {
        pacing = true;
        pacer.later(frame);
      }
    };
    frame();
  }

  function drain(s: Session): Drained {
    const d = s.sim.drainDiff();
    return {
      changes: d.log,
      trace: d.trace,
      components: summaries(s.sim, false),
      now: d.now,
      ...(d.rates ? { rates: d.rates } : {}),
      ...(d.logDropped ? { dropped: d.logDropped } : {}),
    };
  }

  function summaries(sim: Simulation, all: boolean): ComponentSummary[] {
    const out: ComponentSummary[] = [];
    for (const c of sim.components()) {
      const sum = summary(sim, c);
      const json = JSON.stringify(sum);
      if (all || sentSummaries.get(c.id) !== json) out.push(sum);
      sentSummaries.set(c.id, json);
    }
    return out;
  }

  /** The whole state of the session's Simulation; what was queued for the one before goes first. */
  function snapshot(s: Session, ack: number | undefined): FromWorker {
    outbox?.abandon();
    // Draining first makes the snapshot's version the `from` of the next diff.
    const d = s.sim.drainDiff();
    s.sim.recordChanges();
    shownSim = s.sim;
    sentSummaries = new Map();
    const scaleMode = s.sim.scaleMode;
    const { scale: budget, classroomBytes: maxBytes } = budgets;
    outbox = new Outbox({ post, epoch: () => epoch, scale: scaleMode, ...(budget ? { budget } : {}), ...(maxBytes === undefined ? {} : { maxBytes }) }, d.to);
    const objects: KeyedObject[] = s.sim.storedObjects();
    const rates = scaleMode ? s.sim.traceRates() : [];
    return {
      type: 'snapshot',
      epoch,
      ...(ack === undefined ? {} : { ack }),
      version: d.to,
      now: s.sim.now,
      bootedAt: s.sim.bootedAt,
      seq: s.sim.lastTraceSeq,
      topology: s.topology,
      targets: targets(s.sim),
      objects,
      components: summaries(s.sim, true),
      ...(scaleMode ? { scaleMode: true as const } : {}),
      ...(rates.length ? { rates } : {}),
    };
  }

  function handle(msg: ToWorker): void {
    if (msg.type === 'init') return init(msg);
    const s = session;
    if (!s) {
      post({ type: 'error', epoch, id: msg.id, message: `"${msg.type}" arrived before "init"`, fatal: false });
      return;
    }
    const start = s.sim.now;
    const id = msg.id;
    // A result goes out just before its request's ack diff (or before the snapshot that replaces it).
    const result = (m: FromWorker): void => (outbox ? outbox.result(m) : post(m));
    switch (msg.type) {
      case 'command': {
        const r = withProgress(s, id, () => s.run(msg.line, msg.stdin, runOptions(msg)));
        result(commandResult(epoch, id, r, start, s.sim.now));
        finish(s, id);
        return;
      }
      case 'advance':
        withProgress(s, id, () => {
          if (!advanceAllowed(msg.ms)) result({ type: 'error', epoch, id, message: `advance by ${msg.ms} ms refused (0…${MAX_ADVANCE_MS})`, fatal: false });
          else s.sim.advance(msg.ms);
        });
        finish(s, id);
        return;
      case 'step':
        withProgress(s, id, () => step(s, msg.maxMs));
        finish(s, id);
        return;
      case 'until': {
        const r = withProgress(s, id, () => until(s, msg.breakpoint, msg.withinMs, msg.sinceSeq));
        result({ type: 'untilResult', epoch, id, reached: r.reached, ...(r.seq === undefined ? {} : { seq: r.seq }) });
        finish(s, id);
        return;
      }
      case 'evaluate':
        withProgress(s, id, () => result({ type: 'evaluateResult', epoch, id, verdicts: msg.conditions.map((c) => evaluateOn(s, c, msg.sinceSeq)) }));
        finish(s, id);
        return;
      case 'requestSnapshot':
        post(snapshot(s, msg.id));
        return;
      default:
        assertNever(msg);
    }
  }

  return {
    handle(msg) {
      try {
        handle(msg);
      } catch (e) {
        // The world may be half-updated: only a fresh worker replaying the log is trustworthy.
        try {
          outbox?.abandon();
        } catch {
          // Nothing more can be sent in order: the error below still says why.
        }
        post({ type: 'error', epoch, ...('id' in msg ? { id: msg.id } : {}), message: errorText(e), fatal: true });
      }
    },
  };
}

export function commandResult(epoch: number, id: number, r: CommandResult, startedAt: number, endedAt: number): CommandResultMessage {
  const shells = { ...(r.typedIn ? { typedIn: r.typedIn } : {}), ...(r.attached ? { attached: r.attached } : {}), ...(r.edit ? { edit: r.edit } : {}), ...(r.files ? { files: r.files } : {}), ...(r.namespace !== undefined ? { namespace: r.namespace } : {}), ...(r.leadSeq !== undefined ? { leadSeq: r.leadSeq } : {}), ...(r.skip ? { skip: r.skip } : {}), ...(r.unended ? { unended: r.unended } : {}) };
  return { type: 'commandResult', epoch, id, output: r.output, exitCode: r.exitCode, startedAt, endedAt, ...shells };
}

/** What a live `advance` request may ask for, and so what a replayed one may hold. */
function advanceAllowed(ms: number): boolean {
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_ADVANCE_MS;
}

/**
 * The bounds a log breaks before anything of it runs: too many inputs, or an `advance` no live
 * request could make. (The simulated time its commands take is only known by running them.)
 */
export function checkLog(log: readonly LogEntry[], limits: ReplayLimits = REPLAY_LIMITS): ReplayRefusal | undefined {
  if (log.length > limits.maxEntries) return { limit: 'entries', entries: log.length, max: limits.maxEntries };
  let known = 0;
  for (let i = 0; i < log.length; i++) {
    const e = log[i]!;
    if (e.type !== 'advance') continue;
    if (!advanceAllowed(e.ms)) return { limit: 'advance', index: i, ms: e.ms, max: MAX_ADVANCE_MS };
    if (known >= limits.maxSimulatedMs) return { limit: 'simulated-time', index: i, ms: known, max: limits.maxSimulatedMs };
    known += e.ms;
  }
  return undefined;
}

function step(s: Session, maxMs: number): void {
  const limit = Number.isFinite(maxMs) ? Math.min(Math.max(maxMs, 0), MAX_ADVANCE_MS) : MAX_ADVANCE_MS;
  s.sim.runUntilTrace(() => true, limit);
}

/** A pause point, bounded like any advance: a budget beyond MAX_ADVANCE_MS is cut to it. */
function until(s: Session, bp: Breakpoint, withinMs: number, sinceSeq: number | undefined): { reached: boolean; seq?: number } {
  const limit = Number.isFinite(withinMs) ? Math.min(Math.max(withinMs, 0), MAX_ADVANCE_MS) : MAX_ADVANCE_MS;
  return runUntilOn(s, bp, limit, sinceSeq);
}

/** A command's Ctrl+C moment and terminal size, as the Session takes them. */
export function runOptions(c: { interruptAt?: number; terminal?: { columns: number; rows: number }; laptop?: true }): RunOptions {
  return { ...(c.interruptAt === undefined ? {} : { interruptAt: c.interruptAt }), ...(c.terminal ? { terminal: c.terminal } : {}), ...(c.laptop ? { laptop: true as const } : {}) };
}

/** Runs one logged input again; a command's result is returned (the page may show it again). */
function replay(s: Session, entry: LogEntry): CommandResult | undefined {
  switch (entry.type) {
    case 'command':
      return s.run(entry.line, entry.stdin, runOptions(entry));
    case 'advance':
      s.sim.advance(entry.ms);
      return;
    case 'step':
      step(s, entry.maxMs);
      return;
    case 'until':
      until(s, entry.breakpoint, entry.withinMs, entry.sinceSeq);
      return;
    default:
      assertNever(entry);
  }
}

export function targets(sim: Simulation): FaultTargetInfo[] {
  return sim.faultTargets().map((t) => ({ name: t.name, class: t.class, components: [...t.components], ...(t.machine === undefined ? {} : { machine: t.machine }) }));
}

export function summary(sim: Simulation, c: ComponentState): ComponentSummary {
  return { id: c.id, kind: c.kind, host: c.host, running: c.running, details: componentDetails(sim, c) };
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ? `${e.message}\n${e.stack}` : e.message;
  return String(e);
}
