/**
 * The inputs that shaped the current cluster, kept on the main thread so a crashed worker can be
 * replaced without losing anything (perf-reliability.md B.2.5).
 *
 * Invariant: `confirmed` holds exactly the inputs the worker acknowledged, in order; inputs sent
 * but not yet acknowledged wait in `pending`. After a crash only `confirmed` is replayed: an
 * unacknowledged command may be the one that killed the worker, so it is reported, not retried.
 */
import type { LogEntry } from '../../protocol/messages';

export class ReplayLog {
  private confirmedEntries: LogEntry[] = [];
  private pending: { id: number; entry: LogEntry | undefined }[] = [];

  constructor(initial: readonly LogEntry[] = []) {
    for (const e of initial) this.confirm(e);
  }

  get confirmed(): readonly LogEntry[] {
    return this.confirmedEntries;
  }

  /** Records a request; `entry` is undefined for requests that change nothing (snapshot requests). */
  sent(id: number, entry: LogEntry | undefined): void {
    this.pending.push({ id, entry });
  }

  /** The worker finished request `id` and, because it works in order, everything before it. */
  acked(id: number): void {
    let n = 0;
    while (n < this.pending.length && this.pending[n]!.id <= id) {
      const e = this.pending[n]!.entry;
      if (e) this.confirm(e);
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
    this.confirmedEntries = [];
    this.pending = [];
  }

  /** Consecutive advances merge: advance(a); advance(b) runs the same events as advance(a + b). */
  private confirm(e: LogEntry): void {
    const last = this.confirmedEntries[this.confirmedEntries.length - 1];
    if (e.type === 'advance' && last?.type === 'advance') {
      this.confirmedEntries[this.confirmedEntries.length - 1] = { type: 'advance', ms: last.ms + e.ms };
    } else {
      this.confirmedEntries.push(e);
    }
  }
}
