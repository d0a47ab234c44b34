/** The events.k8s.io/v1 ⇄ core/v1 Event conversion (pkg/apis/events/v1/conversion.go): field for field, both ways. */
import { describe, expect, it } from 'vitest';
import { eventFromV1, eventToV1 } from './events-v1';
import type { KEvent } from './types';

const CORE: KEvent = {
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: 'web.1', namespace: 'default' },
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'u1', apiVersion: 'v1' },
  reason: 'BackOff',
  message: 'Back-off restarting failed container',
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: '2025-09-01T09:00:00Z',
  lastTimestamp: '2025-09-01T09:05:00Z',
  count: 7,
  type: 'Warning',
  eventTime: null,
  reportingComponent: 'kubelet',
  reportingInstance: 'node-1',
};

describe('events.k8s.io/v1 conversion', () => {
  it('renames the legacy fields and lays the object out in the v1 struct order', () => {
    const v1 = eventToV1(CORE);
    expect(v1).toEqual({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: CORE.metadata,
      eventTime: null,
      reportingController: 'kubelet',
      reportingInstance: 'node-1',
      reason: 'BackOff',
      regarding: CORE.involvedObject,
      note: 'Back-off restarting failed container',
      type: 'Warning',
      deprecatedSource: { component: 'kubelet', host: 'node-1' },
      deprecatedFirstTimestamp: '2025-09-01T09:00:00Z',
      deprecatedLastTimestamp: '2025-09-01T09:05:00Z',
      deprecatedCount: 7,
    });
  });

  it('round-trips back to the stored core/v1 object', () => {
    expect(eventFromV1(eventToV1(CORE))).toEqual({ ...CORE, source: CORE.source });
    const series = { ...CORE, eventTime: '2025-09-01T09:00:00.000000Z', series: { count: 2, lastObservedTime: '2025-09-01T09:01:00.000000Z' }, action: 'Pulling', related: { kind: 'Node', name: 'node-1' } };
    expect(eventFromV1(eventToV1(series))).toEqual(series);
  });

  it('fills what core/v1 always prints: an empty source, null times, an empty reportingComponent', () => {
    expect(eventFromV1({ apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'x' }, regarding: { kind: 'Node', name: 'n' }, note: 'hi' } as unknown as KEvent)).toEqual({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'x' },
      involvedObject: { kind: 'Node', name: 'n' },
      message: 'hi',
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
      eventTime: null,
      reportingComponent: '',
      reportingInstance: '',
    });
  });
});
