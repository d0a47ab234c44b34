/**
 * A redis-server's state as plain data (AppRun.redis): its databases of keys, what it was
 * started with, and its persistence counters; and the small rules every command shares —
 * Redis' integer parsing (string2ll), its glob (stringmatchlen), a database's live keys.
 */
import type { RedisConfig } from './redis-config';
import { own } from '../../k8s/own';
import { EPOCH_MS } from '../../k8s/time';

/** time(NULL) at a simulated moment. */
export const unixSeconds = (t: number): number => Math.floor((t + EPOCH_MS) / 1000);

/**
 * A set's members in the order they were added (Redis' own order looks random, an intset's is
 * sorted); a sorted set's [member, score] pairs in its order (redis-zset.ts).
 */
export type RedisValue = { t: 'string'; v: string } | { t: 'list'; v: string[] } | { t: 'hash'; v: [string, string][] } | { t: 'set'; v: string[] } | { t: 'zset'; v: [string, number][] };

export interface RedisEntry {
  value: RedisValue;
  /** Absolute simulated ms when the key expires. */
  exp?: number;
}

export interface RedisServer {
  config: RedisConfig;
  /** db index → key → entry. */
  dbs: Record<string, Record<string, RedisEntry>>;
  /** Changes since the last save (rdb_changes_since_last_save). */
  dirty: number;
  /** When the last save ended, or the server started (ms). */
  lastSave: number;
  /** When the key space last changed: a save point fires after it (redis-persist.ts). */
  changedAt: number;
  /** Commands that changed it, ever: what a caller compares to notice a change (process.ts's forecast). */
  writes: number;
  rdbSaves: number;
  /** Keys its RDB held when it started (rdb_last_load_keys_loaded), if it loaded one. */
  loadedKeys?: number;
  runId: string;
  replId: string;
  /** getAbsolutePath(argv[0]) at start: `redis-server` run in /data is `/data/redis-server` (INFO). */
  executable: string;
  /** appendonly: the database the incr file last SELECTed (-1 at start: the first write SELECTs). */
  aofDb?: number;
  /** appendonly: the AOF's size and its base file's (INFO's aof_current_size, aof_base_size). */
  aofSize?: number;
  aofBaseSize?: number;
  /** When SHUTDOWN ended the server (its process exits then: process.ts). */
  shutdownAt?: number;
  /** Its side of replication, once it has one (redis-repl.ts). */
  repl?: RedisRepl;
}

/** A replica as its master knows it: the address it named, the offset it acknowledged. */
export interface RedisReplicaLink {
  ip: string;
  port: number;
  /** Master offset the replica has been sent up to. */
  offset: number;
  ackAt: number;
}

/** One write in the replication stream: the db it ran in and its words (RESP-encoded for its length). */
export interface RedisStreamEntry {
  offset: number;
  db: number;
  words: string[];
}

/**
 * Replication state (redis-repl.ts). A master gets one when its first replica syncs: its
 * replicas, its backlog and its stream's start. A replica's says where its master is and how its
 * link is: `up` from a finished sync until the master is gone; `cached` the master it lost.
 */
export type RedisRepl =
  | { role: 'master'; replicas: RedisReplicaLink[]; backlog: RedisStreamEntry[]; since: number; bytes: number; lastDb: number }
  | {
      role: 'replica';
      host: string;
      port: number;
      link: 'up' | 'down';
      /** When the link last went down (or the server started). */
      downSince: number;
      lastIo: number;
      /** The next replicationCron step that dials out (connect, or check the link). */
      nextAt: number;
      offset: number;
      master?: { runId: string; ip: string; version: string };
      cached?: { runId: string; offset: number };
    };

/** One client connection's state: SELECT's db and whether AUTH passed. */
export interface RedisSession {
  db: number;
  authed: boolean;
  /** A replica's REPLCONF listening-port on this connection (redis-repl.ts). */
  replPort?: number;
}

/** What a command may ask of the process around the key space. */
export interface RedisHost {
  now: number;
  version: string;
  /** The server's PID (INFO's process_id), its start and its executable's path (INFO). */
  pid: number;
  startedAt: number;
  executable: string;
  /** SAVE: writes the RDB now; false when it could not (the directory is not writable). */
  save(): boolean;
  /** BGSAVE: forks a child that writes it. */
  bgsave(): void;
  /**
   * SHUTDOWN: prepareForShutdown and finishShutdown — the final RDB when `save` (SAVE, or save
   * points without NOSAVE) — then the process exits; the connection closes unanswered.
   */
  shutdown(save: boolean): void;
}

/** string2ll: an integer as Redis parses one (no spaces, no `+`, no leading zeros, 64-bit). */
export function parseInteger(s: string): number | undefined {
  if (!/^(0|-?[1-9]\d*)$/.test(s)) return undefined;
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return undefined;
  return Number(n);
}

export function newRedisServer(config: RedisConfig, now: number, seed: string, executable: string): RedisServer {
  return { config, dbs: {}, dirty: 0, lastSave: now, changedAt: now, writes: 0, rdbSaves: 0, runId: hex40(`${seed}:run`), replId: hex40(`${seed}:repl`), executable };
}

/** A stable 40-hex id (run_id, master_replid) from the start's seed, no PRNG draw. */
export function hex40(key: string): string {
  let out = '';
  let h = 0x811c9dc5;
  for (let i = 0; out.length < 40; i++) {
    for (const ch of `${key}#${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, 40);
}

/** The db's live keys: expired ones are dropped first. */
export function liveDb(s: RedisServer, db: number, now: number): Record<string, RedisEntry> {
  const d = own(s.dbs, String(db)) as Record<string, RedisEntry> | undefined;
  if (!d) return {};
  for (const k of Object.keys(d)) if (d[k]!.exp !== undefined && d[k]!.exp! <= now) delete d[k];
  return d;
}

/** stringmatchlen: `*`, `?`, `[abc]`, `[^a-z]` and `\` escapes. */
export function globMatch(pattern: string, s: string): boolean {
  const m = (p: number, i: number): boolean => {
    while (p < pattern.length) {
      const c = pattern[p]!;
      if (c === '*') {
        while (pattern[p + 1] === '*') p++;
        if (p + 1 === pattern.length) return true;
        for (let j = i; j <= s.length; j++) if (m(p + 1, j)) return true;
        return false;
      }
      if (i >= s.length) return false;
      if (c === '?') {
        p++;
        i++;
        continue;
      }
      if (c === '[') {
        let q = p + 1;
        const not = pattern[q] === '^';
        if (not) q++;
        let hit = false;
        while (q < pattern.length && pattern[q] !== ']') {
          if (pattern[q] === '\\' && q + 1 < pattern.length) {
            q++;
            if (pattern[q] === s[i]) hit = true;
          } else if (pattern[q + 1] === '-' && q + 2 < pattern.length && pattern[q + 2] !== ']') {
            const [lo, hi] = [pattern[q]!, pattern[q + 2]!].sort();
            if (s[i]! >= lo! && s[i]! <= hi!) hit = true;
            q += 2;
          } else if (pattern[q] === s[i]) hit = true;
          q++;
        }
        if (hit === not) return false;
        p = q + 1;
        i++;
        continue;
      }
      const lit = c === '\\' && p + 1 < pattern.length ? pattern[++p]! : c;
      if (lit !== s[i]) return false;
      p++;
      i++;
    }
    return i === s.length;
  };
  return m(0, 0);
}
