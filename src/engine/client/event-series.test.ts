import { describe, expect, it } from 'vitest';
import type { KEvent, KObject } from '../../k8s/types';
import { parseTimestamp } from '../../k8s/time';
import { Simulation, worldOf } from '../simulation';
import { FINISH_TIME_MS, REFRESH_TIME_MS } from './event-series';

const TOO_BIG = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'too-big', namespace: 'default' },
  spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu: '8', memory: '1Gi' } } }] },
} as unknown as KObject;

function failedScheduling(sim: Simulation): KEvent[] {
  return sim
    .objects<KEvent>('events')
    .filter((e) => e.reason === 'FailedScheduling' && e.involvedObject.name === 'too-big')
    .sort((a, b) => parseTimestamp(a.eventTime!) - parseTimestamp(b.eventTime!));
}

describe("kube-scheduler's events.k8s.io recorder (EventBroadcaster series)", () => {
  it('stores its Events in core/v1 shape with eventTime, action and the reporting fields instead of timestamps and a count', () => {
    const sim = new Simulation({ seed: 42 });
    const ev = sim.objects<KEvent>('events').find((e) => e.reason === 'Scheduled')!;
    expect(ev.source).toEqual({});
    // Value-type metav1.Time fields left zero: served as null, as `kubectl get events -o yaml` shows them.
    expect(ev.firstTimestamp).toBeNull();
    expect(ev.lastTimestamp).toBeNull();
    expect(ev.count).toBeUndefined();
    expect(ev.eventTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(ev.action).toBe('Binding');
    expect(ev.reportingComponent).toBe('default-scheduler');
    expect(ev.reportingInstance).toBe('default-scheduler-control-plane');
  });

  it("kube-proxy's Starting: about its nodeRef (the uid is the name; apiVersion set since kubernetes#134545, v1.35) and with no message", () => {
    const sim = new Simulation({ seed: 42 });
    const ev = sim.objects<KEvent>('events').find((e) => e.reportingComponent === 'kube-proxy' && e.involvedObject.name === 'node-1')!;
    expect(ev.action).toBe('StartKubeProxy');
    expect(ev.involvedObject).toEqual({ apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: 'node-1' });
    expect(ev).not.toHaveProperty('message');
  });

  it('sends a repeat once as a series of 2; later ones wait in the cache for the 30-minute refresh', () => {
    const sim = new Simulation({ seed: 42 });
    const startedAt = worldOf(sim).eventBroadcasters.get('default-scheduler\u0000control-plane')!.startedAt;
    expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: TOO_BIG }).ok).toBe(true);
    sim.advance(20 * 60_000);
    // The first attempt saw the Pod before its PodScheduled condition was written (another
    // resourceVersion, so another Event); every later attempt is isomorphic to the second.
    const [first, second, ...rest] = failedScheduling(sim);
    expect(rest).toEqual([]);
    expect(first!.series).toBeUndefined();
    expect(second!.series!.count).toBe(2);
    const written = parseTimestamp(second!.series!.lastObservedTime);
    expect(sim.now - written).toBeGreaterThan(5 * 60_000);
    // Past the refresh tick the cache's count (one per attempt since the second) is written.
    sim.advance(startedAt + REFRESH_TIME_MS + 1_000 - sim.now);
    const refreshed = failedScheduling(sim)[1]!;
    expect(refreshed.series!.count).toBeGreaterThan(2);
    expect(parseTimestamp(refreshed.series!.lastObservedTime)).toBeGreaterThan(written);
  });

  it('writes a series a last time once it has been quiet for 6 minutes', () => {
    const sim = new Simulation({ seed: 42 });
    expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: TOO_BIG }).ok).toBe(true);
    sim.advance(17 * 60_000);
    expect(failedScheduling(sim)[1]!.series!.count).toBe(2);
    // No more attempts once the Pod is gone; its Events stay.
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'too-big', body: { gracePeriodSeconds: 0 } as never }).ok).toBe(true);
    sim.advance(2 * FINISH_TIME_MS);
    const finished = failedScheduling(sim)[1]!;
    expect(finished.series!.count).toBe(3);
  });
});
