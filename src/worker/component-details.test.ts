import { describe, expect, it } from 'vitest';
import type { KObject } from '../k8s/types';
import { Simulation, type ComponentState } from '../engine/index';
import { componentDetails } from './component-details';

function comp(sim: Simulation, id: string): ComponentState {
  const c = sim.component(id);
  if (!c) throw new Error(`no component ${id}`);
  return c;
}

const details = (sim: Simulation, id: string) => componentDetails(sim, comp(sim, id));

const pod = (name: string, extra: Record<string, unknown> = {}): KObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], ...extra } }) as KObject;

describe('componentDetails', () => {
  it('reports the raft leader and term on etcd, and the Lease holder on the leader-elected components', () => {
    const sim = new Simulation({ seed: 1 });
    expect(details(sim, 'etcd')).toEqual({ raftLeader: true, raftTerm: 1 });
    const sched = details(sim, 'kube-scheduler');
    expect(sched.leader).toBe(true);
    expect(sched.queueDepth).toBe(0);
    // Nodes, Pods, PVCs… all listed into its informer caches.
    expect(sched.cachedObjects).toBeGreaterThan(4);
    expect(details(sim, 'kube-controller-manager')).toMatchObject({ leader: true, queueDepth: 0 });
    expect(details(sim, 'kubelet/node-1').cachedObjects).toBeGreaterThan(0);
    expect(details(sim, 'kube-apiserver')).toEqual({});
  });

  it('counts every HA etcd member and marks exactly one as raft leader', () => {
    const sim = new Simulation({ seed: 1, topology: 'ha' });
    const members = sim.components().filter((c) => c.kind === 'etcd');
    expect(members.length).toBe(3);
    expect(members.filter((m) => componentDetails(sim, m).raftLeader)).toHaveLength(1);
    const schedulers = sim.components().filter((c) => c.kind === 'kube-scheduler');
    expect(schedulers.filter((s) => componentDetails(sim, s).leader)).toHaveLength(1);
  });

  it("counts an unschedulable Pod in the scheduler's queue", () => {
    const sim = new Simulation({ seed: 1 });
    expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('stuck', { nodeSelector: { disk: 'none-has-this' } }) }).ok).toBe(true);
    sim.advance(3000);
    expect(details(sim, 'kube-scheduler').queueDepth).toBe(1);
  });

  it("counts keys waiting in kube-controller-manager's workqueues", () => {
    const sim = new Simulation({ seed: 1 });
    const deploy = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } },
    } as KObject;
    expect(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deploy }).ok).toBe(true);
    // The watch event is handled (key queued) but the reconcile has not run yet.
    expect(sim.runUntilTrace((r) => r.kind === 'watch' && r.to === 'deployment-controller', 5000)).toBeDefined();
    expect(details(sim, 'kube-controller-manager').queueDepth).toBeGreaterThanOrEqual(1);
  });

  it('lists the faults that cover a component: its own, its kind, its machine powered off or partitioned', () => {
    const sim = new Simulation({ seed: 1 });
    expect(sim.injectFault('kube-scheduler').ok).toBe(true);
    expect(sim.injectFault('node/node-2').ok).toBe(true);
    expect(sim.injectFault('network/node-1').ok).toBe(true);
    expect(details(sim, 'kube-scheduler').faults).toEqual(['kube-scheduler']);
    expect(details(sim, 'kubelet/node-2').faults).toEqual(['node/node-2']);
    expect(details(sim, 'kube-proxy/node-1').faults).toEqual(['network/node-1']);
    expect(details(sim, 'kubelet/node-3').faults).toBeUndefined();
    expect(sim.healFault('kube-scheduler').ok).toBe(true);
    expect(details(sim, 'kube-scheduler').faults).toBeUndefined();
  });
});
