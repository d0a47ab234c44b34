/**
 * dump.rdb as redis-server writes it (src/rdb.c, rdb.h): `REDIS` and the format version (9 for
 * 6.0, 11 for 7.2, 12 from 7.4), the aux fields (redis-ver, redis-bits, ctime, used-mem,
 * aof-base), per non-empty db SELECTDB and RESIZEDB, each key with its millisecond expire, EOF
 * and the CRC-64 (Jones) of everything before it, little-endian. Bytes live in the filesystem as
 * a string of char codes 0–255. Strings that look like integers are int-encoded as Redis does.
 *
 * Approximate: strings over 20 bytes are stored as they are (Redis LZF-compresses them when that
 * saves space), and lists, sets, hashes and sorted sets use the plain encodings (RDB_TYPE_LIST 1,
 * RDB_TYPE_SET 2, RDB_TYPE_HASH 4, RDB_TYPE_ZSET_2 5, which every Redis still loads) where a real 7.x writes quicklist and listpack blobs; so `ls -l`
 * shows a size near, not equal to, a real file's.
 */
import type { RedisEntry, RedisServer, RedisValue } from './redis-types';
import { EPOCH_MS } from '../../k8s/time';
import { setOwn } from '../../k8s/own';
import { utf8Bytes, utf8Decode } from '../../k8s/utf8';

const OP = { AUX: 250, RESIZEDB: 251, EXPIRETIME_MS: 252, EXPIRETIME: 253, SELECTDB: 254, EOF: 255 } as const;
const TYPE = { STRING: 0, LIST: 1, SET: 2, HASH: 4, ZSET_2: 5 } as const;

export function rdbVersion(redisVersion: string): number {
  const [a = 0, b = 0] = redisVersion.split('.').map((x) => Number.parseInt(x, 10));
  if (a > 7 || (a === 7 && b >= 4)) return 12;
  if (a === 7 && b >= 2) return 11;
  if (a === 7) return 10;
  return 9;
}

let table: bigint[] | undefined;

/** crc64.c: Jones' polynomial, reflected, init 0. */
export function crc64(bytes: readonly number[]): bigint {
  if (!table) {
    table = [];
    const poly = 0x95ac9329ac4bc9b5n;
    for (let i = 0n; i < 256n; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1n ? (c >> 1n) ^ poly : c >> 1n;
      table.push(c);
    }
  }
  let crc = 0n;
  for (const b of bytes) crc = table[Number((crc ^ BigInt(b)) & 0xffn)]! ^ (crc >> 8n);
  return crc;
}

function len(out: number[], n: number): void {
  if (n < 64) out.push(n);
  else if (n < 16384) out.push(0x40 | (n >> 8), n & 0xff);
  else out.push(0x80, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}

function le(out: number[], v: bigint, bytes: number): void {
  for (let i = 0; i < bytes; i++) out.push(Number((v >> BigInt(8 * i)) & 0xffn));
}

/** rdbSaveRawString: an integer-looking string of at most 11 chars as INT8/16/32, else length and bytes. */
function str(out: number[], s: string): void {
  if (s.length <= 11 && /^(0|-?[1-9]\d*)$/.test(s)) {
    const n = Number(s);
    if (n >= -128 && n <= 127) return void out.push(0xc0, n & 0xff);
    if (n >= -32768 && n <= 32767) return void (out.push(0xc1), le(out, BigInt(n), 2));
    if (n >= -2147483648 && n <= 2147483647) return void (out.push(0xc2), le(out, BigInt(n), 4));
  }
  const bytes = utf8Bytes(s);
  len(out, bytes.length);
  for (const b of bytes) out.push(b);
}

function value(out: number[], v: RedisValue): void {
  switch (v.t) {
    case 'string':
      out.push(TYPE.STRING);
      return;
    case 'list':
      out.push(TYPE.LIST);
      return;
    case 'hash':
      out.push(TYPE.HASH);
      return;
    case 'set':
      out.push(TYPE.SET);
      return;
    case 'zset':
      out.push(TYPE.ZSET_2);
      return;
  }
}

/** An IEEE 754 double, little-endian (rdbSaveBinaryDoubleValue). */
function double(out: number[], v: number): void {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v, true);
  for (let k = 0; k < 8; k++) out.push(view.getUint8(k));
}

function payload(out: number[], v: RedisValue): void {
  switch (v.t) {
    case 'string':
      str(out, v.v);
      return;
    case 'list':
    case 'set':
      len(out, v.v.length);
      for (const el of v.v) str(out, el);
      return;
    case 'hash':
      len(out, v.v.length);
      for (const [f, x] of v.v) {
        str(out, f);
        str(out, x);
      }
      return;
    case 'zset':
      // rdbSaveObject writes a skiplist from the greatest member down, each with its binary score.
      len(out, v.v.length);
      for (const [m, score] of [...v.v].reverse()) {
        str(out, m);
        double(out, score);
      }
      return;
  }
}

/** The file's bytes as a string of char codes 0–255; `aofBase`: an AOF's base file. */
export function encodeRdb(s: RedisServer, version: string, now: number, aofBase = false): string {
  const out: number[] = [...`REDIS${String(rdbVersion(version)).padStart(4, '0')}`].map((c) => c.charCodeAt(0));
  const keys = Object.values(s.dbs).reduce((n, d) => n + Object.keys(d).length, 0);
  const aux = (k: string, v: string): void => {
    out.push(OP.AUX);
    str(out, k);
    str(out, v);
  };
  aux('redis-ver', version);
  aux('redis-bits', '64');
  aux('ctime', String(Math.floor((now + EPOCH_MS) / 1000)));
  // zmalloc_used_memory of a small server: about 0.9 MB and a little per key.
  aux('used-mem', String(913_552 + keys * 72));
  aux('aof-base', aofBase ? '1' : '0');
  for (let db = 0; db < s.config.databases; db++) {
    const d = s.dbs[String(db)];
    const entries = d ? Object.entries(d).filter(([, e]) => e.exp === undefined || e.exp > now) : [];
    if (entries.length === 0) continue;
    out.push(OP.SELECTDB);
    len(out, db);
    out.push(OP.RESIZEDB);
    len(out, entries.length);
    len(out, entries.filter(([, e]) => e.exp !== undefined).length);
    for (const [k, e] of entries) {
      if (e.exp !== undefined) {
        out.push(OP.EXPIRETIME_MS);
        le(out, BigInt(e.exp + EPOCH_MS), 8);
      }
      value(out, e.value);
      str(out, k);
      payload(out, e.value);
    }
  }
  out.push(OP.EOF);
  le(out, crc64(out), 8);
  return String.fromCharCode(...out);
}

export interface LoadedRdb {
  /** The aux fields: redis-ver, ctime (seconds), used-mem. */
  aux: Record<string, string>;
  dbs: Record<string, Record<string, RedisEntry>>;
  keys: number;
  expired: number;
}

export type RdbLoad = { ok: true; rdb: LoadedRdb } | { ok: false; reason: 'signature' | 'short-read' };

/** Reads a file this module wrote (or any RDB using the same encodings); keys already expired at `now` are skipped. */
export function decodeRdb(text: string, now: number): RdbLoad {
  if (!/^REDIS\d{4}/.test(text)) return { ok: false, reason: 'signature' };
  const b = [...text].map((c) => c.charCodeAt(0) & 0xff);
  let i = 9;
  const need = (n: number): void => {
    if (i + n > b.length) throw new RangeError('short');
  };
  const length = (): { n: number; enc?: number } => {
    need(1);
    const first = b[i++]!;
    const kind = first >> 6;
    if (kind === 0) return { n: first & 0x3f };
    if (kind === 1) {
      need(1);
      return { n: ((first & 0x3f) << 8) | b[i++]! };
    }
    if (kind === 3) return { n: 0, enc: first & 0x3f };
    need(4);
    const n = ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
    i += 4;
    return { n };
  };
  const int = (bytes: number): number => {
    need(bytes);
    let v = 0n;
    for (let k = 0; k < bytes; k++) v |= BigInt(b[i + k]!) << BigInt(8 * k);
    i += bytes;
    const bits = BigInt(8 * bytes);
    return Number(v >= 1n << (bits - 1n) ? v - (1n << bits) : v);
  };
  const string = (): string => {
    const l = length();
    if (l.enc !== undefined) {
      if (l.enc > 2) throw new RangeError('encoding');
      return String(int(1 << l.enc));
    }
    need(l.n);
    const s = utf8Decode(b.slice(i, i + l.n));
    i += l.n;
    return s;
  };
  const binaryDouble = (): number => {
    need(8);
    const view = new DataView(new Uint8Array(b.slice(i, i + 8)).buffer);
    i += 8;
    return view.getFloat64(0, true);
  };
  const aux: Record<string, string> = {};
  const dbs: Record<string, Record<string, RedisEntry>> = {};
  let db = 0;
  let keys = 0;
  let expired = 0;
  try {
    for (;;) {
      need(1);
      const op = b[i++]!;
      if (op === OP.EOF) break;
      if (op === OP.AUX) {
        const k = string();
        setOwn(aux, k, string());
        continue;
      }
      if (op === OP.SELECTDB) {
        db = length().n;
        continue;
      }
      if (op === OP.RESIZEDB) {
        length();
        length();
        continue;
      }
      let exp: number | undefined;
      let type = op;
      if (op === OP.EXPIRETIME_MS || op === OP.EXPIRETIME) {
        exp = op === OP.EXPIRETIME_MS ? int(8) - EPOCH_MS : int(4) * 1000 - EPOCH_MS;
        need(1);
        type = b[i++]!;
      }
      const key = string();
      let v: RedisValue;
      if (type === TYPE.STRING) v = { t: 'string', v: string() };
      else if (type === TYPE.LIST) v = { t: 'list', v: Array.from({ length: length().n }, () => string()) };
      else if (type === TYPE.SET) v = { t: 'set', v: Array.from({ length: length().n }, () => string()) };
      else if (type === TYPE.HASH) v = { t: 'hash', v: Array.from({ length: length().n }, () => [string(), string()] as [string, string]) };
      else if (type === TYPE.ZSET_2) v = { t: 'zset', v: Array.from({ length: length().n }, () => [string(), binaryDouble()] as [string, number]).reverse() };
      else throw new RangeError('type');
      if (exp !== undefined && exp <= now) {
        expired++;
        continue;
      }
      const d = (dbs[String(db)] ??= {});
      setOwn(d, key, exp === undefined ? { value: v } : { value: v, exp });
      keys++;
    }
  } catch {
    return { ok: false, reason: 'short-read' };
  }
  return { ok: true, rdb: { aux, dbs, keys, expired } };
}
