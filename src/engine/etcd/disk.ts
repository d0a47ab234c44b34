/**
 * The disk-latency fault: `sim fail disk-latency/etcd-1 --delay 500ms` slows one member's WAL
 * fdatasync (`disk-latency/etcd`: every member's). A raft entry commits once the leader and
 * enough followers for a majority have fsynced it, so a slow follower of three costs nothing
 * while a slow leader slows every write: the commit waits for the slowest disk the quorum needs.
 * Only while such a fault is active does a commit take time (the healthy cluster's traces stay
 * as they were); the slow members log what etcd logs about it (`slow fdatasync` above 1 s,
 * `apply request took too long` above 100 ms).
 */
import type { ComponentId } from '../core/ids';
import { goDurationMicros } from '../../k8s/time';
import { zap } from '../logging/etcd-log';
import type { World } from '../world';
import { quorumSize } from './etcd';

export const DISK_LATENCY_PREFIX = 'disk-latency/';
/** wal.go's warnSyncDuration. */
const WARN_SYNC_MS = 1000;
/** etcd's --warning-apply-duration default. */
const WARN_APPLY_MS = 100;

/** Whether any disk-latency fault is active (the fast path checks this first). */
export function diskFaultActive(w: World): boolean {
  if (!w.latencies) return false;
  for (const name of w.latencies.keys()) if (name.startsWith(DISK_LATENCY_PREFIX)) return true;
  return false;
}

/** The injected delay on one member's disk (its own fault plus the all-members one), in ms. */
export function diskDelayMs(w: World, member: ComponentId): number {
  const l = w.latencies;
  if (!l) return 0;
  const all = l.get(DISK_LATENCY_PREFIX + 'etcd') ?? 0;
  // A single control plane's only member is `etcd` itself: one fault, not two.
  return member === 'etcd' ? all : all + (l.get(DISK_LATENCY_PREFIX + member) ?? 0);
}

function running(w: World, id: ComponentId): boolean {
  return w.components.get(id)?.running === true;
}

/**
 * How long a proposal takes from the leader's append to its commit, in ms: the leader's own
 * fsync, and the (quorum − 1)-th fastest follower's. Zero while no disk fault is active.
 */
export function commitLatencyMs(w: World): number {
  const leader = w.etcd.leader;
  if (leader === undefined || !diskFaultActive(w)) return 0;
  const followers = w.etcd.members
    .filter((m) => m.name !== leader && running(w, m.name))
    .map((m) => diskDelayMs(w, m.name))
    .sort((a, b) => a - b);
  const need = quorumSize(w.etcd) - 1;
  const slowestNeeded = need > 0 ? (followers[need - 1] ?? 0) : 0;
  return w.timings.etcdCommit + Math.max(diskDelayMs(w, leader), slowestNeeded);
}

/** Microseconds of a measured duration: the simulated ms plus a stable sub-millisecond part. */
export function measuredMicros(ms: number, salt: number): number {
  return ms * 1000 + ((salt * 7919) % 997);
}

export interface SlowWrite {
  key: string;
  op: 'create' | 'update' | 'delete';
  /** The mod revision the write compared against (0 for a create). */
  prevRevision: number;
  valueSize: number;
  revision: number;
  tookMs: number;
}

/** A raft request id as etcd's idutil makes them: the member id's low 16 bits, then a counter. */
function requestId(memberId: string, revision: number): string {
  return ((BigInt(`0x${memberId.slice(-4)}`) << 48n) + 0x1_8a3c_0000n + BigInt(revision)).toString();
}

/** The txn kube-apiserver sends (etcd3 store's GuaranteedUpdate/Create/Delete), as etcd prints it. */
function txnText(memberId: string, s: SlowWrite): string {
  const k = JSON.stringify(s.key);
  const success = s.op === 'delete' ? `request_delete_range:<key:${k} >` : `request_put:<key:${k} value_size:${s.valueSize} >`;
  return `header:<ID:${requestId(memberId, s.revision)} > txn:<compare:<target:MOD key:${k} mod_revision:${s.prevRevision} > success:<${success}> failure:<request_range:<key:${k} > >>`;
}

/** What each slow member writes to its log for one commit. */
export function logSlowCommit(w: World, s: SlowWrite): void {
  for (const m of w.etcd.members) {
    const c = w.components.get(m.name);
    if (!c?.running) continue;
    const fsync = diskDelayMs(w, m.name);
    if (fsync > WARN_SYNC_MS) {
      zap(w, c, 'warn', 'wal/wal.go:845', 'slow fdatasync', { took: goDurationMicros(measuredMicros(fsync, s.revision)), 'expected-duration': '1s' });
    }
    if (m.name === w.etcd.leader && s.tookMs > WARN_APPLY_MS) {
      zap(w, c, 'warn', 'txn/util.go:93', 'apply request took too long', {
        took: goDurationMicros(measuredMicros(s.tookMs, s.revision)),
        'expected-duration': '100ms',
        prefix: '',
        request: txnText(m.memberId, s),
        response: 'size:20',
      });
    }
  }
}
