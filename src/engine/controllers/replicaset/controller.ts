/**
 * The ReplicaSet controller (`replicaset-controller`): keeps spec.replicas active Pods that match
 * the selector and carry this ReplicaSet as their controller, and reports what it sees in status.
 * The replication controller runs the same code over ReplicationControllers (newReplicaController
 * with a ReplicaKind: upstream's NewBaseController, which both managers are built from).
 * Pods are looked up through indexes by controller UID (and orphans by namespace) kept from the
 * informer's deltas, never by scanning every Pod, and a sync counts only the Pods that changed
 * since the one before (view.ts).
 */
import type { Pod, ReplicaSet } from '../../../k8s/types';
import { fromLabelSelector, matches, type Selector } from '../../../k8s/labels';
import { componentId } from '../../core/ids';
import { metaKey, splitKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { claimObjects, type ClaimSpec } from '../util/claim';
import { runSync } from '../util/errors';
import { creationObserved, deletionObserved, satisfiedExpectations, type Expectations } from '../util/expectations';
import { controllerRefOf } from '../util/meta';
import { isPodActive, isPodAvailable, isPodReady, isPodTerminating, podReadySince } from '../util/pods';
import { indexKeys, indexMove, stateOf, type KeyIndex } from '../util/state';
import { manageReplicas } from './manage';
import { calculateStatus, podCounts, updateReplicaSetStatus, type ReplicaCounts } from './status';
import { markPod, refreshView, type PodViews } from './view';
import { pushAll } from '../../../k8s/arrays';
import { newTokenBucket, type RateLimit, type TokenBucket } from '../../client/flowcontrol';
import type { ComponentId } from '../../core/ids';
import { REPLICA_SET_KIND, type ReplicaKind } from './kind';

interface ReplicaSetState {
  /** controller UID → keys of the Pods it controls. */
  podsByOwner: KeyIndex;
  /** namespace → keys of Pods without a controller. */
  orphanPods: KeyIndex;
  /** namespace → ReplicaSet keys. */
  rsByNamespace: KeyIndex;
  /** controller UID (a Deployment) → ReplicaSet keys. */
  rsByOwner: KeyIndex;
  /** controller UID → the running count of its Pods. */
  views: PodViews;
  /** Pods read by syncs, summed: the work the views keep linear in Pod events. */
  podsRead: number;
  expectations: Expectations;
  /**
   * ReplicaSet key → when the client's bucket will hold the batch its last sync could not send.
   * Until then its syncs leave creations and deletions alone (upstream's sync is still blocked
   * sending them), so the batch goes out whole rather than a Pod per token.
   */
  throttled: Map<string, number>;
  /**
   * The controller's client rate limiter, created full on first use (again after a leader change,
   * as a new process would have it).
   */
  client?: TokenBucket;
}

function state(ctx: ControllerContext): ReplicaSetState {
  return stateOf(ctx, () => ({ podsByOwner: new Map(), orphanPods: new Map(), rsByNamespace: new Map(), rsByOwner: new Map(), views: new Map(), podsRead: 0, expectations: new Map(), throttled: new Map() }));
}

/** --kube-api-qps / --kube-api-burst. No limiter for a QPS ≤ 0 (client-go builds none for a negative one). */
function clientRateLimit(w: ControllerContext['w']): RateLimit | undefined {
  const { kubeApiQps: qps, kubeApiBurst: burst } = w.timings;
  return qps > 0 ? { qps, burst: Math.max(1, burst) } : undefined;
}

function replicasOf(rs: ReplicaSet): number {
  return rs.spec.replicas ?? 1;
}

/** The ReplicaSet a controllerRef names, if it is the one in the cache. */
function resolveRef(ctx: ControllerContext, kind: ReplicaKind, ns: string, ref: ReturnType<typeof controllerRefOf>): string | undefined {
  if (!ref || ref.kind !== kind.kind) return undefined;
  const key = `${ns}/${ref.name}`;
  const rs = ctx.cache(kind.resource).cache.get(key);
  return rs && rs.metadata.uid === ref.uid ? key : undefined;
}

function rsKeysForPod(ctx: ControllerContext, kind: ReplicaKind, d: Delta): string[] {
  const s = state(ctx);
  const cur = d.cur as Pod | undefined;
  const old = d.old as Pod | undefined;
  const pod = (cur ?? old)!;
  const key = metaKey(pod);
  const ns = pod.metadata.namespace ?? '';
  const oldRef = controllerRefOf(old);
  const curRef = controllerRefOf(cur);
  indexMove(s.podsByOwner, key, oldRef?.uid, cur ? curRef?.uid : undefined);
  indexMove(s.orphanPods, key, old && !oldRef ? ns : undefined, cur && !curRef ? ns : undefined);
  markPod(s.views, key, oldRef?.uid, curRef?.uid);

  const keys = new Set<string>();
  const curRs = resolveRef(ctx, kind, ns, curRef);
  const oldRs = resolveRef(ctx, kind, ns, oldRef);
  // Expectations are observed once per Pod: creations on first sight, deletions on the
  // deletionTimestamp or the final removal (deletionObserved ignores repeats).
  const rsKeyFor = (ref: typeof curRef): string | undefined => (ref?.kind === kind.kind ? `${ns}/${ref.name}` : undefined);
  if (cur && !old && !cur.metadata.deletionTimestamp) {
    const k = rsKeyFor(curRef);
    if (k) creationObserved(s.expectations, k);
  }
  if (!cur || cur.metadata.deletionTimestamp) {
    const k = rsKeyFor(curRef ?? oldRef);
    if (k) deletionObserved(s.expectations, k, key);
  }
  if (curRs) keys.add(curRs);
  if (oldRs && oldRef?.uid !== curRef?.uid) keys.add(oldRs);
  // An orphan wakes every ReplicaSet of its namespace that might adopt it.
  if (cur && !curRef && (!old || oldRef || JSON.stringify(old.metadata.labels) !== JSON.stringify(cur.metadata.labels))) {
    for (const rsKey of indexKeys(s.rsByNamespace, ns)) {
      const stored = ctx.cache(kind.resource).cache.get(rsKey);
      if (stored && matches(fromLabelSelector(kind.read(stored).spec.selector), cur.metadata.labels)) keys.add(rsKey);
    }
  }
  return [...keys];
}

function keysFor(ctx: ControllerContext, kind: ReplicaKind, resource: string, d: Delta): string[] {
  if (resource === 'pods') return rsKeysForPod(ctx, kind, d);
  const s = state(ctx);
  const rs = (d.cur ?? d.old)!;
  const key = metaKey(rs);
  const ns = rs.metadata.namespace ?? '';
  indexMove(s.rsByNamespace, key, d.old ? ns : undefined, d.cur ? ns : undefined);
  indexMove(s.rsByOwner, key, controllerRefOf(d.old)?.uid, d.cur ? controllerRefOf(d.cur)?.uid : undefined);
  if (!d.cur && d.old?.metadata.uid) s.views.delete(d.old.metadata.uid);
  return [key];
}

function podsOf(ctx: ControllerContext, keys: Iterable<string>): Pod[] {
  const cache = ctx.cache('pods').cache;
  const out: Pod[] = [];
  for (const k of keys) {
    const p = cache.get(k) as Pod | undefined;
    if (p) out.push(p);
  }
  return out;
}

/** getIndirectlyRelatedPods: Pods of every ReplicaSet with the same controller (a Deployment's). */
function relatedPods(ctx: ControllerContext, kind: ReplicaKind, rs: ReplicaSet): Pod[] {
  const ref = controllerRefOf(rs);
  if (!ref) return [];
  const s = state(ctx);
  const out: Pod[] = [];
  for (const rsKey of indexKeys(s.rsByOwner, ref.uid)) {
    const sibling = ctx.cache(kind.resource).cache.get(rsKey);
    if (sibling?.metadata.uid) pushAll(out, podsOf(ctx, indexKeys(s.podsByOwner, sibling.metadata.uid)));
  }
  return out;
}

/** The earliest moment a Ready-but-not-yet-available Pod becomes available (minReadySeconds). */
function nextAvailabilityCheck(readyPods: () => Pod[], minReadySeconds: number, now: number): number | undefined {
  if (minReadySeconds <= 0) return undefined;
  let next: number | undefined;
  for (const p of readyPods()) {
    const since = podReadySince(p);
    if (since === undefined || !isPodReady(p)) continue;
    // IsPodAvailable needs transition + minReady strictly before now; timestamps have 1 s resolution.
    const at = since + minReadySeconds * 1000 + 1000;
    if (at > now && (next === undefined || at < next)) next = at;
  }
  return next === undefined ? undefined : next - now;
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** The Pods a sync works from: what claimObjects keeps and what calculateStatus counts. */
interface Claimed {
  counts: ReplicaCounts;
  /** The active controlled Pods in claim order (built on demand: a scale-down reads them). */
  pods(): Pod[];
  /** The claimed Ready Pods, for minReadySeconds. */
  readyPods(): Pod[];
}

function claimSpec(kind: ReplicaKind, rs: ReplicaSet, selector: Selector): ClaimSpec {
  return { owner: rs, ownerApiVersion: kind.apiVersion, ownerKind: kind.kind, resource: 'pods', selector };
}

/** Every controlled Pod and orphan read and claimed, as upstream's sync does. */
function claimAll(ctx: ControllerContext, kind: ReplicaKind, rs: ReplicaSet, selector: Selector, namespace: string): Claimed {
  const s = state(ctx);
  // Owned Pods then orphans, each once, read straight from the index sets.
  const candidateKeys = new Set<string>(s.podsByOwner.get(rs.metadata.uid ?? ''));
  for (const k of s.orphanPods.get(namespace) ?? []) candidateKeys.add(k);
  const candidates = podsOf(ctx, candidateKeys);
  s.podsRead += candidates.length;
  const active = claimObjects(ctx, claimSpec(kind, rs, selector), candidates.filter(isPodActive));
  const terminating = candidates.filter((p) => isPodTerminating(p) && controllerRefOf(p)?.uid === rs.metadata.uid && matches(selector, p.metadata.labels));
  return { counts: podCounts(rs, active, terminating, ctx.w.now), pods: () => active, readyPods: () => active.filter(isPodReady) };
}

/**
 * The same as claimAll, from the running view: the controlled Pods that changed are re-read, the
 * orphans of the namespace claimed as claimAll would (the controlled Pods make no request there).
 * Undefined when a controlled Pod must be released, which claimAll does.
 */
function claimChanged(ctx: ControllerContext, kind: ReplicaKind, rs: ReplicaSet, selector: Selector, namespace: string): Claimed | undefined {
  const s = state(ctx);
  const uid = rs.metadata.uid ?? '';
  const cache = ctx.cache('pods').cache;
  const { view, read } = refreshView(s.views, rs, selector, s.podsByOwner.get(uid), cache);
  s.podsRead += read;
  if (view.counts.mismatched > 0) return undefined;
  const orphans = podsOf(ctx, s.orphanPods.get(namespace) ?? []);
  s.podsRead += orphans.length;
  const adopted = orphans.length ? claimObjects(ctx, claimSpec(kind, rs, selector), orphans.filter(isPodActive)) : [];
  const readyPods = (): Pod[] => [...podsOf(ctx, view.ready), ...adopted.filter(isPodReady)];
  const minReady = rs.spec.minReadySeconds ?? 0;
  const now = ctx.w.now;
  const extra = podCounts(rs, adopted, [], now);
  const c = view.counts;
  const counts: ReplicaCounts = {
    active: c.claimed + extra.active,
    fullyLabeled: c.fullyLabeled + extra.fullyLabeled,
    ready: c.ready + extra.ready,
    // Without minReadySeconds every Ready Pod is available; with it, only the Ready ones need a look.
    available: minReady <= 0 ? c.ready + extra.available : podsOf(ctx, view.ready).filter((p) => isPodAvailable(p, minReady, now)).length + extra.available,
    terminating: c.terminating,
  };
  const pods = (): Pod[] => {
    const owned = podsOf(ctx, s.podsByOwner.get(uid) ?? []).filter((p) => isPodActive(p) && matches(selector, p.metadata.labels));
    return [...owned, ...adopted];
  };
  return { counts, pods, readyPods };
}

function syncReplicaSet(ctx: ControllerContext, kind: ReplicaKind, key: string): ReconcileResult {
  const s = state(ctx);
  const stored = ctx.cache(kind.resource).cache.get(key);
  if (!stored) {
    s.expectations.delete(key);
    s.throttled.delete(key);
    return DONE;
  }
  const rs = kind.read(stored);
  const now = ctx.w.now;
  const needsSync = satisfiedExpectations(s.expectations, key, now);
  const selector = fromLabelSelector(rs.spec.selector);
  const { namespace = '' } = splitKey(key);
  const claimed = claimChanged(ctx, kind, rs, selector, namespace) ?? claimAll(ctx, kind, rs, selector, namespace);
  const replicas = replicasOf(rs);
  ctx.observe(replicas, claimed.counts.active);

  let manageErr: string | undefined;
  let throttledFor: number | undefined;
  const heldUntil = s.throttled.get(key);
  if (needsSync && !rs.metadata.deletionTimestamp && (heldUntil === undefined || heldUntil <= now)) {
    s.throttled.delete(key);
    const limit = clientRateLimit(ctx.w);
    const client = limit && { limit, bucket: (s.client ??= newTokenBucket(limit, now)) };
    ({ error: manageErr, throttledFor } = manageReplicas(ctx, {
      rs,
      kind,
      rsKey: key,
      active: claimed.counts.active,
      activePods: claimed.pods,
      related: () => relatedPods(ctx, kind, rs),
      replicas,
      expectations: s.expectations,
      client,
    }));
    if (throttledFor !== undefined) s.throttled.set(key, now + throttledFor);
  }
  const status = calculateStatus(rs, claimed.counts, manageErr, replicas, now, kind.terminatingReplicas);
  const updated = updateReplicaSetStatus(ctx, kind, rs, status);
  if (manageErr !== undefined) return { kind: 'error', message: manageErr };
  const wait = earliest(nextAvailabilityCheck(claimed.readyPods, updated.spec.minReadySeconds ?? 0, now), throttledFor);
  return wait !== undefined ? { kind: 'requeueAfter', delay: wait } : DONE;
}

/** A controller running the ReplicaSet sync over `kind`, sharing kube-controller-manager's Pod informer. */
export function newReplicaController(name: string, actor: ComponentId, kind: ReplicaKind): ControllerDef {
  return {
    name,
    actor,
    informers: [kind.resource, 'pods'],
    keysFor: (ctx, resource, d) => keysFor(ctx, kind, resource, d),
    reconcile: (ctx, key) => runSync(() => syncReplicaSet(ctx, kind, key)),
  };
}

export const replicaSetController: ControllerDef = newReplicaController('replicaset', componentId('replicaset-controller'), REPLICA_SET_KIND);
