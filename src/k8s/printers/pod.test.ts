import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod, PodStatus } from '../types';
import { EPOCH_MS, rfc3339 } from '../time';
import type { SimMillis } from '../units';
import { podRow } from './pod';

const NOW = 600_000;
const at = (ms: number): string => rfc3339(ms as SimMillis);
void EPOCH_MS;

function pod(status: PodStatus, extra: Partial<Pod['spec']> = {}, meta: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', creationTimestamp: at(0), ...meta },
    spec: { containers: [{ name: 'app', image: 'nginx' }], ...extra },
    status,
  };
}

function cs(partial: Partial<ContainerStatus>): ContainerStatus {
  return { name: 'app', ready: false, restartCount: 0, image: 'nginx', imageID: '', state: {}, lastState: {}, ...partial };
}

describe('pod STATUS / READY / RESTARTS (printPod)', () => {
  it('is Pending with no container statuses', () => {
    expect(podRow(pod({ phase: 'Pending' }), NOW)).toEqual({ ready: '0/1', status: 'Pending', restarts: '0' });
  });

  it('shows a waiting reason such as ContainerCreating or ImagePullBackOff', () => {
    expect(podRow(pod({ phase: 'Pending', containerStatuses: [cs({ state: { waiting: { reason: 'ContainerCreating' } } })] }), NOW).status).toBe('ContainerCreating');
    expect(podRow(pod({ phase: 'Pending', containerStatuses: [cs({ state: { waiting: { reason: 'ImagePullBackOff' } } })] }), NOW).status).toBe('ImagePullBackOff');
  });

  it('is Running with ready containers counted', () => {
    const p = pod({ phase: 'Running', containerStatuses: [cs({ ready: true, state: { running: { startedAt: at(1000) } } })] });
    expect(podRow(p, NOW)).toEqual({ ready: '1/1', status: 'Running', restarts: '0' });
  });

  it('prints CrashLoopBackOff with restarts and the time since the last termination', () => {
    const p = pod({
      phase: 'Running',
      containerStatuses: [cs({ restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: at(NOW - 41_000) } } })],
    });
    expect(podRow(p, NOW)).toEqual({ ready: '0/1', status: 'CrashLoopBackOff', restarts: '3 (41s ago)' });
  });

  it('reports terminated reasons, then ExitCode/Signal when there is no reason', () => {
    expect(podRow(pod({ phase: 'Failed', containerStatuses: [cs({ state: { terminated: { exitCode: 137, reason: 'OOMKilled' } } })] }), NOW).status).toBe('OOMKilled');
    expect(podRow(pod({ phase: 'Failed', containerStatuses: [cs({ state: { terminated: { exitCode: 2 } } })] }), NOW).status).toBe('ExitCode:2');
    expect(podRow(pod({ phase: 'Failed', containerStatuses: [cs({ state: { terminated: { exitCode: 0, signal: 9 } } })] }), NOW).status).toBe('Signal:9');
  });

  it('lets the first container win because containers are walked last to first', () => {
    const p = pod(
      {
        phase: 'Pending',
        containerStatuses: [cs({ name: 'a', state: { waiting: { reason: 'ErrImagePull' } } }), cs({ name: 'b', state: { waiting: { reason: 'ContainerCreating' } } })],
      },
      { containers: [{ name: 'a' }, { name: 'b' }] },
    );
    expect(podRow(p, NOW)).toMatchObject({ ready: '0/2', status: 'ErrImagePull' });
  });

  it('shows init container progress and failures', () => {
    const spec = { initContainers: [{ name: 'init' }, { name: 'init2' }] };
    const init = (s: Partial<ContainerStatus>): ContainerStatus => cs({ name: 'init', ...s });
    expect(podRow(pod({ phase: 'Pending', initContainerStatuses: [init({ state: { running: {} } })] }, spec), NOW).status).toBe('Init:0/2');
    expect(podRow(pod({ phase: 'Pending', initContainerStatuses: [init({ state: { waiting: { reason: 'CrashLoopBackOff' } } })] }, spec), NOW).status).toBe('Init:CrashLoopBackOff');
    expect(podRow(pod({ phase: 'Pending', initContainerStatuses: [init({ state: { terminated: { exitCode: 1, reason: 'Error' } } })] }, spec), NOW).status).toBe('Init:Error');
    expect(podRow(pod({ phase: 'Pending', initContainerStatuses: [init({ state: { terminated: { exitCode: 3 } } })] }, spec), NOW).status).toBe('Init:ExitCode:3');
    const done = init({ state: { terminated: { exitCode: 0, reason: 'Completed' } } });
    expect(podRow(pod({ phase: 'Pending', initContainerStatuses: [done, cs({ name: 'init2', state: { waiting: {} } })] }, spec), NOW).status).toBe('Init:1/2');
  });

  it('counts a started sidecar as ready in the total and moves past it', () => {
    const p = pod(
      {
        phase: 'Running',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [cs({ name: 'proxy', ready: true, started: true, state: { running: {} } })],
        containerStatuses: [cs({ ready: true, state: { running: {} } })],
      },
      { initContainers: [{ name: 'proxy', restartPolicy: 'Always' }] },
    );
    expect(podRow(p, NOW)).toMatchObject({ ready: '2/2', status: 'Running' });
  });

  it('turns Completed back into Running or NotReady while another container runs', () => {
    const statuses = [cs({ name: 'job', state: { terminated: { exitCode: 0, reason: 'Completed' } } }), cs({ name: 'app', ready: true, state: { running: {} } })];
    const spec = { containers: [{ name: 'job' }, { name: 'app' }] };
    expect(podRow(pod({ phase: 'Running', containerStatuses: statuses, conditions: [{ type: 'Ready', status: 'True' }] }, spec), NOW).status).toBe('Running');
    expect(podRow(pod({ phase: 'Running', containerStatuses: statuses, conditions: [{ type: 'Ready', status: 'False' }] }, spec), NOW).status).toBe('NotReady');
  });

  it('shows Terminating for a deleting pod, Unknown when the node was lost, and SchedulingGated', () => {
    expect(podRow(pod({ phase: 'Running' }, {}, { deletionTimestamp: at(NOW) }), NOW).status).toBe('Terminating');
    expect(podRow(pod({ phase: 'Succeeded' }, {}, { deletionTimestamp: at(NOW) }), NOW).status).toBe('Succeeded');
    expect(podRow(pod({ phase: 'Running', reason: 'NodeLost' }, {}, { deletionTimestamp: at(NOW) }), NOW).status).toBe('Unknown');
    expect(podRow(pod({ phase: 'Failed', reason: 'Evicted' }), NOW).status).toBe('Evicted');
    expect(podRow(pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] }), NOW).status).toBe('SchedulingGated');
  });
});
