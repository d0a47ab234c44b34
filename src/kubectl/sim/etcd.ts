/**
 * `sim etcd restore <snapshot>`: the restore a kubeadm operator does by hand (etcdutl snapshot
 * restore into a new data dir, the etcd static Pod pointed at it, the control plane restarted),
 * in one step. The snapshot is a file `etcdctl snapshot save` wrote inside the etcd Pod; the
 * engine's etcd/snapshot.ts does the work and says what is approximate about it.
 */
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';

const USAGE = 'error: usage: sim etcd restore <snapshot path, as etcdctl snapshot save wrote it>';

export function simEtcd(session: Session, argv: string[]): CommandResult {
  const [sub, path, ...rest] = argv;
  if (sub !== 'restore' || path === undefined || path.startsWith('-') || rest.length > 0) return fail(USAGE);
  const res = session.sim.restoreEtcdSnapshot(path);
  if (!res.ok) {
    const saved = session.sim.etcdSnapshots();
    return fail(`error: ${res.error}${saved.length ? ` (snapshots saved: ${saved.join(', ')})` : ' (no snapshot has been saved: kubectl exec -n kube-system <etcd Pod> -- etcdctl … snapshot save <path>)'}`);
  }
  return ok(
    `etcd restored from ${path}: the keyspace of revision ${res.snapshotRevision}; new writes continue after revision ${res.revision}\n` +
      `${res.removed} objects written since the snapshot are gone, ${res.restored} deleted since are back; every watch ended, so every component relists\n`,
  );
}
