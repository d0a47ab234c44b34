/**
 * client-go's EventRecorder: writes core/v1 Events through kube-apiserver. Identical events
 * from the same source about the same object are aggregated into one Event whose `count` and
 * `lastTimestamp` grow — which is what `(x5 over 4m30s)` in kubectl is read from.
 */
import type { KEvent, KObject } from '../../k8s/types';
import { rfc3339, unixNanoHex } from '../../k8s/time';
import type { ComponentBase } from '../core/component';
import type { World } from '../world';
import { request, type ClientIdentity } from './client';

export interface EventSpec {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  /** `default-scheduler`, `kubelet`, `deployment-controller`, ... */
  component: string;
  /** Set for node-local sources (kubelet, kube-proxy). */
  host?: string;
  /** e.g. `spec.containers{api}` for container-scoped kubelet events. */
  fieldPath?: string;
}

/**
 * client-go's EventCorrelator keeps the Events it may still bump in an LRU cache of this many
 * entries (maxLruCacheEntries) per recorder: an Event pushed out is no longer counted up — the
 * same event recorded again becomes a new Event. It also bounds what a recorder remembers when
 * thousands of Pods each get their own Events.
 */
export const EVENT_CACHE_ENTRIES = 4096;

function sourceKey(e: EventSpec): string {
  return `${e.component}\u0000${e.host ?? ''}`;
}

function dedupKey(obj: KObject, e: EventSpec): string {
  return [obj.kind, obj.metadata.namespace ?? '', obj.metadata.name, obj.metadata.uid ?? '', e.fieldPath ?? '', e.type, e.reason, e.message].join('\u0000');
}

/** Distinct sub-millisecond nanoseconds for each Event name (deterministic, never repeating within 10^6 Events). */
function nextEventNanos(w: World): number {
  w.eventSeq = (w.eventSeq ?? 0) + 1;
  return (w.eventSeq * 7919) % 1_000_000;
}

export function recordEvent(w: World, self: ComponentBase, who: ClientIdentity, obj: KObject, e: EventSpec): void {
  const ns = obj.metadata.namespace ?? 'default';
  const source = sourceKey(e);
  let cache = w.eventIndex.get(source);
  if (!cache) w.eventIndex.set(source, (cache = new Map()));
  const key = dedupKey(obj, e);
  const existing = cache.get(key);
  if (existing) {
    // Most recently used goes last.
    cache.delete(key);
    cache.set(key, existing);
    const cur = w.etcd.kv.get('events')?.get(existing) as KEvent | undefined;
    if (cur) {
      const patch = { count: (cur.count ?? 1) + 1, lastTimestamp: rfc3339(w.now) } as unknown as KObject;
      const res = request(w, self, who, { verb: 'patch', resource: 'events', namespace: cur.metadata.namespace, name: cur.metadata.name!, body: patch });
      if (res.ok) return;
    }
  }
  const now = rfc3339(w.now);
  // Built without `delete` and without `eventTime: null` (the decoder drops a null eventTime,
  // and deleting a property turns an object into a hash table): an Event is the most numerous
  // stored object, and one in dictionary mode costs about 800 bytes more.
  const involved: KEvent['involvedObject'] = obj.metadata.namespace
    ? { kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name, uid: obj.metadata.uid, apiVersion: obj.apiVersion, resourceVersion: obj.metadata.resourceVersion }
    : { kind: obj.kind, name: obj.metadata.name, uid: obj.metadata.uid, apiVersion: obj.apiVersion, resourceVersion: obj.metadata.resourceVersion };
  if (e.fieldPath) involved.fieldPath = e.fieldPath;
  const ev: KEvent = {
    apiVersion: 'v1',
    kind: 'Event',
    // Sub-millisecond nanos come from a per-world event counter, so Events recorded in the same
    // simulated millisecond get distinct names (client-go's clock has nanoseconds; ours has ms).
    metadata: { name: `${obj.metadata.name}.${unixNanoHex(w.now, nextEventNanos(w))}`, namespace: ns },
    involvedObject: involved,
    reason: e.reason,
    message: e.message,
    source: e.host ? { component: e.component, host: e.host } : { component: e.component },
    firstTimestamp: now,
    lastTimestamp: now,
    count: 1,
    type: e.type,
    reportingComponent: e.component,
    reportingInstance: e.host ?? '',
  };
  let res = request(w, self, who, { verb: 'create', resource: 'events', namespace: ns, body: ev });
  // A name can still collide with an Event kept from an earlier run of the counter: try again.
  for (let extra = 1; !res.ok && !('network' in res.error) && res.error.code === 409 && extra < 8; extra++) {
    ev.metadata.name = `${obj.metadata.name}.${unixNanoHex(w.now, nextEventNanos(w))}`;
    res = request(w, self, who, { verb: 'create', resource: 'events', namespace: ns, body: ev });
  }
  if (!res.ok || !res.object) return;
  cache.delete(key);
  cache.set(key, `events/${ns}/${res.object.metadata.name}`);
  if (cache.size > EVENT_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
}
