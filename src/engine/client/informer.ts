/**
 * Reflector + informer cache (client-go's SharedIndexInformer, minus the DeltaFIFO indirection):
 * LIST once, then WATCH from the list's resourceVersion, keeping a local cache. Handlers see
 * (old, new) pairs; controllers enqueue keys from them and never trust the event type.
 * Invariant: the cache holds the apiserver's objects by reference and nobody mutates them.
 */
import type { KObject } from '../../k8s/types';
import type { WatchEvent, WatchFilter } from '../apiserver/watch-types';
import type { World } from '../world';
import type { ComponentBase } from '../core/component';
import { apiList, apiWatch, type ClientIdentity } from './client';
import { setTimer } from '../runtime';
import type { Delta, InformerState } from './types';
import { logListFailed } from '../logging/client-go';

export type { Delta } from './types';

export function newInformer(resource: string, filter: WatchFilter = {}): InformerState {
  return { resource, filter, cache: new Map(), watchId: undefined, synced: false, listFailures: 0 };
}

/** MetaNamespaceKeyFunc: `namespace/name`, or `name` for cluster-scoped objects. */
export function metaKey(obj: KObject): string {
  return obj.metadata.namespace ? `${obj.metadata.namespace}/${obj.metadata.name}` : obj.metadata.name!;
}

export function splitKey(key: string): { namespace?: string; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/**
 * LIST + WATCH. Returns the deltas the list produced against the previous cache (so handlers
 * can enqueue everything that changed while the watch was down), or undefined if the list
 * failed — the caller's `relist:<resource>` timer retries with back-off.
 */
export function syncInformer(w: World, self: ComponentBase, who: ClientIdentity, inf: InformerState): Delta[] | undefined {
  const res = apiList(w, self, who, inf.resource, inf.filter);
  if (!res.ok) {
    logListFailed(w, self, inf.resource, res.error);
    inf.listFailures++;
    inf.synced = false;
    setTimer(w, self, Math.min(800 * 2 ** Math.min(inf.listFailures, 4), 30_000), `relist:${inf.resource}`);
    return undefined;
  }
  inf.listFailures = 0;
  const deltas: Delta[] = [];
  const fresh = new Map<string, KObject>();
  for (const obj of res.items) {
    const k = metaKey(obj);
    fresh.set(k, obj);
    const old = inf.cache.get(k);
    if (old !== obj && old?.metadata.resourceVersion !== obj.metadata.resourceVersion) deltas.push({ old, cur: obj });
  }
  for (const [k, old] of inf.cache) if (!fresh.has(k)) deltas.push({ old, cur: undefined });
  inf.cache = fresh;
  inf.synced = true;
  inf.watchId = apiWatch(w, self, who, inf.resource, inf.filter);
  return deltas;
}

/** Applies one watch event to the cache. */
export function applyWatchEvent(inf: InformerState, ev: WatchEvent): Delta {
  const k = metaKey(ev.object);
  const old = inf.cache.get(k);
  if (ev.type === 'DELETED') {
    inf.cache.delete(k);
    return { old: old ?? ev.object, cur: undefined };
  }
  inf.cache.set(k, ev.object);
  return { old, cur: ev.object };
}

export function listCache<T extends KObject = KObject>(inf: InformerState): T[] {
  return [...inf.cache.values()] as T[];
}
