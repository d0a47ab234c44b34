/**
 * The main thread's view of the simulated cluster, and the only two ways it changes: a full
 * snapshot or a versioned diff from the worker. Both functions are pure; the store only calls
 * them, so everything the UI shows is reproducible from the message stream.
 *
 * Invariant: `version` is the `to` of the last applied diff (or the snapshot's version); a diff
 * whose `from` differs is never applied — the caller asks the worker for a snapshot instead.
 */
import type { KObject } from '../../engine/api/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary, DiffMessage, SnapshotMessage, Topology } from '../../protocol/messages';

/** How many trace records the UI keeps; older ones are dropped from the front. */
export const TRACE_LIMIT = 5000;

export interface ClusterState {
  /** False until the first snapshot arrives. */
  loaded: boolean;
  version: number;
  /** Simulated ms since the cluster's epoch. */
  now: number;
  topology: Topology | undefined;
  /** Keyed by storage key, e.g. `pods/default/go-api-7c9f-abcde`. */
  objects: ReadonlyMap<string, KObject>;
  components: ReadonlyMap<string, ComponentSummary>;
  trace: readonly TraceRecord[];
}

export const initialClusterState: ClusterState = {
  loaded: false,
  version: -1,
  now: 0,
  topology: undefined,
  objects: new Map(),
  components: new Map(),
  trace: [],
};

export function applySnapshot(msg: SnapshotMessage): ClusterState {
  return {
    loaded: true,
    version: msg.version,
    now: msg.now,
    topology: msg.topology,
    objects: new Map(msg.objects.map((o) => [o.key, o.object])),
    components: new Map(msg.components.map((c) => [c.id, c])),
    trace: [],
  };
}

export type DiffOutcome = { ok: true; state: ClusterState } | { ok: false; reason: 'gap' | 'not-loaded' };

export function applyDiff(state: ClusterState, msg: DiffMessage): DiffOutcome {
  if (!state.loaded) return { ok: false, reason: 'not-loaded' };
  if (msg.from !== state.version) return { ok: false, reason: 'gap' };

  let objects = state.objects;
  if (msg.added.length || msg.updated.length || msg.removed.length) {
    const next = new Map(objects);
    for (const { key, object } of msg.added) next.set(key, object);
    for (const { key, object } of msg.updated) next.set(key, object);
    for (const key of msg.removed) next.delete(key);
    objects = next;
  }

  let components = state.components;
  if (msg.components.length) {
    const next = new Map(components);
    for (const c of msg.components) next.set(c.id, c);
    components = next;
  }

  let trace = state.trace;
  if (msg.trace.length) {
    const joined = trace.concat(msg.trace);
    trace = joined.length > TRACE_LIMIT ? joined.slice(joined.length - TRACE_LIMIT) : joined;
  }

  return { ok: true, state: { ...state, version: msg.to, now: msg.now, objects, components, trace } };
}

/** Objects of one resource (`nodes`, `pods`), in key order so lists are stable. */
export function objectsOf<T extends KObject>(objects: ReadonlyMap<string, KObject>, resource: string): T[] {
  const prefix = `${resource}/`;
  const out: [string, KObject][] = [];
  for (const entry of objects) if (entry[0].startsWith(prefix)) out.push(entry);
  out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return out.map((e) => e[1] as T);
}
