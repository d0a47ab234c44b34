import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { podShape, podView, SHAPE_GLYPH } from './pods';
import { pod } from './testkit';

describe('podShape', () => {
  it('gives every kind of STATUS a shape, so state never rests on colour alone', () => {
    expect(podShape('Running', '1/1')).toBe('ok');
    expect(podShape('Running', '0/1')).toBe('notReady');
    expect(podShape('ContainerCreating', '0/1')).toBe('progress');
    expect(podShape('Init:0/2', '0/1')).toBe('progress');
    expect(podShape('Completed', '0/1')).toBe('done');
    expect(podShape('Terminating', '1/1')).toBe('terminating');
    for (const s of ['CrashLoopBackOff', 'ImagePullBackOff', 'Error', 'OOMKilled', 'Init:Error', 'Unknown']) expect(podShape(s, '0/1'), s).toBe('problem');
    expect(new Set(Object.values(SHAPE_GLYPH)).size).toBe(Object.keys(SHAPE_GLYPH).length);
  });
});

describe('podView', () => {
  it('shows each container with its state in Kubernetes words', () => {
    const [, p] = pod('web', 'node-1', {
      phase: 'Running',
      containerStatuses: [
        { name: 'app', ready: true, restartCount: 0, image: 'nginx', imageID: '', state: { running: { startedAt: 'x' } }, lastState: {} },
        { name: 'side', ready: false, restartCount: 2, image: 'busybox', imageID: '', state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: {} },
      ],
    }, ['app', 'side', 'new']);
    const v = podView(p as Pod);
    expect(v).toMatchObject({ name: 'web', status: 'CrashLoopBackOff', ready: '1/3', shape: 'problem' });
    expect(v.containers).toEqual([
      { name: 'app', state: 'Running', ready: true },
      { name: 'side', state: 'Waiting (CrashLoopBackOff)', ready: false },
      { name: 'new', state: 'Waiting', ready: false },
    ]);
  });
});
