/**
 * `kubectl get events` as rows: the server-side table's cells (printers.go printEvent,
 * k8s-fidelity.md §1.7) computed at the moment shown, in the order
 * `kubectl get events --sort-by=.lastTimestamp` gives (oldest first; equal times keep the
 * server's order, namespace then name).
 */
import type { KEvent, KObject } from '../../k8s/types';
import { parseTimestamp } from '../../k8s/time';
import { eventLastSeenAndCount } from '../../k8s/printers/event';
import { resourceForKind } from '../../k8s/resources';
import { storageKey } from '../../k8s/storage-key';

export interface EventRow {
  key: string;
  namespace: string;
  lastSeen: string;
  type: string;
  reason: string;
  object: string;
  message: string;
  warning: boolean;
  /** The involved object's storage key while it exists (the row's OBJECT opens it in the inspector). */
  target?: string;
}

/** Every namespace for the selector: those that exist, plus any an event is in. */
export function eventNamespaces(objects: ReadonlyMap<string, KObject>): string[] {
  const out = new Set<string>();
  for (const o of objects.values()) {
    if (o.kind === 'Namespace' && o.metadata.name) out.add(o.metadata.name);
    else if (o.kind === 'Event' && o.metadata.namespace) out.add(o.metadata.namespace);
  }
  return [...out].sort();
}

/**
 * Rows for one namespace (`undefined`: all namespaces, as `-A`). `now` is the moment shown in
 * simulated ms; undefined (the cluster has not booted yet) prints every age as `<unknown>`.
 */
export function eventRows(objects: ReadonlyMap<string, KObject>, namespace: string | undefined, now: number | undefined): EventRow[] {
  const prefix = namespace === undefined ? 'events/' : `events/${namespace}/`;
  const rows: { row: EventRow; at: number }[] = [];
  for (const [key, o] of objects) {
    if (!key.startsWith(prefix) || o.kind !== 'Event') continue;
    const e = o as KEvent;
    // Ordered by lastTimestamp, falling back to firstTimestamp and then eventTime.
    const first = e.firstTimestamp ? e.firstTimestamp : e.eventTime;
    const last = e.lastTimestamp ? e.lastTimestamp : first;
    const kind = (e.involvedObject.kind ?? '').toLowerCase();
    const target = involvedKey(objects, e.involvedObject);
    rows.push({
      at: last ? parseTimestamp(last) : Number.NEGATIVE_INFINITY,
      row: {
        key,
        namespace: e.metadata.namespace ?? '',
        lastSeen: now === undefined ? '<unknown>' : eventLastSeenAndCount(e, now).last,
        type: e.type ?? '',
        reason: e.reason ?? '',
        object: e.involvedObject.name ? `${kind}/${e.involvedObject.name}` : kind,
        message: (e.message ?? '').trim(),
        warning: e.type === 'Warning',
        ...(target ? { target } : {}),
      },
    });
  }
  rows.sort((a, b) => a.at - b.at || (a.row.key < b.row.key ? -1 : a.row.key > b.row.key ? 1 : 0));
  return rows.map((r) => r.row);
}

/** The kubectl command whose output the table shows (`undefined`: all namespaces). */
export function eventsCommand(namespace: string | undefined): string {
  const scope = namespace === undefined ? ' -A' : namespace === 'default' ? '' : ` -n ${namespace}`;
  return `kubectl get events${scope} --sort-by=.lastTimestamp`;
}

/** The storage key of an Event's involved object (`pods/default/web-1`, `nodes/node-1`), when that object is in the moment shown. */
function involvedKey(objects: ReadonlyMap<string, KObject>, ref: KEvent['involvedObject']): string | undefined {
  const info = ref.kind ? resourceForKind(ref.kind) : undefined;
  if (!info || !ref.name) return undefined;
  const key = storageKey(info.resource, info.namespaced ? ref.namespace : undefined, ref.name);
  return objects.has(key) ? key : undefined;
}
