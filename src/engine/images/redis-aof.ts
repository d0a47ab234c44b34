/**
 * `appendonly yes` as redis 7 keeps it (src/aof.c at 7.4.1, the multi-part AOF): in
 * `dir/appendonlydir` a manifest (`file appendonly.aof.1.base.rdb seq 1 type b` …), a base file
 * (an RDB whose aux field aof-base is 1) and an incr file every write command is appended to in
 * RESP, after a SELECT for its database, with SET's expiry and EXPIRE propagated as absolute
 * PXAT/PEXPIREAT as the server rewrites them. At start the AOF, not dump.rdb, is what is loaded —
 * a server that finds no AOF starts empty even beside a dump.rdb and creates the files.
 *
 * Approximate: no rewrite (BGREWRITEAOF, auto-aof-rewrite) — the incr file only grows; every
 * write is on disk at once (appendfsync everysec loses up to a second on a crash); keys that
 * expire are not propagated as DEL.
 */
import type { LogLine } from './types';
import { decodeRdb, encodeRdb } from './redis-rdb';
import type { RedisConfig } from './redis-config';
import { runRedisCommand } from './redis-store';
import { newRedisServer, unixSeconds, type RedisEntry, type RedisHost, type RedisServer } from './redis-types';
import { utf8Bytes, utf8Decode } from '../../k8s/utf8';
import { EPOCH_MS } from '../../k8s/time';
import { own } from '../../k8s/own';

export const BASE = 'appendonly.aof.1.base.rdb';
export const INCR = 'appendonly.aof.1.incr.aof';
const MANIFEST = 'appendonly.aof.manifest';

export const aofDir = (c: RedisConfig): string => `${c.dir === '/' ? '' : c.dir}/appendonlydir`;

/** A command as RESP: `*N` then `$len` and the bytes of each word (file bytes as char codes). */
export function resp(words: readonly string[]): string {
  let out = `*${words.length}\r\n`;
  for (const w of words) {
    const b = utf8Bytes(w);
    out += `$${b.length}\r\n${String.fromCharCode(...b)}\r\n`;
  }
  return out;
}

/** The commands of an incr file, or undefined where it is not RESP (a truncated or edited file). */
export function parseResp(text: string): string[][] | undefined {
  const out: string[][] = [];
  let i = 0;
  const line = (): string | undefined => {
    const end = text.indexOf('\r\n', i);
    if (end < 0) return undefined;
    const l = text.slice(i, end);
    i = end + 2;
    return l;
  };
  while (i < text.length) {
    const head = line();
    if (head === undefined || !/^\*\d+$/.test(head)) return undefined;
    const words: string[] = [];
    for (let n = Number(head.slice(1)); n > 0; n--) {
      const len = line();
      if (len === undefined || !/^\$\d+$/.test(len)) return undefined;
      const size = Number(len.slice(1));
      if (i + size + 2 > text.length) return undefined;
      words.push(utf8Decode([...text.slice(i, i + size)].map((c) => c.charCodeAt(0))));
      i += size + 2;
    }
    out.push(words);
  }
  return out;
}

/** What the server writes and reads of its files (redis-persist.ts's RedisProcess, here without the log). */
export interface AofFiles {
  read(path: string): string | undefined;
  write(path: string, content: string, at: number, append?: boolean): void;
}

/**
 * The start with appendonly on: load base and incr when the manifest is there, else create the
 * files for an empty data set. Returns the server and the lines it logs (after `Server initialized`).
 */
export function bootAof(config: RedisConfig, files: AofFiles, at: number, version: string, pid: number, seed: string, executable: string, log: (level: '*' | '#', text: string) => LogLine): { server: RedisServer; lines: LogLine[] } {
  const server = newRedisServer(config, at, seed, executable);
  const dir = aofDir(config);
  const lines: LogLine[] = [];
  const manifest = files.read(`${dir}/${MANIFEST}`);
  const incrText = files.read(`${dir}/${INCR}`);
  const baseText = files.read(`${dir}/${BASE}`);
  if (manifest !== undefined && baseText !== undefined) {
    lines.push(log('*', 'Reading RDB base file on AOF loading...'));
    const r = decodeRdb(baseText, at);
    if (r.ok) {
      const ver = r.rdb.aux['redis-ver'];
      if (ver !== undefined) lines.push(log('*', `Loading RDB produced by version ${ver}`));
      if (r.rdb.aux.ctime !== undefined) lines.push(log('*', `RDB age ${Math.max(0, unixSeconds(at) - Number(r.rdb.aux.ctime))} seconds`));
      if (r.rdb.aux['used-mem'] !== undefined) lines.push(log('*', `RDB memory usage when created ${(Number(r.rdb.aux['used-mem']) / (1024 * 1024)).toFixed(2)} Mb`));
      lines.push(log('*', 'RDB is base AOF'));
      lines.push(log('*', `Done loading RDB, keys loaded: ${r.rdb.keys}, keys expired: ${r.rdb.expired}.`));
      server.dbs = r.rdb.dbs;
    }
    lines.push(log('*', `DB loaded from base file ${BASE}: 0.000 seconds`));
    const commands = incrText ? parseResp(incrText) : [];
    if (commands && commands.length > 0) {
      const host: RedisHost = { now: at, version, pid, startedAt: at, executable, save: () => true, bgsave: () => undefined, shutdown: () => undefined };
      const session = { db: 0, authed: true };
      for (const c of commands) runRedisCommand(server, session, c, host);
      lines.push(log('*', `DB loaded from incr file ${INCR}: 0.000 seconds`));
    }
    server.dirty = 0;
    lines.push(log('*', 'DB loaded from append only file: 0.000 seconds'));
    lines.push(log('*', `Opening AOF incr file ${INCR} on server start`));
    server.loadedKeys = Object.values(server.dbs).reduce((n, d) => n + Object.keys(d).length, 0);
    server.aofBaseSize = baseText.length;
    server.aofSize = baseText.length + (incrText?.length ?? 0);
  } else {
    const base = encodeRdb(server, version, at, true);
    files.write(`${dir}/${BASE}`, base, at);
    server.aofBaseSize = base.length;
    server.aofSize = base.length;
    lines.push(log('*', `Creating AOF base file ${BASE} on server start`));
    files.write(`${dir}/${INCR}`, '', at);
    files.write(`${dir}/${MANIFEST}`, `file ${BASE} seq 1 type b\nfile ${INCR} seq 1 type i\n`, at);
    lines.push(log('*', `Creating AOF incr file ${INCR} on server start`));
  }
  server.aofDb = -1;
  return { server, lines };
}

/** The command as the server propagates it: expiries made absolute (setGenericCommand, expireGenericCommand). */
function propagated(s: RedisServer, db: number, words: string[]): string[] {
  const name = (words[0] ?? '').toLowerCase();
  const key = words[1] ?? '';
  const entry = own(s.dbs[String(db)], key) as RedisEntry | undefined;
  const abs = (e: RedisEntry): string => String(e.exp! + EPOCH_MS);
  if (name === 'set' && words.slice(3).some((w) => ['ex', 'px', 'exat'].includes(w.toLowerCase())) && entry?.exp !== undefined) return ['SET', key, words[2] ?? '', 'PXAT', abs(entry)];
  if ((name === 'setex' || name === 'psetex') && entry?.exp !== undefined) return ['SET', key, words[3] ?? '', 'PXAT', abs(entry)];
  if (name === 'expire' || name === 'pexpire') return entry?.exp !== undefined ? ['PEXPIREAT', key, abs(entry), ...words.slice(3)] : ['DEL', key];
  return words;
}

/** feedAppendOnlyFile: a write command (one that changed the data set) appended to the incr file. */
export function appendCommand(s: RedisServer, files: AofFiles, db: number, words: string[], at: number): void {
  let text = '';
  if (s.aofDb !== db) {
    text += resp(['SELECT', String(db)]);
    s.aofDb = db;
  }
  text += resp(propagated(s, db, words));
  files.write(`${aofDir(s.config)}/${INCR}`, text, at, true);
  s.aofSize = (s.aofSize ?? 0) + text.length;
}
