/**
 * client-go's events.k8s.io EventBroadcaster (tools/events/event_broadcaster.go), the recorder
 * kube-scheduler and kube-proxy use. An Event isomorphic to one this process already sent (same
 * action, reason, reporting controller, `regarding` — its resourceVersion included — and
 * `related`; not the message) is not sent again: the second becomes a `series` of count 2,
 * written at once, and later ones only grow the series in the recorder's cache. The cache goes
 * out every 30 minutes (refreshExistingEventSeries) and a series quiet for 6 minutes is written a
 * last time and forgotten (finishSeries); a single Event is forgotten 6 minutes after it happened.
 * Both run on one ticker per process from its start, as `wait.Until` runs them. So a Pod
 * Pending for a quarter of an hour shows `FailedScheduling  12m (x2 over 17m)` — the count a real
 * cluster shows, not the number of attempts.
 *
 * Stored in core/v1's shape, as kube-apiserver serves an events.k8s.io Event to kubectl: no
 * firstTimestamp, lastTimestamp or count; eventTime, series, action, related and the reporting
 * fields instead; `source` empty. Approximate: written through the core/v1 endpoint.
 */
import type { KEvent, KObject, ObjectReference } from '../../k8s/types';
import { rfc3339Micro } from '../../k8s/time';
import { objectReference } from '../../k8s/object-reference';
import { newEventName, recorderSource } from './event-names';
import type { SimMillis } from '../core/ids';
import type { ComponentBase } from '../core/component';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { request, type ClientIdentity } from './client';

/** finishTime and refreshTime of event_broadcaster.go. */
export const FINISH_TIME_MS = 6 * 60_000;
export const REFRESH_TIME_MS = 30 * 60_000;
/** The component's timer for the broadcaster's ticker (route it to eventSeriesTick). */
export const EVENT_SERIES_TIMER = 'event-series';

interface CachedEvent {
  /** The Event as created (what a series patch or a re-create starts from). */
  body: KEvent;
  eventTime: number;
  series?: { count: number; lastObservedAt: number };
}

export interface EventBroadcasterState {
  /** The process (component epoch) whose cache this is: a restarted one starts empty. */
  epoch: number;
  reportingController: string;
  startedAt: number;
  /** Isomorphic key → the Event sent; insertion order is map order in Go's range, ours is this. */
  cache: Map<string, CachedEvent>;
  /** A tick timer is pending (armed while any Event is cached). */
  ticking: boolean;
}

export interface SeriesEventSpec {
  type: 'Normal' | 'Warning';
  reason: string;
  /** events.k8s.io's `action`: what the reporter did (Binding, Scheduling, Preempting, StartKubeProxy). */
  action: string;
  message: string;
  /** reportingController (`default-scheduler`, `kube-proxy`). */
  component: string;
  related?: KObject;
}

const SEP = '\u0000';

function refKey(r: ObjectReference | undefined): string {
  return r ? [r.kind, r.namespace, r.name, r.uid, r.apiVersion, r.resourceVersion, r.fieldPath].map((x) => x ?? '').join(SEP) : '';
}

/** The recorder's state for this process; a new process (epoch) starts with an empty cache. */
export function eventBroadcaster(w: World, self: ComponentBase, component: string): EventBroadcasterState {
  const source = recorderSource(component, self.host);
  let b = w.eventBroadcasters.get(source);
  if (!b || b.epoch !== self.epoch) w.eventBroadcasters.set(source, (b = { epoch: self.epoch, reportingController: component, startedAt: w.now, cache: new Map(), ticking: false }));
  return b;
}

/** Recorder.Eventf through the broadcaster: sent, counted into a series, or neither. */
export function recordSeriesEvent(w: World, self: ComponentBase, who: ClientIdentity, obj: KObject, e: SeriesEventSpec): void {
  const b = eventBroadcaster(w, self, e.component);
  const regarding = objectReference(obj);
  const related = e.related ? objectReference(e.related) : undefined;
  const key = [e.action, e.reason, e.component, refKey(regarding), refKey(related)].join(SEP);
  const cached = b.cache.get(key);
  if (cached) {
    if (cached.series) {
      cached.series.count++;
      cached.series.lastObservedAt = w.now;
      return;
    }
    cached.series = { count: 2, lastObservedAt: w.now };
    writeSeries(w, self, who, cached);
    return;
  }
  const ns = obj.metadata.namespace || 'default';
  const body: KEvent = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: newEventName(w, obj.metadata.name), namespace: ns },
    involvedObject: regarding,
    reason: e.reason,
    // Event.Message is omitempty: kube-proxy's Starting has none.
    ...(e.message ? { message: e.message } : {}),
    source: {},
    type: e.type,
    eventTime: rfc3339Micro(w.now),
    action: e.action,
    ...(related ? { related } : {}),
    reportingComponent: e.component,
    reportingInstance: `${e.component}-${self.host}`,
  };
  b.cache.set(key, { body, eventTime: w.now });
  create(w, self, who, body);
  arm(w, self, b);
}

function create(w: World, self: ComponentBase, who: ClientIdentity, body: KEvent): void {
  request(w, self, who, { verb: 'create', resource: 'events', namespace: body.metadata.namespace!, body });
}

/** recordEvent for a series: a patch of `series`, or the whole Event again if it is gone. */
function writeSeries(w: World, self: ComponentBase, who: ClientIdentity, c: CachedEvent): void {
  const series = { count: c.series!.count, lastObservedTime: rfc3339Micro(c.series!.lastObservedAt as SimMillis) };
  const { namespace, name } = c.body.metadata;
  const res = request(w, self, who, { verb: 'patch', resource: 'events', namespace: namespace!, name: name!, body: { series } as unknown as KObject });
  if (res.ok || 'network' in res.error || res.error.code !== 404) return;
  create(w, self, who, { ...c.body, series });
}

/** Arms the ticker's next run (start + k × 6 minutes) while anything is cached. */
function arm(w: World, self: ComponentBase, b: EventBroadcasterState): void {
  if (b.ticking || b.cache.size === 0) return;
  b.ticking = true;
  const next = b.startedAt + (Math.floor((w.now - b.startedAt) / FINISH_TIME_MS) + 1) * FINISH_TIME_MS;
  setTimer(w, self, next - w.now, EVENT_SERIES_TIMER, b.reportingController);
}

/**
 * The ticker: finishSeries at every multiple of 6 minutes since the process started, and
 * refreshExistingEventSeries at every multiple of 30 (both land on this tick when it is one).
 */
export function eventSeriesTick(w: World, self: ComponentBase, who: ClientIdentity, reportingController: string): void {
  const b = eventBroadcaster(w, self, reportingController);
  b.ticking = false;
  const since = w.now - b.startedAt;
  if (since % REFRESH_TIME_MS === 0) for (const c of b.cache.values()) if (c.series) writeSeries(w, self, who, c);
  for (const [key, c] of b.cache) {
    if (c.series) {
      if (c.series.lastObservedAt < w.now - FINISH_TIME_MS) {
        writeSeries(w, self, who, c);
        b.cache.delete(key);
      }
    } else if (c.eventTime < w.now - FINISH_TIME_MS) b.cache.delete(key);
  }
  arm(w, self, b);
}
