/**
 * `etcdctl snapshot save` and the restore that rolls the cluster back to it.
 *
 * A snapshot is the keyspace at one revision. The restore is what the kubeadm procedure
 * (`etcdutl snapshot restore --bump-revision … --mark-compacted`, then pointing the etcd static
 * Pod at the restored data dir) leaves behind, applied in one step: the keyspace becomes the
 * snapshot's, the revision keeps counting up from where the cluster was (bump-revision: no
 * resourceVersion is ever handed out twice), and every watch ends as if compacted, so every
 * Reflector relists. The controllers then see objects created after the snapshot gone and
 * older ones back; the kubelets kill Pods that no longer exist and start the ones bound to them
 * again. Approximation: etcd and kube-apiserver are not restarted around the swap.
 */
import type { ComponentId } from '../core/ids';
import type { KObject } from '../../k8s/types';
import { humanBytes } from './humanize';
import { goDurationMicros } from '../../k8s/time';
import { unregisterWatch } from '../apiserver/watch';
import { zap } from '../logging/etcd-log';
import { markObjectChanged, schedule, trace } from '../runtime';
import type { World } from '../world';
import type { EtcdSnapshot } from './etcd';
import { measuredMicros } from './disk';

/** etcd's storage version in 3.6 (the snapshot header and `endpoint status` show it). */
export const STORAGE_VERSION = '3.6.0';

/**
 * The bbolt file's size: its pages hold every key's latest value plus the history not yet
 * compacted; approximated as twice the stored objects' JSON plus the schema buckets' pages.
 */
export function dbSizeBytes(kv: EtcdSnapshot['kv']): number {
  let bytes = 0;
  for (const b of kv.values()) for (const o of b.values()) bytes += JSON.stringify(o).length;
  return Math.ceil((2 * bytes) / 4096) * 4096 + 20 * 4096;
}

function copyKv(kv: EtcdSnapshot['kv']): EtcdSnapshot['kv'] {
  return new Map([...kv].map(([r, b]) => [r, new Map(b)]));
}

export interface SavedSnapshot {
  bytes: number;
  tookMs: number;
}

/** The member streams its keyspace to etcdctl, which writes it at `path`. */
export function saveSnapshot(w: World, member: ComponentId, path: string): SavedSnapshot {
  const kv = copyKv(w.etcd.kv);
  (w.etcd.snapshots ??= new Map()).set(path, { revision: w.etcd.revision, kv, member, takenAt: w.now });
  const bytes = dbSizeBytes(kv);
  const tookMs = 5 + Math.round(bytes / 200_000);
  const c = w.components.get(member);
  if (c) {
    const size = humanBytes(bytes);
    const fields = { 'total-bytes': bytes, size, 'storage-version': STORAGE_VERSION };
    zap(w, c, 'info', 'v3rpc/maintenance.go:160', 'sending database snapshot to client', fields);
    zap(w, c, 'info', 'v3rpc/maintenance.go:202', 'sending database sha256 checksum to client', { 'total-bytes': bytes, 'checksum-size': 32 });
    zap(w, c, 'info', 'v3rpc/maintenance.go:211', 'successfully sent database snapshot to client', { ...fields, took: goDurationMicros(measuredMicros(tookMs, w.etcd.revision)) });
  }
  return { bytes, tookMs };
}

export type RestoreResult = { ok: true; snapshotRevision: number; revision: number; removed: number; restored: number } | { ok: false; error: string };

/** Replaces the keyspace with the snapshot at `path` and ends every watch (see the header). */
export function restoreSnapshot(w: World, path: string): RestoreResult {
  const snap = w.etcd.snapshots?.get(path);
  if (!snap) return { ok: false, error: `open ${path}: no such file or directory` };
  const before = w.etcd.kv;
  const after = copyKv(snap.kv);
  let removed = 0;
  let restored = 0;
  const changed: { key: string; object: KObject | null }[] = [];
  for (const [r, b] of before) {
    const nb = after.get(r);
    for (const [key, o] of b) {
      const n = nb?.get(key);
      if (n === undefined) {
        removed++;
        changed.push({ key, object: null });
        markObjectChanged(w, key, 'removed');
      } else if (n !== o) {
        changed.push({ key, object: n });
        markObjectChanged(w, key, 'updated');
      }
    }
  }
  for (const [r, nb] of after) {
    for (const [key, n] of nb) {
      if (before.get(r)?.has(key)) continue;
      restored++;
      changed.push({ key, object: n });
      markObjectChanged(w, key, 'added');
    }
  }
  w.etcd.kv = after;
  const leader = w.etcd.leader ?? w.etcd.members[0]!.name;
  trace(w, { from: leader, to: leader, kind: 'etcd-commit', detail: { type: 'restored', path, snapshotRevision: snap.revision, revision: w.etcd.revision } });
  for (const c of changed) w.changes.log?.push({ seq: w.trace.nextSeq - 1, key: c.key, object: c.object });
  for (const m of w.etcd.members) {
    const c = w.components.get(m.name);
    if (c?.running) zap(w, c, 'info', 'mvcc/kvstore.go:420', 'restored last compact revision', { 'meta-bucket-name-key': 'finishedCompactRev', 'restored-compact-revision': w.etcd.revision });
  }
  endEveryWatch(w);
  return { ok: true, snapshotRevision: snap.revision, revision: w.etcd.revision, removed, restored };
}

/** Every watch ends with `mvcc: required revision has been compacted`; each watcher relists. */
function endEveryWatch(w: World): void {
  const byWatcher = new Map<ComponentId, { server: ComponentId; count: number }>();
  for (const [id, reg] of [...w.watches]) {
    unregisterWatch(w, id);
    schedule(w, 0, reg.watcher, { type: 'watch-closed', epoch: reg.epoch, watchId: id });
    const seen = byWatcher.get(reg.watcher);
    if (seen) seen.count++;
    else byWatcher.set(reg.watcher, { server: reg.server, count: 1 });
  }
  for (const [watcher, { server, count }] of byWatcher) {
    trace(w, { from: server, to: watcher, kind: 'watch', detail: { type: 'closed', watches: count, reason: 'etcdserver: mvcc: required revision has been compacted' } });
  }
}
