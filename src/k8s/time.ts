/**
 * Simulated wall-clock rendering. The world starts at a fixed epoch so timestamps in objects,
 * event names and `describe` output are identical on every run of the same seed.
 */
import type { SimMillis } from './units';

/** 2025-09-01T09:00:00Z in Unix ms: the simulated moment every world boots at. */
export const DEFAULT_EPOCH_MS = 1756717200000;

/**
 * The Unix ms of simulated time 0. Fixed for the runner, the page, lessons and tests; a host
 * serving real kubectls with a real clock (`reconcile serve --epoch now`) moves it once, before
 * it builds its Simulation, so the ages kubectl computes from the wall clock come out right.
 * A live binding: every reader sees the value set.
 */
export let EPOCH_MS = DEFAULT_EPOCH_MS;

/** Sets the epoch (whole seconds, as metav1.Time keeps them). Hosts only, before building a Simulation. */
export function setEpoch(unixMs: number): void {
  EPOCH_MS = Math.floor(unixMs / 1000) * 1000;
}

export interface Civil {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
  weekday: number;
}

/**
 * Unix ms → UTC calendar fields (Howard Hinnant's civil_from_days). Written out so the engine
 * never touches the Date global, which the layer rules reserve for the main thread.
 */
export function civil(unixMs: number): Civil {
  const days = Math.floor(unixMs / 86400000);
  const rem = unixMs - days * 86400000;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const mo = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (mo <= 2 ? 1 : 0);
  return {
    y,
    mo,
    d,
    h: Math.floor(rem / 3600000),
    mi: Math.floor((rem % 3600000) / 60000),
    s: Math.floor((rem % 60000) / 1000),
    ms: rem % 1000,
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

/** Inverse of civil() for the timestamps this module writes (days_from_civil). */
export function unixFrom(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const days = era * 146097 + doe - 719468;
  return days * 86400000 + h * 3600000 + mi * 60000 + s * 1000 + ms;
}

/**
 * The last second formatted, and its string: a busy second stamps thousands of objects (Events,
 * conditions, startedAt), which then share one flat string instead of each holding its own rope.
 */
let lastSecond = NaN;
let lastStamp = '';

/** RFC 3339 with second precision, as metav1.Time serialises: `2025-09-01T09:00:12Z`. */
export function rfc3339(t: SimMillis): string {
  const second = Math.floor((EPOCH_MS + t) / 1000);
  if (second === lastSecond) return lastStamp;
  const c = civil(EPOCH_MS + t);
  lastStamp = [c.y, '-', pad(c.mo), '-', pad(c.d), 'T', pad(c.h), ':', pad(c.mi), ':', pad(c.s), 'Z'].join('');
  lastSecond = second;
  return lastStamp;
}

/** RFC 3339 with microseconds, as metav1.MicroTime serialises (Lease renewTime, eventTime). */
export function rfc3339Micro(t: SimMillis): string {
  const c = civil(EPOCH_MS + t);
  return `${c.y}-${pad(c.mo)}-${pad(c.d)}T${pad(c.h)}:${pad(c.mi)}:${pad(c.s)}.${String(c.ms).padStart(3, '0')}000Z`;
}

/**
 * Go's time.Parse(time.RFC3339, …) as Unix ms: fractional seconds (truncated to ms), `Z` or a
 * `±hh:mm` offset; NaN when it does not parse.
 */
export function parseRfc3339Unix(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) return Number.NaN;
  const zone = m[8]!;
  const offset = zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  const frac = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
  return unixFrom(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!, frac) - offset;
}

/** Simulated milliseconds for an RFC 3339 timestamp (0 when it does not parse). */
export function parseTimestamp(s: string): SimMillis {
  const unix = parseRfc3339Unix(s);
  return (Number.isNaN(unix) ? 0 : unix - EPOCH_MS) as SimMillis;
}

/** Unix nanoseconds as hex, the suffix client-go puts on event names. */
export function unixNanoHex(t: SimMillis, extraNanos = 0): string {
  return (BigInt(EPOCH_MS + t) * 1000000n + BigInt(extraNanos % 1000000)).toString(16);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** Go's time.RFC1123Z in UTC: `Mon, 01 Sep 2025 09:00:12 +0000` (kubectl describe). */
export function rfc1123z(t: SimMillis): string {
  const c = civil(EPOCH_MS + t);
  return `${DAYS[c.weekday]}, ${pad(c.d)} ${MONTHS[c.mo - 1]} ${c.y} ${pad(c.h)}:${pad(c.mi)}:${pad(c.s)} +0000`;
}

/** apimachinery duration.HumanDuration, ported rule for rule (AGE, LAST SEEN, restarts "ago"). */
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
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.floor(hours / 24) % 365;
    const y = Math.floor(hours / 24 / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${Math.floor(hours / 24 / 365)}y`;
}

/** Go's time.Duration.String(), e.g. `1m30s`, `806ms`, `1.462s`, `0s`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3600000);
  const m = Math.floor((ms % 3600000) / 60000);
  const s = (ms % 60000) / 1000;
  const sec = `${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, '')}s`;
  if (h > 0) return `${h}h${m}m${sec}`;
  if (m > 0) return `${m}m${sec}`;
  return sec;
}

/**
 * Go's time.Duration.String() for a duration in whole microseconds, as etcd and etcdctl print a
 * measured time (`took = 1.234ms`, `"took":"512.318ms"`, `1.5s`): the largest unit below the
 * value, trailing zeros trimmed.
 */
export function goDurationMicros(us: number): string {
  const trim = (x: number, digits: number): string => x.toFixed(digits).replace(/\.?0+$/, '');
  if (us <= 0) return '0s';
  if (us < 1000) return `${us}µs`;
  if (us < 1_000_000) return `${trim(us / 1000, 3)}ms`;
  const m = Math.floor(us / 60_000_000);
  const s = `${trim((us % 60_000_000) / 1_000_000, 6)}s`;
  return m > 0 ? `${m}m${s}` : s;
}

/**
 * Parses a Go/kubectl duration (`30s`, `5m`, `1h30m`, `250ms`, `1.5s`); a bare number is seconds.
 * Returns milliseconds, or undefined when the text is not a duration.
 */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    if (m.index !== consumed) return undefined;
    consumed += m[0].length;
    const v = Number(m[1]);
    total += m[2] === 'h' ? v * 3600000 : m[2] === 'm' ? v * 60000 : m[2] === 's' ? v * 1000 : v;
  }
  return consumed === t.length && consumed > 0 ? Math.round(total) : undefined;
}
