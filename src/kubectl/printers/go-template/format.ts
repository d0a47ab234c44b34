/**
 * Go's fmt for the values a template can hold: %v (what `{{.x}}` prints: `map[a:b]`, `[x y]`,
 * `1e+06`, `<nil>`), Sprint/Sprintln spacing, and Sprintf's verbs, flags, width and precision,
 * with fmt's own complaints (`%!d(string=web)`, `%!s(MISSING)`, `%!(EXTRA string=b)`).
 *
 * Over 400 lines because fmt is one state machine (flags feed every verb, composites recurse
 * with the verb); split, each half would need the other's internals.
 */
import { utf8Bytes, utf8Length } from '../../../k8s/utf8';
import { formatU, goQuote } from './lex';
import { type Any, anyTypeName, fromJson, sortedKeys } from './value';

interface Flags {
  minus: boolean;
  plus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  plusV: boolean;
  sharpV: boolean;
  width: number | undefined;
  prec: number | undefined;
}

const NO_FLAGS: Flags = { minus: false, plus: false, sharp: false, space: false, zero: false, plusV: false, sharpV: false, width: undefined, prec: undefined };

function runeCount(s: string): number {
  return [...s].length;
}

function pad(s: string, f: Flags, zeroOK = true): string {
  const n = (f.width ?? 0) - runeCount(s);
  if (n <= 0) return s;
  if (f.minus) return s + ' '.repeat(n);
  return (f.zero && zeroOK ? '0' : ' ').repeat(n) + s;
}



function quoteRune(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return `'"'`;
  return `'${goQuote(String.fromCodePoint(c)).slice(1, -1)}'`;
}

function fmtInteger(v: bigint, verb: string, f: Flags): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  if (verb === 'c') return pad(String.fromCodePoint(Number(abs) <= 0x10ffff && !neg ? Number(abs) : 0xfffd), f);
  if (verb === 'q') return pad(quoteRune(Number(abs) <= 0x10ffff && !neg ? Number(abs) : 0xfffd), f);
  if (verb === 'U') return pad(formatU(Number(v), f.sharp), f);
  const base = verb === 'b' ? 2 : verb === 'o' || verb === 'O' ? 8 : verb === 'x' || verb === 'X' ? 16 : 10;
  let digits = abs.toString(base);
  if (verb === 'X') digits = digits.toUpperCase();
  const sign = neg ? '-' : f.plus ? '+' : f.space ? ' ' : '';
  if (f.prec !== undefined) {
    digits = f.prec === 0 && v === 0n ? '' : digits.padStart(f.prec, '0');
  } else if (f.zero && f.width !== undefined && !f.minus) {
    digits = digits.padStart(f.width - sign.length, '0');
  }
  let prefix = '';
  if (verb === 'O') prefix = '0o';
  else if (f.sharp && !f.sharpV) prefix = { b: '0b', o: digits.startsWith('0') ? '' : '0', x: '0x', X: '0X' }[verb] ?? '';
  return pad(sign + prefix + digits, f, false);
}

/** A digit string whose dropped tail is exactly one half: Go rounds that to even, JS up. */
function tieToEven(kept: string, tail: string): boolean {
  return /^50*$/.test(tail) && Number(kept[kept.length - 1] ?? '0') % 2 === 0;
}

/** Significant digits and decimal point position, as strconv's decimal holds them. */
function decimalDigits(v: number, sig: number | undefined): { digits: string; dp: number } {
  // JavaScript gives at most 100 digits; beyond that Go's exact digits are approximated by zeros.
  let e = sig === undefined ? v.toExponential() : v.toExponential(Math.min(Math.max(sig - 1, 0), 100));
  if (sig !== undefined && v !== 0) {
    const exact = v.toExponential(Math.min(100, sig - 1 + 30)).split('e') as [string, string];
    const all = exact[0].replace('.', '');
    if (tieToEven(all.slice(0, Math.max(sig, 1)), all.slice(Math.max(sig, 1)))) e = `${all.slice(0, Math.max(sig, 1))}e${exact[1]}`;
  }
  const [mant, exp] = e.split('e') as [string, string];
  const digits = mant.replace('.', '').replace(/0+$/, '') || '0';
  return { digits, dp: Number(exp) + 1 };
}

/** %f: toFixed, except that an exact half rounds to even as Go's does. */
function toFixedGo(a: number, prec: number): string {
  if (prec > 100) return a.toFixed(100) + '0'.repeat(prec - 100);
  if (prec + 30 > 100) return a.toFixed(prec);
  const [int, frac = ''] = a.toFixed(prec + 30).split('.') as [string, string?];
  if (!tieToEven(int + frac.slice(0, prec), frac.slice(prec))) return a.toFixed(prec);
  return prec === 0 ? int : `${int}.${frac.slice(0, prec)}`;
}

function fmtE(digits: string, dp: number, prec: number, e: string): string {
  let s = digits[0] ?? '0';
  if (prec > 0) s += `.${digits.slice(1, prec + 1).padEnd(prec, '0')}`;
  const exp = digits === '0' ? 0 : dp - 1;
  return `${s}${e}${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

function fmtF(digits: string, dp: number, prec: number): string {
  let s = dp > 0 ? digits.slice(0, dp).padEnd(dp, '0') : '0';
  if (prec > 0) {
    s += '.';
    for (let i = 0; i < prec; i++) s += digits[dp + i] ?? '0';
  }
  return s;
}

/** strconv.FormatFloat for 'e', 'f' and 'g' (prec undefined: the shortest repr). */
export function formatFloat(v: number, verb: 'e' | 'E' | 'f' | 'F' | 'g' | 'G', prec: number | undefined): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  const neg = v < 0 || Object.is(v, -0);
  const a = Math.abs(v);
  let body: string;
  if (verb === 'e' || verb === 'E') {
    const { digits, dp } = decimalDigits(a, (prec ?? 6) + 1);
    body = fmtE(digits, dp, prec ?? 6, verb);
  } else if (verb === 'f' || verb === 'F') {
    body = toFixedGo(a, prec ?? 6);
  } else {
    const shortest = prec === undefined;
    let p = prec === 0 ? 1 : prec;
    const { digits, dp } = decimalDigits(a, p);
    const nd = digits === '0' ? 0 : digits.length;
    if (shortest) p = Math.max(nd, 1);
    let eprec = p!;
    if (eprec > nd && nd >= dp) eprec = nd;
    if (shortest) eprec = 6;
    const exp = dp - 1;
    if (nd !== 0 && (exp < -4 || exp >= eprec)) body = fmtE(digits, dp, Math.min(p!, nd) - 1, verb === 'G' ? 'E' : 'e');
    else body = fmtF(digits, dp, Math.max((p! > dp ? nd : p!) - dp, 0));
  }
  return (neg ? '-' : '') + body;
}

function fmtFloatVerb(v: number, verb: string, f: Flags): string | undefined {
  const kind = verb === 'v' ? 'g' : verb;
  if (!['e', 'E', 'f', 'F', 'g', 'G'].includes(kind)) return undefined;
  const prec = f.prec ?? (kind === 'g' || kind === 'G' ? undefined : 6);
  let s = formatFloat(v, kind as 'e', prec);
  if (f.plus && !s.startsWith('-') && !s.startsWith('+')) s = `+${s}`;
  else if (f.space && !s.startsWith('-') && !s.startsWith('+')) s = ` ${s}`;
  if (f.zero && f.width !== undefined && !f.minus && Number.isFinite(v)) {
    const sign = /^[-+ ]/.test(s) ? s[0]! : '';
    return sign + s.slice(sign.length).padStart(f.width - sign.length, '0');
  }
  return pad(s, f, false);
}

/** strconv.CanBackquote: no backquote and no control character other than tab. */
function canBackquote(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '`' || c === 0xfeff || c === 0x7f || (c < 0x20 && ch !== '\t')) return false;
  }
  return true;
}

function fmtString(s: string, verb: string, f: Flags): string | undefined {
  const cut = f.prec !== undefined && verb !== 'x' && verb !== 'X' ? [...s].slice(0, f.prec).join('') : s;
  switch (verb) {
    case 'v':
      return pad(f.sharpV ? goQuote(s) : cut, f);
    case 's':
      return pad(cut, f);
    case 'q':
      return pad(f.sharp && canBackquote(cut) ? `\`${cut}\`` : goQuote(cut, f.plus), f);
    case 'x':
    case 'X': {
      let bytes = utf8Bytes(s);
      if (f.prec !== undefined) bytes = bytes.slice(0, f.prec);
      const hex = bytes.map((b) => b.toString(16).padStart(2, '0'));
      const cased = verb === 'X' ? hex.map((h) => h.toUpperCase()) : hex;
      const px = verb === 'X' ? '0X' : '0x';
      const out = f.space ? cased.map((h) => (f.sharp ? px + h : h)).join(' ') : (f.sharp && cased.length ? px : '') + cased.join('');
      return pad(out, f);
    }
    default:
      return undefined;
  }
}

function sharpV(a: Any): string {
  if (a === null) return '<nil>';
  switch (a.k) {
    case 'string':
      return goQuote(a.v);
    case 'map':
      return `map[string]interface {}{${sortedKeys(a.v)
        .map((k) => `${goQuote(k)}:${elemSharpV(a.v[k])}`)
        .join(', ')}}`;
    case 'slice':
      return `[]interface {}{${a.v.map(elemSharpV).join(', ')}}`;
    default:
      return printArg(a, 'v', NO_FLAGS);
  }
}

function elemSharpV(x: unknown): string {
  const a = fromJson(x);
  return a === null ? 'interface {}(nil)' : sharpV(a);
}

function badVerb(verb: string, a: Any, f: Flags): string {
  return `%!${verb}(${a === null ? '<nil>' : `${anyTypeName(a)}=${printArg(a, 'v', f)}`})`;
}

/** pp.printArg: one argument under one verb. */
function printArg(a: Any, verb: string, f: Flags): string {
  if (a === null) return verb === 'T' || verb === 'v' ? pad('<nil>', f) : badVerb(verb, a, f);
  if (verb === 'T') return pad(anyTypeName(a), f);
  if (f.sharpV && verb === 'v' && (a.k === 'string' || a.k === 'map' || a.k === 'slice')) return sharpV(a);
  let out: string | undefined;
  switch (a.k) {
    case 'bool':
      out = verb === 't' || verb === 'v' ? pad(String(a.v), f) : undefined;
      break;
    case 'int':
    case 'int64':
      out = 'vdboOxXcqU'.includes(verb) ? fmtInteger(a.v, verb === 'v' ? 'd' : verb, f) : undefined;
      break;
    case 'float64':
      out = fmtFloatVerb(a.v, verb, f);
      break;
    case 'complex128': {
      const re = fmtFloatVerb(a.re, verb, { ...f, width: undefined });
      const im = fmtFloatVerb(a.im, verb, { ...f, width: undefined, plus: true });
      out = re === undefined || im === undefined ? undefined : pad(`(${re}${im}i)`, f);
      break;
    }
    case 'string':
      out = fmtString(a.v, verb, f);
      break;
    case 'map':
      return `map[${sortedKeys(a.v)
        .map((k) => `${printArg({ k: 'string', v: k }, verb, f)}:${printElem(a.v[k], verb, f)}`)
        .join(' ')}]`;
    case 'slice':
      return `[${a.v.map((x) => printElem(x, verb, f)).join(' ')}]`;
  }
  return out ?? badVerb(verb, a, f);
}

/** An interface{} element of a composite: nil prints as <nil> whatever the verb. */
function printElem(x: unknown, verb: string, f: Flags): string {
  const a = fromJson(x);
  return a === null ? '<nil>' : printArg(a, verb, f);
}

/** %v with no flags: what `{{.x}}` and print write. */
export function formatValue(a: Any): string {
  return printArg(a, 'v', NO_FLAGS);
}

function isString(a: Any): boolean {
  return a !== null && a.k === 'string';
}

export function sprint(args: readonly Any[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && !isString(a) && !isString(args[i - 1] ?? null)) out += ' ';
    out += formatValue(a);
  });
  return out;
}

export function sprintln(args: readonly Any[]): string {
  return `${args.map(formatValue).join(' ')}\n`;
}

/** fmt's tooLarge: widths and precisions past a million are refused. */
const tooLarge = (x: number): boolean => x > 1e6 || x < -1e6;

/** fmt's intFromArg: an int argument for `*`, or undefined (BADWIDTH/BADPREC), too large included. */
function intArg(a: Any | undefined): number | undefined {
  if (a === undefined || a === null || (a.k !== 'int' && a.k !== 'int64')) return undefined;
  const n = Number(a.v);
  return tooLarge(n) ? undefined : n;
}

/** fmt's doPrintf, argument indexes (`%[2]d`) and `*` widths included. */
export function sprintf(format: string, args: readonly Any[]): string {
  let out = '';
  let argNum = 0;
  let reordered = false;
  const chars = [...format];
  let i = 0;
  // Reset to true at each verb; an out-of-range `[n]` makes that verb print BADINDEX.
  let goodArgNum: boolean;
  // argNumber: an explicit `[n]` moves to argument n (1-based); a bad one spoils this verb.
  const argNumber = (): boolean => {
    if (chars[i] !== '[') return false;
    reordered = true;
    const close = chars.indexOf(']', i);
    const digits = close < 0 ? '' : chars.slice(i + 1, close).join('');
    if (close < 0 || !/^[0-9]+$/.test(digits)) {
      i = close < 0 ? i + 1 : close + 1;
      goodArgNum = false;
      return false;
    }
    i = close + 1;
    const n = Number(digits) - 1;
    if (n >= 0 && n < args.length) argNum = n;
    else goodArgNum = false;
    return true;
  };
  // parsenum: a number that grows past tooLarge swallows the rest of the format (then NOVERB).
  const number = (): number | undefined => {
    let n: number | undefined;
    while (i < chars.length && /[0-9]/.test(chars[i]!)) {
      if (n !== undefined && tooLarge(n)) {
        i = chars.length;
        return undefined;
      }
      n = (n ?? 0) * 10 + Number(chars[i++]);
    }
    return n;
  };
  while (i < chars.length) {
    if (chars[i] !== '%') {
      out += chars[i++];
      continue;
    }
    i++;
    goodArgNum = true;
    const f: Flags = { ...NO_FLAGS };
    for (; i < chars.length; i++) {
      const c = chars[i];
      if (c === '#') f.sharp = true;
      else if (c === '0') f.zero = !f.minus;
      else if (c === '+') f.plus = true;
      else if (c === '-') [f.minus, f.zero] = [true, false];
      else if (c === ' ') f.space = true;
      else break;
    }
    let afterIndex = argNumber();
    if (chars[i] === '*') {
      i++;
      const w = intArg(args[argNum++]);
      if (w === undefined) out += '%!(BADWIDTH)';
      else if (w < 0) [f.width, f.minus, f.zero] = [-w, true, false];
      else f.width = w;
      afterIndex = false;
    } else {
      f.width = number();
      if (afterIndex && f.width !== undefined) goodArgNum = false;
    }
    if (i + 1 < chars.length && chars[i] === '.') {
      i++;
      if (afterIndex) goodArgNum = false;
      afterIndex = argNumber();
      if (chars[i] === '*') {
        i++;
        const p = intArg(args[argNum++]);
        if (p === undefined || p < 0) out += '%!(BADPREC)';
        else f.prec = p;
        afterIndex = false;
      } else {
        f.prec = number() ?? 0;
      }
    }
    if (!afterIndex) argNumber();
    if (i >= chars.length) {
      out += '%!(NOVERB)';
      break;
    }
    const verb = chars[i++]!;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (!goodArgNum) {
      out += `%!${verb}(BADINDEX)`;
      continue;
    }
    if (argNum >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    if (verb === 'v') {
      f.sharpV = f.sharp;
      f.plusV = f.plus;
      if (f.sharpV) f.sharp = false;
      if (f.plusV) f.plus = false;
    }
    out += printArg(args[argNum++]!, verb, f);
  }
  if (!reordered && argNum < args.length) {
    out += `%!(EXTRA ${args
      .slice(argNum)
      .map((a) => (a === null ? '<nil>' : `${anyTypeName(a)}=${formatValue(a)}`))
      .join(', ')})`;
  }
  return out;
}

export { utf8Bytes, utf8Length };
