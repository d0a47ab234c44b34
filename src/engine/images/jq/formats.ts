/** jq 1.6's `@format`s (builtin.c f_format), with the messages it raises. */
import { base64EncodeBytes } from '../../../k8s/base64';
import { utf8Bytes, utf8Decode } from '../../../k8s/utf8';
import { compact, formatNumber } from './print';
import { show } from './ops';
import { JqError, type Json } from './value';

export const tostring = (v: Json): string => (typeof v === 'string' ? v : compact(v));

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64Decode(s: string): string {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const c of s) {
    if (c === '=') break;
    const v = B64.indexOf(c);
    if (v < 0) throw new JqError(`${show(s)} is not valid base64 data`);
    acc = (acc << 6) | v;
    bits += 6;
    n++;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (n % 4 === 1) throw new JqError(`${show(s)} trailing base64 byte found`);
  return utf8Decode(bytes);
}

function row(v: Json, kind: 'csv' | 'tsv'): string {
  if (!Array.isArray(v)) throw new JqError(`${show(v)} cannot be ${kind}-formatted, only array`);
  return v
    .map((x) => {
      if (x === null) return '';
      if (typeof x === 'boolean') return String(x);
      if (typeof x === 'number') return Number.isNaN(x) ? '' : formatNumber(x);
      if (typeof x === 'string') return kind === 'csv' ? `"${x.replace(/"/g, '""')}"` : x.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
      // jq 1.6 names csv in @tsv's message too.
      throw new JqError(`${show(x)} is not valid in a csv row`);
    })
    .join(kind === 'csv' ? ',' : '\t');
}

function shQuote(x: Json): string {
  if (typeof x === 'string') return `'${x.replace(/'/g, "'\\''")}'`;
  if (Array.isArray(x) || (x !== null && typeof x === 'object')) throw new JqError(`${show(x)} can not be escaped for shell`);
  return compact(x);
}

const URI_KEEP = /[A-Za-z0-9\-_.!~*'()]/;

export function formatValue(name: string, v: Json): string {
  switch (name) {
    case 'text':
      return tostring(v);
    case 'json':
      return compact(v);
    case 'html':
      return tostring(v).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
    case 'uri':
      return Array.from(utf8Bytes(tostring(v)))
        .map((b) => (b < 128 && URI_KEEP.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
        .join('');
    case 'csv':
    case 'tsv':
      return row(v, name);
    case 'sh':
      return Array.isArray(v) ? v.map(shQuote).join(' ') : shQuote(v);
    case 'base64':
      return base64EncodeBytes(utf8Bytes(tostring(v)));
    case 'base64d':
      return base64Decode(tostring(v));
    case 'base32':
      return base32(tostring(v));
    default:
      throw new JqError(`${name} is not a valid format`);
  }
}

function base32(s: string): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = utf8Bytes(s);
  let out = '';
  for (let i = 0; i < bytes.length; i += 5) {
    const chunk = Array.from(bytes.slice(i, i + 5));
    const bits = chunk.map((b) => b.toString(2).padStart(8, '0')).join('');
    const chars = Math.ceil(bits.length / 5);
    for (let j = 0; j < chars; j++) out += A[parseInt(bits.slice(j * 5, j * 5 + 5).padEnd(5, '0'), 2)];
    out += '='.repeat(8 - chars);
  }
  return out;
}
