/**
 * The garbage collector (`generic-garbage-collector`): deletes objects whose owners are gone
 * (Background propagation), and serves the two finalizers the apiserver adds on DELETE —
 * `orphan` (strip the owner from every dependent, then let the owner go) and
 * `foregroundDeletion` (delete the blocking dependents first, then let the owner go).
 * A workqueue key is one object in the graph; reconcile is upstream's attemptToDeleteItem,
 * processDeletingDependentsItem and orphanDependents for it.
 */
import type { KObject, OwnerReference } from '../../../k8s/types';
import { RESOURCES } from '../../../k8s/resources';
import { customResources, isCustomResource, servedKind } from '../../apiextensions/served';
import { componentId } from '../../core/ids';
import type { Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError, statusCode } from '../util/errors';
import { hasFinalizer } from '../util/meta';
import { stateOf } from '../util/state';
import { applyDelta, dependentsOf, newGraph, nodeKey, splitNodeKey, type Graph, type NodeKey } from './graph';

const ORPHAN = 'orphan';
const FOREGROUND = 'foregroundDeletion';
/** The workqueue key that checks every object whose owner was unknown when it was first seen. */
const VERIFY_OWNERS = 'verify-virtual-owners';
/** The workqueue key that starts monitors for new custom resources (upstream resyncs them from discovery). */
const SYNC_MONITORS = 'sync-monitors';
/** Bound on the absent-owner cache, like upstream's LRU. */
const ABSENT_CACHE_SIZE = 500;

/**
 * Every resource that can own or depend on another: GetDeletableResources' (list, watch and
 * delete served: not the computed ComponentStatuses), less Events and Bindings, which never do.
 */
export const GC_RESOURCES = RESOURCES.filter((r) => ['list', 'watch', 'delete'].every((v) => r.verbs.includes(v)))
  .map((r) => r.resource)
  .filter((r) => r !== 'events' && r !== 'bindings');

function graph(ctx: ControllerContext): Graph {
  return stateOf(ctx, newGraph);
}

function lookup(ctx: ControllerContext, key: NodeKey): KObject | undefined {
  const { resource, cacheKey } = splitNodeKey(key);
  return ctx.cache(resource).cache.get(cacheKey);
}

function deletingDependents(obj: KObject): boolean {
  return !!obj.metadata.deletionTimestamp && hasFinalizer(obj, FOREGROUND);
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  const g = graph(ctx);
  const { added, removed } = applyDelta(g, resource, d);
  const obj = (d.cur ?? d.old)!;
  const key = nodeKey(resource, obj);
  const uid = obj.metadata.uid ?? '';
  const keys = new Set<string>();
  if (resource === 'customresourcedefinitions') keys.add(SYNC_MONITORS);
  const ownerIfDeleting = (u: string): void => {
    const k = g.byUid.get(u);
    const owner = k && lookup(ctx, k);
    if (owner && deletingDependents(owner)) keys.add(k);
  };
  if (!d.cur) {
    // Gone: its dependents may now be dangling, and an owner may have been waiting for it.
    // A custom object may be gone with its whole resource (its CRD deleted), so no GET could
    // tell: its observed deletion is the proof, as upstream's still-cached REST mapping would give.
    if (isCustomResource(resource)) {
      if (g.absent.size >= ABSENT_CACHE_SIZE) g.absent.clear();
      g.absent.add(uid);
    }
    for (const dep of dependentsOf(g, uid)) keys.add(dep);
    for (const r of d.old?.metadata.ownerReferences ?? []) ownerIfDeleting(r.uid);
    return [...keys];
  }
  // An owner we have never seen may not exist (upstream's virtual node): verify soon, in bulk.
  if (added.some((u) => !g.byUid.has(u))) {
    g.unverified.add(key);
    keys.add(VERIFY_OWNERS);
  }
  for (const u of removed) ownerIfDeleting(u);
  const was = d.old;
  const cur = d.cur;
  if (cur.metadata.deletionTimestamp && (hasFinalizer(cur, ORPHAN) || hasFinalizer(cur, FOREGROUND))) {
    const changed = !was || !was.metadata.deletionTimestamp || JSON.stringify(was.metadata.finalizers) !== JSON.stringify(cur.metadata.finalizers);
    if (changed) keys.add(key);
  }
  return [...keys];
}

/**
 * GenerateDeleteOwnerRefStrategicMergeBytes through gc.patch: a strategic merge patch deleting
 * the owners by uid (the dependent's uid a precondition), or — for a custom resource, which
 * answers a strategic patch 415 — deleteOwnerRefJSONMergePatch: a JSON merge patch of the
 * remaining references at a fresh resourceVersion.
 */
function deleteOwnerRefs(ctx: ControllerContext, key: NodeKey, obj: KObject, ownerUids: string[]): void {
  const { resource } = splitNodeKey(key);
  const at = { verb: 'patch' as const, resource, namespace: obj.metadata.namespace, name: obj.metadata.name };
  const body = { metadata: { uid: obj.metadata.uid, ownerReferences: ownerUids.map((uid) => ({ $patch: 'delete', uid })) } };
  let res = ctx.request({ ...at, body: body as unknown as KObject });
  if (statusCode(res) === 415) {
    const fresh = ctx.request({ verb: 'get', resource, namespace: obj.metadata.namespace, name: obj.metadata.name });
    if (!fresh.ok) {
      if (statusCode(fresh) === 404) return;
      throw new SyncError(fresh.error.message);
    }
    const meta = fresh.object!.metadata;
    const rest = (meta.ownerReferences ?? []).filter((r) => !ownerUids.includes(r.uid));
    const merge = { metadata: { resourceVersion: meta.resourceVersion, ownerReferences: rest.length ? rest : null } };
    res = ctx.request({ ...at, patchType: 'merge', body: merge as unknown as KObject });
  }
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
}

/**
 * removeFinalizer: a JSON merge patch of the remaining finalizers at the resourceVersion just
 * read (strategic merge would add them to the set instead of making them the list), retried on
 * a conflict as retry.RetryOnConflict does (DefaultBackoff's 4 steps).
 */
function removeFinalizer(ctx: ControllerContext, key: NodeKey, obj: KObject, finalizer: string): void {
  const { resource } = splitNodeKey(key);
  const at = { resource, namespace: obj.metadata.namespace, name: obj.metadata.name };
  for (let step = 1; ; step++) {
    const fresh = ctx.request({ verb: 'get', ...at });
    if (!fresh.ok) {
      if (statusCode(fresh) === 404) return;
      throw new SyncError(fresh.error.message);
    }
    const meta = fresh.object!.metadata;
    const finalizers = meta.finalizers ?? [];
    if (!finalizers.includes(finalizer)) return;
    const rest = finalizers.filter((f) => f !== finalizer);
    const body = { metadata: { resourceVersion: meta.resourceVersion, finalizers: rest.length ? rest : null } };
    const res = ctx.request({ verb: 'patch', ...at, patchType: 'merge', body: body as unknown as KObject });
    if (res.ok || statusCode(res) === 404) return;
    if (statusCode(res) !== 409 || step >= 4) throw new SyncError(res.error.message);
  }
}

function deleteObject(ctx: ControllerContext, key: NodeKey, obj: KObject, policy: 'Background' | 'Foreground' | 'Orphan'): void {
  const { resource } = splitNodeKey(key);
  const res = ctx.request({ verb: 'delete', resource, namespace: obj.metadata.namespace, name: obj.metadata.name, propagationPolicy: policy });
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
}

type OwnerState = 'solid' | 'dangling' | 'waiting';

/** classifyReferences / isDangling: the owner's state, from the graph or an uncached GET. */
function classify(ctx: ControllerContext, dependent: KObject, ref: OwnerReference): OwnerState {
  const g = graph(ctx);
  const known = g.byUid.get(ref.uid);
  let owner = known ? lookup(ctx, known) : undefined;
  if (!owner) {
    if (g.absent.has(ref.uid)) return 'dangling';
    const info = servedKind(ctx.w, ref.kind, ref.apiVersion);
    if (!info) return 'solid';
    const res = ctx.request({ verb: 'get', resource: info.resource, namespace: info.namespaced ? dependent.metadata.namespace : undefined, name: ref.name });
    if (statusCode(res) === 404 || (res.ok && res.object?.metadata.uid !== ref.uid)) {
      if (g.absent.size >= ABSENT_CACHE_SIZE) g.absent.clear();
      g.absent.add(ref.uid);
      return 'dangling';
    }
    if (!res.ok) throw new SyncError(res.error.message);
    owner = res.object!;
  }
  return deletingDependents(owner) ? 'waiting' : 'solid';
}

/** orphanDependents + removing the `orphan` finalizer. */
function orphan(ctx: ControllerContext, key: NodeKey, owner: KObject): void {
  const uid = owner.metadata.uid ?? '';
  for (const depKey of dependentsOf(graph(ctx), uid)) {
    const dep = lookup(ctx, depKey);
    if (!dep) continue;
    deleteOwnerRefs(ctx, depKey, dep, [uid]);
  }
  removeFinalizer(ctx, key, owner, ORPHAN);
}

/** processDeletingDependentsItem: finish when no blocking dependent is left, else delete them. */
function processDeletingDependents(ctx: ControllerContext, key: NodeKey, owner: KObject): void {
  const uid = owner.metadata.uid ?? '';
  const blocking: NodeKey[] = [];
  for (const depKey of dependentsOf(graph(ctx), uid)) {
    const dep = lookup(ctx, depKey);
    if (dep?.metadata.ownerReferences?.some((r) => r.uid === uid && r.blockOwnerDeletion === true)) blocking.push(depKey);
  }
  if (blocking.length === 0) return removeFinalizer(ctx, key, owner, FOREGROUND);
  for (const depKey of blocking) {
    const dep = lookup(ctx, depKey);
    if (dep && !deletingDependents(dep)) ctx.enqueue(depKey);
  }
}

/** attemptToDeleteItem. */
function attemptToDelete(ctx: ControllerContext, key: NodeKey): ReconcileResult {
  const obj = lookup(ctx, key);
  if (!obj) return DONE;
  if (obj.metadata.deletionTimestamp) {
    if (hasFinalizer(obj, ORPHAN)) orphan(ctx, key, obj);
    else if (hasFinalizer(obj, FOREGROUND)) processDeletingDependents(ctx, key, obj);
    return DONE;
  }
  const refs = obj.metadata.ownerReferences ?? [];
  if (refs.length === 0) return DONE;
  const by: Record<OwnerState, OwnerReference[]> = { solid: [], dangling: [], waiting: [] };
  for (const r of refs) by[classify(ctx, obj, r)].push(r);
  if (by.solid.length > 0) {
    if (by.dangling.length === 0 && by.waiting.length === 0) return DONE;
    deleteOwnerRefs(ctx, key, obj, [...by.dangling, ...by.waiting].map((r) => r.uid));
    return DONE;
  }
  if (by.waiting.length > 0 && dependentsOf(graph(ctx), obj.metadata.uid ?? '').length > 0) {
    deleteObject(ctx, key, obj, 'Foreground');
    return DONE;
  }
  const policy = hasFinalizer(obj, ORPHAN) ? 'Orphan' : hasFinalizer(obj, FOREGROUND) ? 'Foreground' : 'Background';
  deleteObject(ctx, key, obj, policy);
  return DONE;
}

/** Sync (garbagecollector.go's resyncMonitors): a monitor, i.e. an informer, for every custom resource served. */
function syncMonitors(ctx: ControllerContext): ReconcileResult {
  for (const info of customResources(ctx.w)) ctx.ensureInformer?.(info.resource);
  return DONE;
}

/** Queues the objects whose owners are still not in the graph; the rest had theirs arrive. */
function verifyVirtualOwners(ctx: ControllerContext): ReconcileResult {
  const g = graph(ctx);
  const pending = [...g.unverified];
  g.unverified.clear();
  for (const key of pending) {
    const obj = lookup(ctx, key);
    if (obj?.metadata.ownerReferences?.some((r) => !g.byUid.has(r.uid))) ctx.enqueue(key);
  }
  return DONE;
}

export const garbageCollector: ControllerDef = {
  name: 'garbagecollector',
  actor: componentId('generic-garbage-collector'),
  informers: GC_RESOURCES,
  keysFor,
  customResources: true,
  reconcile: (ctx, key) => runSync(() => (key === VERIFY_OWNERS ? verifyVirtualOwners(ctx) : key === SYNC_MONITORS ? syncMonitors(ctx) : attemptToDelete(ctx, key))),
};
