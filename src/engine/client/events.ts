/**
 * client-go's EventRecorder: writes core/v1 Events through kube-apiserver, after its
 * EventCorrelator (event-correlator.ts) decided: identical events from the same source about the
 * same object become one Event whose `count` and `lastTimestamp` grow — which is what
 * `(x5 over 4m30s)` in kubectl is read from — similar ones are combined, and a chatty source is
 * rate-limited per object. kube-scheduler and kube-proxy record through events.k8s.io instead
 * (event-series.ts).
 */
import type { KEvent, KObject } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import { objectReference } from '../../k8s/object-reference';
import type { ComponentBase } from '../core/component';
import type { World } from '../world';
import { request, type ClientIdentity } from './client';
import { correlate, newEventCorrelator, observed, type CorrelatedEvent } from './event-correlator';
import { newEventName, recorderSource } from './event-names';

export { EVENT_CACHE_ENTRIES } from './event-correlator';

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

export function recordEvent(w: World, self: ComponentBase, who: ClientIdentity, obj: KObject, e: EventSpec): void {
  const ns = obj.metadata.namespace ?? 'default';
  const source = recorderSource(e.component, e.host);
  // client-go's correlator lives in the recorder's process: a restarted kubelet or controller
  // manager has forgotten every count, so its next identical Event is a new object at count 1.
  let correlator = w.eventIndex.get(source);
  if (!correlator || correlator.epoch !== self.epoch) w.eventIndex.set(source, (correlator = newEventCorrelator(self.epoch)));
  const now = rfc3339(w.now);
  const seen: CorrelatedEvent = {
    involved: { kind: obj.kind, namespace: obj.metadata.namespace ?? '', name: obj.metadata.name ?? '', uid: obj.metadata.uid ?? '', apiVersion: obj.apiVersion, fieldPath: e.fieldPath ?? '' },
    type: e.type,
    reason: e.reason,
    message: e.message,
  };
  const c = correlate(correlator, source, seen, w.now, now);
  if (c.kind === 'skip') return;
  if (c.stored) {
    const patch = { count: c.count, lastTimestamp: now, message: c.message } as unknown as KObject;
    const res = request(w, self, who, { verb: 'patch', resource: 'events', namespace: c.stored.namespace, name: c.stored.name, body: patch });
    // Gone (deleted, or past its TTL): recreated under its name with the count it had reached.
    if (res.ok || ('network' in res.error) || res.error.code !== 404) return;
  }
  // Built whole, in one literal and without `delete` (deleting a property turns an object into a
  // hash table): an Event is the most numerous stored object, and one in dictionary mode costs
  // about 800 bytes more. `eventTime: null` is what the decoder would add (a MicroTime held by
  // value, printed as null), written here so the literal already has the stored shape.
  const involved = objectReference(obj);
  if (e.fieldPath) involved.fieldPath = e.fieldPath;
  // Built afresh for every attempt, so kube-apiserver may keep it as it is (`handOver`).
  const eventNamed = (name: string): KEvent => ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: ns },
    involvedObject: { ...involved },
    reason: e.reason,
    message: c.message,
    source: e.host ? { component: e.component, host: e.host } : { component: e.component },
    firstTimestamp: c.firstTimestamp,
    lastTimestamp: now,
    count: c.count,
    type: e.type,
    eventTime: null,
    // The aggregator's combined Event is built afresh and leaves the reporting fields empty.
    reportingComponent: c.combined ? '' : e.component,
    reportingInstance: c.combined ? '' : (e.host ?? ''),
  });
  let res = request(w, self, who, { verb: 'create', resource: 'events', namespace: ns, body: eventNamed(c.stored?.name ?? newEventName(w, obj.metadata.name)), handOver: true });
  // A name can still collide with an Event kept from an earlier run of the counter: try again.
  for (let extra = 1; !res.ok && !('network' in res.error) && res.error.code === 409 && extra < 8; extra++) {
    res = request(w, self, who, { verb: 'create', resource: 'events', namespace: ns, body: eventNamed(newEventName(w, obj.metadata.name)), handOver: true });
  }
  if (res.ok && res.object) observed(correlator, c.key, ns, res.object.metadata.name!);
}
