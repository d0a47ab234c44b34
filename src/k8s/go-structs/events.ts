/**
 * Field schema of events.k8s.io/v1 Event (k8s.io/api events/v1 types.go), decoded before its
 * conversion to the core/v1 Event kube-apiserver stores. Keyed `Event@v1` as decode.ts keys a
 * version served by conversion; the grammar is core.ts's.
 */
import type { StructSchema } from './core';

export const EVENTS_STRUCTS: Record<string, StructSchema> = {
  'Event@v1': {
    go: 'v1.Event',
    fields: {
      apiVersion: 'string?',
      kind: 'string?',
      metadata: 'ObjectMeta',
      eventTime: 'mtime',
      series: 'any',
      reportingController: 'string?',
      reportingInstance: 'string?',
      action: 'string?',
      reason: 'string?',
      regarding: 'ObjectReference',
      related: 'ObjectReference',
      note: 'string?',
      type: 'string?',
      deprecatedSource: 'EventSource',
      deprecatedFirstTimestamp: 'time',
      deprecatedLastTimestamp: 'time',
      deprecatedCount: 'int32?',
    },
  },
};
