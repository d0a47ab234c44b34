import { describe, expect, it } from 'vitest';
import { bootCluster, createPod, eventsFor, getPod, podManifest, timeline } from './kubelet.testing';
import { podStatus } from '../../k8s/printers/pod';

describe('kubelet init containers', () => {
  it('runs init containers to completion, in order, before the app container', () => {
    const sim = bootCluster();
    const pod = podManifest('init', 'nginx:1.27');
    pod.spec.initContainers = [
      { name: 'wait', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 2'] },
      { name: 'setup', image: 'busybox:1.36', command: ['sh', '-c', 'echo ready'] },
    ];
    createPod(sim, pod);
    const seen = timeline(sim, 30_000, () => {
      const p = getPod(sim, 'init');
      const init = (p?.status?.initContainerStatuses ?? []).map((s) => (s.state.running ? 'running' : s.state.terminated ? `terminated:${s.state.terminated.reason}` : `waiting:${s.state.waiting?.reason}`));
      const main = p?.status?.containerStatuses?.[0]?.state;
      const initialized = p?.status?.conditions?.find((c) => c.type === 'Initialized');
      return [init.join(','), main?.running ? 'running' : `waiting:${main?.waiting?.reason ?? ''}`, initialized ? `${initialized.status}${initialized.message ? ` ${initialized.message}` : ''}` : ''];
    }).map((t) => t.value);
    expect(seen[1]).toEqual(['waiting:PodInitializing,waiting:PodInitializing', 'waiting:PodInitializing', 'False containers with incomplete status: [wait setup]']);
    expect(seen).toContainEqual(['running,waiting:PodInitializing', 'waiting:PodInitializing', 'False containers with incomplete status: [wait setup]']);
    expect(seen[seen.length - 1]).toEqual(['terminated:Completed,terminated:Completed', 'running', 'True']);
    const started = eventsFor(sim, 'init').filter((e) => e.startsWith('Normal Started'));
    expect(started).toEqual(['Normal Started: Started container wait', 'Normal Started: Started container setup', 'Normal Started: Started container api']);
  });

  it('fails a restartPolicy Never Pod whose init container fails', () => {
    const sim = bootCluster();
    const pod = podManifest('badinit', 'nginx:1.27', { restartPolicy: 'Never' });
    pod.spec.initContainers = [{ name: 'check', image: 'busybox:1.36', command: ['sh', '-c', 'exit 3'] }];
    createPod(sim, pod);
    sim.advance(20_000);
    const p = getPod(sim, 'badinit')!;
    expect(p.status!.phase).toBe('Failed');
    expect(p.status!.initContainerStatuses![0]!.state.terminated).toMatchObject({ exitCode: 3, reason: 'Error' });
    expect(eventsFor(sim, 'badinit').some((e) => e === 'Normal Started: Started container api')).toBe(false);
  });

  it('a Succeeded Pod whose sidecar was killed stopping is still Initialized (PodCompleted), and prints Completed', () => {
    // GeneratePodInitializedCondition: Succeeded with every init container's status known.
    const sim = bootCluster();
    const pod = podManifest('sidecar-job', 'alpine:3.20', { restartPolicy: 'Never', container: { command: ['sh', '-c', 'echo done'] } });
    pod.spec.initContainers = [{ name: 'logshipper', image: 'alpine:3.20', restartPolicy: 'Always', command: ['sh', '-c', 'tail -F /opt/logs.txt'] }];
    createPod(sim, pod);
    sim.advance(60_000);
    const p = getPod(sim, 'sidecar-job')!;
    expect(p.status!.phase).toBe('Succeeded');
    expect(p.status!.initContainerStatuses![0]!.state.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    expect(p.status!.conditions!.find((c) => c.type === 'Initialized')).toMatchObject({ status: 'True', reason: 'PodCompleted' });
    expect(podStatus(p).status).toBe('Completed');
  });
});
