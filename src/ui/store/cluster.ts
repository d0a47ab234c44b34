/**
 * The cluster as the UI shows it: the tape (everything that happened) plus the moment being
 * looked at. `objects`, `components` and `trace` are the state at trace seq `seq`, derived from
 * the tape by `showAt`; every view renders from these fields alone, so stepping back in time
 * changes the whole page consistently.
 *
 * Invariants: `changeIndex` changes of the tape (and `componentIndex` component changes) are
 * applied to the base to give `objects` (`components`); they are exactly those with seq ≤ `seq`.
 */
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { CommandTable, ComponentSummary, DiffMessage, DiscoveryEntry, FaultTargetInfo, SnapshotMessage, Topology } from '../../protocol/messages';
import { appendDiff, foldTape, tapeFromSnapshot, tapeFull, upperBound, type Tape } from './tape';

/** How many trace records (up to the moment shown) views receive. */
export const TRACE_LIMIT = 5000;

export interface ClusterState {
  /** False until the first snapshot arrives. */
  loaded: boolean;
  tape: Tape | undefined;
  /** Trace seq of the moment shown. */
  seq: number;
  /** Simulated ms of the moment shown. */
  now: number;
  /** Simulated ms the cluster was handed over at: every `T+` label counts from here, as `sim trace` does. */
  bootedAt: number;
  topology: Topology | undefined;
  /** Keyed by storage key, e.g. `pods/default/go-api-7c9f-abcde`. */
  objects: ReadonlyMap<string, KObject>;
  components: ReadonlyMap<string, ComponentSummary>;
  /** Records up to and including `seq` (the last is the current message), at most TRACE_LIMIT. */
  trace: readonly TraceRecord[];
  discovery: readonly DiscoveryEntry[];
  /** Every fault target the cluster has (from `ready`, then each snapshot). */
  targets: readonly FaultTargetInfo[];
  /** The worker's command language (from `ready`); undefined until the worker has said it. */
  commands: CommandTable | undefined;
  changeIndex: number;
  componentIndex: number;
  /** The cluster runs in scale mode (more than 100 workers): views aggregate (sequence rates, node grid). */
  scaleMode: boolean;
}

export const initialClusterState: ClusterState = {
  loaded: false,
  tape: undefined,
  seq: 0,
  now: 0,
  bootedAt: 0,
  topology: undefined,
  objects: new Map(),
  components: new Map(),
  trace: [],
  discovery: [],
  targets: [],
  commands: undefined,
  changeIndex: 0,
  componentIndex: 0,
  scaleMode: false,
};

/** A snapshot starts a new tape; the view sits at its base. */
export function applySnapshot(state: ClusterState, msg: SnapshotMessage): ClusterState {
  const tape = tapeFromSnapshot(msg);
  return {
    ...state,
    loaded: true,
    tape,
    seq: tape.baseSeq,
    now: tape.baseNow,
    bootedAt: msg.bootedAt,
    topology: tape.topology,
    targets: msg.targets,
    objects: tape.baseObjects,
    components: tape.baseComponents,
    trace: [],
    changeIndex: 0,
    componentIndex: 0,
    scaleMode: tape.scaleMode,
  };
}

export type DiffOutcome = { ok: true; state: ClusterState } | { ok: false; reason: 'gap' | 'not-loaded' };

/** Appends to the tape; the moment shown does not move (the playback decides that). */
export function applyDiff(state: ClusterState, msg: DiffMessage): DiffOutcome {
  if (!state.loaded || !state.tape) return { ok: false, reason: 'not-loaded' };
  const r = appendDiff(state.tape, msg);
  if (!r.ok) return r;
  const next = { ...state, tape: r.tape };
  return { ok: true, state: tapeFull(r.tape) ? fold(next) : next };
}

/** Folds the older half of a full tape into its base, never past the moment shown. */
export function fold(state: ClusterState): ClusterState {
  const tape = state.tape;
  if (!tape) return state;
  const half = tape.changes[Math.floor(tape.changeCount / 2)]?.seq ?? tape.baseSeq;
  const halfRecords = tape.records[Math.floor(tape.recordCount / 2)]?.seq ?? tape.baseSeq;
  const cut = Math.min(Math.max(half, halfRecords), state.seq);
  const folded = foldTape(tape, cut);
  if (folded === tape) return state;
  // Indexes into the old arrays shift by what was folded away.
  return {
    ...state,
    tape: folded,
    changeIndex: state.changeIndex - (tape.changeCount - folded.changeCount),
    componentIndex: state.componentIndex - (tape.componentChangeCount - folded.componentChangeCount),
  };
}

/** The cluster as it was at trace seq `seq` and simulated time `now` (clamped to the tape). */
export function showAt(state: ClusterState, seq: number, now: number): ClusterState {
  const tape = state.tape;
  if (!tape) return state;
  const target = Math.max(tape.baseSeq, Math.min(seq, tape.frontierSeq));
  const at = Math.max(tape.baseNow, Math.min(now, tape.frontierNow));
  // Records with seq ≤ target never change once the tape has them (new ones have larger seqs).
  if (target === state.seq && at === state.now) return state;

  const changeTarget = upperBound(tape.changes, tape.changeCount, target);
  let objects = state.objects;
  if (changeTarget !== state.changeIndex) {
    const next = new Map(objects);
    for (let i = state.changeIndex; i < changeTarget; i++) set(next, tape.changes[i]!.key, tape.changes[i]!.object);
    for (let i = state.changeIndex - 1; i >= changeTarget; i--) set(next, tape.changes[i]!.key, tape.changes[i]!.prev);
    objects = next;
  }

  const compTarget = upperBound(tape.componentChanges, tape.componentChangeCount, target);
  let components = state.components;
  if (compTarget !== state.componentIndex) {
    const next = new Map(components);
    for (let i = state.componentIndex; i < compTarget; i++) next.set(tape.componentChanges[i]!.summary.id, tape.componentChanges[i]!.summary);
    for (let i = state.componentIndex - 1; i >= compTarget; i--) {
      const c = tape.componentChanges[i]!;
      if (c.prev) next.set(c.summary.id, c.prev);
      else next.delete(c.summary.id);
    }
    components = next;
  }

  const end = upperBound(tape.records, tape.recordCount, target);
  const trace = state.seq === target ? state.trace : tape.records.slice(Math.max(0, end - TRACE_LIMIT), end);
  return { ...state, seq: target, now: at, objects, components, trace, changeIndex: changeTarget, componentIndex: compTarget };
}

function set(map: Map<string, KObject>, key: string, object: KObject | null): void {
  if (object) map.set(key, object);
  else map.delete(key);
}

/** Objects of one resource (`nodes`, `pods`), in key order so lists are stable. */
export function objectsOf<T extends KObject>(objects: ReadonlyMap<string, KObject>, resource: string): T[] {
  const prefix = `${resource}/`;
  const out: [string, KObject][] = [];
  for (const entry of objects) if (entry[0].startsWith(prefix)) out.push(entry);
  out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return out.map((e) => e[1] as T);
}
