/**
 * GNU date's strftime (gnulib fprintftime) over simulated instants: every conversion GNU date
 * documents (%a … %Z, %N with a digit count, %:z %::z %:::z, %q, %P), the flags `-` `_` `0` `^`
 * `#` and a field width, the en_US.UTF-8 and C locales' %c %x %X %r and 12-hour clock, and the
 * time zone an instant is shown in: UTC, a zone of src/k8s/timezones.ts (with tzdata's
 * abbreviations, recorded from Debian 12's tzdata), `Etc/GMT±N`, or — as glibc reads a TZ it has
 * no file for — the name's leading letters at UTC (`TZ=Nowhere/Land` → `Nowhere`, +0000).
 */
import { civil, unixFrom, type Civil } from '../../k8s/time';
import { zoneOffsetMinutes } from '../../k8s/timezones';

/** An instant: whole Unix seconds and nanoseconds past them. */
export interface Instant {
  sec: number;
  ns: number;
}

/** Where an instant is shown: the offset east of UTC in minutes at that instant and its abbreviation. */
export interface Shown {
  offset: number;
  abbr: string;
}

export type Zone = { k: 'utc' } | { k: 'named'; name: string } | { k: 'fixed'; offset: number; abbr: string };

/** tzdata's abbreviations [standard, daylight] where they are letters; other zones print their offset (`+04`). */
const ABBREVIATIONS: Record<string, readonly [string, string]> = {
  UTC: ['UTC', 'UTC'], 'Etc/UTC': ['UTC', 'UTC'], 'Etc/GMT': ['GMT', 'GMT'], GMT: ['GMT', 'GMT'],
  'Asia/Tokyo': ['JST', 'JST'], 'Asia/Seoul': ['KST', 'KST'], 'Asia/Shanghai': ['CST', 'CST'], 'Asia/Hong_Kong': ['HKT', 'HKT'],
  'Asia/Taipei': ['CST', 'CST'], 'Asia/Manila': ['PST', 'PST'], 'Australia/Perth': ['AWST', 'AWST'], 'Asia/Kolkata': ['IST', 'IST'],
  'Asia/Calcutta': ['IST', 'IST'], 'Asia/Karachi': ['PKT', 'PKT'], 'Asia/Jakarta': ['WIB', 'WIB'], 'Europe/Moscow': ['MSK', 'MSK'],
  'Africa/Nairobi': ['EAT', 'EAT'], 'Africa/Johannesburg': ['SAST', 'SAST'], 'Africa/Lagos': ['WAT', 'WAT'], 'America/Phoenix': ['MST', 'MST'],
  'Pacific/Honolulu': ['HST', 'HST'], 'Australia/Brisbane': ['AEST', 'AEST'], 'America/New_York': ['EST', 'EDT'], 'America/Toronto': ['EST', 'EDT'],
  'America/Chicago': ['CST', 'CDT'], 'America/Denver': ['MST', 'MDT'], 'America/Los_Angeles': ['PST', 'PDT'], 'America/Vancouver': ['PST', 'PDT'],
  'America/Anchorage': ['AKST', 'AKDT'], 'Europe/London': ['GMT', 'BST'], 'Europe/Dublin': ['GMT', 'IST'], 'Europe/Lisbon': ['WET', 'WEST'],
  'Europe/Berlin': ['CET', 'CEST'], 'Europe/Paris': ['CET', 'CEST'], 'Europe/Amsterdam': ['CET', 'CEST'], 'Europe/Brussels': ['CET', 'CEST'],
  'Europe/Madrid': ['CET', 'CEST'], 'Europe/Rome': ['CET', 'CEST'], 'Europe/Vienna': ['CET', 'CEST'], 'Europe/Zurich': ['CET', 'CEST'],
  'Europe/Stockholm': ['CET', 'CEST'], 'Europe/Oslo': ['CET', 'CEST'], 'Europe/Copenhagen': ['CET', 'CEST'], 'Europe/Prague': ['CET', 'CEST'],
  'Europe/Warsaw': ['CET', 'CEST'], 'Europe/Athens': ['EET', 'EEST'], 'Europe/Helsinki': ['EET', 'EEST'], 'Europe/Kyiv': ['EET', 'EEST'],
  'Europe/Bucharest': ['EET', 'EEST'], 'Australia/Sydney': ['AEST', 'AEDT'], 'Australia/Melbourne': ['AEST', 'AEDT'],
};

/** The zone TZ names (unset or empty: UTC). A POSIX `EST5` is a fixed zone; a name without tzdata is its letters at UTC. */
export function zoneOf(tz: string | undefined): Zone {
  const name = (tz ?? '').replace(/^:/, '');
  if (name === '') return { k: 'utc' };
  if (zoneOffsetMinutes(name, 0) !== undefined) return { k: 'named', name };
  const posix = /^([A-Za-z]{3,})([+-]?)(\d{1,2})(?::(\d{2}))?$/.exec(name);
  if (posix) return { k: 'fixed', offset: (posix[2] === '-' ? 1 : -1) * (Number(posix[3]) * 60 + Number(posix[4] ?? 0)), abbr: posix[1]! };
  return { k: 'fixed', offset: 0, abbr: /^[A-Za-z]*/.exec(name)![0] || 'UTC' };
}

const numericAbbr = (offset: number): string => {
  const a = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}${a % 60 ? String(a % 60).padStart(2, '0') : ''}`;
};

/** The offset and abbreviation of `zone` at Unix ms `utcMs`. */
export function shownAt(zone: Zone, utcMs: number): Shown {
  switch (zone.k) {
    case 'utc':
      return { offset: 0, abbr: 'UTC' };
    case 'fixed':
      return { offset: zone.offset, abbr: zone.abbr };
    case 'named': {
      const offset = zoneOffsetMinutes(zone.name, utcMs)!;
      const pair = ABBREVIATIONS[zone.name];
      // A ruled zone is on daylight time when it is ahead of its January offset (Sydney: its July one).
      const { y } = civil(utcMs);
      const january = zoneOffsetMinutes(zone.name, unixFrom(y, 1, 1, 0, 0, 0, 0))!;
      const july = zoneOffsetMinutes(zone.name, unixFrom(y, 7, 1, 0, 0, 0, 0))!;
      const dst = offset > Math.min(january, july);
      return { offset, abbr: pair ? pair[dst ? 1 : 0] : numericAbbr(offset) };
    }
  }
}

/** Unix ms of a wall-clock time in `zone` (the offset in force then; a time skipped by DST moves on by it). */
export function fromLocal(zone: Zone, localMs: number): number {
  let utc = localMs - shownAt(zone, localMs).offset * 60_000;
  utc = localMs - shownAt(zone, utc).offset * 60_000;
  return utc;
}

export type DateLocale = 'en_US' | 'C';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Day of the year, 0-based. */
const yday = (c: Civil): number => dayNumber(c.y, c.mo, c.d) - dayNumber(c.y, 1, 1);
function dayNumber(y: number, mo: number, d: number): number {
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
}

/** ISO 8601 week-based year and week (%G, %V). */
function isoWeek(c: Civil): [number, number] {
  const wday = (c.weekday + 6) % 7; // Monday = 0
  const thursday = dayNumber(c.y, c.mo, c.d) - wday + 3;
  const year = civil((thursday - dayNumber(1970, 1, 1)) * 86_400_000).y;
  return [year, Math.floor((thursday - dayNumber(year, 1, 1)) / 7) + 1];
}

type Pad = '0' | ' ' | '';

/**
 * Formats `t` in `shown` with GNU date's conversions. Unknown conversions print as written
 * (`%Q`), a lone `%` at the end prints itself.
 */
export function strftime(fmt: string, t: Instant, shown: Shown, locale: DateLocale): string {
  const c = civil(t.sec * 1000 + shown.offset * 60_000);
  const en = locale === 'en_US';
  const sub = (f: string): string => strftime(f, t, shown, locale);
  let out = '';
  for (let i = 0; i < fmt.length; i++) {
    if (fmt[i] !== '%') {
      out += fmt[i];
      continue;
    }
    const m = /^%([-_0^#]*)(\d*)(:{0,3})([EO]?)(.?)/.exec(fmt.slice(i))!;
    const [whole, flags = '', widthText = '', colons = '', , conv = ''] = m;
    i += whole.length - 1;
    const width = widthText === '' ? undefined : Number(widthText);
    const padFlag: Pad | undefined = flags.includes('-') ? '' : flags.includes('_') ? ' ' : flags.includes('0') ? '0' : undefined;
    const num = (n: number, digits: number, pad: Pad = '0'): string => {
      const p = padFlag ?? pad;
      const body = String(Math.abs(n));
      const w = p === '' ? 0 : (width ?? digits);
      return `${n < 0 ? '-' : ''}${body.padStart(Math.max(0, w - (n < 0 ? 1 : 0)), p === '' ? '' : p)}`;
    };
    const text = (s: string, swapToLower = false): string => {
      let v = flags.includes('^') ? s.toUpperCase() : flags.includes('#') ? (swapToLower ? s.toLowerCase() : s.toUpperCase()) : s;
      if (width !== undefined) v = v.padStart(width, padFlag === '0' ? '0' : ' ');
      return v;
    };
    const zone = (sep: string, secs: boolean, minimal: boolean): string => {
      const a = Math.abs(shown.offset);
      const hh = String(Math.floor(a / 60)).padStart(2, '0');
      const mm = String(a % 60).padStart(2, '0');
      const sign = shown.offset < 0 ? '-' : '+';
      if (minimal) return `${sign}${hh}${a % 60 ? `:${mm}` : ''}`;
      return `${sign}${hh}${sep}${mm}${secs ? `${sep}00` : ''}`;
    };
    const h12 = c.h % 12 === 0 ? 12 : c.h % 12;
    switch (conv) {
      case 'a': out += text(DAYS[c.weekday]!.slice(0, 3)); break;
      case 'A': out += text(DAYS[c.weekday]!); break;
      case 'b': case 'h': out += text(MONTHS[c.mo - 1]!.slice(0, 3)); break;
      case 'B': out += text(MONTHS[c.mo - 1]!); break;
      case 'c': out += text(sub(en ? '%a %d %b %Y %r %Z' : '%a %b %e %H:%M:%S %Y')); break;
      case 'C': out += num(Math.floor(c.y / 100), 2); break;
      case 'd': out += num(c.d, 2); break;
      case 'D': out += text(sub('%m/%d/%y')); break;
      case 'e': out += num(c.d, 2, ' '); break;
      case 'F': out += text(sub('%Y-%m-%d')); break;
      case 'g': out += num(isoWeek(c)[0] % 100, 2); break;
      case 'G': out += num(isoWeek(c)[0], 4); break;
      case 'H': out += num(c.h, 2); break;
      case 'I': out += num(h12, 2); break;
      case 'j': out += num(yday(c) + 1, 3); break;
      case 'k': out += num(c.h, 2, ' '); break;
      case 'l': out += num(h12, 2, ' '); break;
      case 'm': out += num(c.mo, 2); break;
      case 'M': out += num(c.mi, 2); break;
      case 'n': out += '\n'; break;
      case 'N': {
        const digits = String(t.ns).padStart(9, '0');
        out += width === undefined ? digits : digits.slice(0, width).padEnd(width, '0');
        break;
      }
      case 'p': out += text(c.h < 12 ? 'AM' : 'PM', true); break;
      case 'P': out += text(c.h < 12 ? 'am' : 'pm'); break;
      case 'q': out += num(Math.floor((c.mo - 1) / 3) + 1, 1); break;
      case 'r': out += text(sub('%I:%M:%S %p')); break;
      case 'R': out += text(sub('%H:%M')); break;
      case 's': out += num(t.sec, 1); break;
      case 'S': out += num(c.s, 2); break;
      case 't': out += '\t'; break;
      case 'T': out += text(sub('%H:%M:%S')); break;
      case 'u': out += num(c.weekday === 0 ? 7 : c.weekday, 1); break;
      case 'U': out += num(Math.floor((yday(c) + 7 - c.weekday) / 7), 2); break;
      case 'V': out += num(isoWeek(c)[1], 2); break;
      case 'w': out += num(c.weekday, 1); break;
      case 'W': out += num(Math.floor((yday(c) + 7 - ((c.weekday + 6) % 7)) / 7), 2); break;
      case 'x': out += text(sub(en ? '%m/%d/%Y' : '%m/%d/%y')); break;
      case 'X': out += text(sub(en ? '%r' : '%H:%M:%S')); break;
      case 'y': out += num(c.y % 100, 2); break;
      case 'Y': out += num(c.y, 1); break;
      case 'z': out += colons === ':' ? zone(':', false, false) : colons === '::' ? zone(':', true, false) : colons === ':::' ? zone(':', false, true) : zone('', false, false); break;
      case 'Z': out += text(shown.abbr, true); break;
      case '%': out += '%'; break;
      case '': out += '%'; break;
      default: out += whole;
    }
  }
  return out;
}
