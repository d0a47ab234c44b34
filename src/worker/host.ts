/**
 * The simulation host: turns ToWorker messages into Session calls and posts FromWorker messages.
 * It knows nothing about `self` or postMessage, so tests drive it in-process with the real engine
 * and sim.worker.ts is only the wiring.
 *
 * Invariant (see src/protocol/messages.ts): each request ends with exactly one `diff` or
 * `snapshot` whose `ack` is the request's id, posted after any `commandResult` for it.
 */
import { resourceForKind } from '../engine/api/resources';
import type { KObject } from '../engine/api/types';
import { storageKey } from '../engine/apiserver/storage';
import type { ComponentState } from '../engine/components';
import { EPOCH_MS } from '../engine/core/time';
import type { Simulation } from '../engine/simulation';
import { Session } from '../kubectl/session';
import {
  PROTOCOL_VERSION,
  assertNever,
  type ComponentSummary,
  type FromWorker,
  type InitMessage,
  type KeyedObject,
  type LogEntry,
  type ToWorker,
} from '../protocol/messages';

/** One advance message may not move the clock by more than this (a runaway UI loop must not hang the worker). */
export const MAX_ADVANCE_MS = 60 * 60 * 1000;

export interface SimHost {
  handle(msg: ToWorker): void;
}

export function createSimHost(post: (msg: FromWorker) => void): SimHost {
  let session: Session | undefined;
  let epoch = 0;
  /** The Simulation the UI's state derives from; `sim topology` replaces it, which forces a snapshot. */
  let shownSim: Simulation | undefined;

  function init(msg: InitMessage): void {
    epoch = msg.epoch;
    if (msg.protocol !== PROTOCOL_VERSION) {
      post({ type: 'error', epoch, message: `protocol mismatch: page speaks ${msg.protocol}, worker speaks ${PROTOCOL_VERSION}; reload the page`, fatal: false });
      return;
    }
    const s = new Session({ seed: msg.seed, topology: msg.topology, ...(msg.files ? { files: msg.files } : {}) });
    const log = msg.commandLog ?? [];
    for (const entry of log) replay(s, entry);
    session = s;
    post(snapshot(s, undefined));
    post({ type: 'ready', protocol: PROTOCOL_VERSION, epoch, seed: s.seed, topology: s.topology, epochMs: EPOCH_MS, replayed: log.length });
  }

  function changes(s: Session, ack: number): FromWorker {
    if (s.sim !== shownSim) return snapshot(s, ack);
    const d = s.sim.drainDiff();
    const w = s.sim.world;
    return {
      type: 'diff',
      epoch,
      ack,
      from: d.from,
      to: d.to,
      now: d.now,
      added: d.added.map((o) => keyed(w.etcd.kv, o)),
      updated: d.updated.map((o) => keyed(w.etcd.kv, o)),
      removed: d.removed,
      components: d.components.map(summary),
      trace: d.trace,
    };
  }

  function snapshot(s: Session, ack: number | undefined): FromWorker {
    // Draining first makes the snapshot's version the `from` of the next diff.
    const d = s.sim.drainDiff();
    shownSim = s.sim;
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
      topology: s.topology,
      objects,
      components: [...s.sim.world.components.values()].map(summary),
    };
  }

  function handle(msg: ToWorker): void {
    if (msg.type === 'init') return init(msg);
    const s = session;
    if (!s) {
      post({ type: 'error', epoch, id: msg.id, message: `"${msg.type}" arrived before "init"`, fatal: false });
      return;
    }
    switch (msg.type) {
      case 'command': {
        const r = msg.stdin === undefined ? s.run(msg.line) : s.run(msg.line, msg.stdin);
        post({ type: 'commandResult', epoch, id: msg.id, output: r.output, exitCode: r.exitCode });
        post(changes(s, msg.id));
        return;
      }
      case 'advance':
        if (!Number.isFinite(msg.ms) || msg.ms < 0 || msg.ms > MAX_ADVANCE_MS) {
          post({ type: 'error', epoch, id: msg.id, message: `advance by ${msg.ms} ms refused (0…${MAX_ADVANCE_MS})`, fatal: false });
        } else {
          s.sim.advance(msg.ms);
        }
        post(changes(s, msg.id));
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

function replay(s: Session, entry: LogEntry): void {
  if (entry.type === 'command') {
    if (entry.stdin === undefined) s.run(entry.line);
    else s.run(entry.line, entry.stdin);
  } else {
    s.sim.advance(entry.ms);
  }
}

function summary(c: ComponentState): ComponentSummary {
  return { id: c.id, kind: c.kind, host: c.host, running: c.running };
}

/** The storage key of a stored object (the identity `removed` uses). */
function keyed(kv: Map<string, Map<string, KObject>>, object: KObject): KeyedObject {
  const info = resourceForKind(object.kind);
  const name = object.metadata.name ?? '';
  if (info) return { key: storageKey(info.resource, info.namespaced ? object.metadata.namespace : undefined, name), object };
  // A kind missing from discovery: the object is the stored reference itself, so find it by identity.
  for (const bucket of kv.values()) {
    for (const [key, stored] of bucket) if (stored === object) return { key, object };
  }
  return { key: `${object.kind}/${object.metadata.namespace ?? ''}/${name}`, object };
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ? `${e.message}\n${e.stack}` : e.message;
  return String(e);
}
