import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../k8s/types';
import { podQOS } from '../../k8s/qos';
import { bootCluster, createPod, eventsFor, getPod, podManifest, ready, stateOf, timeline, traceOf } from './kubelet.testing';
import { worldOf } from '../simulation';

describe('kubelet pod lifecycle', () => {
  it('takes a Pod bound to its node from ContainerCreating to Running and Ready, through CRI and CNI', () => {
    const sim = bootCluster();
    const seq = worldOf(sim).trace.nextSeq;
    createPod(sim, podManifest('web', 'nginx:1.27'));
    const seen = timeline(sim, 20_000, () => {
      const p = getPod(sim, 'web');
      return [p?.status?.phase ?? '', stateOf(p), ready(p) ?? ''];
    });
    expect(seen.map((s) => s.value)).toEqual([
      ['Pending', 'none', ''],
      ['Pending', 'waiting:ContainerCreating', 'False'],
      ['Running', 'running', 'True'],
    ]);
    const running = seen[2]!.at - seen[0]!.at;
    expect(running).toBeGreaterThan(1000);
    expect(running).toBeLessThan(15_000);

    expect(eventsFor(sim, 'web')).toEqual([
      'Normal Pulling: Pulling image "nginx:1.27"',
      expect.stringMatching(/^Normal Pulled: Successfully pulled image "nginx:1\.27" in [\d.]+m?s \([\d.]+m?s including waiting\)\. Image size: \d+ bytes\.$/),
      'Normal Created: Created container: api',
      'Normal Started: Started container api',
    ]);
    const hops = traceOf(sim, seq, ['cri', 'cni']).map((r) => r.summary);
    expect(hops).toEqual(['RunPodSandbox default/web', expect.stringMatching(/^CNI ADD default\/web → 10\.244\.\d+\.\d+$/), 'PullImage nginx:1.27', 'CreateContainer api', 'StartContainer api']);

    const pod = getPod(sim, 'web')!;
    const st = pod.status!;
    expect(st.conditions!.map((c) => `${c.type}=${c.status}`)).toEqual(['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True']);
    expect(st.hostIP).toBe('10.0.0.11');
    expect(st.hostIPs).toEqual([{ ip: '10.0.0.11' }]);
    const node = sim.objects('nodes').find((n) => n.metadata.name === 'node-1')!;
    const prefix = (node.spec as { podCIDR: string }).podCIDR.replace(/0\/24$/, '');
    expect(st.podIP?.startsWith(prefix)).toBe(true);
    expect(st.podIPs).toEqual([{ ip: st.podIP }]);
    expect(st.qosClass).toBe('BestEffort');
    expect(st.startTime).toBeDefined();
    const cs = st.containerStatuses![0]!;
    expect(cs).toMatchObject({ name: 'api', ready: true, started: true, restartCount: 0, image: 'docker.io/library/nginx:1.27', lastState: {} });
    expect(cs.imageID).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(cs.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
  });

  it('reuses an image already on the node', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('a', 'nginx:1.27'));
    sim.advance(15_000);
    createPod(sim, podManifest('b', 'nginx:1.27'));
    sim.advance(5_000);
    expect(eventsFor(sim, 'b')).toEqual([
      'Normal Pulled: Container image "nginx:1.27" already present on machine',
      'Normal Created: Created container: api',
      'Normal Started: Started container api',
    ]);
    expect(getPod(sim, 'a')!.status!.podIP).not.toBe(getPod(sim, 'b')!.status!.podIP);
  });

  it('keeps a Pod whose readiness probe fails Running but not Ready', () => {
    const sim = bootCluster();
    const probe = { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 };
    createPod(sim, podManifest('nr', 'registry.example.com/go-api:v1.7.0-never-ready', { container: { readinessProbe: probe, ports: [{ containerPort: 8080 }] } }));
    sim.advance(40_000);
    const pod = getPod(sim, 'nr')!;
    expect(pod.status!.phase).toBe('Running');
    expect(stateOf(pod)).toBe('running');
    const readyCond = pod.status!.conditions!.find((c) => c.type === 'Ready')!;
    expect(readyCond).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [api]' });
    expect(pod.status!.containerStatuses![0]).toMatchObject({ ready: false, started: true });
    expect(eventsFor(sim, 'nr').some((e) => e.startsWith('Warning Unhealthy: Readiness probe failed: '))).toBe(true);
  });

  it('stops containers gracefully on deletion, releases the IP, then deletes the Pod', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('gone', 'nginx:1.27'));
    sim.advance(15_000);
    const ip = getPod(sim, 'gone')!.status!.podIP!;
    const seq = worldOf(sim).trace.nextSeq;
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'gone' }).ok).toBe(true);
    expect(getPod(sim, 'gone')!.metadata.deletionTimestamp).toBeDefined();
    sim.advance(5_000);
    expect(getPod(sim, 'gone')).toBeUndefined();
    expect(eventsFor(sim, 'gone')).toContain('Normal Killing: Stopping container api');
    const hops = traceOf(sim, seq, ['cri', 'cni', 'process', 'request']).filter((r) => r.from === 'kubelet/node-1' || r.kind !== 'request').map((r) => r.summary);
    const order = ['StopContainer api', 'StopPodSandbox default/gone', `CNI DEL default/gone (${ip})`, 'DELETE /api/v1/namespaces/default/pods/gone'];
    const idx = order.map((s) => hops.indexOf(s));
    expect(idx.every((i) => i >= 0)).toBe(true);
    expect([...idx].sort((a, b) => a - b)).toEqual(idx);
    const cni = worldOf(sim).components.get('cni/node-1' as never) as unknown as { allocations: Map<string, string> };
    expect([...cni.allocations.keys()]).not.toContain(ip);
  });

  it('a Pod deleted after it finished, or whose PID 1 ignores SIGTERM but ends on its own soon, goes then, not at the grace deadline', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('done', 'busybox:1.36', { restartPolicy: 'Never', container: { command: ['sh', '-c', 'exit 3'] } }));
    createPod(sim, podManifest('ending', 'busybox:1.36', { restartPolicy: 'Never', container: { command: ['sh', '-c', 'sleep 20; exit 4'] } }));
    sim.advance(16_000);
    expect(getPod(sim, 'done')?.status?.phase).toBe('Failed');
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'done' }).ok).toBe(true);
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'ending' }).ok).toBe(true);
    sim.advance(3_000);
    expect(getPod(sim, 'done')).toBeUndefined();
    // sh as PID 1 has no SIGTERM handler; its sleep ends well before the 30 s grace period.
    expect(getPod(sim, 'ending')).toBeDefined();
    sim.advance(10_000);
    expect(getPod(sim, 'ending')).toBeUndefined();
  });

  it('with the runtime down, a deletion fails with FailedKillPod and retries after the back-off, then finishes when the runtime is back', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('stuck', 'nginx:1.27'));
    sim.advance(15_000);
    sim.injectFault('container-runtime/node-1');
    const seq = worldOf(sim).trace.nextSeq;
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'stuck' }).ok).toBe(true);
    sim.advance(60_000);
    expect(getPod(sim, 'stuck')?.metadata.deletionTimestamp).toBeDefined();
    // One StopContainer attempt per pod-worker back-off (10 s + jitter), not one per millisecond.
    const stops = traceOf(sim, seq, ['cri']).filter((r) => r.summary === 'StopContainer api');
    expect(stops.length).toBeLessThanOrEqual(1);
    const failed = eventsFor(sim, 'stuck').filter((e) => e.startsWith('Warning FailedKillPod: error killing pod: [failed to "KillContainer" for "api" with KillContainerError: "rpc error: code = Unavailable'));
    expect(failed.length).toBe(1);
    sim.healFault('container-runtime/node-1');
    sim.advance(40_000);
    expect(getPod(sim, 'stuck')).toBeUndefined();
  });

  it('rejects a Pod that does not fit the node (kubelet admission)', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('huge', 'nginx:1.27', { container: { resources: { requests: { cpu: '5' } } } }));
    sim.advance(2_000);
    const pod = getPod(sim, 'huge')!;
    // `used` is what already runs there (a CoreDNS replica may have landed on the node).
    expect(pod.status).toMatchObject({ phase: 'Failed', reason: 'OutOfcpu' });
    expect(pod.status?.message).toMatch(/^Pod was rejected: Node didn't have enough resource: cpu, requested: 5000, used: (0|100), capacity: 4000$/);
    expect(eventsFor(sim, 'huge')).toEqual([`Warning OutOfcpu: ${pod.status!.message!.replace('Pod was rejected: ', '')}`]);
  });

  it("counts the RuntimeClass's overhead and sidecars in what a Pod asks of the node", () => {
    const sim = bootCluster();
    const rc = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'kata' }, handler: 'runc', overhead: { podFixed: { cpu: '250m' } } };
    expect(sim.request({ verb: 'create', resource: 'runtimeclasses', body: rc as KObject }).ok).toBe(true);
    const sidecar = { name: 'proxy', image: 'nginx:1.27', restartPolicy: 'Always', resources: { requests: { cpu: '250m' } } };
    // 3600m alone would fit beside what already runs there; with the sandbox's 250m and the sidecar's 250m it does not.
    createPod(sim, podManifest('boxed', 'nginx:1.27', { container: { resources: { requests: { cpu: '3600m' } } }, spec: { runtimeClassName: 'kata', initContainers: [sidecar] } }));
    sim.advance(2_000);
    const pod = getPod(sim, 'boxed')!;
    expect(pod.status).toMatchObject({ phase: 'Failed', reason: 'OutOfcpu' });
    expect(pod.status?.message).toMatch(/^Pod was rejected: Node didn't have enough resource: cpu, requested: 4100, used: (0|100), capacity: 4000$/);
  });
});

describe('QoS class', () => {
  const pod = (resources: Record<string, unknown>[]): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: { containers: resources.map((r, i) => ({ name: `c${i}`, image: 'x', resources: r })) } });
  it('follows GetPodQOS', () => {
    expect(podQOS(pod([{}]))).toBe('BestEffort');
    expect(podQOS(pod([{ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1', memory: '1Gi' } }]))).toBe('Guaranteed');
    expect(podQOS(pod([{ requests: { cpu: '100m' } }]))).toBe('Burstable');
    expect(podQOS(pod([{ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } }]))).toBe('Burstable');
    expect(podQOS(pod([{ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1', memory: '1Gi' } }, {}]))).toBe('Burstable');
  });
});
