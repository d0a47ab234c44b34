/** Simulated-clock rendering for the header. Pure; the UI may use Date, the engine may not. */

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** `2025-09-01 09:03:01 UTC` for a Unix ms value. */
export function utcStamp(unixMs: number): string {
  const d = new Date(unixMs);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/** `3m01s`, `1h02m03s`, `42s`: compact, fixed-width-ish, no translation needed. */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return `${h}h${pad(m)}m${pad(s)}s`;
  if (m) return `${m}m${pad(s)}s`;
  return `${s}s`;
}
