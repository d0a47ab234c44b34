/**
 * redis-server around its key space (its configuration: redis-config.ts): loading `dir/dbfilename` when it starts, SAVE, BGSAVE, the timed save points
 * and the final save on SIGTERM, with the log lines redis 7.4 prints for each (src/server.c,
 * rdb.c, childinfo.c). The RDB goes through the container's filesystem, so where it survives is
 * the volume's business: an emptyDir at /data outlives a container restart, a PVC the Pod too,
 * the container's own layer neither.
 *
 * Approximate: a timed save is noticed lazily — at the server's next command, its shutdown, or
 * whenever the process is next looked at — but written with the time serverCron would have
 * written it; the background save's child PID is a stand-in. With appendonly on the AOF is
 * redis-aof.ts's.
 */
import type { AppRun } from './app';
import { redisTime } from './clock';
import type { LogLine } from './types';
import { encodeRdb, decodeRdb } from './redis-rdb';
import { runRedisCommand } from './redis-store';
import { newRedisServer, unixSeconds, type RedisHost, type RedisServer, type RedisSession, type RedisStreamEntry } from './redis-types';
import type { RedisConfig } from './redis-config';
import type { Reply } from './redis-reply';
import { EPOCH_MS } from '../../k8s/time';
import { appendCommand, bootAof } from './redis-aof';
import { masterCommand, replGate, replicaApply, replicaStep, replRecord, type ReplNet } from './redis-repl';

export const rdbPath = (c: RedisConfig): string => `${c.dir === '/' ? '' : c.dir}/${c.dbfilename}`;

/** What a running server needs of its container: its files and its log. */
export interface RedisProcess {
  read(path: string): string | undefined;
  write(path: string, content: string, at: number, append?: boolean): void;
  log(lines: LogLine[]): void;
}

function atLeast(v: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = v.split('.').map((x) => Number.parseInt(x, 10));
  return a > major || (a === major && b >= minor);
}

const logLine = (pid: number, role: 'M' | 'C', at: number, level: '*' | '#', text: string): LogLine => ({ at, stream: 'stdout', text: `${pid}:${role} ${redisTime(at)} ${level} ${text}` });

/**
 * The server's start: its key space, loaded from the RDB when there is one, and the lines it
 * logs between `Server initialized` and `Ready to accept connections` (`at`), or the reason it
 * exits (a file that is no RDB).
 */
export function bootRedis(run: AppRun, config: RedisConfig, files: Pick<RedisProcess, 'read' | 'write'>, seed: string, executable: string): { server: RedisServer; lines: LogLine[]; fatal: boolean } {
  const at = run.listenAt;
  if (config.appendonly) {
    const aof = bootAof(config, files, at, run.version, run.pid, seed, executable, (level, msg) => logLine(run.pid, 'M', at, level, msg));
    aof.server.lastSave = run.startedAt;
    return { ...aof, fatal: false };
  }
  const server = newRedisServer(config, run.startedAt, seed, executable);
  const text = files.read(rdbPath(config));
  if (text === undefined) return { server, lines: [], fatal: false };
  const r = decodeRdb(text, at);
  const l = (level: '*' | '#', msg: string): LogLine => logLine(run.pid, 'M', at, level, msg);
  if (!r.ok) {
    const first = r.reason === 'signature' ? 'Wrong signature trying to load DB from file' : 'Short read or OOM loading DB. Unrecoverable error, aborting now.';
    return { server, lines: [l('#', first), l('#', 'Fatal error loading the DB, check server logs. Exiting.')], fatal: true };
  }
  server.dbs = r.rdb.dbs;
  server.loadedKeys = r.rdb.keys;
  const lines: LogLine[] = [];
  const ver = r.rdb.aux['redis-ver'];
  if (ver !== undefined) lines.push(l('*', `Loading RDB produced by version ${ver}`));
  const ctime = r.rdb.aux.ctime;
  if (ctime !== undefined) lines.push(l('*', `RDB age ${Math.max(0, unixSeconds(at) - Number(ctime))} seconds`));
  const mem = r.rdb.aux['used-mem'];
  if (mem !== undefined) lines.push(l('*', `RDB memory usage when created ${(Number(mem) / (1024 * 1024)).toFixed(2)} Mb`));
  // rdb.c has said how many keys it loaded since 7.0.
  if (atLeast(run.version, 7, 0)) lines.push(l('*', `Done loading RDB, keys loaded: ${r.rdb.keys}, keys expired: ${r.rdb.expired}.`));
  lines.push(l('*', 'DB loaded from disk: 0.000 seconds'));
  return { server, lines, fatal: false };
}

/** rdbSave in the server process itself (SAVE, FLUSHALL, shutdown): the file and `DB saved on disk`. */
function saveNow(run: AppRun, s: RedisServer, proc: RedisProcess, at: number, role: 'M' | 'C' = 'M', pid = run.pid): void {
  proc.write(rdbPath(s.config), encodeRdb(s, run.version, at), at);
  proc.log([logLine(pid, role, at, '*', 'DB saved on disk')]);
  s.dirty = 0;
  s.lastSave = at;
  s.rdbSaves++;
}

/** rdbSaveBackground: a forked child writes the file; serverCron reaps it on a later tick. */
function bgsave(run: AppRun, s: RedisServer, proc: RedisProcess, at: number): void {
  const child = run.pid + 18 + s.rdbSaves;
  proc.log([logLine(run.pid, 'M', at, '*', `Background saving started by pid ${child}`)]);
  saveNow(run, s, proc, at + 2, 'C', child);
  proc.log([logLine(child, 'C', at + 2, '*', 'Fork CoW for RDB: current 0 MB, peak 0 MB, average 0 MB'), logLine(run.pid, 'M', at + 100, '*', 'Background saving terminated with success')]);
}

/**
 * serverCron's save points up to `now`: the first moment one is met after the last change
 * (`dirty >= changes` and more than `seconds` whole seconds since the last save, checked every
 * 100 ms) starts a background save.
 */
export function settleRedis(run: AppRun, proc: RedisProcess, now: number): void {
  const s = run.redis;
  if (!s || s.dirty === 0 || (run.end && run.end.at <= now)) return;
  let due: { at: number; point: [number, number] } | undefined;
  for (const point of s.config.save) {
    if (s.dirty < point[1]) continue;
    const earliest = Math.max(s.changedAt, (unixSeconds(s.lastSave) + point[0] + 1) * 1000 - EPOCH_MS);
    const tick = Math.ceil(earliest / 100) * 100;
    if (!due || tick < due.at) due = { at: tick, point };
  }
  if (!due || due.at > now) return;
  proc.log([logLine(run.pid, 'M', due.at, '*', `${s.dirty} changes in ${due.point[0]} seconds. Saving...`)]);
  bgsave(run, s, proc, due.at);
}

/** What a command may ask of the server's process at `now` (SAVE, BGSAVE, INFO's facts). */
function hostFor(run: AppRun, s: RedisServer, proc: RedisProcess, now: number): RedisHost {
  return {
    now,
    version: run.version,
    pid: run.pid,
    startedAt: run.startedAt,
    executable: s.executable,
    save: () => {
      saveNow(run, s, proc, now);
      return true;
    },
    bgsave: () => bgsave(run, s, proc, now),
    shutdown: (save) => {
      finishShutdown(run, s, proc, now, save);
      // exit(0) once the log says bye: the process ends (process.ts noticeShutdown for PID 1).
      s.shutdownAt = now + 1;
      run.end = { at: now + 1, code: 0 };
    },
  };
}

/**
 * One connection's commands at `now`, in order (AUTH and SELECT first when redis-cli sends them),
 * from `peer` (the client's address: a replica's, as its master names it). A SHUTDOWN the server
 * obeys is the last: the connection closes there, so the replies stop.
 */
export function redisExchange(run: AppRun, commands: string[][], proc: RedisProcess, now: number, peer = '127.0.0.1'): Reply[] {
  const s = run.redis!;
  settleRedis(run, proc, now);
  const session: RedisSession = { db: 0, authed: s.config.requirepass === undefined };
  const host = hostFor(run, s, proc, now);
  const replies: Reply[] = [];
  for (const c of commands) {
    if (s.shutdownAt !== undefined) break;
    const refused = replGate(s, c) ?? masterCommand(run, s, session, c, peer, host, proc);
    if (refused) {
      replies.push(refused);
      continue;
    }
    const db = session.db;
    const before = s.dirty;
    const writes = s.writes;
    replies.push(runRedisCommand(s, session, c, host));
    if (s.config.appendonly && s.dirty > before) appendCommand(s, proc, db, c, now);
    replRecord(s, db, c, writes);
  }
  return replies;
}

/**
 * prepareForShutdown and finishShutdown (server.c): `User requested shutdown...` (a warning
 * before 7.2), fsync of the AOF, the final RDB when `save`, then the goodbye — one millisecond on.
 */
function finishShutdown(run: AppRun, s: RedisServer | undefined, proc: RedisProcess, now: number, save: boolean): void {
  const at = now + 1;
  proc.log([logLine(run.pid, 'M', at, atLeast(run.version, 7, 2) ? '*' : '#', 'User requested shutdown...')]);
  if (s?.config.appendonly) proc.log([logLine(run.pid, 'M', at, '*', 'Calling fsync() on the AOF file.')]);
  if (save) {
    proc.log([logLine(run.pid, 'M', at, '*', 'Saving the final RDB snapshot before exiting.')]);
    if (s) saveNow(run, s, proc, at);
    else proc.log([logLine(run.pid, 'M', at, '*', 'DB saved on disk')]);
  }
  proc.log([logLine(run.pid, 'M', at, '#', 'Redis is now ready to exit, bye bye...')]);
}

/** A replica's replicationCron step that dials out (its master through `net`), when it is due. */
export function redisReplicaWake(run: AppRun, proc: RedisProcess, now: number, net: ReplNet): void {
  const s = run.redis;
  if (!s) return;
  settleRedis(run, proc, now);
  replicaStep(run, now, net, hostFor(run, s, proc, now), proc);
}

/** Writes from a master's stream handed to this replica (redis-repl.ts replicaApply). */
export function redisReplicaFeed(run: AppRun, proc: RedisProcess, now: number, runId: string, offset: number, entries: readonly RedisStreamEntry[]): boolean {
  const s = run.redis;
  if (!s) return false;
  settleRedis(run, proc, now);
  return replicaApply(run, runId, offset, entries, hostFor(run, s, proc, now));
}

/**
 * SIGTERM: the handler's line, then prepareForShutdown and finishShutdown — the final RDB when
 * save points are set (the default) — and the goodbye.
 */
export function redisShutdown(run: AppRun, proc: RedisProcess, now: number): void {
  const s = run.redis;
  if (s) settleRedis(run, proc, now);
  // A server SHUTDOWN already ended has no handler left to run.
  if (s?.shutdownAt !== undefined && s.shutdownAt <= now) return;
  proc.log([{ at: now, stream: 'stdout', text: `${run.pid}:signal-handler (${unixSeconds(now)}) Received SIGTERM scheduling shutdown...` }]);
  finishShutdown(run, s, proc, now, !s || s.config.save.length > 0);
}
