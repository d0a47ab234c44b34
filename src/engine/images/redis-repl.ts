/**
 * Redis replication between servers (`redis-server --replicaof redis-leader 6379`, the guestbook's
 * followers), both sides, with the lines each logs for its version (replication.c of 2.8.19 and
 * 6.2.16, networking.c freeClient; redis-repl-log.ts formats them):
 *
 * - The replica's replicationCron dials its master through its container's network (the Pod's
 *   resolver, the Service's ClusterIP, kube-proxy: process.ts runWithNetwork) right after it is
 *   ready, then every second while it has no link: PING, REPLCONF listening-port, REPLCONF capa,
 *   PSYNC (`?` first, the cached master's id after a lost link). The master answers FULLRESYNC
 *   and a BGSAVE's RDB (redis-rdb.ts), which the replica loads in place of its data.
 * - Each write the master runs afterwards goes into its stream (a SELECT when the db changes);
 *   the runtime hands it to the replicas at once (node/redis-replication.ts, masterFeed →
 *   replicaApply), as the open link would. A replica refuses writes from clients (READONLY).
 * - With the link up the replica checks it every 10 s (REPLCONF ACK, which also brings any writes
 *   not yet handed over); a master that is gone, or another server at its address, ends the link:
 *   `Connection with master lost.`, the state cached, reconnects every second, a partial resync
 *   tried and refused by the new master (another run id), a full one instead.
 *
 * Approximate: a lost master is noticed at that check (up to 10 s late; a real replica sees the
 * socket close at once) and the master does not log a replica it loses; the stream's offsets
 * count the RESP bytes of the writes and SELECTs plus the master's PING every 10 s
 * (repl-ping-replica-period) computed from the time, not sent; 7.x masters sync through disk as
 * 6.2's do (7.0 made diskless the default); a 2.8 master's RDB is sent as this engine writes
 * RDBs, its size in `receiving N bytes` is the version-6 file's (no aux fields; strings
 * length-prefixed). DNS failing: `Unable to connect to MASTER: Resource temporarily unavailable`
 * (connGetLastError's errno after getaddrinfo fails is whatever it was; EAGAIN is typical).
 */
import type { AppRun } from './app';
import { array, bulk, err, int, OK, type Reply } from './redis-reply';
import { resp } from './redis-aof';
import { givenParam, type RedisConfig } from './redis-config';
import { decodeRdb, encodeRdb } from './redis-rdb';
import { runRedisCommand } from './redis-store';
import { hex40, type RedisHost, type RedisRepl, type RedisServer, type RedisSession, type RedisStreamEntry } from './redis-types';
import { redisLog, replicaWord, versionAtLeast, type RedisRole } from './redis-repl-log';
import { masterOffset } from './redis-repl-info';
import type { LogLine, RedisWire } from './types';

/** What replication needs of the server's container: its log and its files (the BGSAVE). */
export interface ReplIo {
  log(lines: LogLine[]): void;
  write(path: string, content: string, at: number): void;
}

/** The replica's way out: its container's network (a name is resolved by the Pod's resolver). */
export interface ReplNet {
  redis(host: string, port: number, commands: string[][]): RedisWire | { kind: 'unresolved' };
}

/** Commands that change the key space (the `write` flag in the command table). */
const WRITES = new Set(['set', 'mset', 'append', 'del', 'incr', 'decr', 'incrby', 'decrby', 'expire', 'pexpire', 'pexpireat', 'persist', 'flushall', 'flushdb', 'lpush', 'rpush', 'lpop', 'rpop', 'hset', 'hdel', 'setex', 'psetex', 'setnx', 'sadd', 'srem', 'zadd', 'zrem', 'zincrby', 'getset', 'getdel', 'rename', 'lset', 'ltrim', 'hincrby', 'hsetnx', 'hmset', 'spop', 'msetnx', 'unlink', 'expireat', 'incrbyfloat', 'lrem', 'linsert', 'rpoplpush', 'lmove', 'smove', 'restore', 'copy', 'setrange']);

const CHECK_EVERY_MS = 10_000;
const CRON_MS = 1000;

/** `replicaof host port` from the command line or the config file. */
export function replicaTarget(c: RedisConfig): { host: string; port: number } | undefined {
  const v = givenParam(c, 'replicaof') ?? givenParam(c, 'slaveof');
  const [host, port] = (v ?? '').split(/\s+/);
  if (!host || !port || host.toLowerCase() === 'no') return undefined;
  return { host, port: Number(port) || 6379 };
}

/** The server's replica state, made when it is first needed. */
export function replicaState(run: AppRun, s: RedisServer): Extract<RedisRepl, { role: 'replica' }> | undefined {
  if (s.repl?.role === 'replica') return s.repl;
  const t = replicaTarget(s.config);
  if (!t) return undefined;
  s.repl = { role: 'replica', host: t.host, port: t.port, link: 'down', downSince: run.startedAt, lastIo: run.startedAt, nextAt: run.listenAt + 1, offset: 0 };
  return s.repl;
}

/** When the replica next dials out (undefined: it is no replica, or it has ended). */
export function replicaNextAt(run: AppRun): number | undefined {
  const s = run.redis;
  if (!s || (run.end && run.end.at <= run.listenAt)) return undefined;
  if (s.repl?.role === 'replica') return run.end && run.end.at <= s.repl.nextAt ? undefined : s.repl.nextAt;
  if (!replicaTarget(s.config) || run.listen.length === 0) return undefined;
  return run.end && run.end.at <= run.listenAt + 1 ? undefined : run.listenAt + 1;
}

const roleOf = (s: RedisServer): RedisRole => (s.repl?.role === 'replica' ? 'S' : 'M');

/** A client's command the server refuses because of its role, or undefined. */
export function replGate(s: RedisServer, words: readonly string[]): Reply | undefined {
  const name = (words[0] ?? '').toLowerCase();
  if (s.repl?.role === 'replica' && WRITES.has(name)) return err("READONLY You can't write against a read only replica.");
  return undefined;
}

/** After a command: a master with replicas puts a write into its stream. */
export function replRecord(s: RedisServer, db: number, words: string[], writesBefore: number): void {
  const r = s.repl;
  if (r?.role !== 'master' || r.replicas.length === 0 || s.writes === writesBefore) return;
  if (r.lastDb !== db) {
    r.bytes += resp(['SELECT', String(db)]).length;
    r.lastDb = db;
  }
  r.bytes += resp(words).length;
  r.backlog.push({ offset: r.bytes, db, words });
}

/** The size of the RDB a 2.8 server would send (version 6: no aux, no RESIZEDB). */
function rdb6Size(s: RedisServer, now: number): number {
  let n = 9 + 1 + 8;
  const lenBytes = (x: number): number => (x < 64 ? 1 : x < 16384 ? 2 : 5);
  const str = (x: string): number => lenBytes(x.length) + x.length;
  for (const [db, d] of Object.entries(s.dbs)) {
    const live = Object.entries(d).filter(([, e]) => e.exp === undefined || e.exp > now);
    if (live.length === 0) continue;
    n += 1 + lenBytes(Number(db));
    for (const [k, e] of live) {
      n += (e.exp !== undefined ? 9 : 0) + 1 + str(k);
      const v = e.value;
      if (v.t === 'string') n += str(v.v);
      else if (v.t === 'hash') n += lenBytes(v.v.length) + v.v.reduce((m, [f, x]) => m + str(f) + str(x), 0);
      // RDB 6 writes a sorted set's score as a length-prefixed decimal string.
      else if (v.t === 'zset') n += lenBytes(v.v.length) + v.v.reduce((m, [x, score]) => m + str(x) + 1 + String(score).length, 0);
      else n += lenBytes(v.v.length) + v.v.reduce((m, x) => m + str(x), 0);
    }
  }
  return n;
}

/**
 * The master's side of a replica's connection: REPLCONF, PSYNC/SYNC, and the internal ACK that
 * also returns what the stream has past the replica's offset. Undefined: not a replication command.
 */
export function masterCommand(run: AppRun, s: RedisServer, session: RedisSession, words: string[], peer: string, host: RedisHost, io: ReplIo): Reply | undefined {
  const name = (words[0] ?? '').toLowerCase();
  const v = run.version;
  const now = host.now;
  const log = (at: number, level: '*' | '#', text: string, pid = run.pid, role: RedisRole = roleOf(s)): LogLine => redisLog(v, pid, role, at, level, text);
  if (name === 'replconf') {
    if (words.length % 2 === 0) return err('ERR syntax error');
    for (let j = 1; j < words.length; j += 2) {
      const opt = words[j]!.toLowerCase();
      const val = words[j + 1]!;
      if (opt === 'listening-port') session.replPort = Number(val) || 0;
      else if (opt === 'ack') return ackReply(s, peer, Number(val), now);
      // 2.8 knows listening-port and ack only (replconfCommand); capa and ip-address came with 4.0.
      else if (!versionAtLeast(v, 4, 0) || (opt !== 'capa' && opt !== 'ip-address' && opt !== 'getack')) return err(`ERR Unrecognized REPLCONF option: ${words[j]}`);
    }
    return OK;
  }
  if (name !== 'psync' && name !== 'sync') return undefined;
  if (s.repl?.role === 'replica' && s.repl.link !== 'up') return err("ERR Can't SYNC while not connected with my master");
  const who = `${peer}:${session.replPort ?? 0}`;
  const word = replicaWord(v);
  const lines: LogLine[] = [log(now, '*', `${word === 'slave' ? 'Slave' : 'Replica'} ${who} asks for synchronization`)];
  const asked = name === 'psync' ? (words[1] ?? '?') : '?';
  const first = s.repl?.role !== 'master';
  if (asked === '?') lines.push(log(now, '*', `Full resync requested by ${word} ${who}`));
  else if (!versionAtLeast(v, 4, 0)) lines.push(log(now, '*', `Partial resynchronization not accepted: Runid mismatch (Client asked for '${asked}', I'm '${s.runId}')`));
  else lines.push(log(now, '*', `Partial resynchronization not accepted: Replication ID mismatch (Replica asked for '${asked}', my replication IDs are '${s.replId}' and '0000000000000000000000000000000000000000')`));
  if (first && s.repl?.role !== 'replica') {
    // createReplicationBacklog; from 4.0 the master also takes a new replication ID (changeReplicationId).
    if (versionAtLeast(v, 4, 0)) {
      s.replId = hex40(`${s.runId}:backlog@${now}`);
      lines.push(log(now, '*', `Replication backlog created, my new replication IDs are '${s.replId}' and '0000000000000000000000000000000000000000'`));
    }
    s.repl = { role: 'master', replicas: [], backlog: [], since: now, bytes: 0, lastDb: -1 };
  }
  const child = run.pid + 18 + s.rdbSaves;
  const dir = s.config.dir === '/' ? '' : s.config.dir;
  io.write(`${dir}/${s.config.dbfilename}`, encodeRdb(s, v, now), now + 2);
  s.rdbSaves++;
  s.lastSave = now + 2;
  s.dirty = 0;
  lines.push(
    log(now, '*', 'Starting BGSAVE for SYNC with target: disk'),
    log(now, '*', `Background saving started by pid ${child}`),
    log(now + 2, '*', 'DB saved on disk', child, 'C'),
    log(now + 2, '*', versionAtLeast(v, 7, 0) ? 'Fork CoW for RDB: current 0 MB, peak 0 MB, average 0 MB' : 'RDB: 0 MB of memory used by copy-on-write', child, 'C'),
    log(now + 100, '*', 'Background saving terminated with success'),
    log(now + 100, '*', `Synchronization with ${word} ${who} succeeded`),
  );
  io.log(lines);
  const r = s.repl;
  const offset = masterOffset(s, now);
  if (r?.role === 'master') {
    r.replicas = r.replicas.filter((x) => x.ip !== peer);
    r.replicas.push({ ip: peer, port: session.replPort ?? 0, offset: r.bytes, ackAt: now + 100 });
  }
  const size = versionAtLeast(v, 3, 2) ? undefined : rdb6Size(s, now);
  const head = `FULLRESYNC ${versionAtLeast(v, 4, 0) ? s.replId : s.runId} ${offset + (first ? 1 : 0)}`;
  return array([{ t: 'status', v: head }, bulk(encodeRdb(s, v, now)), bulk(v), int(size ?? -1)]);
}

/** REPLCONF ACK from a replica: what the stream holds past its offset (an error when the master does not know it). */
function ackReply(s: RedisServer, peer: string, _offset: number, now: number): Reply {
  const r = s.repl;
  const link = r?.role === 'master' ? r.replicas.find((x) => x.ip === peer) : undefined;
  if (!link || r?.role !== 'master') return err('NOREPLICA');
  link.ackAt = now;
  const entries = r.backlog.filter((e) => e.offset > link.offset);
  link.offset = r.bytes;
  return array([int(masterOffset(s, now)), ...entries.map((e) => array([int(e.db), ...e.words.map(bulk)]))]);
}

/** What a master has for its replicas now (the runtime hands each its part: replicaApply). */
export function masterFeed(s: RedisServer, now: number): { ip: string; port: number; runId: string; offset: number; entries: RedisStreamEntry[] }[] {
  const r = s.repl;
  if (r?.role !== 'master') return [];
  const out = [];
  for (const link of r.replicas) {
    const entries = r.backlog.filter((e) => e.offset > link.offset);
    if (entries.length === 0) continue;
    link.offset = r.bytes;
    out.push({ ip: link.ip, port: link.port, runId: s.runId, offset: masterOffset(s, now), entries });
  }
  return out;
}

/** The writes a replica gets from its master's stream (not when the link is down or to another master). */
export function replicaApply(run: AppRun, runId: string, offset: number, entries: readonly RedisStreamEntry[], host: RedisHost): boolean {
  const s = run.redis;
  const st = s?.repl;
  if (!s || st?.role !== 'replica' || st.link !== 'up' || st.master?.runId !== runId) return false;
  for (const e of entries) runRedisCommand(s, { db: e.db, authed: true }, e.words, host);
  st.offset = Math.max(st.offset, offset);
  st.lastIo = host.now;
  return true;
}

/**
 * The replica's replicationCron step at `now` (when nextAt has come): check a live link, or dial
 * its master and sync. Lines go to its log; the next step's time is set past `now`.
 */
export function replicaStep(run: AppRun, now: number, net: ReplNet, host: RedisHost, io: ReplIo): void {
  const s = run.redis;
  if (!s) return;
  const st = replicaState(run, s);
  if (!st || st.nextAt > now) return;
  const v = run.version;
  const log = (at: number, level: '*' | '#', text: string): LogLine => redisLog(v, run.pid, 'S', at, level, text);
  if (st.link === 'up' && st.master) {
    // Through the Service again: another Pod behind it is another master, which does not know this replica.
    const w = net.redis(st.host, st.port, [['REPLCONF', 'ACK', String(st.offset)]]);
    const r = w.kind === 'replies' ? w.replies[0] : undefined;
    if (r?.t === 'array') {
      const [off, ...rest] = r.v;
      for (const e of rest) if (e.t === 'array') runRedisCommand(s, { db: e.v[0]?.t === 'int' ? e.v[0].v : 0, authed: true }, e.v.slice(1).map((x) => (x.t === 'bulk' ? x.v : '')), host);
      if (off?.t === 'int') st.offset = Math.max(st.offset, off.v);
      st.lastIo = now;
      st.nextAt = now + CHECK_EVERY_MS;
      return;
    }
    io.log([log(now, '#', 'Connection with master lost.'), log(now, '*', 'Caching the disconnected master state.')]);
    st.cached = { runId: st.master.runId, offset: st.offset };
    delete st.master;
    st.link = 'down';
    st.downSince = now;
    st.nextAt = now + CRON_MS;
    return;
  }
  connect(run, s, st, now, net, log, io);
}

function connect(run: AppRun, s: RedisServer, st: Extract<RedisRepl, { role: 'replica' }>, now: number, net: ReplNet, log: (at: number, level: '*' | '#', text: string) => LogLine, io: ReplIo): void {
  const lines: LogLine[] = [log(now, '*', `Connecting to MASTER ${st.host}:${st.port}`)];
  st.nextAt = now + CRON_MS;
  const psync = st.cached ? ['PSYNC', st.cached.runId, String(st.cached.offset + 1)] : ['PSYNC', '?', '-1'];
  const w = net.redis(st.host, st.port, [['PING'], ['REPLCONF', 'listening-port', String(s.config.port)], ['REPLCONF', 'capa', 'eof', 'capa', 'psync2'], psync]);
  switch (w.kind) {
    case 'unresolved':
      io.log([...lines, log(now, '#', 'Unable to connect to MASTER: Resource temporarily unavailable')]);
      return;
    case 'refused':
    case 'not-redis':
      io.log([...lines, log(now, '*', 'MASTER <-> REPLICA sync started'), log(now, '#', 'Error condition on socket for SYNC: Connection refused')]);
      return;
    case 'timeout':
      // repl-timeout (60 s) passes before cron gives up on the connect.
      io.log([...lines, log(now, '*', 'MASTER <-> REPLICA sync started'), log(now + 60_000, '#', 'Timeout connecting to the MASTER...')]);
      st.nextAt = now + 60_000 + CRON_MS;
      return;
    case 'replies':
      break;
  }
  const [, port, capa, sync] = w.replies;
  lines.push(log(now, '*', 'MASTER <-> REPLICA sync started'), log(now + 1, '*', 'Non blocking connect for SYNC fired the event.'), log(now + 1, '*', 'Master replied to PING, replication can continue...'));
  if (port?.t === 'error') lines.push(log(now + 1, '*', `(Non critical) Master does not understand REPLCONF listening-port: -${port.v}`));
  if (capa?.t === 'error') lines.push(log(now + 1, '*', `(Non critical) Master does not understand REPLCONF capa: -${capa.v}`));
  lines.push(log(now + 1, '*', st.cached ? `Trying a partial resynchronization (request ${st.cached.runId}:${st.cached.offset + 1}).` : 'Partial resynchronization not possible (no cached master)'));
  if (sync?.t !== 'array' || sync.v[0]?.t !== 'status' || !sync.v[0].v.startsWith('FULLRESYNC')) {
    lines.push(log(now + 1, '#', `Unexpected reply to PSYNC from master: ${sync?.t === 'error' ? `-${sync.v}` : ''}`));
    io.log(lines);
    return;
  }
  const [, id = '', off = '0'] = sync.v[0].v.split(' ');
  const rdb = sync.v[1]?.t === 'bulk' ? sync.v[1].v : '';
  const masterVersion = sync.v[2]?.t === 'bulk' ? sync.v[2].v : run.version;
  const size = sync.v[3]?.t === 'int' && sync.v[3].v >= 0 ? sync.v[3].v : rdb.length;
  lines.push(log(now + 1, '*', `Full resync from master: ${id}:${off}`));
  if (st.cached) lines.push(log(now + 1, '*', 'Discarding previously cached master state.'));
  const t = now + 101;
  lines.push(log(t, '*', `MASTER <-> REPLICA sync: receiving ${size} bytes from master to disk`), log(t, '*', 'MASTER <-> REPLICA sync: Flushing old data'), log(t, '*', 'MASTER <-> REPLICA sync: Loading DB in memory'));
  const loaded = decodeRdb(rdb, t);
  if (loaded.ok) {
    s.dbs = loaded.rdb.dbs;
    s.writes++;
    // A 2.8 master's RDB has no aux fields: nothing to say about its version, age or memory.
    if (versionAtLeast(masterVersion, 3, 2)) {
      lines.push(log(t, '*', `Loading RDB produced by version ${masterVersion}`), log(t, '*', 'RDB age 0 seconds'), log(t, '*', `RDB memory usage when created ${(Number(loaded.rdb.aux['used-mem'] ?? 0) / (1024 * 1024)).toFixed(2)} Mb`));
      if (versionAtLeast(run.version, 7, 0)) lines.push(log(t, '*', `Done loading RDB, keys loaded: ${loaded.rdb.keys}, keys expired: ${loaded.rdb.expired}.`));
    }
  }
  lines.push(log(t, '*', 'MASTER <-> REPLICA sync: Finished with success'));
  io.log(lines);
  st.master = { runId: id, ip: st.host, version: masterVersion };
  delete st.cached;
  st.link = 'up';
  st.offset = Number(off) || 0;
  st.lastIo = t;
  st.nextAt = t + CHECK_EVERY_MS;
}

