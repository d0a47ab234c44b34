import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { podLabel, podShape, podView, systemPods } from './pods';
import { pod, runningPod } from './testkit';

describe('podShape', () => {
  it('gives every kind of STATUS a shape, so state never rests on colour alone', () => {
    expect(podShape('Running', '1/1')).toBe('ok');
    expect(podShape('Running', '0/1')).toBe('notReady');
    expect(podShape('ContainerCreating', '0/1')).toBe('progress');
    expect(podShape('Init:0/2', '0/1')).toBe('progress');
    expect(podShape('Completed', '0/1')).toBe('done');
    expect(podShape('Terminating', '1/1')).toBe('terminating');
    for (const s of ['CrashLoopBackOff', 'ImagePullBackOff', 'Error', 'OOMKilled', 'Init:Error', 'Unknown']) expect(podShape(s, '0/1'), s).toBe('problem');
  });
});

describe('podView', () => {
  it('shows each container with its state in Kubernetes words', () => {
    const [, p] = pod(
      'web',
      'node-1',
      {
        phase: 'Running',
        containerStatuses: [
          { name: 'app', ready: true, restartCount: 0, image: 'nginx', imageID: '', state: { running: { startedAt: 'x' } }, lastState: {} },
          { name: 'side', ready: false, restartCount: 2, image: 'busybox', imageID: '', state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: {} },
        ],
      },
      ['app', 'side', 'new'],
    );
    const v = podView(p as Pod);
    expect(v).toMatchObject({ name: 'web', label: 'web', status: 'CrashLoopBackOff', ready: '1/3', shape: 'problem', readyFalse: false });
    expect(v.containers).toEqual([
      { name: 'app', state: 'Running', ready: true },
      { name: 'side', state: 'Waiting (CrashLoopBackOff)', ready: false },
      { name: 'new', state: 'Waiting', ready: false },
    ]);
  });

  it('keeps kubectl’s READY and STATUS for a Pod whose Ready condition the node controller set False, and marks that', () => {
    const v = podView(runningPod('web', 'node-1', 'False')[1] as Pod);
    expect(v).toMatchObject({ status: 'Running', ready: '1/1', shape: 'ok', readyFalse: true });
    expect(podView(runningPod('web', 'node-1', 'True')[1] as Pod).readyFalse).toBe(false);
  });
});

describe('podLabel', () => {
  it('shortens a replica to the part of its name after its owner’s', () => {
    expect(podLabel(runningPod('go-api-5d8f-x2k9p', 'node-1', 'True', 'go-api-5d8f')[1] as Pod)).toEqual({ label: 'x2k9p', owner: 'go-api-5d8f' });
    expect(podLabel(runningPod('hello', 'node-1')[1] as Pod)).toEqual({ label: 'hello' });
  });
  it('keeps a StatefulSet Pod’s whole name: its ordinal alone would read as a count', () => {
    const p = runningPod('web-0', 'node-1', 'True', 'web')[1] as Pod;
    p.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u', controller: true }];
    expect(podLabel(p)).toEqual({ label: 'web-0', owner: 'web' });
  });
});

describe('systemPods', () => {
  it('counts a machine’s kube-system Pods and shows the worst state among them', () => {
    const ok = podView(runningPod('coredns-a', 'node-1')[1] as Pod);
    const bad = podView(pod('coredns-b', 'node-1', { phase: 'Failed', reason: 'Evicted' })[1] as Pod);
    expect(systemPods('node-1', [ok])).toMatchObject({ host: 'node-1', count: 1, unwell: 0, shape: 'ok' });
    expect(systemPods('node-1', [ok, bad])).toMatchObject({ count: 2, unwell: 1, shape: 'problem', names: ['coredns-a', 'coredns-b'] });
    const stale = podView(runningPod('kube-proxy-a', 'node-1', 'False')[1] as Pod);
    expect(systemPods('node-1', [ok, stale])).toMatchObject({ unwell: 1, shape: 'notReady' });
  });
});
