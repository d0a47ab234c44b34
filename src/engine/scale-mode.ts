/**
 * Scale mode (issue #16): a cluster of more than SCALE_MODE_WORKERS workers (or one built with
 * `ClusterOptions.scaleMode: true`) keeps what only matters for stepping one message at a time —
 * every trace record, every committed version for time travel — for a bounded window, and exact
 * counts beyond it (core/trace-rates.ts). What the learner can ask about stays exact: objects,
 * Events, `sim why` (every Pod's latest scheduling decision, stored compactly:
 * scheduler/decisions.ts). Below the threshold nothing changes at all, so the classroom's
 * transcripts and trace stay byte-identical.
 */
import type { ChangeSet } from './sim-core';

/** More workers than this and the cluster runs in scale mode unless told otherwise. */
export const SCALE_MODE_WORKERS = 100;

/** Full trace records scale mode keeps (the newest); older ones are counted, not kept. */
export const SCALE_TRACE_WINDOW = 20_000;

/** Committed versions the change log holds between two drains in scale mode (the newest). */
export const SCALE_CHANGE_LOG_WINDOW = 50_000;

/** Whether a cluster with `workers` workers runs in scale mode; `forced` (the option) wins. */
export function scaleModeFor(workers: number, forced: boolean | undefined): boolean {
  return forced ?? workers > SCALE_MODE_WORKERS;
}

/**
 * Drops the oldest committed versions once the change log outgrows its window (in chunks, so
 * the work stays amortised O(1) per commit) and counts them, so the next diff can say its tape
 * has a gap before it.
 */
export function boundChangeLog(changes: ChangeSet): void {
  const log = changes.log;
  if (!log || log.length <= SCALE_CHANGE_LOG_WINDOW + (SCALE_CHANGE_LOG_WINDOW >> 3)) return;
  const cut = log.length - SCALE_CHANGE_LOG_WINDOW;
  log.splice(0, cut);
  changes.logDropped = (changes.logDropped ?? 0) + cut;
}
