/**
 * Waiting on the watch stream while simulated time advances: the common loop behind
 * `delete --wait`, `wait`, `drain` and `rollout status`.
 */
import type { KObject } from '../k8s/types';
import type { Env } from './env';
import { ObjectWatch, type WatchEvent } from './watch';

/**
 * kubectl would wait a week for `--timeout=0`; a simulator must stop somewhere. Waits without a
 * timeout give up after this much simulated time.
 */
export const FOREVER_CAP_MS = 15 * 60_000;

export function effectiveTimeout(ms: number): number {
  return ms > 0 ? ms : FOREVER_CAP_MS;
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
