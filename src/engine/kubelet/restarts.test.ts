import { describe, expect, it } from 'vitest';
import { parseTimestamp } from '../../k8s/time';
import type { Pod } from '../../k8s/types';
import { stopComponent } from '../dispatch';
import { schedule } from '../runtime';
import { bootCluster, createPod, eventCount, eventsFor, getPod, podManifest, stateOf, timeline, traceOf } from './kubelet.testing';
import { worldOf } from '../simulation';

function startedAt(pod: Pod | undefined): number | undefined {
  const s = pod?.status?.containerStatuses?.[0]?.state.running?.startedAt;
  return s === undefined ? undefined : parseTimestamp(s);
}

describe('kubelet restarts and back-offs', () => {
  it('restarts a crashing container with CrashLoopBackOff delays of 10 s, 20 s, 40 s', () => {
    const sim = bootCluster();
    const seq = worldOf(sim).trace.nextSeq;
    createPod(sim, podManifest('crash', 'registry.example.com/crashloop:1.0'));
    sim.advance(150_000);
    const hops = traceOf(sim, seq, ['cri', 'process']);
    const exits = hops.filter((r) => r.kind === 'process').map((r) => r.at);
    const starts = hops.filter((r) => r.summary === 'StartContainer api').map((r) => r.at);
    expect(starts.length).toBeGreaterThanOrEqual(5);
    // Start n+1 follows exit n by the back-off in force: none for the first crash, then doubling.
    const gaps = exits.slice(0, 4).map((at, i) => starts[i + 1]! - at);
    const expected = [0, 10_000, 20_000, 40_000];
    gaps.forEach((g, i) => {
      expect(g).toBeGreaterThanOrEqual(expected[i]!);
      expect(g).toBeLessThan(expected[i]! + 1_000);
    });
    const pod = getPod(sim, 'crash')!;
    const uid = pod.metadata.uid!;
    expect(eventsFor(sim, 'crash')).toContain(`Warning BackOff: Back-off restarting failed container api in pod crash_default(${uid})`);
    // While it waits, the status says why and for how long.
    const waits = timeline(sim, 120_000, () => getPod(sim, 'crash')?.status?.containerStatuses?.[0]?.state.waiting?.message ?? '').map((t) => t.value);
    expect(waits).toContain(`back-off 2m40s restarting failed container=api pod=crash_default(${uid})`);
    const cs = getPod(sim, 'crash')!.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBeGreaterThanOrEqual(5);
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
  });

  it('imagePullPolicy Always (a :latest image): each restart pulls again, then starts — the back-off is not applied twice', () => {
    const sim = bootCluster();
    const seq = worldOf(sim).trace.nextSeq;
    createPod(sim, podManifest('crash', 'busybox', { container: { command: ['sh', '-c', 'sleep 1; exit 3'] } }));
    sim.advance(90_000);
    const hops = traceOf(sim, seq, ['cri']);
    const starts = hops.filter((r) => r.summary === 'StartContainer api').map((r) => r.at);
    const pulls = hops.filter((r) => r.summary === 'PullImage busybox').map((r) => r.at);
    // Started at once, then after 10 s and 20 s back-offs (plus the pull and the 1 s run), each start after its own pull.
    expect(starts.length).toBeGreaterThanOrEqual(4);
    expect(pulls.length).toBeGreaterThanOrEqual(starts.length);
    for (let i = 0; i < starts.length; i++) expect(pulls[i]!).toBeLessThan(starts[i]!);
    const cs = getPod(sim, 'crash')!.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBeGreaterThanOrEqual(3);
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 3, reason: 'Error' });
    expect(eventCount(sim, 'crash', 'Pulling')).toBeGreaterThanOrEqual(4);
  });

  it('reports ErrImagePull, then ImagePullBackOff, retrying the pull after 10 s and 20 s', () => {
    const sim = bootCluster();
    const seq = worldOf(sim).trace.nextSeq;
    createPod(sim, podManifest('bad', 'nginx:1.27-doesnotexist'));
    const states = timeline(sim, 45_000, () => stateOf(getPod(sim, 'bad'))).map((t) => t.value);
    expect(states.slice(0, 5)).toEqual(['none', 'waiting:ContainerCreating', 'waiting:ErrImagePull', 'waiting:ImagePullBackOff', 'waiting:ErrImagePull']);
    const pulls = traceOf(sim, seq, ['cri']).filter((r) => r.summary === 'PullImage nginx:1.27-doesnotexist').map((r) => r.at);
    expect(pulls.length).toBe(3);
    expect(pulls[2]! - pulls[1]!).toBeGreaterThan(pulls[1]! - pulls[0]!);
    const ev = eventsFor(sim, 'bad');
    expect(ev.slice(0, 5)).toEqual([
      'Normal Pulling: Pulling image "nginx:1.27-doesnotexist"',
      expect.stringMatching(/^Warning Failed: Failed to pull image "nginx:1\.27-doesnotexist": rpc error: code = NotFound desc = /),
      'Warning Failed: Error: ErrImagePull',
      'Normal BackOff: Back-off pulling image "nginx:1.27-doesnotexist"',
      'Warning Failed: Error: ImagePullBackOff',
    ]);
    const waiting = getPod(sim, 'bad')!.status!.containerStatuses![0]!.state.waiting!;
    if (waiting.reason === 'ImagePullBackOff') expect(waiting.message).toMatch(/^Back-off pulling image "nginx:1\.27-doesnotexist": ErrImagePull: rpc error/);
    expect(getPod(sim, 'bad')!.status!.phase).toBe('Pending');
  });

  it('reports an out-of-memory kill as OOMKilled with exit code 137', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('hog', 'registry.example.com/memory-hog:1.0', { container: { resources: { limits: { memory: '64Mi' } } } }));
    const states = timeline(sim, 60_000, () => stateOf(getPod(sim, 'hog'))).map((t) => t.value);
    expect(states).toContain('terminated:OOMKilled');
    const pod = getPod(sim, 'hog')!;
    expect(pod.status!.qosClass).toBe('Burstable');
    const terminated = pod.status!.containerStatuses![0]!.lastState.terminated ?? pod.status!.containerStatuses![0]!.state.terminated;
    expect(terminated).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
  });

  it('restarts a container whose liveness probe fails', () => {
    const sim = bootCluster();
    const probe = { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 5, failureThreshold: 3 };
    createPod(sim, podManifest('live', 'registry.example.com/liveness:1.0', { container: { livenessProbe: probe } }));
    sim.advance(80_000);
    const ev = eventsFor(sim, 'live');
    expect(ev).toContain('Normal Killing: Container api failed liveness probe, will be restarted');
    expect(ev.some((e) => e.startsWith('Warning Unhealthy: Liveness probe failed: HTTP probe failed with statuscode: 500'))).toBe(true);
    expect(eventCount(sim, 'live', 'Unhealthy')).toBeGreaterThanOrEqual(3);
    expect(getPod(sim, 'live')!.status!.containerStatuses![0]!.restartCount).toBeGreaterThanOrEqual(1);
  });

  it('finishes a restartPolicy Never Pod as Succeeded or Failed and tears its sandbox down', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('ok', 'registry.example.com/batch-job:1.0', { restartPolicy: 'Never' }));
    createPod(sim, podManifest('ko', 'registry.example.com/batch-job:1.0-fail', { restartPolicy: 'Never' }));
    sim.advance(60_000);
    const ok = getPod(sim, 'ok')!;
    expect(ok.status!.phase).toBe('Succeeded');
    expect(stateOf(ok)).toBe('terminated:Completed');
    expect(ok.status!.conditions!.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'PodCompleted' });
    expect(ok.status!.conditions!.find((c) => c.type === 'PodReadyToStartContainers')!.status).toBe('False');
    expect(ok.status!.podIP).toBeDefined();
    const ko = getPod(sim, 'ko')!;
    expect(ko.status!.phase).toBe('Failed');
    expect(ko.status!.containerStatuses![0]!.state.terminated).toMatchObject({ exitCode: 2, reason: 'Error' });
    expect(ko.status!.containerStatuses![0]!.restartCount).toBe(0);
  });

  it('keeps containers running across a kubelet restart and picks them up again', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('keep', 'nginx:1.27'));
    sim.advance(15_000);
    const before = getPod(sim, 'keep')!;
    expect(before.status!.phase).toBe('Running');
    stopComponent(worldOf(sim), 'kubelet/node-1' as never);
    sim.advance(20_000);
    const rt = worldOf(sim).components.get('container-runtime/node-1' as never) as unknown as { containers: Map<string, { state: string; podUid: string }> };
    expect([...rt.containers.values()].filter((c) => c.podUid === before.metadata.uid && c.state === 'CONTAINER_RUNNING').length).toBe(1);
    schedule(worldOf(sim), 0, 'kubelet/node-1' as never, { type: 'start' });
    sim.advance(15_000);
    const after = getPod(sim, 'keep')!;
    expect(after.status!.phase).toBe('Running');
    expect(after.status!.containerStatuses![0]!.restartCount).toBe(0);
    expect(after.status!.containerStatuses![0]!.containerID).toBe(before.status!.containerStatuses![0]!.containerID);
    expect(startedAt(after)).toBe(startedAt(before));
    expect(eventCount(sim, 'keep', 'Started')).toBe(1);
  });
});
