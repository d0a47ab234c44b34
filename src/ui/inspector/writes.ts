/**
 * Who wrote an object, and when: each committed version on the tape joined to the trace record
 * of its etcd commit and the API request that caused it (same requestId), so the object view
 * can say "Changed at T+7.910s by kube-scheduler (rv 207)".
 *
 * Quiet writes (Lease renewals, Events) have no trace records: their change carries the seq of
 * the last record before them, so they are reported as untraced, at that record's time.
 */
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import { timeOfSeq, upperBound, type Tape, type TapeChange } from '../store/tape';

export type WriteOp = 'created' | 'updated' | 'deleted';

export interface Write {
  /** Index into tape.changes. */
  index: number;
  seq: number;
  /** Simulated ms of the commit (for an untraced write: of the last record before it). */
  at: number;
  op: WriteOp;
  /** The component whose request made the write (`kube-scheduler`, `kubelet/node-2`); undefined when untraced. */
  by: string | undefined;
  traced: boolean;
  resourceVersion: string | undefined;
  object: KObject | null;
  prev: KObject | null;
}

interface KeyIndex {
  /** Changes indexed so far (the tape's arrays only grow). */
  count: number;
  byKey: Map<string, number[]>;
}

/**
 * Per-key change indexes, one per changes array: Tape values that share the array share the
 * index, and a new tape (snapshot, fork) has a new array and so a fresh index.
 */
const indexes = new WeakMap<TapeChange[], KeyIndex>();

/** Indexes into tape.changes of every write to `key` on this tape, ascending. */
export function writeIndexes(tape: Tape, key: string): readonly number[] {
  let ix = indexes.get(tape.changes);
  if (!ix) {
    ix = { count: 0, byKey: new Map() };
    indexes.set(tape.changes, ix);
  }
  for (let i = ix.count; i < tape.changes.length; i++) {
    const k = tape.changes[i]!.key;
    const list = ix.byKey.get(k);
    if (list) list.push(i);
    else ix.byKey.set(k, [i]);
  }
  ix.count = tape.changes.length;
  const all = ix.byKey.get(key) ?? [];
  // An older Tape value may describe a shorter prefix of the shared array.
  let end = all.length;
  while (end > 0 && all[end - 1]! >= tape.changeCount) end--;
  return end === all.length ? all : all.slice(0, end);
}

/** The write at tape.changes[index], joined to its commit and request records. */
export function describeWrite(tape: Tape, index: number): Write {
  const c = tape.changes[index]!;
  const op: WriteOp = c.prev === null ? 'created' : c.object === null ? 'deleted' : 'updated';
  const commit = commitRecord(tape, c);
  const by = commit?.requestId === undefined ? undefined : requestOf(tape, commit)?.from;
  return {
    index,
    seq: c.seq,
    at: commit ? commit.at : timeOfSeq(tape, c.seq),
    op,
    by,
    traced: commit !== undefined,
    resourceVersion: commit?.resourceVersion ?? (c.object ?? c.prev)?.metadata.resourceVersion,
    object: c.object,
    prev: c.prev,
  };
}

/** The most recent write to `key` at or before trace seq `seq`, if the tape has one. */
export function lastWrite(tape: Tape, key: string, seq: number): Write | undefined {
  const list = writeIndexes(tape, key);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tape.changes[list[mid]!]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : describeWrite(tape, list[lo - 1]!);
}

/** Every write to `key` on the tape, oldest first (including any after the moment shown). */
export function writeHistory(tape: Tape, key: string): Write[] {
  return writeIndexes(tape, key).map((i) => describeWrite(tape, i));
}

/**
 * The etcd-commit record of this change: the record with the change's seq, if it commits this
 * very object at this version (a quiet write shares its seq with an unrelated record).
 */
function commitRecord(tape: Tape, c: TapeChange): TraceRecord | undefined {
  const i = upperBound(tape.records, tape.recordCount, c.seq) - 1;
  const r = tape.records[i];
  if (!r || r.seq !== c.seq || r.kind !== 'etcd-commit' || !r.object) return undefined;
  const meta = (c.object ?? c.prev)?.metadata;
  if (!meta || r.object.name !== meta.name || (r.object.namespace ?? '') !== (meta.namespace ?? '')) return undefined;
  if (c.object && r.resourceVersion !== c.object.metadata.resourceVersion) return undefined;
  return r;
}

const REQUEST_SCAN = 5000;

/** The `request` record that opened the commit's API request (it precedes the commit). */
function requestOf(tape: Tape, commit: TraceRecord): TraceRecord | undefined {
  const end = upperBound(tape.records, tape.recordCount, commit.seq);
  // A request's records are a handful of hops apart; the bound keeps a miss from scanning the tape.
  for (let i = end - 1; i >= Math.max(0, end - REQUEST_SCAN); i--) {
    const r = tape.records[i]!;
    if (r.requestId === commit.requestId && r.kind === 'request') return r;
  }
  return undefined;
}
