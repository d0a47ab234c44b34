/**
 * kubectl's relative ages (LAST SEEN, AGE): apimachinery's duration.HumanDuration ported
 * verbatim (k8s-fidelity.md §1.2), plus printers.go's translateTimestampSince. The UI may not
 * import the engine's copy at runtime (layer rule), so this is a second port with its own tests.
 */

/** HumanDuration: `5s`, `119s`, `2m10s`, `60m`, `3h20m`, `2d2h`, `2y80d`. */
export function humanDuration(ms: number): string {
  // Go converts with int(d.Seconds()), which truncates toward zero.
  const secs = Math.trunc(ms / 1000);
  if (secs < -1) return '<invalid>';
  if (secs < 0) return '0s';
  if (secs < 120) return `${secs}s`;
  const minutes = Math.floor(secs / 60);
  if (minutes < 10) {
    const s = secs % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.floor(days / 365);
  if (hours < 24 * 365 * 8) {
    const d = days % 365;
    return d === 0 ? `${years}y` : `${years}y${d}d`;
  }
  return `${years}y`;
}

/** Unix ms of an RFC 3339 timestamp (metav1.Time or MicroTime); undefined when absent or unreadable. */
export function parseTimestamp(ts: string | null | undefined): number | undefined {
  if (!ts) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms;
}

/** translateTimestampSince: `<unknown>` for a zero (absent) timestamp, otherwise its age at `nowUnixMs`. */
export function since(ts: string | null | undefined, nowUnixMs: number): string {
  const at = parseTimestamp(ts);
  return at === undefined ? '<unknown>' : humanDuration(nowUnixMs - at);
}
