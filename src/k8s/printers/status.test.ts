import { describe, expect, it } from 'vitest';
import type { ContainerState, ContainerStatus, Node, Pod, PodStatus } from '../types';
import { nodeRoles as roles, nodeStatus } from './node';
import { podStatus } from './pod';

/** READY, STATUS and the restart count: the columns that need no clock. */
function podColumns(p: Pod): { ready: string; status: string; restarts: number } {
  const { ready, status, restarts } = podStatus(p);
  return { ready, status, restarts };
}

const nodeRoles = (n: Node): string => roles(n).join(',') || '<none>';

const cs = (name: string, state: ContainerState, extra: Partial<ContainerStatus> = {}): ContainerStatus => ({
  name,
  state,
  lastState: {},
  ready: false,
  restartCount: 0,
  image: 'nginx',
  imageID: '',
  ...extra,
});

function pod(status: PodStatus, spec: Partial<Pod['spec']> = {}, meta: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', ...meta },
    spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec },
    status,
  };
}

describe('podColumns (printers.go printPod)', () => {
  it('shows the phase when no container has reported', () => {
    expect(podColumns(pod({ phase: 'Pending' }))).toEqual({ ready: '0/1', status: 'Pending', restarts: 0 });
  });

  it('shows the waiting reason of a container', () => {
    const p = pod({ phase: 'Pending', containerStatuses: [cs('app', { waiting: { reason: 'ContainerCreating' } })] });
    expect(podColumns(p).status).toBe('ContainerCreating');
  });

  it('counts ready running containers and sums restarts', () => {
    const p = pod(
      { phase: 'Running', containerStatuses: [cs('app', { running: {} }, { ready: true, restartCount: 2 }), cs('side', { running: {} }, { restartCount: 1 })] },
      { containers: [{ name: 'app', image: 'a' }, { name: 'side', image: 'b' }] },
    );
    expect(podColumns(p)).toEqual({ ready: '1/2', status: 'Running', restarts: 3 });
  });

  it('lets the first container win (iterates last to first)', () => {
    const p = pod(
      { phase: 'Running', containerStatuses: [cs('a', { waiting: { reason: 'CrashLoopBackOff' } }), cs('b', { waiting: { reason: 'ImagePullBackOff' } })] },
      { containers: [{ name: 'a', image: 'a' }, { name: 'b', image: 'b' }] },
    );
    expect(podColumns(p).status).toBe('CrashLoopBackOff');
  });

  it('prints terminated containers by reason, signal or exit code', () => {
    expect(podColumns(pod({ phase: 'Failed', containerStatuses: [cs('app', { terminated: { exitCode: 137, reason: 'OOMKilled' } })] })).status).toBe('OOMKilled');
    expect(podColumns(pod({ phase: 'Failed', containerStatuses: [cs('app', { terminated: { exitCode: 2 } })] })).status).toBe('ExitCode:2');
    expect(podColumns(pod({ phase: 'Failed', containerStatuses: [cs('app', { terminated: { exitCode: 0, signal: 9 } })] })).status).toBe('Signal:9');
  });

  it('shows init container progress and failures', () => {
    const spec = { initContainers: [{ name: 'init', image: 'busybox' }] };
    expect(podColumns(pod({ phase: 'Pending', initContainerStatuses: [cs('init', { running: {} })] }, spec)).status).toBe('Init:0/1');
    expect(podColumns(pod({ phase: 'Pending', initContainerStatuses: [cs('init', { waiting: { reason: 'CrashLoopBackOff' } })] }, spec)).status).toBe(
      'Init:CrashLoopBackOff',
    );
    expect(podColumns(pod({ phase: 'Pending', initContainerStatuses: [cs('init', { terminated: { exitCode: 1, reason: 'Error' } })] }, spec)).status).toBe(
      'Init:Error',
    );
    expect(podColumns(pod({ phase: 'Pending', initContainerStatuses: [cs('init', { terminated: { exitCode: 3 } })] }, spec)).status).toBe('Init:ExitCode:3');
  });

  it('counts a started sidecar in READY and skips it as an init step', () => {
    const p = pod(
      {
        phase: 'Running',
        initContainerStatuses: [cs('proxy', { running: {} }, { started: true, ready: true })],
        containerStatuses: [cs('app', { running: {} }, { ready: true })],
      },
      { initContainers: [{ name: 'proxy', image: 'envoy', restartPolicy: 'Always' }] },
    );
    expect(podColumns(p)).toEqual({ ready: '2/2', status: 'Running', restarts: 0 });
  });

  it('says Terminating for a deleting pod and Unknown for a lost node', () => {
    const running = { phase: 'Running' as const, containerStatuses: [cs('app', { running: {} }, { ready: true })] };
    expect(podColumns(pod(running, {}, { deletionTimestamp: '2025-09-01T09:00:00Z' })).status).toBe('Terminating');
    expect(podColumns(pod({ ...running, reason: 'NodeLost' }, {}, { deletionTimestamp: '2025-09-01T09:00:00Z' })).status).toBe('Unknown');
    expect(podColumns(pod({ phase: 'Succeeded' }, {}, { deletionTimestamp: '2025-09-01T09:00:00Z' })).status).toBe('Succeeded');
  });

  it('shows SchedulingGated and a status reason such as Evicted', () => {
    expect(podColumns(pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] })).status).toBe('SchedulingGated');
    expect(podColumns(pod({ phase: 'Failed', reason: 'Evicted' })).status).toBe('Evicted');
  });
});

function node(labels: Record<string, string>, ready: 'True' | 'False' | 'Unknown' | undefined, unschedulable = false): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n', labels },
    spec: unschedulable ? { unschedulable } : {},
    status: ready ? { conditions: [{ type: 'Ready', status: ready }] } : {},
  };
}

describe('nodeStatus and nodeRoles (printers.go printNode)', () => {
  it('reads only the Ready condition', () => {
    expect(nodeStatus(node({}, 'True'))).toBe('Ready');
    expect(nodeStatus(node({}, 'False'))).toBe('NotReady');
    expect(nodeStatus(node({}, 'Unknown'))).toBe('NotReady');
    expect(nodeStatus(node({}, undefined))).toBe('Unknown');
    expect(nodeStatus(node({}, 'True', true))).toBe('Ready,SchedulingDisabled');
  });

  it('lists roles from node-role labels, sorted, or <none>', () => {
    expect(nodeRoles(node({ 'node-role.kubernetes.io/control-plane': '' }, 'True'))).toBe('control-plane');
    expect(nodeRoles(node({ 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/infra': '' }, 'True'))).toBe('infra,worker');
    expect(nodeRoles(node({ 'kubernetes.io/role': 'edge' }, 'True'))).toBe('edge');
    expect(nodeRoles(node({ 'kubernetes.io/hostname': 'n' }, 'True'))).toBe('<none>');
  });
});
