/**
 * seq as GNU coreutils 9.1 counts: `seq LAST`, `seq FIRST LAST`, `seq FIRST INCR LAST`, `-s SEP`,
 * `-w` (equal width, zero-padded), `-f FORMAT` (one %e/%f/%g directive with flags, width and
 * precision); the output precision is the operands' own (`seq 1 0.5 3` prints `1.0`), computed as
 * seq.c's scan_arg and get_default_format do, and so is the extra last number a rounding step
 * would lose. Its messages: `invalid floating point argument`, `invalid Zero increment value`,
 * `missing operand`, `extra operand`, and -f's format errors. Recorded in tools-seq.test.ts.
 *
 * Integer operands count exactly with BigInt (GNU's long double is exact to 2^64, its fast path
 * beyond); others use doubles where GNU uses long double, which prints the same at the operands'
 * precision. `%a` is printed as `%e`. BusyBox images get GNU's behaviour.
 *
 * Approximate, by design: a run stops after 100 000 numbers, silently and with status 0. A
 * tool's output is one string handed whole to the next command, the terminal or a file (no
 * streaming), so `seq 1e9` would never end and a million lines would sit in the session's
 * files; the cost is that counts past the bound are wrong (`seq 1 200000 | wc -c` gives
 * 588895, GNU 1288895). README's tools section says so.
 */
import { getopt, HELP_VERSION, quote, usageError, fatal, type OptionSpec } from './tool-options';
import type { ToolEnv, ToolResult } from './tool-types';
import { formatFloat } from './c-format';

const SEQ: OptionSpec = {
  tool: 'seq',
  short: '+f:s:w',
  long: [['format', 'f', 'required'], ['separator', 's', 'required'], ['equal-width', 'w', 'none'], ...HELP_VERSION],
};

const MAX_NUMBERS = 100_000;

/** An operand as scan_arg reads it: its value, and the width and precision it asks for (precision undefined: print with %g). */
interface Operand {
  value: number;
  /** The exact integer, when the operand is written as one. */
  int?: bigint;
  width: number;
  precision: number | undefined;
}

const NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX = /^\s*([+-]?)0[xX]([0-9a-fA-F]+)$/;
const INF = /^\s*([+-]?)inf(?:inity)?$/i;

function scanArg(arg: string): Operand | 'invalid' | 'nan' {
  if (/^\s*[+-]?nan$/i.test(arg)) return 'nan';
  const hex = HEX.exec(arg);
  if (hex) return { value: (hex[1] === '-' ? -1 : 1) * parseInt(hex[2]!, 16), width: 0, precision: undefined };
  const inf = INF.exec(arg);
  if (inf) return { value: inf[1] === '-' ? -Infinity : Infinity, width: 0, precision: undefined };
  if (!NUMBER.test(arg)) return 'invalid';
  const text = arg.replace(/^[\s+]+/, '');
  const op: Operand = { value: Number(text), width: text.length, precision: 0 };
  if (/^-?\d+$/.test(text)) op.int = BigInt(text);
  const dot = text.indexOf('.');
  let precision = 0;
  let fraction = 0;
  if (dot >= 0) {
    fraction = /^\d*/.exec(text.slice(dot + 1))![0].length;
    precision = fraction;
    op.width += fraction === 0 ? -1 : Number(dot === 0 || !/\d/.test(text[dot - 1]!));
  }
  const e = text.search(/[eE]/);
  if (e >= 0) {
    let exponent = Number(text.slice(e + 1));
    precision += exponent < 0 ? -exponent : -Math.min(precision, exponent);
    op.width -= text.length - e;
    if (exponent < 0) {
      if (dot >= 0) {
        if (e === dot + 1) op.width += 1;
      } else op.width++;
      exponent = -exponent;
    } else {
      if (dot >= 0 && precision === 0 && fraction) op.width--;
      exponent -= Math.min(fraction, exponent);
    }
    op.width += exponent;
  }
  op.precision = precision;
  return op;
}

/** One printf conversion: flags, width, precision and the letter (e, f, g, a and their capitals). */
interface Conversion {
  prefix: string;
  suffix: string;
  flags: string;
  width: number;
  precision: number | undefined;
  letter: string;
}

/** long_double_format's checks, or its message. `%%` in the text around the directive is a `%`. */
function parseFormat(fmt: string, env: ToolEnv): Conversion | string {
  let i = 0;
  for (; !(fmt[i] === '%' && fmt[i + 1] !== '%'); i += fmt[i] === '%' ? 2 : 1) {
    if (i >= fmt.length) return `format ${quote(env, fmt)} has no % directive`;
  }
  const m = /^%([-+#0 ']*)(\d*)(?:\.(\d*))?(L?)(.?)/.exec(fmt.slice(i))!;
  const letter = m[5]!;
  if (letter === '') return `format ${quote(env, fmt)} ends in %`;
  if (!'efgaEFGA'.includes(letter)) return `format ${quote(env, fmt)} has unknown %${letter} directive`;
  const rest = fmt.slice(i + m[0].length);
  for (let j = 0; j < rest.length; j += rest[j] === '%' ? 2 : 1) {
    if (rest[j] === '%' && rest[j + 1] !== '%') return `format ${quote(env, fmt)} has too many % directives`;
  }
  const literal = (s: string): string => s.replace(/%%/g, '%');
  return {
    prefix: literal(fmt.slice(0, i)),
    suffix: literal(rest),
    flags: m[1]!,
    width: Number(m[2] || '0'),
    precision: m[3] === undefined ? undefined : Number(m[3] || '0'),
    letter,
  };
}

/** The number as C's printf formats it (coreutils' seq prints a long double; c-format.ts). */
const digits = (x: number, c: Conversion): string => formatFloat(x, c.letter, c.flags, c.width || undefined, c.precision, true);

const render = (x: number, c: Conversion): string => `${c.prefix}${digits(x, c)}${c.suffix}`;

/** get_default_format: `%.Pf` at the operands' precision (zero-padded to a common width with -w), else `%g`. */
function defaultFormat(first: Operand, step: Operand, last: Operand, equalWidth: boolean): Conversion {
  const base = { prefix: '', suffix: '', flags: '', width: 0 };
  if (first.precision === undefined || step.precision === undefined || last.precision === undefined) return { ...base, precision: undefined, letter: 'g' };
  const prec = Math.max(first.precision, step.precision);
  if (!equalWidth) return { ...base, precision: prec, letter: 'f' };
  let firstWidth = first.width + (prec - first.precision);
  let lastWidth = last.width + (prec - last.precision);
  if (last.precision && prec === 0) lastWidth--;
  if (last.precision === 0 && prec) lastWidth++;
  if (first.precision === 0 && prec) firstWidth++;
  return { ...base, flags: '0', width: Math.max(firstWidth, lastWidth), precision: prec, letter: 'f' };
}

/** Exact integers: each as `%0Wd` would print it. */
function integers(first: bigint, step: bigint, last: bigint, c: Conversion, negZero: boolean): string[] {
  const out: string[] = [];
  const pad = (n: bigint, neg: boolean): string => {
    const body = (n < 0n ? -n : n).toString();
    const sign = neg ? '-' : '';
    return `${sign}${'0'.repeat(Math.max(0, c.width - sign.length - body.length))}${body}`;
  };
  for (let x = first; (step > 0n ? x <= last : x >= last) && out.length < MAX_NUMBERS; x += step) out.push(pad(x, x < 0n || (negZero && x === first)));
  return out;
}

/** print_numbers: first + i·step until past LAST, plus the number past it if it prints as LAST (rounding). */
function floats(first: number, step: number, last: number, c: Conversion): string[] {
  const out: string[] = [];
  const past = (x: number): boolean => (step < 0 ? x < last : last < x);
  if (past(first)) return out;
  let x = first;
  for (let i = 1; out.length < MAX_NUMBERS; i++) {
    const x0 = x;
    out.push(render(x, c));
    x = first + i * step;
    if (past(x)) {
      const shown = render(x, c);
      if (Number(shown) !== last || shown === render(x0, c)) break;
    }
  }
  return out;
}

export function seq(args: string[], env: ToolEnv): ToolResult {
  // seq stops reading options at a negative number (`seq -5 5`), unless an option takes it as its argument.
  let k = 0;
  for (; k < args.length; k++) {
    const a = args[k]!;
    if (/^-[.\d]/.test(a)) break;
    if (a === '--' || !a.startsWith('-') || a === '-') {
      k = args.length;
      break;
    }
    if (a.startsWith('--')) {
      if (!a.includes('=') && /^--(f|fo|for|form|forma|format|s|se|sep|sepa|separ|separa|separat|separato|separator)$/.test(a)) k++;
    } else if (/^-w*[sf]$/.test(a)) k++;
  }
  const p = getopt(args.slice(0, k), SEQ, env);
  if (!p.ok) return p.result;
  const operands = [...p.operands, ...args.slice(k)];
  let separator = '\n';
  let format: string | undefined;
  let equalWidth = false;
  for (const o of p.opts) {
    if (o.key === 's') separator = o.value;
    else if (o.key === 'f') format = o.value;
    else if (o.key === 'w') equalWidth = true;
  }
  if (operands.length < 1) return usageError(env, SEQ, 'missing operand');
  if (operands.length > 3) return usageError(env, SEQ, `extra operand ${quote(env, operands[3]!)}`);
  let conversion: Conversion | undefined;
  if (format !== undefined) {
    const c = parseFormat(format, env);
    if (typeof c === 'string') return fatal(env, 'seq', c);
    if (equalWidth) return usageError(env, SEQ, 'format string may not be specified when printing equal width strings');
    conversion = c;
  }
  const scanned: Operand[] = [];
  for (const [i, a] of operands.entries()) {
    const op = scanArg(a);
    if (op === 'invalid') return usageError(env, SEQ, `invalid floating point argument: ${quote(env, a)}`);
    if (op === 'nan') return usageError(env, SEQ, `invalid ${quote(env, 'not-a-number')} argument: ${quote(env, a)}`);
    if (i === 1 && operands.length === 3 && op.value === 0) return usageError(env, SEQ, `invalid Zero increment value: ${quote(env, a)}`);
    scanned.push(op);
  }
  const one: Operand = { value: 1, int: 1n, width: 1, precision: 0 };
  const [first, step, last] = scanned.length === 1 ? [one, one, scanned[0]!] : scanned.length === 2 ? [scanned[0]!, one, scanned[1]!] : (scanned as [Operand, Operand, Operand]);
  const c = conversion ?? defaultFormat(first, step, last, equalWidth);
  const exact = !conversion && first.int !== undefined && step.int !== undefined && last.int !== undefined;
  const out = exact ? integers(first.int!, step.int!, last.int!, c, Object.is(first.value, -0)) : floats(first.value, step.value, last.value, c);
  if (out.length) env.io.out(`${out.join(separator)}\n`);
  return { status: 0 };
}
