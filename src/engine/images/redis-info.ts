/**
 * INFO's text (src/server.c genRedisInfoString at 7.4.1): the sections a learner reads — Server
 * (redis_version, tcp_port, uptime, executable), Persistence (rdb_changes_since_last_save,
 * rdb_last_save_time, aof_enabled), Replication (role) and Keyspace (`db0:keys=…`). Lines end
 * in CRLF, sections are separated by a blank line. Approximate: `INFO`/`INFO all` give these four
 * sections only (a real server adds Clients, Memory, Stats, CPU, Modules, Errorstats, Cluster),
 * and counters the simulation does not keep (CoW sizes, fork times) read 0.
 */
import { replicationInfo } from './redis-repl-info';
import { KERNEL_RELEASE } from '../node/kernel';
import { EPOCH_MS } from '../../k8s/time';
import type { RedisHost, RedisServer } from './redis-types';
import { fnv1a } from '../../k8s/sha256';

const unix = (t: number): number => Math.floor((t + EPOCH_MS) / 1000);

function atLeast(v: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = v.split('.').map((x) => Number.parseInt(x, 10));
  return a > major || (a === major && b >= minor);
}

/** The compiler the official image's build used (its Debian release's gcc; 6.0 was built on buster). */
function gccVersion(v: string): string {
  return atLeast(v, 6, 2) ? '12.2.0' : '8.3.0';
}

function server(s: RedisServer, h: RedisHost): string[] {
  const up = Math.floor((h.now - h.startedAt) / 1000);
  const lines = [
    '# Server',
    `redis_version:${h.version}`,
    'redis_git_sha1:00000000',
    'redis_git_dirty:0',
    `redis_build_id:${fnv1a(`redis-${h.version}`).toString(16).padStart(8, '0')}${fnv1a(`build-${h.version}`).toString(16).padStart(8, '0')}`,
    'redis_mode:standalone',
    `os:Linux ${KERNEL_RELEASE} x86_64`,
    'arch_bits:64',
    'monotonic_clock:POSIX clock_gettime',
    'multiplexing_api:epoll',
    'atomicvar_api:c11-builtin',
    `gcc_version:${gccVersion(h.version)}`,
    `process_id:${h.pid}`,
    'process_supervised:no',
    `run_id:${s.runId}`,
    `tcp_port:${s.config.port}`,
    `server_time_usec:${unix(h.now)}${String(h.now % 1000).padStart(3, '0')}000`,
    `uptime_in_seconds:${up}`,
    `uptime_in_days:${Math.floor(up / 86400)}`,
    'hz:10',
    'configured_hz:10',
    // getLRUClock: seconds masked to 24 bits.
    `lru_clock:${unix(h.now) & 0xffffff}`,
    `executable:${h.executable}`,
    `config_file:${s.config.file ?? ''}`,
    'io_threads_active:0',
  ];
  if (atLeast(h.version, 7, 0)) lines.push(`listener0:name=tcp,bind=*,bind=-::*,port=${s.config.port}`);
  return lines;
}

function persistence(s: RedisServer): string[] {
  return [
    '# Persistence',
    'loading:0',
    'async_loading:0',
    'current_cow_peak:0',
    'current_cow_size:0',
    'current_cow_size_age:0',
    'current_fork_perc:0.00',
    'current_save_keys_processed:0',
    'current_save_keys_total:0',
    `rdb_changes_since_last_save:${s.dirty}`,
    'rdb_bgsave_in_progress:0',
    `rdb_last_save_time:${unix(s.lastSave)}`,
    'rdb_last_bgsave_status:ok',
    `rdb_last_bgsave_time_sec:${s.rdbSaves > 0 ? 0 : -1}`,
    'rdb_current_bgsave_time_sec:-1',
    `rdb_saves:${s.rdbSaves}`,
    'rdb_last_cow_size:0',
    'rdb_last_load_keys_expired:0',
    `rdb_last_load_keys_loaded:${s.loadedKeys ?? 0}`,
    `aof_enabled:${s.config.appendonly ? 1 : 0}`,
    'aof_rewrite_in_progress:0',
    'aof_rewrite_scheduled:0',
    'aof_last_rewrite_time_sec:-1',
    'aof_current_rewrite_time_sec:-1',
    'aof_last_bgrewrite_status:ok',
    'aof_rewrites:0',
    'aof_rewrites_consecutive_failures:0',
    'aof_last_write_status:ok',
    'aof_last_cow_size:0',
    'module_fork_in_progress:0',
    'module_fork_last_cow_size:0',
    ...(s.config.appendonly ? [`aof_current_size:${s.aofSize ?? 0}`, `aof_base_size:${s.aofBaseSize ?? 0}`, 'aof_pending_rewrite:0', 'aof_buffer_length:0', 'aof_pending_bio_fsync:0', 'aof_delayed_fsync:0'] : []),
  ];
}

function keyspace(s: RedisServer, h: RedisHost): string[] {
  const lines = ['# Keyspace'];
  for (let db = 0; db < s.config.databases; db++) {
    const d = s.dbs[String(db)];
    if (!d) continue;
    const entries = Object.values(d).filter((e) => e.exp === undefined || e.exp > h.now);
    const expires = entries.filter((e) => e.exp !== undefined);
    if (entries.length === 0) continue;
    // avg_ttl is a running estimate the active expiry cycle keeps; 0 until it has sampled.
    lines.push(`db${db}:keys=${entries.length},expires=${expires.length},avg_ttl=0${atLeast(h.version, 7, 4) ? ',subexpiry=0' : ''}`);
  }
  return lines;
}

/** INFO [section …]: unknown sections add nothing (an empty reply when none is known). */
export function infoReply(s: RedisServer, args: string[], h: RedisHost): string {
  const want = args.map((a) => a.toLowerCase());
  const all = want.length === 0 || want.some((w) => w === 'all' || w === 'default' || w === 'everything');
  const sections: string[][] = [];
  if (all || want.includes('server')) sections.push(server(s, h));
  if (all || want.includes('persistence')) sections.push(persistence(s));
  if (all || want.includes('replication')) sections.push(replicationInfo(s, h.version, h.now));
  if (all || want.includes('keyspace')) sections.push(keyspace(s, h));
  return sections.map((lines) => lines.map((l) => `${l}\r\n`).join('')).join('\r\n');
}
