/**
 * client-go's flowcontrol.Backoff as the kubelet uses it (no jitter): the first failure starts a
 * `initial` back-off, each further one doubles it up to `max`, and an entry that was last
 * bumped more than 2×max before the event expires — the "reset after 10 minutes" of
 * CrashLoopBackOff with the default 5-minute cap.
 */
import type { BackoffEntry } from './state';

export interface BackoffPolicy {
  initial: number;
  max: number;
  /** An entry untouched for longer than this is forgotten (flowcontrol: 2 × max). */
  resetAfter: number;
}

function expired(entry: BackoffEntry, eventTime: number, p: BackoffPolicy): boolean {
  return eventTime - entry.lastUpdate > p.resetAfter;
}

/** IsInBackOffSince: is `now` still within the back-off that followed `eventTime`? */
export function inBackOffSince(table: Map<string, BackoffEntry>, key: string, eventTime: number, now: number, p: BackoffPolicy): boolean {
  const e = table.get(key);
  if (!e || expired(e, eventTime, p)) return false;
  return now - eventTime < e.backoff;
}

/** IsInBackOffSinceUpdate: within the back-off since the entry was last bumped? */
export function inBackOffSinceUpdate(table: Map<string, BackoffEntry>, key: string, now: number, p: BackoffPolicy): boolean {
  const e = table.get(key);
  if (!e || expired(e, now, p)) return false;
  return now - e.lastUpdate < e.backoff;
}

/** Next: start or double the back-off. */
export function backoffNext(table: Map<string, BackoffEntry>, key: string, eventTime: number, now: number, p: BackoffPolicy): void {
  const e = table.get(key);
  if (!e || expired(e, eventTime, p)) table.set(key, { backoff: p.initial, lastUpdate: now });
  else table.set(key, { backoff: Math.min(e.backoff * 2, p.max), lastUpdate: now });
}

export function backoffGet(table: Map<string, BackoffEntry>, key: string): number {
  return table.get(key)?.backoff ?? 0;
}
