/**
 * C's printf conversions for numbers and padding, as glibc prints them: what the shells' printf
 * (tools-printf.ts) and coreutils' seq (tools-seq.ts) share. Widths count bytes; %f/%e round the
 * double's exact binary value half to even (JavaScript's toFixed/toExponential take an exact tie
 * upward: 0.5 → "1" where C prints "0"); exponents have at least two digits.
 *
 * `longDouble`: bash, coreutils' printf and seq format a long double — the same digits for a
 * double's value except in %a, whose first hex digit then holds four bits (`0x8p-3` for 1).
 */
import { utf8Bytes, utf8Decode, utf8Length } from '../../k8s/utf8';

/** At most `n` bytes of `s` (C counts bytes); a character cut in two shows as U+FFFD, as the terminal draws it. */
export function truncateBytes(s: string, n: number): string {
  const bytes = utf8Bytes(s);
  return bytes.length <= n ? s : utf8Decode(bytes.slice(0, n));
}

/** Width counts bytes, as C's printf does (`%5s` of é pads three spaces). */
export function pad(s: string, width: number | undefined, flags: string, zeroOk: boolean): string {
  const len = utf8Length(s);
  if (width === undefined || len >= width) return s;
  const fill = width - len;
  if (flags.includes('-')) return s + ' '.repeat(fill);
  if (zeroOk && flags.includes('0')) {
    const sign = /^([+\- ]|0[xX])/.exec(s)?.[0] ?? '';
    return sign + '0'.repeat(fill) + s.slice(sign.length);
  }
  return ' '.repeat(fill) + s;
}

const TWO64 = 1n << 64n;

export function formatInteger(n: bigint, conv: string, flags: string, width: number | undefined, precision: number | undefined): string {
  const signed = conv === 'd' || conv === 'i';
  const v = signed || n >= 0n ? n : n + TWO64;
  const neg = signed && v < 0n;
  const abs = neg ? -v : v;
  let digits = conv === 'o' ? abs.toString(8) : conv === 'x' ? abs.toString(16) : conv === 'X' ? abs.toString(16).toUpperCase() : abs.toString(10);
  if (precision !== undefined) {
    if (precision === 0 && abs === 0n) digits = '';
    else digits = digits.padStart(precision, '0');
  }
  if (flags.includes('#')) {
    if (conv === 'o' && !digits.startsWith('0')) digits = `0${digits}`;
    else if ((conv === 'x' || conv === 'X') && abs !== 0n) digits = `${conv === 'x' ? '0x' : '0X'}${digits}`;
  }
  const sign = neg ? '-' : signed && flags.includes('+') ? '+' : signed && flags.includes(' ') ? ' ' : '';
  return pad(sign + digits, width, flags, precision === undefined);
}

export function formatFloat(x: number, conv: string, flags: string, width: number | undefined, precision: number | undefined, longDouble: boolean): string {
  const upper = conv === conv.toUpperCase();
  const neg = x < 0 || Object.is(x, -0);
  const abs = Math.abs(x);
  const sign = neg ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
  let body: string;
  if (!Number.isFinite(abs)) {
    body = Number.isNaN(abs) ? 'nan' : 'inf';
    body = upper ? body.toUpperCase() : body;
    return pad(sign + body, width, flags.replace('0', ''), false);
  }
  const p = precision ?? 6;
  const alt = flags.includes('#');
  switch (conv.toLowerCase()) {
    case 'f': body = fixed(abs, p); if (alt && p === 0) body += '.'; break;
    case 'e': body = exponential(abs, p, alt); break;
    case 'g': body = general(abs, p === 0 ? 1 : p, alt); break;
    default: body = hexFloat(abs, precision, longDouble); break;
  }
  if (upper) body = body.toUpperCase();
  return pad(sign + body, width, flags, true);
}

/** C's %f: the exact binary value rounded half to even (JS's toFixed rounds exact ties up). */
function fixed(x: number, p: number): string {
  if (p > 100) return x.toFixed(100) + '0'.repeat(p - 100);
  const s = x.toFixed(p);
  if (!exactTie(x, p)) return s;
  // A tie: toFixed took the larger neighbour; C takes the even one.
  const lastDigit = Number(s.replace('.', '').slice(-1));
  if (lastDigit % 2 === 0) return s;
  const step = 10 ** -p;
  return (Number(s) - step).toFixed(p);
}

/** Whether x·10^p is exactly k + ½ (x's exact binary value). */
function exactTie(x: number, p: number): boolean {
  const { m, e } = decompose(x);
  if (m === 0n) return false;
  // 2·x·10^p = m · 2^(e+1+p) · 5^p must be an odd integer.
  const k = BigInt(e + 1 + p);
  let v = m * 5n ** BigInt(p);
  if (k >= 0n) return k === 0n && v % 2n === 1n;
  const div = 1n << -k;
  if (v % div !== 0n) return false;
  v /= div;
  return v % 2n === 1n;
}

/** x = m · 2^e exactly (m a non-negative integer). */
function decompose(x: number): { m: bigint; e: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  return exp === 0 ? { m: frac, e: -1074 } : { m: frac | (1n << 52n), e: exp - 1075 };
}

/** C's %e: mantissa and an exponent of at least two digits. */
function exponential(x: number, p: number, alt: boolean): string {
  let s = x.toExponential(Math.min(p, 100));
  const [mant0, exp0] = s.split('e') as [string, string];
  let mant = mant0;
  let exp = Number(exp0);
  // The tie rule again, on the scaled value.
  if (x !== 0 && exactTie(x / 10 ** exp, p) && Number(mant.replace('.', '').slice(-1)) % 2 === 1) {
    s = fixed(x / 10 ** exp, p);
    mant = s;
    if (Number(mant) >= 10) {
      exp += 1;
      mant = (Number(mant) / 10).toFixed(p);
    }
  }
  if (p > 100) mant += '0'.repeat(p - 100);
  if (alt && p === 0) mant += '.';
  return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** C's %g: %e or %f by the exponent, trailing zeros dropped unless `#`. */
function general(x: number, p: number, alt: boolean): string {
  const e = x === 0 ? 0 : Number(exponential(x, p - 1, false).split('e')[1]);
  let s = e < -4 || e >= p ? exponential(x, p - 1, alt) : fixed(x, p - 1 - e);
  if (!alt) {
    const [m, ex] = s.split('e') as [string, string | undefined];
    const trimmed = m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m;
    s = ex === undefined ? trimmed : `${trimmed}e${ex}`;
  } else if (!s.includes('.') && !s.includes('e')) s += '.';
  return s;
}

/** %a: the double (`0x1p+0`, dash), or as a long double, whose first hex digit holds four bits of the mantissa (`0x8p-3`). */
function hexFloat(x: number, precision: number | undefined, longDouble: boolean): string {
  if (x === 0) return '0x0p+0';
  const { m, e } = decompose(x);
  const bits = m.toString(2).length;
  if (longDouble) {
    // 64-bit mantissa with its leading 1: the top 4 bits make the first digit.
    const m64 = m << BigInt(64 - bits);
    let hex = m64.toString(16).replace(/0+$/, '');
    const exp = e + bits - 1 - 3;
    const first = hex[0]!;
    hex = hex.slice(1);
    if (precision !== undefined) hex = hex.slice(0, precision).padEnd(precision, '0');
    return `0x${first}${hex ? `.${hex}` : ''}p${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  }
  const m53 = m << BigInt(53 - bits);
  let hex = (m53 & ((1n << 52n) - 1n)).toString(16).padStart(13, '0').replace(/0+$/, '');
  if (precision !== undefined) hex = hex.slice(0, precision).padEnd(precision, '0');
  const exp = e + bits - 1;
  return `0x1${hex ? `.${hex}` : ''}p${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
}
