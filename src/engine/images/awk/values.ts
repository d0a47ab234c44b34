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

/** C's strtod on the text's leading number: its value and how many characters it took. */
function strtod(s: string): { n: number; used: number } {
  const m = PREFIX.exec(s);
  if (!m) return { n: 0, used: 0 };
  const sign = m[1] === '-' ? -1 : 1;
  const n = m[2] !== undefined ? parseInt(m[2], 16) : m[3] !== undefined ? Number(m[3]) : m[4]!.toLowerCase() === 'nan' ? NaN : Infinity;
  return { n: sign * n, used: m[0].length };
}

/**
 * BusyBox's my_strtod: a leading 0 makes an octal or hex integer (strtoull base 0: "010" is 8,
 * "0x1f" 31) unless a digit or `.` follows the octal digits ("09", "010.5" go to strtod).
 */
function bbStrtod(s: string): { n: number; used: number } {
  if (s[0] === '0' && /[xX0-9]/.test(s[1] ?? '')) {
    const hex = /^0[xX]([0-9a-fA-F]+)/.exec(s);
    if (hex) return { n: parseInt(hex[1]!, 16), used: hex[0].length };
    if (/[xX]/.test(s[1]!)) return { n: 0, used: 1 };
    const oct = /^0[0-7]*/.exec(s)![0];
    if (!/[0-9.]/.test(s[oct.length] ?? '')) return { n: parseInt(oct, 8), used: oct.length };
  }
  return strtod(s);
}

/** How one awk reads numbers out of text. */
export interface Numbers {
  /** Text from input (fields, getline, split, -v, ARGV, ENVIRON): a numeric string when it looks like a number. */
  input(s: string): Val;
  toNum(v: Val): number;
}

/**
 * mawk: a numeric string is a decimal number between blanks; text converts by C's strtod ("3abc"
 * is 3, "0x1A" 26). BusyBox: a numeric string is whatever its strtod takes whole, blanks after
 * it allowed ("010" compares equal to 8), and text converts the same way.
 */
export function numbers(flavour: Flavour): Numbers {
  const conv = flavour === 'mawk' ? strtod : bbStrtod;
  const toNum = (v: Val): number => (typeof v === 'number' ? v : typeof v === 'string' ? conv(v).n : v.n);
  if (flavour === 'mawk') return { input: (s) => (NUMERIC.test(s) ? { s, n: Number(s.trim()) } : s), toNum };
  return {
    input: (s) => {
      const r = conv(s);
      return r.used > 0 && /^[ \t]*$/.test(s.slice(r.used)) ? { s, n: r.n } : s;
    },
    toNum,
  };
}

/** A value's number where text cannot reach it (the caller knows it holds a number or numeric string). */
export function toNum(v: Val): number {
  return typeof v === 'string' ? strtod(v).n : typeof v === 'number' ? v : v.n;
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
