/**
 * etcd: a raft group of 1 or 3 members with one leader, one global revision and a keyspace.
 * A write commits only when a quorum of members (a majority) is up and a leader exists; the new
 * revision becomes the object's resourceVersion. Reads through kube-apiserver need the quorum
 * too unless its watch cache may answer them alone (a Reflector's `resourceVersion=0` list, a
 * watch): `kubectl get` times out like a write (k8s/read-consistency.ts).
 */
import type { ComponentId } from '../core/ids';
import type { KObject } from '../../k8s/types';

export interface EtcdMemberInfo {
  name: ComponentId;
  /** Numeric member id as `etcdctl member list` shows it (hex). */
  memberId: string;
}

export interface EtcdState {
  members: EtcdMemberInfo[];
  leader: ComponentId | undefined;
  /** raft term; bumps on every election. */
  term: number;
  revision: number;
  /** resource → storage key → object. The stored object's metadata.resourceVersion is its mod revision. */
  kv: Map<string, Map<string, KObject>>;
  /** `etcdctl snapshot save` files by path (snapshot.ts); absent until the first save. */
  snapshots?: Map<string, EtcdSnapshot>;
  /**
   * How long the latest commit took to reach a quorum's disks while a disk-latency fault is
   * active (disk.ts); Simulation.request makes the student's kubectl wait it out.
   */
  slowCommitMs?: number;
}

/**
 * A point-in-time copy of the keyspace. Stored objects are never mutated after commit, so the
 * buckets can share them with the live keyspace.
 */
export interface EtcdSnapshot {
  revision: number;
  kv: Map<string, Map<string, KObject>>;
  /** The member that streamed it and when (simulated ms). */
  member: ComponentId;
  takenAt: number;
}

export type EtcdError = 'etcdserver: request timed out' | 'etcdserver: leader changed' | 'etcdserver: no leader';

/** etcd's ErrTimeout (server/etcdserver/errors): a proposal that did not commit within ReqTimeout. */
export const ETCD_REQUEST_TIMED_OUT: EtcdError = 'etcdserver: request timed out';

export function newEtcdState(members: EtcdMemberInfo[]): EtcdState {
  return { members, leader: members[0]?.name, term: 1, revision: 1, kv: new Map() };
}

export function quorumSize(s: EtcdState): number {
  return Math.floor(s.members.length / 2) + 1;
}

export function bucket(s: EtcdState, resource: string): Map<string, KObject> {
  let b = s.kv.get(resource);
  if (!b) {
    b = new Map();
    s.kv.set(resource, b);
  }
  return b;
}
