/**
 * Message faults: the connection between kube-apiserver and a component misbehaves while every
 * process keeps running. They act on watch delivery, which is where a cluster feels them:
 *
 * - `latency/<x>` delays every watch event that reaches x, so x reacts late: a Pod waits seconds
 *   to be scheduled, and the trace's timestamps show the gap between a write and its notice.
 * - `watch-drop/<x>` makes kube-apiserver stop delivering x's watch events while the watches stay
 *   open — a connection that broke without either end noticing. x's informer caches freeze at
 *   the last event they saw, and nothing x reconciles from them learns of any change: a periodic
 *   resync replays that frozen cache, not the server. Healing closes x's watches, the Reflectors
 *   relist, and the next reconcile sees the true state (faults.ts).
 *
 * API requests are not delayed: they complete within the simulated millisecond (client/client.ts),
 * so Lease renewals keep succeeding and no leader is lost to a slow watch.
 */
import type { WatchEvent, WatchRegistration } from './apiserver/watch-types';
import type { ComponentState } from './components';
import { trace, traceRef } from './runtime';
import type { World } from './world';

export const LATENCY_PREFIX = 'latency/';
export const WATCH_DROP_PREFIX = 'watch-drop/';
export const DEFAULT_LATENCY_MS = 2000;
/** Beyond this a link is not slow but down; `network/<node>` models that. */
export const MAX_LATENCY_MS = 10 * 60_000;

export type Delivery = { kind: 'deliver'; extraDelayMs: number } | { kind: 'drop' };

const DELIVER: Delivery = { kind: 'deliver', extraDelayMs: 0 };

/**
 * What the active message faults do to one event on `reg`. Latencies on the watcher's kind, its
 * machine and the serving kube-apiserver add up, as delays on successive links do.
 * Callers check `w.faults.size > 0` first, so a healthy cluster pays nothing.
 */
export function watchDelivery(w: World, reg: WatchRegistration): Delivery {
  const c: ComponentState | undefined = w.components.get(reg.watcher);
  if (!c) return DELIVER;
  if (w.faults.has(WATCH_DROP_PREFIX + c.kind) || w.faults.has(WATCH_DROP_PREFIX + c.id)) return { kind: 'drop' };
  const l = w.latencies;
  if (!l || l.size === 0) return DELIVER;
  const extra = (l.get(LATENCY_PREFIX + c.kind) ?? 0) + (l.get(LATENCY_PREFIX + c.host) ?? 0) + (l.get(LATENCY_PREFIX + 'kube-apiserver') ?? 0);
  return extra > 0 ? { kind: 'deliver', extraDelayMs: extra } : DELIVER;
}

/** Draws the event that never arrives: `kube-apiserver -> kube-scheduler: watch ADDED pod default/x dropped`. */
export function traceDroppedWatch(w: World, reg: WatchRegistration, ev: WatchEvent): void {
  const o = ev.object;
  trace(w, {
    from: reg.server,
    to: reg.watcher,
    kind: 'watch',
    detail: { type: 'event', event: ev.type, resource: ev.resource, dropped: true },
    object: traceRef(o),
    resourceVersion: o.metadata.resourceVersion,
  });
}
