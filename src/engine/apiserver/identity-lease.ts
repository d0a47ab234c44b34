/**
 * kube-apiserver's identity Lease (the APIServerIdentity feature, on by default): each apiserver
 * holds `kube-system/apiserver-<hash>`, the hash a base32 SHA-256 of its hostname, labelled
 * `apiserver.kubernetes.io/identity: kube-apiserver`, held by `apiserver-<hash>_<uuid>` (a new
 * uuid per process start) for 3600 s and renewed every 10 s; every apiserver's lease GC deletes
 * the identity Leases that expired (an apiserver gone for an hour).
 *
 * Trade-off, on purpose: a renewal every 10 s is a commit that bumps etcd's revision and reaches
 * kube-controller-manager's Lease informer, whose delivery jitter draws from the world's PRNG, so
 * renewing would change every recorded run. By default the Leases are therefore written once,
 * at etcd's initial revision on the cluster's first start (uids and uuids from a stream of their
 * own, as rbac-bootstrap.ts does), and never renewed or collected. A cluster built with
 * `identityLeaseRenewal` (ClusterOptions) renews them through the API and collects stale ones.
 */
import type { Lease } from '../../k8s/types';
import { parseTimestamp, rfc3339, rfc3339Micro } from '../../k8s/time';
import type { SimMillis } from '../core/ids';
import { cloneData } from '../core/clone';
import { seedRng, uuidV4, type RngState } from '../core/rng';
import { sha256Hex } from '../../k8s/sha256';
import { markObjectChanged, setTimer } from '../runtime';
import { bucket } from '../etcd/etcd';
import type { World } from '../world';
import { storageKey } from './storage';
import type { ApiServerState } from './state';
import type { ApiRequest, ApiResponse } from './handler';

export const IDENTITY_LABEL = 'apiserver.kubernetes.io/identity';
export const IDENTITY_LEASE_DURATION_SECONDS = 3600;
export const IDENTITY_RENEW_INTERVAL_MS = 10_000;
export const IDENTITY_TIMER = 'identity-lease';

/** Seeds the stream the identity Leases' uids and holder uuids are drawn from. */
const IDENTITY_STREAM = 0x1d_e771;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: number[]): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The identity: `apiserver-` + lowercase unpadded base32 of the first 16 bytes of SHA-256(len‖hostname‖len‖"kube-apiserver"). */
export function identityLeaseName(hostname: string): string {
  const prefixed = (s: string): string => String.fromCharCode(s.length >> 8, s.length & 255) + s;
  const hex = sha256Hex(prefixed(hostname) + prefixed('kube-apiserver'));
  const bytes: number[] = [];
  for (let i = 0; i < 32; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  return `apiserver-${base32(bytes)}`;
}

function leaseFor(host: string, holder: string, now: SimMillis): Lease {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: identityLeaseName(host), namespace: 'kube-system', labels: { [IDENTITY_LABEL]: 'kube-apiserver', 'kubernetes.io/hostname': host } },
    spec: { holderIdentity: holder, leaseDurationSeconds: IDENTITY_LEASE_DURATION_SECONDS, renewTime: rfc3339Micro(now) },
  };
}

/** The first start: every apiserver's Lease enters the keyspace at the current revision, without a commit. */
export function seedIdentityLeases(w: World): void {
  const rng: RngState = seedRng(w.seed ^ IDENTITY_STREAM);
  for (const id of w.apiServers) {
    const server = w.components.get(id) as ApiServerState | undefined;
    if (!server) continue;
    const name = identityLeaseName(server.host);
    const lease = leaseFor(server.host, `${name}_${uuidV4(rng)}`, w.now);
    lease.metadata.uid = uuidV4(rng);
    lease.metadata.resourceVersion = String(w.etcd.revision);
    lease.metadata.creationTimestamp = rfc3339(w.now);
    const key = storageKey('leases', 'kube-system', lease.metadata.name!);
    const b = bucket(w.etcd, 'leases');
    if (b.has(key)) continue;
    b.set(key, lease);
    markObjectChanged(w, key, 'added');
  }
}

/** Arms the renewal loop of a (re)started apiserver, in a cluster that renews its identity Leases. */
export function startIdentityLease(w: World, self: ApiServerState): void {
  if (!w.cluster?.identityLeaseRenewal) return;
  // The first process holds the Lease seeded for it; a restarted one is a new holder (a fresh uuid).
  const name = identityLeaseName(self.host);
  const seeded = w.etcd.kv.get('leases')?.get(storageKey('leases', 'kube-system', name)) as Lease | undefined;
  self.identityHolder = self.epoch === 0 && seeded?.spec.holderIdentity ? seeded.spec.holderIdentity : `${name}_${uuidV4(w.rng)}`;
  setTimer(w, self, 0, IDENTITY_TIMER);
}

type Send = (req: Omit<ApiRequest, 'user' | 'from'>) => ApiResponse;

/** One tick: renew (or create) this apiserver's Lease, then delete every expired identity Lease. */
export function identityLeaseTick(w: World, self: ApiServerState, send: Send): void {
  const name = identityLeaseName(self.host);
  const holder = self.identityHolder ?? `${name}_`;
  const cur = w.etcd.kv.get('leases')?.get(storageKey('leases', 'kube-system', name)) as Lease | undefined;
  if (!cur) send({ verb: 'create', resource: 'leases', namespace: 'kube-system', body: leaseFor(self.host, holder, w.now) });
  else {
    const next = cloneData(cur);
    next.spec.holderIdentity = holder;
    next.spec.renewTime = rfc3339Micro(w.now);
    send({ verb: 'update', resource: 'leases', namespace: 'kube-system', name, body: next });
  }
  collectExpired(w, send);
  setTimer(w, self, IDENTITY_RENEW_INTERVAL_MS, IDENTITY_TIMER);
}

/** apiserverleasegc: identity Leases whose renewTime + leaseDurationSeconds has passed are deleted. */
function collectExpired(w: World, send: Send): void {
  const expired: string[] = [];
  for (const o of w.etcd.kv.get('leases')?.values() ?? []) {
    const lease = o as Lease;
    if (lease.metadata.namespace !== 'kube-system' || lease.metadata.labels?.[IDENTITY_LABEL] !== 'kube-apiserver' || !lease.spec.renewTime) continue;
    if (parseTimestamp(lease.spec.renewTime) + (lease.spec.leaseDurationSeconds ?? IDENTITY_LEASE_DURATION_SECONDS) * 1000 < w.now) expired.push(lease.metadata.name ?? '');
  }
  for (const name of expired) send({ verb: 'delete', resource: 'leases', namespace: 'kube-system', name });
}
