/**
 * The etcd cluster as a client inside the etcd static Pod reaches it (`kubectl exec … -- etcdctl`):
 * the engine's side of images' EtcdClientView. It answers from the World at the moment of the
 * exec. Stored values are shown as the JSON kube-apiserver writes for custom resources (see the
 * README's etcd bullet: built-in kinds are protobuf behind a `k8s\0` magic in real etcd).
 */
import type { ComponentId } from '../core/ids';
import type { EtcdClientView, EtcdKeyValue, EtcdMemberView, EtcdStatusView } from '../images/types';
import { ETCD_IMAGE } from '../kubelet/static-pod-manifests';
import { clusterId } from '../logging/etcd-log';
import type { World } from '../world';
import { commitLatencyMs, diskDelayMs, measuredMicros } from './disk';
import { quorumSize } from './etcd';
import { registryEntries } from './keys';
import { dbSizeBytes, saveSnapshot, STORAGE_VERSION } from './snapshot';

/** etcd's default --quota-backend-bytes (2 GiB). */
const QUOTA_BYTES = 2 * 1024 * 1024 * 1024;
/** A linearizable read on a healthy member: a heartbeat round for the ReadIndex, then the read. */
const READ_MS = 1;

const VERSION = ETCD_IMAGE.slice(ETCD_IMAGE.lastIndexOf(':') + 1).replace(/-\d+$/, '');

function ipOf(w: World, host: string): string {
  return w.machineSpecs.get(host)?.ip ?? '';
}

function memberComponent(w: World, memberId: string): ComponentId | undefined {
  return w.etcd.members.find((m) => m.memberId === memberId)?.name;
}

function liveCount(w: World): number {
  return w.etcd.members.filter((m) => w.components.get(m.name)?.running === true).length;
}

/** The stored bytes: the object without its resourceVersion (etcd's mod revision is the truth), as JSON. */
function storedValue(o: object & { metadata?: { resourceVersion?: string } }): string {
  const { resourceVersion: _rv, ...metadata } = o.metadata ?? {};
  return `${JSON.stringify({ ...o, metadata })}\n`;
}

export function etcdClientView(w: World, host: string): EtcdClientView {
  return {
    clusterId: clusterId(w),
    memberAt(hostPort) {
      const i = hostPort.lastIndexOf(':');
      const h = i < 0 ? hostPort : hostPort.slice(0, i);
      if (hostPort.slice(i + 1) !== '2379') return undefined;
      const machine = h === '127.0.0.1' || h === 'localhost' ? host : [...w.machineSpecs.values()].find((m) => m.ip === h)?.name;
      const member = w.etcd.members.find((m) => w.components.get(m.name)?.host === machine);
      return member && w.components.get(member.name)?.running ? member.memberId : undefined;
    },
    memberList(): EtcdMemberView[] {
      return w.etcd.members
        .map((m) => {
          const h = w.components.get(m.name)?.host ?? '';
          return { id: m.memberId, name: h, peerURLs: [`https://${ipOf(w, h)}:2380`], clientURLs: [`https://${ipOf(w, h)}:2379`], isLearner: false };
        })
        .sort((a, b) => (BigInt(`0x${a.id}`) < BigInt(`0x${b.id}`) ? -1 : 1));
    },
    status(memberId): EtcdStatusView {
      const leader = w.etcd.members.find((m) => m.name === w.etcd.leader);
      const dbSize = dbSizeBytes(w.etcd.kv);
      // Entries besides the keyspace's writes: a conf change per founding member, each member
      // publishing its attributes, the cluster version, and an empty entry per elected leader.
      const raftIndex = w.etcd.revision + 2 * w.etcd.members.length + 1 + w.etcd.term;
      return {
        id: memberId,
        version: VERSION,
        storageVersion: STORAGE_VERSION,
        dbSize,
        dbSizeInUse: Math.max(4096, Math.ceil((dbSize * 0.55) / 4096) * 4096),
        quota: QUOTA_BYTES,
        leader: leader?.memberId ?? '0',
        isLearner: false,
        raftTerm: w.etcd.term,
        raftIndex,
        raftAppliedIndex: raftIndex,
        errors: leader && liveCount(w) >= quorumSize(w.etcd) ? [] : ['etcdserver: no leader'],
      };
    },
    linearizableMicros(memberId) {
      if (liveCount(w) < quorumSize(w.etcd)) return undefined;
      const id = memberComponent(w, memberId);
      // A slow quorum delays the apply a read waits for; a slow member's own disk delays its apply.
      const ms = READ_MS + Math.max(commitLatencyMs(w), id ? diskDelayMs(w, id) : 0);
      return measuredMicros(ms, w.now + w.etcd.members.findIndex((m) => m.memberId === memberId) * 131);
    },
    range(_memberId, key, prefix) {
      const kvs: EtcdKeyValue[] = [];
      for (const e of registryEntries(w)) {
        if (prefix ? !e.key.startsWith(key) : e.key !== key) continue;
        const o = w.etcd.kv.get(e.resource)?.get(e.storageKey);
        if (o) kvs.push({ key: e.key, value: storedValue(o), modRevision: Number(o.metadata.resourceVersion ?? 0) });
      }
      return { revision: w.etcd.revision, kvs };
    },
    snapshot(memberId, path) {
      const saved = saveSnapshot(w, memberComponent(w, memberId) ?? w.etcd.members[0]!.name, path);
      return { bytes: saved.bytes, tookMicros: measuredMicros(saved.tookMs, w.etcd.revision), version: STORAGE_VERSION };
    },
  };
}
