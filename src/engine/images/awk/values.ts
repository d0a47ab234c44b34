/**
 * awk's values: numbers (doubles), strings, and POSIX's "numeric strings" — text from input
 * (fields, getline, split, -v, ARGV, ENVIRON) that looks like a number, which compares as one.
 * An uninitialized variable is the numeric string "" (0 and "" at once).
 *
 * Numbers become strings by CONVFMT (OFMT in print), integers as integers: mawk 1.3.4 only
 * within a C int (2147483648 prints 2.14748e+09), BusyBox within a long long.
 */
export interface StrNum {
  readonly s: string;
  readonly n: number;
}

export type Val = number | string | StrNum;

export const UNINIT: StrNum = { s: '', n: 0 };

export type Flavour = 'mawk' | 'busybox';

const NUMERIC = /^[ \t\n\r\f\v]*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[ \t\n\r\f\v]*$/;
const PREFIX = /^[ \t\n\r\f\v]*([-+]?)(?:0[xX]([0-9a-fA-F]+)|((?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|(inf(?:inity)?|nan))/i;

/** Text from input: a numeric string when it looks like a number. */
export function input(s: string): Val {
  return NUMERIC.test(s) ? { s, n: Number(s.trim()) } : s;
}

/** C's strtod on the text's leading number (awk reads "3abc" as 3, "0x1A" as 26 as glibc's strtod does). */
export function strToNum(s: string): number {
  const m = PREFIX.exec(s);
  if (!m) return 0;
  const sign = m[1] === '-' ? -1 : 1;
  if (m[2] !== undefined) return sign * parseInt(m[2], 16);
  if (m[3] !== undefined) return sign * Number(m[3]);
  return m[4]!.toLowerCase() === 'nan' ? NaN : sign * Infinity;
}

export function toNum(v: Val): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return strToNum(v);
  return v.n;
}

export function isNumeric(v: Val): boolean {
  return typeof v !== 'string';
}

/** A number as print shows it when `fmt` (CONVFMT or OFMT) formats non-integers. */
export function numToStr(n: number, fmt: string, flavour: Flavour, format: (fmt: string, n: number) => string): string {
  if (Number.isNaN(n)) return flavour === 'mawk' ? '-nan' : 'nan';
  if (!Number.isFinite(n)) return n < 0 ? '-inf' : 'inf';
  if (Number.isInteger(n)) {
    if (flavour === 'mawk' ? Math.abs(n) <= 2147483647 : Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  }
  return format(fmt, n);
}

export function truthy(v: Val): boolean {
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '';
  return v.n !== 0;
}

/** POSIX's comparison: numerically when both sides are numbers or numeric strings, else as strings. */
export function compareVals(a: Val, b: Val, str: (v: Val) => string): number {
  if (isNumeric(a) && isNumeric(b)) {
    const [x, y] = [toNum(a), toNum(b)];
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : 1;
  }
  const [x, y] = [str(a), str(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
