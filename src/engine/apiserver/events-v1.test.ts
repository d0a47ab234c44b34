/**
 * events.k8s.io/v1 Events through the real pipeline: one store with core/v1's (the controllers'
 * Events read back converted), a v1 create stored as core/v1, the strict validation of the new
 * API (pkg/apis/core/validation/events.go), the legacy one both share, and RBAC on the
 * request's group.
 */
import { describe, expect, it } from 'vitest';
import type { KEvent, KObject } from '../../k8s/types';
import type { EventV1 } from '../../k8s/events-v1';
import { JANE } from './auth';
import { bootedCluster, failure, ok, requestAs } from './apiserver.testing';

const cluster = bootedCluster();
const V1 = { version: 'v1', group: 'events.k8s.io' } as const;

function v1Event(extra: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'hello' },
    eventTime: '2025-09-01T09:00:05.000000Z',
    reportingController: 'example.com/tester',
    reportingInstance: 'tester-1',
    action: 'Testing',
    reason: 'Tested',
    regarding: { kind: 'Pod', name: 'web', namespace: 'default' },
    note: 'it works',
    type: 'Normal',
    ...extra,
  } as unknown as KObject;
}

describe('events.k8s.io/v1 Events', () => {
  it("serves the controllers' core/v1 Events converted: involvedObject → regarding, message → note, source → deprecatedSource", () => {
    const sim = cluster();
    sim.advance(30_000);
    const core = sim.request({ verb: 'list', resource: 'events', namespace: 'kube-system' });
    const legacy = (core.ok ? core.items! : []).map((o) => o as KEvent).find((e) => e.reason === 'LeaderElection' && e.involvedObject.name === 'kube-controller-manager')!;
    const viaV1 = ok(sim.request({ verb: 'get', resource: 'events', namespace: 'kube-system', name: legacy.metadata.name!, ...V1 })) as EventV1;
    expect(viaV1).toEqual({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: legacy.metadata,
      eventTime: null,
      reportingController: 'kube-controller-manager',
      reason: 'LeaderElection',
      regarding: legacy.involvedObject,
      note: legacy.message,
      type: 'Normal',
      deprecatedSource: { component: 'kube-controller-manager' },
      deprecatedFirstTimestamp: legacy.firstTimestamp,
      deprecatedLastTimestamp: legacy.lastTimestamp,
      deprecatedCount: 1,
    });
    // Go's field order: eventTime right after metadata, the deprecated fields last.
    expect(Object.keys(viaV1)).toEqual(['apiVersion', 'kind', 'metadata', 'eventTime', 'reportingController', 'reason', 'regarding', 'note', 'type', 'deprecatedSource', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp', 'deprecatedCount']);
    // The scheduler's events.k8s.io Events keep action and reportingInstance, with no legacy timestamps.
    const scheduled = (core.ok ? core.items! : []).map((o) => o as KEvent).find((e) => e.reportingComponent === 'default-scheduler')!;
    const list = sim.request({ verb: 'list', resource: 'events', namespace: 'kube-system', ...V1 });
    const seen = (list.ok ? list.items! : []).find((o) => o.metadata.name === scheduled.metadata.name) as EventV1;
    expect(seen).toMatchObject({ apiVersion: 'events.k8s.io/v1', reportingController: 'default-scheduler', reportingInstance: scheduled.reportingInstance, action: scheduled.action, deprecatedSource: {}, deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null });
    expect(seen.eventTime).toBe(scheduled.eventTime);
    expect(list.ok && list.items!.length).toBe(core.ok && core.items!.length);
  });

  it('stores an events.k8s.io/v1 create as core/v1, read back through both versions', () => {
    const sim = cluster();
    const created = ok(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body: v1Event(), ...V1 })) as EventV1;
    expect(created).toMatchObject({ apiVersion: 'events.k8s.io/v1', note: 'it works', regarding: { kind: 'Pod', name: 'web', namespace: 'default' }, deprecatedSource: {}, deprecatedFirstTimestamp: null });
    const stored = sim.storedObject<KEvent>('events/default/hello')!;
    expect(stored).toMatchObject({
      apiVersion: 'v1',
      involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
      message: 'it works',
      reportingComponent: 'example.com/tester',
      reportingInstance: 'tester-1',
      action: 'Testing',
      eventTime: '2025-09-01T09:00:05.000000Z',
      firstTimestamp: null,
      lastTimestamp: null,
      source: {},
    });
    expect(ok(sim.request({ verb: 'get', resource: 'events', namespace: 'default', name: 'hello' }))).toEqual(stored);
    expect(ok(sim.request({ verb: 'delete', resource: 'events', namespace: 'default', name: 'hello', ...V1 })).kind).toBe('Event');
    expect(sim.storedObject('events/default/hello')).toBeUndefined();
  });

  it("validates a new-API create strictly, naming the internal type's fields (reportingController, count)", () => {
    const sim = cluster();
    const body = v1Event({ eventTime: undefined, type: undefined, reportingController: undefined, reportingInstance: undefined, action: undefined, deprecatedCount: 3 });
    const e = failure(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body, ...V1 }));
    expect(e.code).toBe(422);
    expect(e.message).toBe('Event "hello" is invalid: [eventTime: Required value, type: Invalid value: "": has invalid value: , count: Invalid value: "": needs to be unset]');
    const withTime = v1Event({ reportingController: undefined, action: undefined });
    expect(failure(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body: withTime, ...V1 })).message).toBe(
      'Event "hello" is invalid: [reportingController: Required value, reportingController: Invalid value: "": name part must be non-empty, ' +
        `reportingController: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), action: Required value]`,
    );
  });

  it('applies only the legacy checks to a core/v1 create, where the controller field is reportingComponent', () => {
    const sim = cluster();
    const core = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'legacy' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 'other' }, reason: 'Tested', message: 'hi' } as unknown as KObject;
    expect(failure(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body: core })).message).toBe('Event "legacy" is invalid: involvedObject.namespace: Invalid value: "other": does not match event.namespace');
    const timed = { ...core, involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' }, eventTime: '2025-09-01T09:00:05.000000Z', reportingInstance: 'me', action: 'Test' } as KObject;
    expect(failure(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body: timed })).message).toMatch(/^Event "legacy" is invalid: \[reportingComponent: Required value, reportingComponent: Invalid value: "": name part must be non-empty/);
    // Without an eventTime a legacy Event needs none of the new fields.
    expect(ok(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body: { ...core, involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' } } as KObject }))).toMatchObject({ apiVersion: 'v1', reason: 'Tested' });
  });

  it('authorizes the request in the group its URL names', () => {
    const sim = cluster();
    const e = failure(requestAs(sim, JANE, { verb: 'list', resource: 'events', namespace: 'kube-system', ...V1 }));
    expect(e.message).toBe('events.events.k8s.io is forbidden: User "jane" cannot list resource "events" in API group "events.k8s.io" in the namespace "kube-system"');
  });
});
