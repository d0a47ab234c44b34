/**
 * The inputs that shaped the current cluster, kept on the main thread so a crashed worker can be
 * replaced without losing anything (perf-reliability.md B.2.5), a run can be forked from a past
 * moment, and a link can carry the run.
 *
 * Invariants: `confirmed` holds exactly the inputs the worker acknowledged, in order, each with
 * the simulated time it started and ended; inputs sent but not yet acknowledged wait in
 * `pending`. After a crash only `confirmed` is replayed: an unacknowledged command may be the one
 * that killed the worker, so it is reported, not retried.
 */
import { MAX_ADVANCE_MS, type LogEntry } from '../../protocol/messages';

/** kubectl's simulated startup before its first request (src/kubectl/session.ts KUBECTL_STARTUP_MS). */
export const KUBECTL_STARTUP_MS = 150;

/** A confirmed input; `id` is the request id of its last contributor (advances merge). */
export interface LoggedInput {
  id: number;
  entry: LogEntry;
  start: number;
  end: number;
}

export class ReplayLog {
  private confirmedInputs: LoggedInput[] = [];
  private pending: { id: number; entry: LogEntry | undefined }[] = [];

  constructor(initial: readonly LogEntry[] = []) {
    this.replace(initial);
  }

  get confirmed(): readonly LogEntry[] {
    return this.confirmedInputs.map((i) => i.entry);
  }

  get inputs(): readonly LoggedInput[] {
    return this.confirmedInputs;
  }

  /** Records a request; `entry` is undefined for requests that change nothing (snapshot requests). */
  sent(id: number, entry: LogEntry | undefined): void {
    this.pending.push({ id, entry });
  }

  /**
   * The worker finished request `id` (between simulated `start` and `end`) and, because it works
   * in order, everything before it.
   */
  acked(id: number, start = 0, end = start): void {
    let n = 0;
    while (n < this.pending.length && this.pending[n]!.id <= id) {
      const p = this.pending[n]!;
      if (p.entry) this.confirm({ id: p.id, entry: p.entry, start: p.id === id ? start : end, end });
      n++;
    }
    this.pending.splice(0, n);
  }

  /** Forgets every unacknowledged request and returns the ids of the commands among them. */
  dropPending(): Set<number> {
    const ids = new Set(this.pending.filter((p) => p.entry?.type === 'command').map((p) => p.id));
    this.pending = [];
    return ids;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  clear(): void {
    this.confirmedInputs = [];
    this.pending = [];
  }

  /**
   * Replaces the confirmed inputs (after a fork); the pending ones are dropped. Their times are
   * unknown until the worker replays them and `timed` fills them in.
   */
  replace(entries: readonly LogEntry[]): void {
    this.clear();
    for (const e of entries) this.confirmedInputs.push({ id: 0, entry: e, start: Number.NaN, end: Number.NaN });
  }

  /** The worker replayed input `index` between simulated `start` and `end`. */
  timed(index: number, start: number, end: number): void {
    const i = this.confirmedInputs[index];
    if (i) this.confirmedInputs[index] = { ...i, start, end };
  }

  /**
   * Consecutive advances merge: advance(a); advance(b) runs the same events as advance(a + b).
   * Never past MAX_ADVANCE_MS, so every logged advance is one the worker would accept live (a
   * replay holds its inputs to the same bounds).
   */
  private confirm(input: LoggedInput): void {
    const last = this.confirmedInputs[this.confirmedInputs.length - 1];
    if (input.entry.type === 'advance' && last?.entry.type === 'advance' && last.entry.ms + input.entry.ms <= MAX_ADVANCE_MS) {
      this.confirmedInputs[this.confirmedInputs.length - 1] = { id: input.id, entry: { type: 'advance', ms: last.entry.ms + input.entry.ms }, start: last.start, end: input.end };
    } else {
      this.confirmedInputs.push(input);
    }
  }
}

/**
 * The inputs that rebuild the run as it was at simulated time `t`: everything that finished by
 * then, a command that was still waiting at `t` (interrupted there), and an advance up to `t`.
 * `interrupt` names a command (by request id) to stop at `t` even if it had finished later.
 *
 * A kubectl command's request happens at its end (after the startup delay), so a command that
 * had not returned by `t` and is not the interrupted one is dropped: at `t` it had not happened.
 */
export function truncateAt(inputs: readonly LoggedInput[], t: number, interrupt?: number): LogEntry[] {
  const out: LogEntry[] = [];
  let reached = inputs[0]?.start ?? t;
  for (const i of inputs) {
    if (i.end <= t && i.id !== interrupt) {
      out.push(i.entry);
      reached = i.end;
      continue;
    }
    if (i.start > t) break;
    // Straddling t: a command that had begun waiting by then is cut there (a kubectl command
    // begins after its startup delay; a `sim`/`sleep` line at once).
    if (i.entry.type === 'command' && (i.id === interrupt || !/^\s*(kubectl|k)\s/.test(i.entry.line) || t >= i.start + KUBECTL_STARTUP_MS)) {
      out.push({ ...i.entry, interruptAt: t });
      reached = t;
    }
    break;
  }
  for (let left = t - reached; left > 0; left -= MAX_ADVANCE_MS) out.push({ type: 'advance', ms: Math.min(left, MAX_ADVANCE_MS) });
  return out;
}
