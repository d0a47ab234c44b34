/**
 * INFO's `# Replication` section by version and role (server.c genRedisInfoString of 6.2.16,
 * redis.c of 2.8.19: no replid fields before 4.0, slave_read_repl_offset and replica_announced
 * from 6.2), and the master's stream offset it reports. Approximate: a replica's lag is 0 (it
 * acknowledges every second), the backlog is never full (1 MB).
 */
import { versionAtLeast } from './redis-repl-log';
import type { RedisServer } from './redis-types';

const PING_EVERY_MS = 10_000;
/** `*1\r\n$4\r\nPING\r\n`: the master's PING in the stream. */
const PING_BYTES = 14;

/** The master's stream offset now: its writes' bytes plus the PINGs it has sent since its backlog began. */
export function masterOffset(s: RedisServer, now: number): number {
  if (s.repl?.role !== 'master') return 0;
  return s.repl.bytes + Math.floor(Math.max(0, now - s.repl.since) / PING_EVERY_MS) * PING_BYTES;
}

/** INFO's `# Replication` section for the server's version and role. */
export function replicationInfo(s: RedisServer, version: string, now: number): string[] {
  const r = s.repl;
  const zeros = '0000000000000000000000000000000000000000';
  const secs = (ms: number): number => Math.max(0, Math.floor((now - ms) / 1000));
  const out = ['# Replication'];
  const offset = r?.role === 'master' ? masterOffset(s, now) : r?.role === 'replica' ? r.offset : 0;
  if (r?.role === 'replica') {
    out.push('role:slave', `master_host:${r.host}`, `master_port:${r.port}`, `master_link_status:${r.link}`, `master_last_io_seconds_ago:${r.link === 'up' ? secs(r.lastIo) : -1}`, 'master_sync_in_progress:0');
    if (versionAtLeast(version, 6, 2)) out.push(`slave_read_repl_offset:${r.link === 'up' || r.cached ? r.offset : 1}`);
    out.push(`slave_repl_offset:${r.link === 'up' || r.cached ? r.offset : 1}`);
    if (r.link !== 'up') out.push(`master_link_down_since_seconds:${secs(r.downSince)}`);
    out.push('slave_priority:100', 'slave_read_only:1');
    if (versionAtLeast(version, 6, 2)) out.push('replica_announced:1');
  } else out.push('role:master');
  const replicas = r?.role === 'master' ? r.replicas : [];
  out.push(`connected_slaves:${replicas.length}`);
  replicas.forEach((x, i) => out.push(`slave${i}:ip=${x.ip},port=${x.port},state=online,offset=${offset},lag=0`));
  const backlog = r !== undefined || s.loadedKeys !== undefined;
  const histlen = r?.role === 'master' ? offset : r?.role === 'replica' ? r.offset : 0;
  if (!versionAtLeast(version, 4, 0)) {
    out.push(`master_repl_offset:${offset}`, `repl_backlog_active:${backlog ? 1 : 0}`, 'repl_backlog_size:1048576', `repl_backlog_first_byte_offset:${backlog ? 2 : 0}`, `repl_backlog_histlen:${histlen}`);
    return out;
  }
  if (versionAtLeast(version, 6, 2)) out.push('master_failover_state:no-failover');
  out.push(`master_replid:${r?.role === 'replica' && r.master ? r.master.runId : s.replId}`, `master_replid2:${zeros}`, `master_repl_offset:${offset}`, 'second_repl_offset:-1', `repl_backlog_active:${backlog ? 1 : 0}`, 'repl_backlog_size:1048576', `repl_backlog_first_byte_offset:${backlog ? 1 : 0}`, `repl_backlog_histlen:${histlen}`);
  return out;
}
