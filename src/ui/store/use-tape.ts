/**
 * The tape for views that read only its records up to the moment shown (and at most `ahead`
 * after it): a record never changes once the tape has it, so a diff that only appends beyond
 * what such a view reads does not re-render it. Playing a big cluster appends several diffs a
 * second; the narrator and the instructor's fault view need a new tape only when the moment moves.
 */
import { useMemo } from 'react';
import type { AppState } from './store';
import { useApp, useAppStore } from './react';
import { upperBound, type Tape } from './tape';

const selectRecords = (s: AppState) => s.cluster.tape?.records;
const selectBase = (s: AppState) => s.cluster.tape?.baseSeq;

/** How many of the tape's records a view reading `ahead` records past the moment shown sees. */
export function recordsRead(tape: Tape | undefined, seq: number, ahead: number): number {
  if (!tape) return -1;
  return Math.min(tape.recordCount, upperBound(tape.records, tape.recordCount, seq) + ahead);
}

/**
 * The current tape, renewed only when the records up to the moment shown (plus `ahead`) differ:
 * another moment, a new tape (a snapshot, a fold), or records arriving within `ahead` of it.
 */
export function useTapeThrough(ahead: number): Tape | undefined {
  const store = useAppStore();
  const records = useApp(selectRecords);
  const base = useApp(selectBase);
  const seq = useApp((s) => s.cluster.seq);
  const read = useApp((s) => recordsRead(s.cluster.tape, s.cluster.seq, ahead));
  // The store's tape at the time any of those changed: identical to the newest in every record it is read for.
  return useMemo(() => store.getState().cluster.tape, [store, records, base, seq, read]);
}
