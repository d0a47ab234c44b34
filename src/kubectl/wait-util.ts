/**
 * Waiting on the watch stream while simulated time advances: the common loop behind
 * `delete --wait`, `wait`, `drain` and `rollout status`.
 */
import type { KObject } from '../k8s/types';
import type { Env } from './env';
import { ObjectWatch, type WatchEvent } from './watch';

/**
 * The most simulated time one command may wait. kubectl waits as long as it is told (a week for
 * `--timeout=0`, 1000h if asked, a watch until Ctrl+C), but here every simulated second costs the
 * worker wall time, so a longer wait is cut to this and ends the way that wait ends when its time
 * is up: a timeout with kubectl's own message, or a watch that stops printing.
 */
export const MAX_WAIT_MS = 15 * 60_000;

/**
 * A streaming command (`get -w`, `logs -f`) also stops once it has written this many lines: a
 * watch on objects that change constantly (Leases renew every few seconds) never falls idle.
 */
export const MAX_STREAM_LINES = 1_000;

/** How long a stream may sit without a change before this simulator ends it. */
export const STREAM_IDLE_MS = 60_000;

/** A wait's `--timeout`: none (0 or less) is kubectl's "forever"; either way at most MAX_WAIT_MS. */
export function effectiveTimeout(ms: number): number {
  return ms > 0 ? Math.min(ms, MAX_WAIT_MS) : MAX_WAIT_MS;
}

/**
 * How a streaming command ends: after STREAM_IDLE_MS without a change (a watch: `get -w`,
 * `events -w`), at its `--request-timeout` (0: none), after MAX_WAIT_MS, or once
 * MAX_STREAM_LINES lines are written, whichever comes first. It then stops without a word, as
 * kubectl does when its request times out. A container's stream (`logs -f`, attach) has no idle
 * rule: it lasts while the container runs, as the real one does (left()).
 */
export class StreamBound {
  private readonly deadline: number;
  private lines = 0;

  constructor(
    private readonly sim: { readonly now: number },
    requestTimeoutMs: number,
  ) {
    this.deadline = sim.now + effectiveTimeout(requestTimeoutMs);
  }

  /** Simulated time to wait for the next change; 0 once the stream is over. */
  window(): number {
    if (this.lines >= MAX_STREAM_LINES) return 0;
    return Math.max(0, Math.min(STREAM_IDLE_MS, this.deadline - this.sim.now));
  }

  /** Simulated time the stream may still run, with no idle rule; 0 once it is over. */
  left(): number {
    if (this.lines >= MAX_STREAM_LINES) return 0;
    return Math.max(0, this.deadline - this.sim.now);
  }

  /** Counts what the stream wrote. */
  wrote(text: string): void {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lines++;
  }
}

/**
 * Watches `resource` (restricted to `namespace`/`names`) and calls `onEvent` for every change;
 * stops when it returns true (success) or the timeout passes (false).
 */
export function watchUntil(
  env: Env,
  resource: string,
  filter: { namespace?: string; names?: string[] },
  initial: KObject[],
  timeoutMs: number,
  onEvent: (e: WatchEvent, current: KObject[]) => boolean,
): boolean {
  const watch = new ObjectWatch(env.sim, resource, filter, initial);
  const deadline = env.sim.now + timeoutMs;
  for (;;) {
    const remaining = deadline - env.sim.now;
    if (remaining <= 0) return false;
    const events = watch.next(remaining);
    if (events.length === 0) return false;
    for (const e of events) if (onEvent(e, watch.objects())) return true;
  }
}
