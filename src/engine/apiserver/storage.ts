/**
 * The registry's storage layer. Writes go through etcd's raft (quorum and leader required); every
 * committed write bumps the global revision, which becomes the object's resourceVersion, and fans
 * out to watchers. Reads are answered from our etcd keyspace, which stands for kube-apiserver's
 * watch cache too (the cache never lags here); whether a read must first reach etcd is
 * k8s/read-consistency.ts's rule (v1.36's CacheDelegator): a GET or LIST without a
 * resourceVersion does, and so needs the quorum a write needs (rangeRead); a Reflector's
 * `resourceVersion=0` list and the watches do not, so components already watching keep their view.
 */
import type { ComponentId } from '../core/ids';
import type { TraceDetails, TraceObject } from '../core/trace';
import type { KObject } from '../../k8s/types';
import { bucket, ETCD_REQUEST_TIMED_OUT, quorumSize, type EtcdError } from '../etcd/etcd';
import type { EtcdMemberState } from '../etcd/member';
import { markComponentChanged, markObjectChanged, setTimer, trace, traceRef } from '../runtime';
import type { World } from '../world';
import { fanOut } from './watch';
import { logElection } from '../logging/etcd-log';
import { commitLatencyMs, logSlowCommit } from '../etcd/disk';
import { rbacChanged } from './rbac-authorizer';
import { RBAC_RESOURCES } from '../../k8s/rbac';
import { aggregatorSawCommit } from './aggregator';
import { apfSawCommit } from './apf-config';
import type { ApiServerState } from './state';
import { podBucketChanged } from './list-index';
import { storageKey } from '../../k8s/storage-key';

export { storageKey };

/** The etcd key kube-apiserver would use, shown in traces: `/registry/deployments/default/go-api`. */
export function registryPath(resource: string, namespace: string | undefined, name: string): string {
  return `/registry/${storageKey(resource, namespace, name)}`;
}

export function storedObject(w: World, resource: string, namespace: string | undefined, name: string): KObject | undefined {
  return w.etcd.kv.get(resource)?.get(storageKey(resource, namespace, name));
}

function memberUp(w: World, id: ComponentId): boolean {
  const m = w.components.get(id) as EtcdMemberState | undefined;
  return m !== undefined && m.running;
}

/**
 * Whether etcd has a leader with a quorum behind it, which a commit and a linearizable read
 * (ReadIndex) both need. With a quorum but no live leader, the lowest-named live member wins an
 * election first (a new term), as raft would after its election timeout.
 */
export function etcdLeaderWithQuorum(w: World): EtcdError | undefined {
  const s = w.etcd;
  const live = s.members.filter((m) => memberUp(w, m.name));
  if (live.length < quorumSize(s)) return ETCD_REQUEST_TIMED_OUT;
  if (s.leader === undefined || !memberUp(w, s.leader)) {
    const prev = s.leader;
    s.leader = live[0]!.name;
    s.term++;
    for (const m of s.members) markComponentChanged(w, m.name);
    const detail: TraceDetails['etcd-commit'] = { type: 'leader-elected', member: s.leader, term: s.term };
    if (prev) detail.previous = prev;
    trace(w, { from: s.leader, to: s.leader, kind: 'etcd-commit', detail });
    logElection(w, s.leader, s.term);
  }
  return undefined;
}

/**
 * A read etcd must answer (a Range: the object's key for a GET, the resource's prefix for a
 * consistent LIST's revision check). It fails as a commit does without a quorum, with the same
 * round trip in the trace; one etcd answered is not traced (every consistent read would double
 * its trace for a hop that shows nothing new).
 */
export function rangeRead(w: World, server: ComponentId, requestId: number, resource: string, namespace: string | undefined, name: string | undefined, ref: TraceObject | undefined): EtcdError | undefined {
  const err = etcdLeaderWithQuorum(w);
  if (!err) return undefined;
  const leaderOrFirst = w.etcd.leader ?? w.etcd.members[0]!.name;
  const key = name === undefined ? `/registry/${resource}` : registryPath(resource, namespace, name);
  trace(w, { from: server, to: leaderOrFirst, kind: 'etcd-read', detail: { key }, object: ref, requestId });
  trace(w, { from: leaderOrFirst, to: server, kind: 'etcd-commit', detail: { type: 'failed', error: err }, object: ref, requestId });
  return err;
}

export type WriteResult = { ok: true; rv: string; stored: KObject | undefined } | { ok: false; error: EtcdError };

/**
 * Tests only: deep-freeze every committed object, so code that mutates a stored object throws.
 * Writes share unchanged subtrees with the version before (handler.ts's status writes), so such a
 * mutation would silently rewrite history; storage.test.ts runs a cluster's life with this on.
 */
export const storageChecks = { freezeCommitted: false };

function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
}

/**
 * Commits `next` (or a deletion when undefined) at `key`. The caller has finished admission and
 * validation; this only talks to etcd and fans out.
 */
export function commit(
  w: World,
  server: ComponentId,
  requestId: number,
  resource: string,
  namespace: string | undefined,
  name: string,
  next: KObject | undefined,
  op: 'create' | 'update' | 'delete',
): WriteResult {
  const key = storageKey(resource, namespace, name);
  const b = bucket(w.etcd, resource);
  const old = b.get(key);
  const ref = traceRef(next ?? old!);
  const leaderOrFirst = w.etcd.leader ?? w.etcd.members[0]!.name;
  trace(w, { from: server, to: leaderOrFirst, kind: 'etcd-write', detail: { op, key: registryPath(resource, namespace, name) }, object: ref, requestId });
  const err = etcdLeaderWithQuorum(w);
  if (err) {
    trace(w, { from: leaderOrFirst, to: server, kind: 'etcd-commit', detail: { type: 'failed', error: err }, object: ref, requestId });
    return { ok: false, error: err };
  }
  const leader = w.etcd.leader!;
  const rev = ++w.etcd.revision;
  const rv = String(rev);
  let stored: KObject | undefined;
  if (next) {
    next.metadata.resourceVersion = rv;
    if (storageChecks.freezeCommitted) deepFreeze(next);
    b.set(key, next);
    stored = next;
    markObjectChanged(w, key, old ? 'updated' : 'added');
  } else {
    b.delete(key);
    markObjectChanged(w, key, 'removed');
  }
  if (resource === 'pods') podBucketChanged(b, key, next);
  const detail: TraceDetails['etcd-commit'] = { type: 'committed', revision: rev, quorum: quorumSize(w.etcd), members: w.etcd.members.length };
  const tookMs = commitLatencyMs(w);
  if (tookMs > 0) {
    detail.tookMs = tookMs;
    w.etcd.slowCommitMs = tookMs;
    const prevRevision = op === 'create' ? 0 : Number(old?.metadata.resourceVersion ?? 0);
    logSlowCommit(w, { key: registryPath(resource, namespace, name), op, prevRevision, valueSize: next ? JSON.stringify(next).length : 0, revision: rev, tookMs });
  }
  trace(w, {
    from: leader,
    to: server,
    kind: 'etcd-commit',
    detail,
    object: ref,
    resourceVersion: rv,
    requestId,
  });
  w.changes.log?.push({ seq: w.trace.nextSeq - 1, key, object: stored ?? null });
  if (RBAC_RESOURCES.has(resource)) rbacChanged(w);
  // The apiextensions controllers inside this apiserver see every CRD change (controllers.ts).
  if (resource === 'customresourcedefinitions') {
    const self = w.components.get(server);
    if (self?.running) setTimer(w, self, 0, 'apiextensions', name);
  }
  // kube-aggregator's availability check sees APIServices and what they point at (aggregator.ts).
  aggregatorSawCommit(w, server, resource);
  // API Priority and Fairness's config loops see every FlowSchema and priority level (apf-config.ts).
  apfSawCommit(w, w.components.get(server) as ApiServerState | undefined, resource);
  // A deleted object is delivered with the deletion's revision, as the watch cache does.
  const deletedView = !next && old ? { ...old, metadata: { ...old.metadata, resourceVersion: rv } } : undefined;
  // Watchers hear of a write only once it committed: a slow disk delays every event.
  fanOut(w, resource, old, next, deletedView, tookMs);
  return { ok: true, rv, stored };
}
