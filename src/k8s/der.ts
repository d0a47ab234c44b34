/**
 * ASN.1 DER, both ways, for the PKI objects the simulation makes and reads (RSA keys, PKCS#10
 * requests, X.509 certificates: pkix.ts) and PEM's armour around them. Only what those need:
 * definite lengths, the universal types they use, context tags. No cryptography lives here.
 */
import { base64EncodeBytes, decodeBase64 } from './base64';
import { civil, unixFrom } from './time';
import { pushAll } from './arrays';

export interface Tlv {
  tag: number;
  start: number;
  /** The content's offsets in the buffer. */
  body: number;
  end: number;
}

export function readTlv(b: Uint8Array, at: number): Tlv {
  const tag = b[at]!;
  let len = b[at + 1]!;
  let body = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('unsupported DER length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[body + i]!;
    body += n;
  }
  if (at + 1 >= b.length || body + len > b.length) throw new Error('truncated DER');
  return { tag, start: at, body, end: body + len };
}

export function children(b: Uint8Array, t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = t.body; at < t.end; ) {
    const c = readTlv(b, at);
    out.push(c);
    at = c.end;
  }
  return out;
}

export function oidOf(b: Uint8Array, t: Tlv): string {
  const parts: number[] = [];
  const first = b[t.body]!;
  parts.push(Math.floor(first / 40), first % 40);
  let v = 0;
  for (let i = t.body + 1; i < t.end; i++) {
    v = v * 128 + (b[i]! & 0x7f);
    if (!(b[i]! & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

/** A string type's content, one character per byte (UTF8String's ASCII is the same). */
export function textOf(b: Uint8Array, t: Tlv): string {
  return String.fromCharCode(...b.subarray(t.body, t.end));
}

export function bytesOf(b: Uint8Array, t: Tlv): number[] {
  return [...b.subarray(t.body, t.end)];
}

// ---- Encoding: each returns the whole TLV as bytes. ----

// Push loops rather than spreads and Array.prototype.flat: every node's kubelet certificates are
// built at boot, and flat() was a few percent of a 1,000-node boot.
export function tlv(tag: number, content: readonly number[]): number[] {
  const n = content.length;
  const out: number[] = [tag];
  if (n < 0x80) out.push(n);
  else {
    const len: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) len.unshift(v % 256);
    out.push(0x80 | len.length);
    pushAll(out, len);
  }
  pushAll(out, content);
  return out;
}

function joined(items: readonly number[][]): number[] {
  const out: number[] = [];
  for (const item of items) pushAll(out, item);
  return out;
}

export const seq = (...items: number[][]): number[] => tlv(0x30, joined(items));
export const set = (...items: number[][]): number[] => tlv(0x31, joined(items));
export const ctx = (n: number, content: readonly number[], constructed = true): number[] => tlv((constructed ? 0xa0 : 0x80) | n, content);
export const octets = (content: readonly number[]): number[] => tlv(0x04, content);
export const bits = (content: readonly number[]): number[] => tlv(0x03, [0, ...content]);
export const NULL: number[] = [0x05, 0x00];
export const bool = (v: boolean): number[] => [0x01, 0x01, v ? 0xff : 0x00];
export const utf8 = (s: string): number[] => tlv(0x0c, [...s].map((c) => c.charCodeAt(0) & 0xff));
export const printable = (s: string): number[] => tlv(0x13, [...s].map((c) => c.charCodeAt(0) & 0xff));

/** An INTEGER from its unsigned big-endian magnitude (a leading zero keeps it positive). */
export function uint(magnitude: readonly number[]): number[] {
  let i = 0;
  while (i < magnitude.length - 1 && magnitude[i] === 0) i++;
  const m = magnitude.slice(i);
  return tlv(0x02, m.length && m[0]! & 0x80 ? [0, ...m] : m.length ? m : [0]);
}

export const small = (n: number): number[] => {
  const m: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) m.unshift(v % 256);
  return uint(m.length ? m : [0]);
};

export function oid(dotted: string): number[] {
  const p = dotted.split('.').map(Number);
  const out = [p[0]! * 40 + p[1]!];
  for (const v of p.slice(2)) {
    const enc = [v & 0x7f];
    for (let x = Math.floor(v / 128); x > 0; x = Math.floor(x / 128)) enc.unshift((x & 0x7f) | 0x80);
    out.push(...enc);
  }
  return tlv(0x06, out);
}

/** UTCTime (years before 2050) or GeneralizedTime, as RFC 5280 chooses: `YYMMDDHHMMSSZ`. */
export function time(unixMs: number): number[] {
  const c = civil(unixMs);
  const p = (n: number): string => String(n).padStart(2, '0');
  const y = c.y;
  const rest = `${p(c.mo)}${p(c.d)}${p(c.h)}${p(c.mi)}${p(c.s)}Z`;
  const s = y < 2050 ? `${p(y % 100)}${rest}` : `${y}${rest}`;
  return tlv(y < 2050 ? 0x17 : 0x18, [...s].map((c) => c.charCodeAt(0)));
}

/** The moment a UTCTime or GeneralizedTime names, as Unix milliseconds. */
export function timeOf(b: Uint8Array, t: Tlv): number {
  const s = textOf(b, t);
  const m = t.tag === 0x17 ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(s) : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(s);
  if (!m) throw new Error('bad time');
  let y = Number(m[1]);
  if (t.tag === 0x17) y += y < 50 ? 2000 : 1900;
  return unixFrom(y, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), 0);
}

// ---- PEM ----

export function pemEncode(label: string, der: readonly number[]): string {
  const lines = base64EncodeBytes(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The first PEM block's label and bytes (encoding/pem's Decode), or undefined when there is none. */
export function pemDecode(text: string): { label: string; der: Uint8Array } | undefined {
  const m = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/.exec(text);
  if (!m) return undefined;
  // A block with headers (`Proc-Type: …`) is still a block; its body starts after the blank line.
  const body = m[2]!.includes(':') ? m[2]!.slice(m[2]!.indexOf('\n\n') + 2) : m[2]!;
  const raw = decodeBase64(body);
  const der = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) der[i] = raw.charCodeAt(i);
  return { label: m[1]!, der };
}
