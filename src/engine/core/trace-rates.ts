/**
 * Scale mode's side of the trace (issue #16): beyond the window of full records the trace keeps
 * exact counts instead. Two tallies, both by (kind, from, to):
 * - per simulated second, for the last RATE_WINDOW_SECONDS seconds: what the UI's rates view
 *   draws, handed out through drainDiff (what was counted since the last drain, per second) and
 *   Simulation.traceRates (the held window);
 * - totals of the records that fell out of the window of full records, since the cluster began:
 *   what `sim trace` prints in place of the records it no longer holds.
 * Counts are nested Maps (kind → from → to → count) so counting a record allocates nothing once
 * its hop has been seen; everything is plain data, so a World snapshot carries it.
 */
import type { ComponentId } from './ids';
import type { TraceKind, TraceRecord } from './trace';

/** Exact count of trace records of one (kind, from, to) within one simulated second (or a span). */
export interface TraceRateCount {
  kind: TraceKind;
  from: ComponentId;
  to: ComponentId;
  count: number;
}

/**
 * Every hop seen in one simulated second: `second` is `Math.floor(record.at / 1000)`, the same
 * clock as TraceRecord.at (subtract bootedAt for T+ labels). Counts are grouped by kind, then
 * from, then to, each in first-seen order.
 */
export interface TraceRateSecond {
  second: number;
  counts: TraceRateCount[];
}

/** kind → from → to → count. */
export type HopCounts = Map<TraceKind, Map<ComponentId, Map<ComponentId, number>>>;

/** How many simulated seconds of per-second counts the engine holds. */
export const RATE_WINDOW_SECONDS = 300;

export interface TraceRates {
  /** Per-second counts, oldest first (time only moves forward, so insertion order is time order). */
  seconds: Map<number, HopCounts>;
  /** The first second that got a record since the last drain; undefined when nothing did. */
  dirtyFrom: number | undefined;
  /**
   * The newest second the last drain handed out and its counts at that moment: the only second
   * a drain may have cut in two (time moves forward), so the next drain sends just the rest.
   */
  drainedSecond: number;
  drainedCounts: HopCounts;
  /**
   * Totals of the seconds no longer held. With the held seconds they count every record ever
   * appended; the records cut from the window of full records are that minus the window
   * (aggregateOf), worked out when asked rather than counted a second time per record.
   */
  forgotten: HopCounts;
}

export function newTraceRates(): TraceRates {
  return { seconds: new Map(), dirtyFrom: undefined, drainedSecond: -1, drainedCounts: new Map(), forgotten: new Map() };
}

function bump(c: HopCounts, kind: TraceKind, from: ComponentId, to: ComponentId, n = 1): void {
  let byFrom = c.get(kind);
  if (!byFrom) c.set(kind, (byFrom = new Map()));
  let byTo = byFrom.get(from);
  if (!byTo) byFrom.set(from, (byTo = new Map()));
  byTo.set(to, (byTo.get(to) ?? 0) + n);
}

/** Counts one appended record in its second; forgets seconds older than RATE_WINDOW_SECONDS. */
export function countRecord(r: TraceRates, rec: Pick<TraceRecord, 'at' | 'kind' | 'from' | 'to'>): void {
  const second = Math.floor(rec.at / 1000);
  let c = r.seconds.get(second);
  if (!c) {
    c = new Map();
    r.seconds.set(second, c);
    for (const [s, old] of r.seconds) {
      if (s > second - RATE_WINDOW_SECONDS) break;
      addCounts(r.forgotten, old);
      r.seconds.delete(s);
    }
  }
  if (r.dirtyFrom === undefined) r.dirtyFrom = second;
  bump(c, rec.kind, rec.from, rec.to);
}

function addCounts(into: HopCounts, c: HopCounts): void {
  for (const [kind, byFrom] of c) for (const [from, byTo] of byFrom) for (const [to, n] of byTo) bump(into, kind, from, to, n);
}

/**
 * Counts of the records no longer in the window (`window`, the log's records, every record
 * counted since the log began): everything ever counted less what the window holds. Hops whose
 * every record is still in the window are left out; the rest keep first-seen order, since the
 * records cut are a prefix of all records.
 */
export function aggregateOf(r: TraceRates, window: readonly TraceRecord[]): TraceRateCount[] {
  const all: HopCounts = new Map();
  addCounts(all, r.forgotten);
  for (const c of r.seconds.values()) addCounts(all, c);
  for (const rec of window) bump(all, rec.kind, rec.from, rec.to, -1);
  return flattenCounts(all).filter((c) => c.count > 0);
}

export function flattenCounts(c: HopCounts): TraceRateCount[] {
  const out: TraceRateCount[] = [];
  for (const [kind, byFrom] of c) for (const [from, byTo] of byFrom) for (const [to, count] of byTo) out.push({ kind, from, to, count });
  return out;
}

/** Every held second from `fromSecond` on (all of them by default), oldest first. */
export function heldSeconds(r: TraceRates, fromSecond = -Infinity): TraceRateSecond[] {
  const out: TraceRateSecond[] = [];
  for (const [second, c] of r.seconds) if (second >= fromSecond) out.push({ second, counts: flattenCounts(c) });
  return out;
}

function copyCounts(c: HopCounts): HopCounts {
  return new Map([...c].map(([kind, byFrom]) => [kind, new Map([...byFrom].map(([from, byTo]) => [from, new Map(byTo)]))]));
}

/**
 * The records counted since the last drain, per second, oldest first: additive (a second a drain
 * cut in two comes again with only the records after the cut), exact whether or not the window
 * of full records still holds them. Marks them drained.
 */
export function drainRates(r: TraceRates): TraceRateSecond[] {
  if (r.dirtyFrom === undefined) return [];
  const out: TraceRateSecond[] = [];
  let newest = r.drainedSecond;
  for (const [second, c] of r.seconds) {
    if (second < r.dirtyFrom) continue;
    newest = second;
    const counts = flattenCounts(c);
    if (second !== r.drainedSecond) {
      out.push({ second, counts });
      continue;
    }
    const sent = r.drainedCounts;
    const rest: TraceRateCount[] = [];
    for (const x of counts) {
      const n = x.count - (sent.get(x.kind)?.get(x.from)?.get(x.to) ?? 0);
      if (n > 0) rest.push({ ...x, count: n });
    }
    if (rest.length) out.push({ second, counts: rest });
  }
  const last = r.seconds.get(newest);
  r.drainedSecond = newest;
  r.drainedCounts = last ? copyCounts(last) : new Map();
  r.dirtyFrom = undefined;
  return out;
}
