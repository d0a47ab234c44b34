/**
 * Issue #15, item 5: Pods that cannot be scheduled cost linear work. kube-scheduler writes each
 * one's PodScheduled=False condition and every such write wakes the ReplicaSet; a sync that read
 * every Pod of the ReplicaSet made N Pending Pods cost N² Pod reads (3.8 s, 14 s and 100 s of wall
 * time for 1,000, 4,000 and 10,000). The work is counted, not timed.
 */
import { describe, expect, it } from 'vitest';
import type { Deployment, ReplicaSet } from '../../../k8s/types';
import { componentId } from '../../core/ids';
import { Simulation, worldOf } from '../../simulation';
import type { ControllerManagerState } from '../state';
import { create, pods } from '../controllers.testing';

/** More CPU than any node has: the scheduler rejects every Pod, each with its own status write. */
function tooBig(name: string, replicas: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu: '64' } } }] } },
    },
  };
}

interface Work {
  syncs: number;
  podsRead: number;
}

function pendingRun(replicas: number): Work {
  const sim = new Simulation({ seed: 1, timings: { kubeApiQps: 5_000, kubeApiBurst: 10_000 } });
  const kcm = worldOf(sim).components.get(componentId('kube-controller-manager')) as ControllerManagerState;
  const before: Work = { syncs: kcm.reconciles['replicaset'] ?? 0, podsRead: podsRead(kcm) };
  create(sim, 'deployments', tooBig('big', replicas));
  sim.advance(30_000);

  const ps = pods(sim);
  expect(ps).toHaveLength(replicas);
  for (const p of ps) expect(p.status?.conditions?.find((c) => c.type === 'PodScheduled')).toMatchObject({ status: 'False', reason: 'Unschedulable' });
  const rs = sim.objects<ReplicaSet>('replicasets').find((r) => r.metadata.namespace === 'default')!;
  expect(rs.status).toMatchObject({ replicas, fullyLabeledReplicas: replicas, terminatingReplicas: 0 });
  expect(rs.status?.readyReplicas).toBeUndefined();
  return { syncs: (kcm.reconciles['replicaset'] ?? 0) - before.syncs, podsRead: podsRead(kcm) - before.podsRead };
}

function podsRead(kcm: ControllerManagerState): number {
  const state = kcm.data['replicaset']?.['state'] as { podsRead: number } | undefined;
  return state?.podsRead ?? 0;
}

describe('replicaset-controller under many Pending Pods', () => {
  it('reads Pods in proportion to the Pods, not their square', () => {
    const n = pendingRun(150);
    const twice = pendingRun(300);
    // Every Pod's rejection still wakes the ReplicaSet (nothing is skipped)...
    expect(n.syncs).toBeGreaterThan(150);
    expect(twice.syncs).toBeGreaterThan(300);
    // ...but a sync reads only the Pods that changed since the one before.
    expect(twice.podsRead).toBeLessThanOrEqual(2.2 * n.podsRead);
    expect(twice.podsRead).toBeLessThan(10 * 300);
  });
});
