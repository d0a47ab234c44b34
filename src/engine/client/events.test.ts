import { describe, expect, it } from 'vitest';
import type { KEvent, KObject } from '../../k8s/types';
import type { ComponentId } from '../core/ids';
import { Simulation, worldOf } from '../simulation';
import { SCHEDULER_USER } from '../apiserver/auth';
import { EVENT_CACHE_ENTRIES, recordEvent } from './events';

describe('EventRecorder', () => {
  it('stores Events with the fields and field order it always had (no namespace for cluster-scoped objects, no eventTime)', () => {
    const sim = new Simulation({ seed: 42 });
    const events = sim.objects<KEvent>('events');
    const node = events.find((e) => e.involvedObject.kind === 'Node')!;
    expect(Object.keys(node.involvedObject)).toEqual(['kind', 'name', 'uid', 'apiVersion', 'resourceVersion']);
    expect(Object.keys(node)).toEqual(['apiVersion', 'kind', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'reportingComponent', 'reportingInstance']);
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
