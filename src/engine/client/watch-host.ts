/**
 * Shared plumbing for components that hold informers: routing a watch event to the informer
 * that opened the watch, and drawing the watch hop on the trace.
 */
import type { ComponentId } from '../core/ids';
import type { WatchEvent } from '../apiserver/watch-types';
import { setTimer, trace, traceRef } from '../runtime';
import type { ComponentBase } from '../core/component';
import type { SimCore } from '../sim-core';
import type { World } from '../world';
import { applyWatchEvent } from './informer';
import type { Delta, InformerState } from './types';
import { logWatchEnded } from '../logging/client-go';

/**
 * watchId → where the informer sat when last found, per informers record. Every watch event is
 * routed here; a hit is re-checked against the record, so a relist or a replaced informer falls
 * back to the scan.
 */
const routes = new WeakMap<Record<string, InformerState>, Map<number, { key: string; inf: InformerState }>>();

export function informerFor(informers: Record<string, InformerState>, watchId: number): InformerState | undefined {
  let m = routes.get(informers);
  const hit = m?.get(watchId);
  if (hit && informers[hit.key] === hit.inf && hit.inf.watchId === watchId) return hit.inf;
  for (const key in informers) {
    const inf = informers[key]!;
    if (inf.watchId !== watchId) continue;
    if (!m) routes.set(informers, (m = new Map()));
    m.set(watchId, { key, inf });
    return inf;
  }
  return undefined;
}

/** Applies a watch event to the informer that owns `watchId`; undefined for a stale watch. */
export function deliver(informers: Record<string, InformerState>, watchId: number, ev: WatchEvent): { inf: InformerState; delta: Delta } | undefined {
  const inf = informerFor(informers, watchId);
  if (!inf) return undefined;
  return { inf, delta: applyWatchEvent(inf, ev) };
}

/** Draws `kube-apiserver -> <to>: watch MODIFIED pod default/x`. */
export function traceWatch(w: World, watchId: number, to: ComponentId, ev: WatchEvent): void {
  const server = w.watches.get(watchId)?.server ?? ('kube-apiserver' as ComponentId);
  const o = ev.object;
  trace(w, {
    from: server,
    to,
    kind: 'watch',
    detail: { type: 'event', event: ev.type, resource: ev.resource, dropped: false },
    object: traceRef(o),
    resourceVersion: o.metadata.resourceVersion,
  });
}

/** How long a reflector waits before relisting after its watch closed. */
export const RELIST_DELAY_MS = 1000;

/**
 * A watch closed under an informer (its kube-apiserver stopped): forget the watch and set the
 * `relist:<informer key>` timer, which the component answers by LIST + WATCH again.
 */
export function relistAfterClose(w: SimCore, self: ComponentBase, informers: Record<string, InformerState>, watchId: number): void {
  for (const [key, inf] of Object.entries(informers)) {
    if (inf.watchId !== watchId) continue;
    inf.watchId = undefined;
    logWatchEnded(w, self, inf.resource);
    setTimer(w, self, RELIST_DELAY_MS, `relist:${key}`);
  }
}
