/**
 * What both event recorders (client/events.ts, client/event-series.ts) name alike: the recorder
 * a source is (`component` NUL `host`), and an Event's object name, `<object>.<hex UnixNano>` as
 * client-go writes it. Sub-millisecond nanos come from a per-world counter, so Events recorded in
 * the same simulated millisecond get distinct names (client-go's clock has nanoseconds; ours ms).
 */
import { unixNanoHex } from '../../k8s/time';
import type { World } from '../world';

export function recorderSource(component: string, host: string | undefined): string {
  return `${component}\u0000${host ?? ''}`;
}

/** A fresh Event name for `objectName` (distinct within 10^6 Events, deterministic). */
export function newEventName(w: World, objectName: string | undefined): string {
  w.eventSeq = (w.eventSeq ?? 0) + 1;
  return `${objectName}.${unixNanoHex(w.now, (w.eventSeq * 7919) % 1_000_000)}`;
}
