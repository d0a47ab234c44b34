/**
 * Shared plumbing for components that hold informers: routing a watch event to the informer
 * that opened the watch, and drawing the watch hop on the trace.
 */
import type { ComponentId } from '../core/ids';
import type { WatchEvent } from '../apiserver/watch';
import { trace, traceRef } from '../runtime';
import type { World } from '../world';
import { applyWatchEvent, type Delta, type InformerState } from './informer';

export function informerFor(informers: Record<string, InformerState>, watchId: number): InformerState | undefined {
  for (const inf of Object.values(informers)) if (inf.watchId === watchId) return inf;
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
  const name = o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name;
  trace(w, {
    from: server,
    to,
    kind: 'watch',
    summary: `watch ${ev.type} ${o.kind.toLowerCase()} ${name}`,
    object: traceRef(o),
    resourceVersion: o.metadata.resourceVersion,
  });
}
