/**
 * Test support for the outbox's byte budget, shared by the worker's tests and the served
 * cluster's (src/serve/attach), whose attached pages get their diffs through the same outbox.
 */
import { expect } from 'vitest';
import type { DiffMessage } from '../protocol/messages';

/** The trace seqs a diff's items belong to (a record's own, a version's commit moment). */
export const moments = (d: DiffMessage): Set<number> => new Set([...d.trace.map((r) => r.seq), ...d.changes.map((c) => c.seq)]);

/** Every diff fits `max` JSON bytes, unless it carries one moment only (which alone is larger). */
export function expectWithin(ds: readonly DiffMessage[], max: number): void {
  for (const d of ds) {
    const bytes = JSON.stringify(d).length;
    if (bytes > max) expect([bytes, moments(d).size]).toEqual([bytes, 1]);
  }
}
