/**
 * jq 1.6's printer (jv_dump_term): numbers as its dtoa prints them (the shortest digits that
 * read back, in exponent form when the exponent is below -4 or past 15 digits' worth), strings
 * with jq's escapes, pretty printing with an indent of spaces or tabs, and `-C`'s colours with
 * exactly the escapes jq 1.6 writes (recorded in tools-jq.test.ts).
 */
import { utf8Bytes, utf8Decode } from '../../../k8s/utf8';
import { isObject, sortedKeys, type Json } from './value';

export interface PrintOptions {
  /** Spaces per level; 0 prints on one line (`-c`, `--indent 0`). */
  indent: number;
  tab?: boolean;
  sortKeys?: boolean;
  color?: boolean;
  /** `-a`: non-ASCII as \uXXXX. */
  ascii?: boolean;
}

/** jvp_dtoa_fmt: shortest round-trip digits; exponent form when decpt <= -4 or decpt > digits + 15. */
export function formatNumber(x: number): string {
  if (Number.isNaN(x)) return 'null';
  if (!Number.isFinite(x)) x = x > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const sign = x < 0 ? '-' : '';
  const [mant, exp] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const decpt = Number(exp) + 1;
  if (decpt <= -4 || decpt > digits.length + 15) {
    const e = decpt - 1;
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const hex4 = (n: number): string => `\\u${n.toString(16).padStart(4, '0')}`;

export function quoteString(s: string, ascii = false): string {
  // eslint-disable-next-line no-control-regex -- jq escapes exactly the control characters
  const re = ascii ? /["\\\x00-\x1f\x7f-\uffff]/g : /["\\\x00-\x1f\x7f]/g;
  return `"${s.replace(re, (c) => ESCAPES[c] ?? hex4(c.charCodeAt(0)))}"`;
}

const COLORS: Record<string, string> = { null: '1;30', false: '0;39', true: '0;39', number: '0;39', string: '0;32', array: '1;39', object: '1;39' };
const ESC = (c: string): string => `\x1b[${c}m`;
const RESET = ESC('0');
const FIELD = ESC('34;1');

export function dump(v: Json, opts: PrintOptions): string {
  const pretty = opts.tab === true || opts.indent > 0;
  const pad = (n: number): string => (opts.tab ? '\t'.repeat(n) : ' '.repeat(n * opts.indent));
  let out = '';
  const term = (x: Json, level: number): void => {
    const kind = x === true ? 'true' : x === false ? 'false' : x === null ? 'null' : typeof x === 'number' ? 'number' : typeof x === 'string' ? 'string' : Array.isArray(x) ? 'array' : 'object';
    const color = opts.color ? ESC(COLORS[kind]!) : '';
    out += color;
    if (x === null || typeof x === 'boolean') out += String(x);
    else if (typeof x === 'number') out += formatNumber(x);
    else if (typeof x === 'string') out += quoteString(x, opts.ascii);
    else if (Array.isArray(x)) {
      if (x.length === 0) out += '[]';
      else {
        out += '[';
        if (pretty) out += `\n${pad(level + 1)}`;
        x.forEach((e, i) => {
          if (i !== 0) out += pretty ? `,\n${pad(level + 1)}` : ',';
          term(e, level + 1);
          out += color;
        });
        if (pretty) out += `\n${pad(level)}`;
        out += `${color}]`;
      }
    } else if (isObject(x)) {
      if (x.size === 0) out += '{}';
      else {
        out += '{';
        if (pretty) out += `\n${pad(level + 1)}`;
        const keys = opts.sortKeys ? sortedKeys(x) : [...x.keys()];
        keys.forEach((k, i) => {
          if (i !== 0) out += pretty ? `,\n${pad(level + 1)}` : ',';
          if (opts.color) out += `${RESET}${FIELD}${quoteString(k, opts.ascii)}${RESET}${color}:${pretty ? ' ' : ''}${RESET}`;
          else out += `${quoteString(k, opts.ascii)}:${pretty ? ' ' : ''}`;
          term(x.get(k)!, level + 1);
          out += color;
        });
        if (pretty) out += `\n${pad(level)}`;
        out += `${color}}`;
      }
    }
    if (opts.color) out += RESET;
  };
  term(v, 0);
  return out;
}

/** One line, as `tojson` and messages print a value. */
export const compact = (v: Json): string => dump(v, { indent: 0 });

/** jv_dump_string_trunc: at most `size - 1` characters, the last three `...` when cut. */
export function truncated(v: Json, size: number): string {
  const s = compact(v);
  const bytes = utf8Bytes(s);
  if (bytes.length <= size - 1) return s;
  const cut = utf8Decode(bytes.slice(0, size - 1 - 3)).replace(/\uFFFD$/, '');
  return `${cut}...`;
}
