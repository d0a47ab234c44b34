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
import type { ComponentState } from '../engine/components';
import { listTargets } from '../engine/faults';
import { EPOCH_MS } from '../k8s/time';
import type { Simulation } from '../engine/simulation';
import { Session } from '../kubectl/session';
import {
  PROTOCOL_VERSION,
  assertNever,
  type ComponentSummary,
  type DiscoveryEntry,
  type FaultTargetInfo,
  type FromWorker,
  type InitMessage,
  type KeyedObject,
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
    for (const entry of log) {
      const start = s.sim.now;
      replay(s, entry);
      post(changes(s, undefined, start));
    }
    post({ type: 'ready', protocol: PROTOCOL_VERSION, epoch, seed: s.seed, topology: s.topology, epochMs: EPOCH_MS, replayed: log.length, discovery: DISCOVERY, targets: targets(s.sim) });
  }

  function summaries(sim: Simulation, all: boolean): ComponentSummary[] {
    const out: ComponentSummary[] = [];
    for (const c of sim.world.components.values()) {
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
    const objects: KeyedObject[] = [];
    for (const bucket of s.sim.world.etcd.kv.values()) {
      for (const [key, object] of bucket) objects.push({ key, object });
    }
    return {
      type: 'snapshot',
      epoch,
      ...(ack === undefined ? {} : { ack }),
      version: d.to,
      now: s.sim.now,
      seq: s.sim.world.trace.nextSeq - 1,
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

function replay(s: Session, entry: LogEntry): void {
  switch (entry.type) {
    case 'command':
      s.run(entry.line, entry.stdin, entry.interruptAt === undefined ? {} : { interruptAt: entry.interruptAt });
      return;
    case 'advance':
      s.sim.advance(entry.ms);
      return;
    case 'step':
      step(s, entry.maxMs);
      return;
    default:
      assertNever(entry);
  }
}

function targets(sim: Simulation): FaultTargetInfo[] {
  return listTargets(sim.world).map((t) => ({ name: t.name, class: t.class, components: [...t.components] }));
}

function summary(sim: Simulation, c: ComponentState): ComponentSummary {
  return { id: c.id, kind: c.kind, host: c.host, running: c.running, details: componentDetails(sim.world, c) };
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ? `${e.message}\n${e.stack}` : e.message;
  return String(e);
}
