import { describe, expect, it } from 'vitest';
import type { KEvent, KObject } from '../../k8s/types';
import type { ComponentId } from '../core/ids';
import { Simulation, worldOf } from '../simulation';
import { SCHEDULER_USER } from '../apiserver/auth';
import { EVENT_CACHE_ENTRIES, recordEvent, type EventSpec } from './events';
import { COMBINED_PREFIX } from './event-correlator';

describe('EventRecorder', () => {
  it('stores Events with the fields and field order it always had (no namespace for cluster-scoped objects, a null eventTime)', () => {
    const sim = new Simulation({ seed: 42 });
    const events = sim.objects<KEvent>('events');
    // The node controller's Event about a Node object (the kubelet's and kube-proxy's node
    // references carry no resourceVersion, as upstream's nodeRef has none).
    const node = events.find((e) => e.involvedObject.kind === 'Node' && e.source?.component === 'node-controller')!;
    expect(Object.keys(node.involvedObject)).toEqual(['kind', 'name', 'uid', 'apiVersion', 'resourceVersion']);
    expect(Object.keys(node)).toEqual(['apiVersion', 'kind', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'eventTime', 'reportingComponent', 'reportingInstance']);
    expect(node.eventTime).toBeNull();
    const pod = events.find((e) => e.involvedObject.kind === 'Pod' && e.involvedObject.fieldPath)!;
    expect(Object.keys(pod.involvedObject)).toEqual(['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath']);
  });
});

describe('EventRecorder aggregation cache (client-go EventCorrelator)', () => {
  // A recorder of its own, so the cluster's boot Events are not in its cache.
  function setup(): { sim: Simulation; record: (name: string, component?: string) => void; counts: (name: string, component?: string) => number[] } {
    const sim = new Simulation({ seed: 42 });
    const w = worldOf(sim);
    const self = w.components.get('kube-scheduler' as ComponentId)!;
    const who = { user: SCHEDULER_USER, actor: self.id };
    const record = (name: string, component = 'test-recorder'): void => {
      const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `uid-${name}` } } as KObject;
      recordEvent(w, self, who, pod, { type: 'Normal', reason: 'Tested', message: `about ${name}`, component });
    };
    const counts = (name: string, component = 'test-recorder'): number[] =>
      sim.objects<KEvent>('events').filter((e) => e.involvedObject.name === name && e.source?.component === component).map((e) => e.count ?? 1);
    return { sim, record, counts };
  }

  it('counts the same event up on one Event', () => {
    const { record, counts } = setup();
    record('a');
    record('a');
    record('a');
    expect(counts('a')).toEqual([3]);
  });

  it('starts empty in a restarted process: the same event after a restart is a new Event at count 1', () => {
    const { sim, record, counts } = setup();
    record('a');
    record('a');
    expect(sim.injectFault('kube-scheduler').ok).toBe(true);
    expect(sim.healFault('kube-scheduler').ok).toBe(true);
    record('a');
    record('a');
    expect(counts('a')).toEqual([2, 2]);
  });

  it(`forgets the least recently used of ${EVENT_CACHE_ENTRIES} entries per recorder: the forgotten event starts a new Event`, () => {
    const { record, counts } = setup();
    record('first');
    record('kept');
    record('first', 'other-recorder');
    // Touching `kept` again makes `first` the oldest entry.
    for (let i = 0; i < EVENT_CACHE_ENTRIES - 2; i++) record(`filler-${i}`);
    record('kept');
    record('filler-last');
    record('first');
    record('kept');
    // `first` was pushed out by `filler-last`: recorded again, it is a new Event; the old one stays at 1.
    expect(counts('first')).toEqual([1, 1]);
    expect(counts('kept')).toEqual([3]);
    // Another recorder's cache is its own.
    record('first', 'other-recorder');
    expect(counts('first', 'other-recorder')).toEqual([2]);
  });
});

describe('EventCorrelator: similar Events combined, a chatty source rate-limited per object', () => {
  function setup() {
    const sim = new Simulation({ seed: 42 });
    const w = worldOf(sim);
    const self = w.components.get('kube-scheduler' as ComponentId)!;
    const who = { user: SCHEDULER_USER, actor: self.id };
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'chatty', namespace: 'default', uid: 'uid-chatty' } } as KObject;
    const record = (message: string, over: Partial<EventSpec> = {}): void =>
      recordEvent(w, self, who, pod, { type: 'Warning', reason: 'Tested', message, component: 'test-recorder', ...over });
    const stored = (): KEvent[] => sim.objects<KEvent>('events').filter((e) => e.involvedObject.name === 'chatty');
    return { sim, record, stored };
  }

  it('lets 25 Events about an object through, then one every 5 minutes; the dropped ones still count', () => {
    const { sim, record, stored } = setup();
    for (let i = 0; i < 30; i++) record('same');
    expect(stored().map((e) => e.count)).toEqual([25]);
    const first = stored()[0]!;
    sim.advance(299_000);
    record('same');
    expect(stored()[0]!.count).toBe(25);
    expect(stored()[0]!.lastTimestamp).toBe(first.lastTimestamp);
    // A token has accrued: this occurrence is the 32nd, and the stored count jumps to it.
    sim.advance(1_000);
    record('same');
    const now = stored()[0]!;
    expect(now.count).toBe(32);
    expect(now.firstTimestamp).toBe(first.firstTimestamp);
    expect(now.lastTimestamp).not.toBe(first.lastTimestamp);
  });

  it('combines the tenth distinct message with the same reason into one "(combined from similar events)" Event', () => {
    const { record, stored } = setup();
    for (let i = 1; i <= 12; i++) record(`message ${i}`);
    const events = stored();
    expect(events.filter((e) => !e.message!.startsWith(COMBINED_PREFIX)).map((e) => e.message)).toEqual(Array.from({ length: 9 }, (_, i) => `message ${i + 1}`));
    const combined = events.filter((e) => e.message!.startsWith(COMBINED_PREFIX));
    expect(combined).toHaveLength(1);
    expect(combined[0]!.message).toBe(`${COMBINED_PREFIX}message 12`);
    expect(combined[0]!.count).toBe(3);
    // Built afresh by the aggregator: the reporting fields stay empty, the source is kept.
    expect(combined[0]!.reportingComponent).toBe('');
    expect(combined[0]!.source).toEqual({ component: 'test-recorder' });
  });

  it('starts counting similar messages again after ten minutes without one', () => {
    const { sim, record, stored } = setup();
    for (let i = 1; i <= 9; i++) record(`message ${i}`);
    sim.advance(601_000);
    record('message 10');
    expect(stored().some((e) => e.message!.startsWith(COMBINED_PREFIX))).toBe(false);
    expect(stored()).toHaveLength(10);
  });

  it('recreates a deleted Event under its name with the count it had reached', () => {
    const { sim, record, stored } = setup();
    record('same');
    record('same');
    const before = stored()[0]!;
    const res = sim.request({ verb: 'delete', resource: 'events', namespace: 'default', name: before.metadata.name! });
    expect(res.ok).toBe(true);
    record('same');
    const after = stored();
    expect(after).toHaveLength(1);
    expect(after[0]!.metadata.name).toBe(before.metadata.name);
    expect(after[0]!.count).toBe(3);
    expect(after[0]!.firstTimestamp).toBe(before.firstTimestamp);
  });
});
