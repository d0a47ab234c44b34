/**
 * The preStop hook on deletion (executePreStopHook): the container keeps running while its hook
 * does, up to the grace period, then has what is left (at least 2 s) to go on SIGTERM.
 */
import { describe, expect, it } from 'vitest';
import { bootCluster, createPod, eventsFor, getPod, podManifest } from './kubelet.testing';

const del = (sim: ReturnType<typeof bootCluster>, name: string) => sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name });

describe('a preStop hook', () => {
  it('holds a deleted Pod for its grace period when it outlasts it, then SIGTERM has 2 s (the termination tutorial: sleep 180 under 120 s)', () => {
    const sim = bootCluster();
    const hook = { preStop: { exec: { command: ['/bin/sh', '-c', 'sleep 180'] } } };
    createPod(sim, podManifest('drain', 'nginx:1.27', { container: { lifecycle: hook }, spec: { terminationGracePeriodSeconds: 120 } }));
    sim.advance(15_000);
    expect(del(sim, 'drain').ok).toBe(true);
    sim.advance(110_000);
    const pod = getPod(sim, 'drain');
    expect(pod?.metadata.deletionTimestamp).toBeDefined();
    expect(pod?.status?.containerStatuses?.[0]?.state.running).toBeDefined();
    sim.advance(15_000);
    expect(getPod(sim, 'drain')).toBeUndefined();
    expect(eventsFor(sim, 'drain')).not.toContainEqual(expect.stringMatching(/FailedPreStopHook/));
  });

  it('that ends early lets SIGTERM come then; one that fails is a FailedPreStopHook event with no detail', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('quick', 'nginx:1.27', { container: { lifecycle: { preStop: { exec: { command: ['/bin/sh', '-c', 'sleep 5; exit 3'] } } } } }));
    sim.advance(15_000);
    expect(del(sim, 'quick').ok).toBe(true);
    sim.advance(3_000);
    expect(getPod(sim, 'quick')).toBeDefined();
    sim.advance(5_000);
    expect(getPod(sim, 'quick')).toBeUndefined();
    expect(eventsFor(sim, 'quick')).toContain('Warning FailedPreStopHook: PreStopHook failed');
  });

  it('of the sleep kind waits its seconds', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('nap', 'nginx:1.27', { container: { lifecycle: { preStop: { sleep: { seconds: 10 } } } } }));
    sim.advance(15_000);
    expect(del(sim, 'nap').ok).toBe(true);
    sim.advance(8_000);
    expect(getPod(sim, 'nap')).toBeDefined();
    sim.advance(5_000);
    expect(getPod(sim, 'nap')).toBeUndefined();
  });
});
