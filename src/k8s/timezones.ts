/**
 * The slice of the IANA time zone database a CronJob's `timeZone` (or `CRON_TZ=`) can name here.
 * Go's time.LoadLocation reads the whole database; the simulation may not read the platform's
 * (Intl is banned where time is simulated), so it carries UTC, the `Etc/GMT±N` zones, zones
 * without daylight saving time, and the zones of the US, EU and south-east Australian rules with
 * those rules as they stand today (no historical changes). A name outside this table is
 * "unknown", as LoadLocation would answer for a name that is not in the database at all.
 */
import { civil, unixFrom } from './time';

const FIXED: Record<string, number> = {
  UTC: 0,
  'Etc/UTC': 0,
  'Etc/GMT': 0,
  GMT: 0,
  'Asia/Tokyo': 540,
  'Asia/Seoul': 540,
  'Asia/Shanghai': 480,
  'Asia/Hong_Kong': 480,
  'Asia/Singapore': 480,
  'Asia/Taipei': 480,
  'Asia/Manila': 480,
  'Australia/Perth': 480,
  'Asia/Kolkata': 330,
  'Asia/Calcutta': 330,
  'Asia/Karachi': 300,
  'Asia/Dubai': 240,
  'Asia/Jakarta': 420,
  'Asia/Bangkok': 420,
  'Asia/Ho_Chi_Minh': 420,
  'Europe/Moscow': 180,
  'Europe/Istanbul': 180,
  'Africa/Nairobi': 180,
  'Africa/Johannesburg': 120,
  'Africa/Lagos': 60,
  'America/Sao_Paulo': -180,
  'America/Argentina/Buenos_Aires': -180,
  'America/Phoenix': -420,
  'Pacific/Honolulu': -600,
  'Australia/Brisbane': 600,
};

type Rule = 'us' | 'eu' | 'au';

const RULED: Record<string, { std: number; rule: Rule }> = {
  'America/New_York': { std: -300, rule: 'us' },
  'America/Toronto': { std: -300, rule: 'us' },
  'America/Chicago': { std: -360, rule: 'us' },
  'America/Denver': { std: -420, rule: 'us' },
  'America/Los_Angeles': { std: -480, rule: 'us' },
  'America/Vancouver': { std: -480, rule: 'us' },
  'America/Anchorage': { std: -540, rule: 'us' },
  'Europe/London': { std: 0, rule: 'eu' },
  'Europe/Dublin': { std: 0, rule: 'eu' },
  'Europe/Lisbon': { std: 0, rule: 'eu' },
  'Europe/Berlin': { std: 60, rule: 'eu' },
  'Europe/Paris': { std: 60, rule: 'eu' },
  'Europe/Amsterdam': { std: 60, rule: 'eu' },
  'Europe/Brussels': { std: 60, rule: 'eu' },
  'Europe/Madrid': { std: 60, rule: 'eu' },
  'Europe/Rome': { std: 60, rule: 'eu' },
  'Europe/Vienna': { std: 60, rule: 'eu' },
  'Europe/Zurich': { std: 60, rule: 'eu' },
  'Europe/Stockholm': { std: 60, rule: 'eu' },
  'Europe/Oslo': { std: 60, rule: 'eu' },
  'Europe/Copenhagen': { std: 60, rule: 'eu' },
  'Europe/Prague': { std: 60, rule: 'eu' },
  'Europe/Warsaw': { std: 60, rule: 'eu' },
  'Europe/Athens': { std: 120, rule: 'eu' },
  'Europe/Helsinki': { std: 120, rule: 'eu' },
  'Europe/Kyiv': { std: 120, rule: 'eu' },
  'Europe/Bucharest': { std: 120, rule: 'eu' },
  'Australia/Sydney': { std: 600, rule: 'au' },
  'Australia/Melbourne': { std: 600, rule: 'au' },
};

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** UTC ms of 00:00 on the n-th (1-based; -1 = last) `weekday` (0 = Sunday) of `month` (1-12). */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = unixFrom(year, month, 1, 0, 0, 0, 0);
    return first + (((weekday - civil(first).weekday + 7) % 7) + (n - 1) * 7) * DAY;
  }
  const last = (month === 12 ? unixFrom(year + 1, 1, 1, 0, 0, 0, 0) : unixFrom(year, month + 1, 1, 0, 0, 0, 0)) - DAY;
  return last - ((civil(last).weekday - weekday + 7) % 7) * DAY;
}

function yearOf(utcMs: number): number {
  return civil(utcMs).y;
}

/** Whether daylight saving time is in force at `utcMs` under `rule` for a zone at `std` minutes. */
function inDst(rule: Rule, std: number, utcMs: number): boolean {
  const y = yearOf(utcMs);
  const stdMs = std * 60_000;
  switch (rule) {
    case 'us': {
      // Second Sunday of March 02:00 local standard time → first Sunday of November 02:00 local daylight time.
      const start = nthWeekday(y, 3, 0, 2) + 2 * HOUR - stdMs;
      const end = nthWeekday(y, 11, 0, 1) + 2 * HOUR - stdMs - HOUR;
      return utcMs >= start && utcMs < end;
    }
    case 'eu': {
      // Last Sunday of March 01:00 UTC → last Sunday of October 01:00 UTC.
      const start = nthWeekday(y, 3, 0, -1) + HOUR;
      const end = nthWeekday(y, 10, 0, -1) + HOUR;
      return utcMs >= start && utcMs < end;
    }
    case 'au': {
      // Southern hemisphere: off from the first Sunday of April 03:00 daylight time to the first Sunday of October 02:00 standard time.
      const end = nthWeekday(y, 4, 0, 1) + 3 * HOUR - stdMs - HOUR;
      const start = nthWeekday(y, 10, 0, 1) + 2 * HOUR - stdMs;
      return utcMs < end || utcMs >= start;
    }
  }
}

/** `Etc/GMT+5` is five hours *behind* UTC (POSIX sign), valid from -14 to +12. */
function etcOffset(name: string): number | undefined {
  const m = /^Etc\/GMT([+-])(\d{1,2})$/.exec(name);
  if (!m) return undefined;
  const n = Number(m[2]);
  if (m[1] === '+' ? n > 12 : n > 14) return undefined;
  return m[1] === '+' ? -n * 60 : n * 60;
}

/** The zone's offset from UTC in minutes at `utcMs` (Unix ms), or undefined for a zone this table lacks. */
export function zoneOffsetMinutes(name: string, utcMs: number): number | undefined {
  const fixed = FIXED[name] ?? etcOffset(name);
  if (fixed !== undefined) return fixed;
  const r = RULED[name];
  if (!r) return undefined;
  return inDst(r.rule, r.std, utcMs) ? r.std + 60 : r.std;
}

export function isKnownZone(name: string): boolean {
  return zoneOffsetMinutes(name, 0) !== undefined;
}
