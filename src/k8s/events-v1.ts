/**
 * events.k8s.io/v1 Event and its conversion to and from core/v1 Event, which kube-apiserver
 * stores: both APIs are versions of one storage (pkg/registry/core/rest/storage_core.go stores
 * `events`; pkg/registry/events/rest installs the same store under events.k8s.io). Upstream:
 * pkg/apis/events/v1/conversion.go (regarding ⇄ involvedObject, note ⇄ message,
 * deprecatedSource ⇄ source, deprecated{First,Last}Timestamp and deprecatedCount ⇄ the legacy
 * fields; every other field by name, reportingController being core/v1's `reportingComponent`)
 * and k8s.io/api events/v1 types.go for the field order and which zero values print.
 */
import type { EventSource, KEvent, KObject, ObjectMeta, ObjectReference } from './types';

export interface EventV1 extends KObject {
  eventTime: string | null;
  series?: { count: number; lastObservedTime: string };
  reportingController?: string;
  reportingInstance?: string;
  action?: string;
  reason?: string;
  regarding: ObjectReference;
  related?: ObjectReference;
  note?: string;
  type?: string;
  deprecatedSource: EventSource;
  deprecatedFirstTimestamp: string | null;
  deprecatedLastTimestamp: string | null;
  deprecatedCount?: number;
}

/** A metav1.Time / MicroTime as marshalled: its value, or null when zero (they ignore omitempty). */
function time(v: string | null | undefined): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** Convert_core_Event_To_v1_Event, laid out in the v1 struct's field order. */
export function eventToV1(stored: KObject): EventV1 {
  const e = stored as KEvent;
  const out = { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: e.metadata, eventTime: time(e.eventTime) } as EventV1;
  if (e.series) out.series = e.series;
  if (e.reportingComponent) out.reportingController = e.reportingComponent;
  if (e.reportingInstance) out.reportingInstance = e.reportingInstance;
  if (e.action) out.action = e.action;
  if (e.reason) out.reason = e.reason;
  // Struct-valued and never omitted: an empty reference or source prints as {}.
  out.regarding = e.involvedObject ?? {};
  if (e.related) out.related = e.related;
  if (e.message) out.note = e.message;
  if (e.type) out.type = e.type;
  out.deprecatedSource = e.source ?? {};
  out.deprecatedFirstTimestamp = time(e.firstTimestamp);
  out.deprecatedLastTimestamp = time(e.lastTimestamp);
  if (e.count) out.deprecatedCount = e.count;
  return out;
}

/**
 * Convert_v1_Event_To_core_Event, laid out in core/v1's field order (what storage keeps):
 * reportingComponent and reportingInstance have no omitempty there, and the zero times print null.
 */
export function eventFromV1(served: KObject): KEvent {
  const v = served as Partial<EventV1>;
  const out = { apiVersion: 'v1', kind: 'Event', metadata: (v.metadata ?? {}) as ObjectMeta, involvedObject: v.regarding ?? {} } as KEvent;
  if (v.reason) out.reason = v.reason;
  if (v.note) out.message = v.note;
  out.source = v.deprecatedSource ?? {};
  out.firstTimestamp = time(v.deprecatedFirstTimestamp);
  out.lastTimestamp = time(v.deprecatedLastTimestamp);
  if (v.deprecatedCount) out.count = v.deprecatedCount;
  if (v.type) out.type = v.type as KEvent['type'];
  out.eventTime = time(v.eventTime);
  if (v.series) out.series = v.series;
  if (v.action) out.action = v.action;
  if (v.related) out.related = v.related;
  out.reportingComponent = v.reportingController ?? '';
  out.reportingInstance = v.reportingInstance ?? '';
  return out;
}
