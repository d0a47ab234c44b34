/**
 * How kubectl reads an Event's times and count, for `describe`'s Events, `kubectl events` and
 * the server-side Table of `kubectl get events`. An Event written through events.k8s.io (kube-
 * scheduler's, kube-proxy's) has no firstTimestamp, lastTimestamp or count in its core/v1 view:
 * eventTime is its first sighting and `series` its repeats.
 */
import type { KEvent } from '../types';
import { since } from './util';

/** First sighting: eventTime, else firstTimestamp. */
export function eventFirstSeen(e: KEvent, now: number): string {
  return e.eventTime ? since(e.eventTime, now) : since(e.firstTimestamp, now);
}

/** getInterval (describe, kubectl events): `<last> (xN over <first>)` for a repeated Event. */
export function eventInterval(e: KEvent, now: number): string {
  const first = eventFirstSeen(e, now);
  if (e.series) return `${since(e.series.lastObservedTime, now)} (x${e.series.count} over ${first})`;
  if ((e.count ?? 0) > 1) return `${since(e.lastTimestamp, now)} (x${e.count} over ${first})`;
  return first;
}

/** printEvent's LAST SEEN and COUNT (a singleton events.k8s.io Event counts 1). */
export function eventLastSeenAndCount(e: KEvent, now: number): { last: string; count: number } {
  const first = e.firstTimestamp ? since(e.firstTimestamp, now) : since(e.eventTime, now);
  if (e.series) return { last: since(e.series.lastObservedTime, now), count: e.series.count };
  return { last: e.lastTimestamp ? since(e.lastTimestamp, now) : first, count: e.count || 1 };
}

/** formatEventSource: component and host, each falling back to the reporting controller and instance. */
export function eventSource(e: KEvent): string {
  const component = e.source?.component || e.reportingComponent || '';
  const instance = e.source?.host || e.reportingInstance || '';
  return instance ? `${component}, ${instance}` : component;
}
