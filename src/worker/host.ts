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
 *   history starts at the booted cluster and has no holes.
 */
import { RESOURCES } from '../k8s/resources';
import type { ComponentState, Simulation } from '../engine/index';
import { EPOCH_MS } from '../k8s/time';
import { commandTable } from '../kubectl/command-table';
import { evaluateOn, runUntilOn } from '../kubectl/observe';
import { Session } from '../kubectl/session';
import type { CommandResult } from '../kubectl/types';
import {
  PROTOCOL_VERSION,
  assertNever,
  type ComponentSummary,
  type CommandTable,
  type DiscoveryEntry,
  type FaultTargetInfo,
  type FromWorker,
  type InitMessage,
  type KeyedObject,
  type Breakpoint,
  type LogEntry,
  type ToWorker,
} from '../protocol/messages';
import { componentDetails } from './component-details';

/** One advance message may not move the clock by more than this (a runaway UI loop must not hang the worker). */
export const MAX_ADVANCE_MS = 60 * 60 * 1000;

export interface SimHost {
  handle(msg: ToWorker): void;
}

export const DISCOVERY: DiscoveryEntry[] = RESOURCES.map((r) => ({ resource: r.resource, kind: r.kind, shortNames: [...r.shortNames], namespaced: r.namespaced }));

export const COMMAND_TABLE: CommandTable = commandTable();

export function createSimHost(post: (msg: FromWorker) => void): SimHost {
  let session: Session | undefined;
  let epoch = 0;
  /** The Simulation the page's state derives from; `sim topology` replaces it, which forces a snapshot. */
  let shownSim: Simulation | undefined;
  /** Last summary sent per component, as JSON, so only changes travel. */
  let sentSummaries = new Map<string, string>();

  function init(msg: InitMessage): void {
    epoch = msg.epoch;
    if (msg.protocol !== PROTOCOL_VERSION) {
      post({ type: 'error', epoch, message: `protocol mismatch: page speaks ${msg.protocol}, worker speaks ${PROTOCOL_VERSION}; reload the page`, fatal: false });
      return;
    }
    const s = new Session({ seed: msg.seed, topology: msg.topology, ...(msg.files ? { files: msg.files } : {}) });
    session = s;
    post(snapshot(s, undefined));
    const log = msg.commandLog ?? [];
    log.forEach((entry, i) => {
      const start = s.sim.now;
      const r = replay(s, entry);
      if (r && msg.echoFrom !== undefined) post({ type: 'commandResult', epoch, id: msg.echoFrom + i, output: r.output, exitCode: r.exitCode, startedAt: start, endedAt: s.sim.now });
      post(changes(s, undefined, start));
    });
    post({ type: 'ready', protocol: PROTOCOL_VERSION, epoch, seed: s.seed, topology: s.topology, epochMs: EPOCH_MS, replayed: log.length, discovery: DISCOVERY, targets: targets(s.sim), commands: COMMAND_TABLE });
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

  function changes(s: Session, ack: number | undefined, start: number): FromWorker {
    if (s.sim !== shownSim) return snapshot(s, ack);
    const d = s.sim.drainDiff();
    return {
      type: 'diff',
      epoch,
      ...(ack === undefined ? {} : { ack }),
      from: d.from,
      to: d.to,
      start,
      now: d.now,
      changes: d.log,
      components: summaries(s.sim, false),
      trace: d.trace,
    };
  }

  function snapshot(s: Session, ack: number | undefined): FromWorker {
    // Draining first makes the snapshot's version the `from` of the next diff.
    const d = s.sim.drainDiff();
    s.sim.recordChanges();
    shownSim = s.sim;
    sentSummaries = new Map();
    const objects: KeyedObject[] = s.sim.storedObjects();
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
    switch (msg.type) {
      case 'command': {
        const r = s.run(msg.line, msg.stdin, msg.interruptAt === undefined ? {} : { interruptAt: msg.interruptAt });
        post({ type: 'commandResult', epoch, id: msg.id, output: r.output, exitCode: r.exitCode, startedAt: start, endedAt: s.sim.now });
        post(changes(s, msg.id, start));
        return;
      }
      case 'advance':
        if (!Number.isFinite(msg.ms) || msg.ms < 0 || msg.ms > MAX_ADVANCE_MS) {
          post({ type: 'error', epoch, id: msg.id, message: `advance by ${msg.ms} ms refused (0…${MAX_ADVANCE_MS})`, fatal: false });
        } else {
          s.sim.advance(msg.ms);
        }
        post(changes(s, msg.id, start));
        return;
      case 'step':
        step(s, msg.maxMs);
        post(changes(s, msg.id, start));
        return;
      case 'until': {
        const r = until(s, msg.breakpoint, msg.withinMs, msg.sinceSeq);
        post({ type: 'untilResult', epoch, id: msg.id, reached: r.reached, ...(r.seq === undefined ? {} : { seq: r.seq }) });
        post(changes(s, msg.id, start));
        return;
      }
      case 'evaluate':
        post({ type: 'evaluateResult', epoch, id: msg.id, verdicts: msg.conditions.map((c) => evaluateOn(s, c, msg.sinceSeq)) });
        post(changes(s, msg.id, start));
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
        post({ type: 'error', epoch, ...('id' in msg ? { id: msg.id } : {}), message: errorText(e), fatal: true });
      }
    },
  };
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

/** Runs one logged input again; a command's result is returned (the page may show it again). */
function replay(s: Session, entry: LogEntry): CommandResult | undefined {
  switch (entry.type) {
    case 'command':
      return s.run(entry.line, entry.stdin, entry.interruptAt === undefined ? {} : { interruptAt: entry.interruptAt });
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

function targets(sim: Simulation): FaultTargetInfo[] {
  return sim.faultTargets().map((t) => ({ name: t.name, class: t.class, components: [...t.components], ...(t.machine === undefined ? {} : { machine: t.machine }) }));
}

function summary(sim: Simulation, c: ComponentState): ComponentSummary {
  return { id: c.id, kind: c.kind, host: c.host, running: c.running, details: componentDetails(sim, c) };
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ? `${e.message}\n${e.stack}` : e.message;
  return String(e);
}
