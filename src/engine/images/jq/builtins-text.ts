/**
 * jq 1.6's string, regex and time builtins. Regexes are Oniguruma's in jq; here they run as
 * JavaScript's (the same syntax for what kubectl users write: classes, groups, `(?<name>…)`,
 * anchors), with jq's flags g i x n s and offsets counted in code points.
 */
import { show } from './ops';
import { compact } from './print';
import type { Builtin, Call } from './types';
import { JqError, type Json } from './value';
import { civil, unixFrom } from '../../../k8s/time';

/** halt / halt_error: stop with this status, printing `message` to stderr. */
export class JqHalt extends Error {
  constructor(
    readonly status: number,
    readonly output?: string,
  ) {
    super('halt');
  }
}

function* values(it: Parameters<Builtin>[0], c: Call, i: number): Generator<Json> {
  yield* it.values(c.args[i]!, c.input, c.env);
}

const str1 =
  (f: (s: string, arg: string) => Json, fallback: (s: Json, arg: Json) => Json): Builtin =>
  function* (it, c) {
    for (const a of values(it, c, 0)) yield [typeof c.input === 'string' && typeof a === 'string' ? f(c.input, a) : fallback(c.input, a), c.path === undefined ? undefined : null];
  };

function regex(re: Json, flags: Json): { rx: RegExp; global: boolean; skipEmpty: boolean } {
  if (typeof re !== 'string') throw new JqError(`${show(re)} cannot be matched, as it is not a string`);
  if (flags !== null && typeof flags !== 'string') throw new JqError(`${show(flags)} is not a string`);
  let js = 'u';
  let global = false;
  let skipEmpty = false;
  let source = re;
  for (const f of flags ?? '') {
    if (f === 'g') global = true;
    else if (f === 'i') js += 'i';
    else if (f === 's') js += 's';
    else if (f === 'n') skipEmpty = true;
    else if (f === 'x') source = source.replace(/\\#/g, '\uE000').replace(/\s+|#.*$/gm, '').replace(/\uE000/g, '\\#');
    else if (f === 'l' || f === 'p') continue;
    else throw new JqError(`${flags} is not a valid modifier string`);
  }
  try {
    return { rx: new RegExp(source, `${js}gd`), global, skipEmpty };
  } catch (e) {
    throw new JqError(`${source} (at offset 0) is not a valid regex: ${(e as Error).message}`);
  }
}

const cpLen = (s: string): number => Array.from(s).length;

/** The names of a regex's capture groups in order (null for an unnamed one). */
function groupNames(source: string): (string | null)[] {
  const names: (string | null)[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') {
      const named = /^\(\?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(source.slice(i));
      if (named) names.push(named[1]!);
      else if (source[i + 1] !== '?') names.push(null);
    }
  }
  return names;
}

function matchObject(input: string, m: RegExpExecArray, names: (string | null)[]): Json {
  const captures: Json[] = [];
  const indices = m.indices!;
  for (let g = 1; g < m.length; g++) {
    const span = indices[g];
    captures.push(new Map<string, Json>([
      ['offset', span ? cpLen(input.slice(0, span[0])) : -1],
      ['length', span ? cpLen(m[g]!) : 0],
      ['string', m[g] ?? null],
      ['name', names[g - 1] ?? null],
    ]));
  }
  return new Map<string, Json>([
    ['offset', cpLen(input.slice(0, m.index))],
    ['length', cpLen(m[0])],
    ['string', m[0]],
    ['captures', captures],
  ]);
}

function matches(input: Json, re: Json, flags: Json): RegExpExecArray[] {
  if (typeof input !== 'string') throw new JqError(`${show(input)} cannot be matched, as it is not a string`);
  const { rx, global, skipEmpty } = regex(re, flags);
  const out: RegExpExecArray[] = [];
  // f_match's loop: search from `start`; an empty match moves start on by one from where the
  // search began; stop when start reaches the end (so no empty match at the very end).
  let start = 0;
  do {
    rx.lastIndex = start;
    const m = rx.exec(input);
    if (!m) break;
    if (!(skipEmpty && m[0] === '')) out.push(m);
    start = m[0] === '' ? start + 1 : m.index + m[0].length;
  } while (global && start < input.length);
  return out;
}

function captureObject(m: RegExpExecArray): Map<string, Json> {
  return new Map(Object.entries(m.groups ?? {}).map(([k, v]) => [k, v ?? null]));
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (src/k8s/time.ts's days_from_civil: no Date, no zone). */
const daysFromCivil = (y: number, m: number, d: number): number => unixFrom(y, m, d, 0, 0, 0, 0) / DAY_MS;

/** Seconds since the epoch of a UTC date (month 0-11), as timegm. */
const timegm = (y: number, mo: number, d: number, h: number, mi: number, s: number): number => daysFromCivil(y, mo + 1, 1) * 86400 + (d - 1) * 86400 + h * 3600 + mi * 60 + s;

/** gmtime: [year, month (0-11), day, hours, minutes, seconds, weekday, day of year]. */
function gmtime(v: Json): Json[] {
  if (typeof v !== 'number') throw new JqError('gmtime() requires a number');
  const whole = Math.floor(v);
  const days = Math.floor(whole / 86400);
  const rem = whole - days * 86400;
  const { y, mo, d, weekday } = civil(days * DAY_MS);
  const yday = days - daysFromCivil(y, 1, 1);
  return [y, mo - 1, d, Math.floor(rem / 3600), Math.floor((rem % 3600) / 60), (rem % 60) + (v - whole), weekday, yday];
}

function brokenDown(v: Json, fn: string): number[] {
  if (typeof v === 'number') return gmtime(v) as number[];
  if (!Array.isArray(v) || v.length < 6 || v.some((x) => typeof x !== 'number')) throw new JqError(`${fn} requires parsed datetime inputs`);
  return v as number[];
}

function mktime(v: Json): number {
  if (!Array.isArray(v)) throw new JqError('mktime requires array of 6 numbers');
  const t = brokenDown(v, 'mktime');
  return timegm(t[0]!, t[1]!, t[2]!, t[3]!, t[4]!, Math.floor(t[5]!));
}

function strftime(v: Json, fmt: Json): string {
  if (typeof fmt !== 'string') throw new JqError('strftime/1 requires a string format');
  const t = brokenDown(v, 'strftime/1');
  const [y, mo, d, h, mi, s, wd, yd] = t.map((x) => Math.floor(x!)) as number[];
  const map: Record<string, () => string> = {
    Y: () => String(y), m: () => pad(mo! + 1), d: () => pad(d!), e: () => String(d).padStart(2, ' '), H: () => pad(h!), M: () => pad(mi!), S: () => pad(s!), Z: () => 'UTC', z: () => '+0000',
    j: () => pad(yd! + 1, 3), a: () => DAYS[wd!]!.slice(0, 3), A: () => DAYS[wd!]!, b: () => MONTHS[mo!]!.slice(0, 3), h: () => MONTHS[mo!]!.slice(0, 3), B: () => MONTHS[mo!]!,
    y: () => pad(y! % 100), T: () => `${pad(h!)}:${pad(mi!)}:${pad(s!)}`, D: () => `${pad(mo! + 1)}/${pad(d!)}/${pad(y! % 100)}`, F: () => `${y}-${pad(mo! + 1)}-${pad(d!)}`,
    s: () => String(mktime(t)), u: () => String(wd === 0 ? 7 : wd), w: () => String(wd), p: () => (h! < 12 ? 'AM' : 'PM'), I: () => pad(h! % 12 === 0 ? 12 : h! % 12), '%': () => '%', n: () => '\n', t: () => '\t',
    c: () => `${DAYS[wd!]!.slice(0, 3)} ${MONTHS[mo!]!.slice(0, 3)} ${String(d).padStart(2, ' ')} ${pad(h!)}:${pad(mi!)}:${pad(s!)} ${y}`,
  };
  return fmt.replace(/%(.)/g, (all, c: string) => map[c]?.() ?? all);
}

function strptime(v: Json, fmt: Json): Json {
  if (typeof v !== 'string') throw new JqError(`strptime/1 requires string inputs and arguments`);
  if (typeof fmt !== 'string') throw new JqError('strptime/1 requires string inputs and arguments');
  const fields: Record<string, string> = { Y: '(\\d{4})', m: '(\\d{1,2})', d: '(\\d{1,2})', e: ' ?(\\d{1,2})', H: '(\\d{1,2})', M: '(\\d{1,2})', S: '(\\d{1,2})', Z: '([A-Za-z]+)', z: '([+-]\\d{4})', T: '(\\d{1,2}):(\\d{1,2}):(\\d{1,2})', F: '(\\d{4})-(\\d{1,2})-(\\d{1,2})' };
  const order: string[] = [];
  const src = fmt.replace(/%(.)|([.*+?^${}()|[\]\\])/g, (_a, c: string | undefined, lit: string | undefined) => {
    if (lit) return `\\${lit}`;
    if (c === '%') return '%';
    if (c === 'T') order.push('H', 'M', 'S');
    else if (c === 'F') order.push('Y', 'm', 'd');
    else order.push(c!);
    return fields[c!] ?? '';
  });
  const m = new RegExp(`^${src}$`).exec(v);
  if (!m) throw new JqError(`date "${v}" does not match format "${fmt}"`);
  // strptime fills a zeroed struct tm: no %d leaves the day 0 (the month's eve).
  const got: Record<string, number> = { Y: 1900, m: 1, d: 0, H: 0, M: 0, S: 0 };
  order.forEach((k, i) => {
    if (k in got || k === 'e') got[k === 'e' ? 'd' : k] = Number(m[i + 1]);
  });
  const secs = timegm(got.Y!, got.m! - 1, got.d!, got.H!, got.M!, got.S!);
  return gmtime(secs);
}

export const TEXT_BUILTINS: [string, Builtin][] = [
  ['ltrimstr/1', str1((s, a) => (s.startsWith(a) ? s.slice(a.length) : s), (s) => s)],
  ['rtrimstr/1', str1((s, a) => (s.endsWith(a) && a !== '' ? s.slice(0, s.length - a.length) : s), (s) => s)],
  ['startswith/1', str1((s, a) => s.startsWith(a), () => {
    throw new JqError('startswith() requires string inputs');
  })],
  ['endswith/1', str1((s, a) => s.endsWith(a), () => {
    throw new JqError('endswith() requires string inputs');
  })],
  ['split/1', str1((s, a) => (s === '' ? [] : a === '' ? Array.from(s) : s.split(a)), () => {
    throw new JqError('split input and separator must be strings');
  })],
  ['_match_impl/3', function* (it, c) {
    for (const re of values(it, c, 0)) {
      for (const flags of values(it, c, 1)) {
        for (const test of values(it, c, 2)) {
          const ms = matches(c.input, re, flags);
          const s = c.input as string;
          yield [test === true ? ms.length > 0 : ms.map((m) => matchObject(s, m, groupNames(m.length > 1 ? String(re) : ''))), c.path === undefined ? undefined : null];
        }
      }
    }
  }],
  ['sub/3', function* (it, c) {
    for (const re of values(it, c, 0)) {
      for (const flags of values(it, c, 2)) {
        const s = c.input as string;
        const ms = matches(c.input, re, flags);
        let out = '';
        let at = 0;
        for (const m of ms) {
          out += s.slice(at, m.index);
          const [rep] = it.values(c.args[1]!, captureObject(m), c.env);
          if (typeof rep !== 'string') throw new JqError(`${show(rep ?? null)} cannot be added to a string`);
          out += rep;
          at = m.index + m[0].length;
        }
        yield [out + s.slice(at), c.path === undefined ? undefined : null];
      }
    }
  }],
  ['gmtime/0', function* (_it, c) {
    yield [gmtime(c.input), c.path === undefined ? undefined : null];
  }],
  ['localtime/0', function* (_it, c) {
    yield [gmtime(c.input), c.path === undefined ? undefined : null];
  }],
  ['mktime/0', function* (_it, c) {
    yield [mktime(c.input), c.path === undefined ? undefined : null];
  }],
  ['strftime/1', function* (it, c) {
    for (const f of values(it, c, 0)) yield [strftime(c.input, f), c.path === undefined ? undefined : null];
  }],
  ['strflocaltime/1', function* (it, c) {
    for (const f of values(it, c, 0)) yield [strftime(c.input, f), c.path === undefined ? undefined : null];
  }],
  ['strptime/1', function* (it, c) {
    for (const f of values(it, c, 0)) yield [strptime(c.input, f), c.path === undefined ? undefined : null];
  }],
  ['halt/0', function* () {
    yield* [];
    throw new JqHalt(0);
  }],
  ['halt_error/1', function* (it, c) {
    for (const code of values(it, c, 0)) {
      if (typeof code !== 'number') throw new JqError('halt_error/1: number required');
      yield* [];
      throw new JqHalt(code, typeof c.input === 'string' ? c.input : `${compact(c.input)}\n`);
    }
  }],
];
