/**
 * Cron schedules as kube-controller-manager's CronJob controller reads them: robfig/cron v3's
 * ParseStandard (five fields, `@hourly`-style descriptors, `@every <duration>`, an optional
 * `TZ=`/`CRON_TZ=` prefix) and Schedule.Next, over simulated milliseconds since the epoch. The
 * error strings are robfig's, because CronJob validation prints them.
 *
 * Day-of-month and day-of-week combine as in cron(8): when both are restricted (neither starts
 * with `*` or `?`) a day matching either runs; otherwise both must match.
 */
import { civil } from './time';
import { zoneOffsetMinutes } from './timezones';

const MINUTE = 60_000;
const DAY = 86_400_000;
/**
 * One field's allowed values (robfig keeps a 64-bit mask; JavaScript's bitwise operators stop at
 * 32 bits) and whether it was given as `*` or `?` (robfig's starBit, read by the day fields).
 */
export interface CronField {
  allowed: readonly boolean[];
  star: boolean;
}

export type CronSchedule =
  | { kind: 'spec'; minute: CronField; hour: CronField; dom: CronField; month: CronField; dow: CronField; zone: string | undefined }
  | { kind: 'every'; everyMs: number };

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MONTHS: Bounds = { min: 1, max: 12, names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 } };
const DOWS: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };
const FIELDS: Bounds[] = [{ min: 0, max: 59 }, { min: 0, max: 23 }, { min: 1, max: 31 }, MONTHS, DOWS];

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

export class CronError extends Error {}

/** strconv.Atoi's error for a field that is not a number. */
function mustParseInt(expr: string): number {
  if (!/^[+-]?\d+$/.test(expr)) throw new CronError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`);
  return Number(expr);
}

function parseIntOrName(expr: string, names: Record<string, number> | undefined): number {
  const named = names?.[expr.toLowerCase()];
  return named !== undefined ? named : mustParseInt(expr);
}

/** getRange: one comma-separated element (`*`, `5`, `1-5`, `*\/10`, `3/15`), marked into `into`. */
function getRange(expr: string, r: Bounds, into: boolean[]): boolean {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = r.min;
    end = r.max;
    star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0]!, r.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1]!, r.names);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  let step: number;
  if (rangeAndStep.length === 1) step = 1;
  else if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]!);
    // "N/step" means "N-max/step".
    if (singleDigit) end = r.max;
    if (step > 1) star = false;
  } else throw new CronError(`too many slashes: ${expr}`);
  if (start < r.min) throw new CronError(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) throw new CronError(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronError(`step of range should be a positive number: ${expr}`);
  for (let i = start; i <= end; i += step) into[i] = true;
  return star;
}

function getField(field: string, r: Bounds): CronField {
  const allowed: boolean[] = [];
  let star = false;
  for (const expr of field.split(',')) star = getRange(expr, r, allowed) || star;
  return { allowed, star };
}

/** time.ParseDuration for the units a schedule uses (`@every 1h30m`, `@every 90s`). */
function parseEvery(s: string): number {
  const m = /^(?:(\d+(?:\.\d+)?)(h|m|s|ms))+$/.test(s) ? [...s.matchAll(/(\d+(?:\.\d+)?)(h|m|s|ms)/g)] : undefined;
  if (!m) throw new CronError(`failed to parse duration @every ${s}: time: invalid duration ${JSON.stringify(s)}`);
  const unit: Record<string, number> = { h: 3_600_000, m: MINUTE, s: 1000, ms: 1 };
  // robfig rounds @every to whole seconds, with a one-second minimum.
  const ms = m.reduce((t, x) => t + Number(x[1]) * unit[x[2]!]!, 0);
  return Math.max(1000, Math.floor(ms / 1000) * 1000);
}

/** cron.ParseStandard. Throws CronError with robfig's message. */
export function parseStandard(spec: string): CronSchedule {
  if (spec.length === 0) throw new CronError('empty spec string');
  let rest = spec;
  let zone: string | undefined;
  if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
    const i = rest.indexOf(' ');
    const name = rest.slice(rest.indexOf('=') + 1, i < 0 ? undefined : i);
    if (zoneOffsetMinutes(name, 0) === undefined) throw new CronError(`provided bad location ${name}: unknown time zone ${name}`);
    zone = name;
    rest = i < 0 ? '' : rest.slice(i).trim();
  }
  if (rest.startsWith('@')) {
    if (rest.startsWith('@every ')) return { kind: 'every', everyMs: parseEvery(rest.slice('@every '.length)) };
    const expanded = DESCRIPTORS[rest];
    if (!expanded) throw new CronError(`unrecognized descriptor: ${rest}`);
    rest = expanded;
  }
  const fields = rest.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) throw new CronError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  const [minute, hour, dom, month, dow] = fields.map((f, i) => getField(f, FIELDS[i]!)) as [CronField, CronField, CronField, CronField, CronField];
  return { kind: 'spec', minute, hour, dom, month, dow, zone };
}

function dayMatches(s: Extract<CronSchedule, { kind: 'spec' }>, d: number, dow: number): boolean {
  const domMatch = s.dom.allowed[d] === true;
  const dowMatch = s.dow.allowed[dow] === true;
  if (s.dom.star || s.dow.star) return domMatch && dowMatch;
  return domMatch || dowMatch;
}

/** Local wall-clock ms → UTC ms in `zone` (the offset in force a moment after the wall time). */
function toUtc(localMs: number, zone: string | undefined): number {
  if (!zone) return localMs;
  const guess = localMs - (zoneOffsetMinutes(zone, localMs) ?? 0) * MINUTE;
  return localMs - (zoneOffsetMinutes(zone, guess) ?? 0) * MINUTE;
}

function toLocal(utcMs: number, zone: string | undefined): number {
  return zone ? utcMs + (zoneOffsetMinutes(zone, utcMs) ?? 0) * MINUTE : utcMs;
}

/**
 * Schedule.Next: the first activation strictly after `t` (Unix ms), or undefined when none falls within
 * five years (robfig's search limit, e.g. `0 0 30 2 *`). `defaultZone` is the zone the
 * controller evaluates a schedule without a `TZ=` prefix in (spec.timeZone, else UTC).
 */
export function nextAfter(s: CronSchedule, t: number, defaultZone?: string): number | undefined {
  if (s.kind === 'every') return Math.floor(t / 1000) * 1000 + s.everyMs;
  const zone = s.zone ?? defaultZone;
  const local = toLocal(t, zone);
  // Start at the next whole minute of local time.
  let start = Math.floor(local / MINUTE) * MINUTE + MINUTE;
  const limitDay = Math.floor(local / DAY) + 5 * 366;
  for (let day = Math.floor(start / DAY); day <= limitDay; day++) {
    const c = civil(day * DAY);
    if (!s.month.allowed[c.mo] || !dayMatches(s, c.d, c.weekday)) continue;
    const dayStart = day * DAY;
    const fromMinute = start > dayStart ? Math.floor((start - dayStart) / MINUTE) : 0;
    for (let mod = fromMinute; mod < 1440; mod++) {
      const h = Math.floor(mod / 60);
      if (!s.hour.allowed[h]) {
        mod = h * 60 + 59;
        continue;
      }
      if (!s.minute.allowed[mod % 60]) continue;
      const at = toUtc(dayStart + mod * MINUTE, zone);
      if (at > t) return at;
    }
    start = 0;
  }
  return undefined;
}
