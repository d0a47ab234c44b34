import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import type { ComponentId } from '../core/ids';
import { bootCluster } from '../kubelet/kubelet.testing';
import { worldOf } from '../simulation';
import { bind, create, fakeNode, keepAlive, patch, podSpec } from './controllers.testing';

const KCM = 'kube-controller-manager' as ComponentId;

describe('controller manager workers', () => {
  it('keeps one process timer per controller when a sync adds a key at once', () => {
    const sim = bootCluster();
    fakeNode(sim, 'w1');
    keepAlive(sim, 'w1');
    const pod = create<Pod>(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'victim' }, spec: podSpec() });
    bind(sim, pod, 'w1');
    sim.advance(1_000);
    // The Pod's sync finds an untolerated NoExecute taint and adds its eviction with no delay.
    patch(sim, 'nodes', 'w1', { spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }, { key: 'example.com/gone', effect: 'NoExecute' }] } }, undefined);
    let most = 0;
    sim.runUntil(() => {
      const pending = worldOf(sim).queue.filter((e) => e.to === KCM && e.msg.type === 'timer' && e.msg.name === 'process:taint-eviction-controller').length;
      most = Math.max(most, pending);
      return false;
    }, 5_000);
    expect(worldOf(sim).trace.records.some((r) => r.kind === 'reconcile' && r.detail.type === 'sync' && r.detail.key === 'evict/default/victim')).toBe(true);
    expect(most).toBe(1);
  });
});
