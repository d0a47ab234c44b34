/**
 * client-go's flowcontrol.Backoff (util/flowcontrol/backoff.go) as NewBackOff builds it, without
 * jitter (maxJitterFactor 0): the first failure starts an `initial` back-off, each further one
 * doubles it up to `max`, and an entry last bumped longer than `resetAfter` (2×max, hasExpired)
 * before the event starts over. The kubelet keeps two (CrashLoopBackOff, whose "reset after
 * 10 minutes" is 2× its 5-minute cap, and image pulls); the DaemonSet controller one for failed
 * daemon Pods. Entries are plain data stamped with simulated time, so they live in the World.
 */

/** flowcontrol.Backoff's per-item entry. */
export interface BackoffEntry {
  backoff: number;
  lastUpdate: number;
}

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

/**
 * GC: drops the entries that expired by `now`. The IsInBackOff checks and Next already treat an
 * expired entry as absent (and Get is read only after them), so collecting one changes nothing
 * but the table's size.
 */
export function backoffGC(table: Map<string, BackoffEntry>, now: number, p: BackoffPolicy): void {
  for (const [key, e] of table) if (expired(e, now, p)) table.delete(key);
}
