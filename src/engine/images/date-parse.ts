/**
 * The part of gnulib's parse_datetime (`date -d`) learners write: `@SECONDS[.frac]`, ISO 8601
 * dates and times (`2024-01-02`, `2024-01-02T03:04:05Z`, `2024-01-02 03:04:05.5+02:00`), a time
 * of day alone (`14:30`), `now` `today` `yesterday` `tomorrow`, and relative items
 * (`1 hour ago`, `+2 days`, `-3 weeks`, `2024-01-02 +1 day`), in the zone TZ names unless the
 * text gives one. The empty string is today's midnight, as in GNU. Anything else is undefined
 * (`date: invalid date '…'`): month names, `next monday`, `last year` are not read here, and
 * POSIX `date MMDDhhmm[[CC]YY][.ss]` operands are read by posixDate.
 */
import { civil, unixFrom } from '../../k8s/time';
import { fromLocal, shownAt, type Instant, type Zone } from './date-format';

const UNITS: Record<string, [field: 'y' | 'mo' | 's', n: number]> = {
  year: ['y', 1], month: ['mo', 1], fortnight: ['s', 14 * 86400], week: ['s', 7 * 86400], day: ['s', 86400],
  hour: ['s', 3600], minute: ['s', 60], min: ['s', 60], second: ['s', 1], sec: ['s', 1],
};

interface Fields {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ns: number;
}

const validDate = (y: number, mo: number, d: number): boolean => mo >= 1 && mo <= 12 && d >= 1 && civil(unixFrom(y, mo, d, 0, 0, 0, 0)).d === d;

const nanos = (frac: string | undefined): number => Number((frac ?? '').slice(0, 9).padEnd(9, '0'));

/** A zone written in the text (`Z`, `UTC`, `+02:00`, `-0500`, `+05`): minutes east, or undefined if the text has none. */
function writtenZone(s: string): number | undefined {
  if (/^(z|utc|gmt)$/i.test(s)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(s);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : undefined;
}

/** Wall-clock fields in `zone` (or at a written offset) → an instant. */
function toInstant(f: Fields, zone: Zone, offset: number | undefined): Instant {
  // Months and years first, as mktime normalizes them (Jan 31 + 1 month is Mar 3 in a leap year).
  const y = f.y + Math.floor((f.mo - 1) / 12);
  const mo = (((f.mo - 1) % 12) + 12) % 12 + 1;
  const local = unixFrom(y, mo, 1, 0, 0, 0, 0) + (f.d - 1) * 86_400_000 + f.h * 3_600_000 + f.mi * 60_000 + f.s * 1000;
  const utc = offset === undefined ? fromLocal(zone, local) : local - offset * 60_000;
  return { sec: Math.floor(utc / 1000), ns: f.ns };
}

/** `date -d TEXT` at `now` in `zone`, or undefined for text GNU would call an invalid date (or that this reader does not know). */
export function parseDate(text: string, now: Instant, zone: Zone): Instant | undefined {
  const at = /^\s*@\s*([+-]?)(\d+)(?:[.,](\d*))?\s*$/.exec(text);
  if (at) {
    const sec = Number(at[2]);
    const ns = nanos(at[3]);
    if (at[1] !== '-') return { sec, ns };
    return ns === 0 ? { sec: -sec, ns: 0 } : { sec: -sec - 1, ns: 1e9 - ns };
  }
  const nowLocal = civil(now.sec * 1000 + shownAt(zone, now.sec * 1000).offset * 60_000);
  const f: Fields = { y: nowLocal.y, mo: nowLocal.mo, d: nowLocal.d, h: nowLocal.h, mi: nowLocal.mi, s: nowLocal.s, ns: now.ns };
  let offset: number | undefined;
  let rest = text.trim().toLowerCase();
  let dated = false;
  const midnight = (): void => {
    f.h = 0;
    f.mi = 0;
    f.s = 0;
    f.ns = 0;
  };
  const date = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(rest);
  if (date) {
    const [y, mo, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!validDate(y, mo, d)) return undefined;
    Object.assign(f, { y, mo, d });
    midnight();
    dated = true;
    rest = rest.slice(date[0].length).replace(/^t(?=\d)/, ' ').trimStart();
  }
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(z|utc|gmt|[+-]\d{2}:?(?:\d{2})?)?(?![\d:])/.exec(rest);
  if (time) {
    const [h, mi, s] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
    if (h > 23 || mi > 59 || s > 60) return undefined;
    Object.assign(f, { h, mi, s, ns: nanos(time[4]) });
    if (time[5] !== undefined) offset = writtenZone(time[5]);
    dated = true;
    rest = rest.slice(time[0].length).trimStart();
  }
  if (rest === '' && !dated) midnight();
  const items = /^(?:(now|today)|(yesterday)|(tomorrow)|([+-]?\s*\d+)?\s*(year|month|fortnight|week|day|hour|minute|min|second|sec)s?\b(\s+ago\b)?)\s*/;
  while (rest !== '') {
    const m = items.exec(rest);
    if (!m) return undefined;
    rest = rest.slice(m[0].length);
    if (m[1]) continue;
    const [field, unit] = m[2] ? UNITS.day! : m[3] ? UNITS.day! : UNITS[m[5]!]!;
    let n = m[2] ? -1 : m[3] ? 1 : m[4] === undefined ? 1 : Number(m[4].replace(/\s+/g, ''));
    if (m[6]) n = -n;
    f[field] += n * unit;
  }
  return toInstant(f, zone, offset);
}

/** `date MMDDhhmm[[CC]YY][.ss]`, the operand that sets the clock: the instant it names, or undefined. */
export function posixDate(text: string, now: Instant, zone: Zone): Instant | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}|\d{4})?(?:\.(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const nowYear = civil(now.sec * 1000 + shownAt(zone, now.sec * 1000).offset * 60_000).y;
  const yy = m[5] === undefined ? nowYear : m[5].length === 4 ? Number(m[5]) : Number(m[5]) + (Number(m[5]) < 69 ? 2000 : 1900);
  const [mo, d, h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[6] ?? 0)];
  if (!validDate(yy, mo, d) || h > 23 || mi > 59 || s > 60) return undefined;
  return toInstant({ y: yy, mo, d, h, mi, s, ns: 0 }, zone, undefined);
}
