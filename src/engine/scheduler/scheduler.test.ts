/**
 * kube-scheduler end to end on the real engine: Pods created through kube-apiserver, nodes
 * registered through the API (see testing.ts), outcomes read back from the stored objects,
 * Events, the trace and the decision log.
 */
import { describe, expect, it } from 'vitest';
import type { Lease, Node, PersistentVolumeClaim, Pod } from '../../k8s/types';
import { lastDecisionFor } from './decisions';
import { basicCluster, createPod, eventsFor, getPod, nodeManifest, podManifest, requests } from './scheduler.testing';
import type { SchedulerState } from './state';
import { worldOf } from '../simulation';

const TOO_BIG =
  '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..';

function condition(pod: Pod | undefined) {
  return pod?.status?.conditions?.find((c) => c.type === 'PodScheduled');
}

function leader(sim: ReturnType<typeof basicCluster>): SchedulerState {
  return [...worldOf(sim).components.values()].find((c): c is SchedulerState => c.kind === 'kube-scheduler' && c.leader.isLeader)!;
}

describe('kube-scheduler', () => {
  it('holds the kube-system/kube-scheduler Lease', () => {
    const sim = basicCluster();
    const lease = sim.objects<Lease>('leases').find((l) => l.metadata.name === 'kube-scheduler' && l.metadata.namespace === 'kube-system');
    expect(lease?.spec.holderIdentity).toBe(leader(sim).leader.identity);
    expect(lease?.spec.holderIdentity).toMatch(/^control-plane_[0-9a-f-]{36}$/);
  });

  it('binds a Pod, records Scheduled and explains the choice', () => {
    const sim = basicCluster();
    createPod(sim, podManifest('web'));
    sim.advance(1000);
    const pod = getPod(sim, 'web')!;
    expect(pod.spec.nodeName).toMatch(/^node-[123]$/);
    expect(condition(pod)?.status).toBe('True');
    const ev = eventsFor(sim, 'web').find((e) => e.reason === 'Scheduled')!;
    expect(ev.type).toBe('Normal');
    expect(ev.message).toBe(`Successfully assigned default/web to ${pod.spec.nodeName}`);
    // Recorded through events.k8s.io: the reporting fields name the scheduler, `source` is empty.
    expect(ev).toMatchObject({ source: {}, action: 'Binding', reportingComponent: 'default-scheduler' });

    const rec = worldOf(sim).trace.records.find((r) => r.kind === 'schedule' && r.object?.name === 'web')!;
    expect(rec.from).toBe('kube-scheduler');
    expect(rec.to).toBe('kube-scheduler');
    expect(rec.summary).toMatch(new RegExp(`^pod default/web: filter 4 nodes → 3 feasible; score (node-\\d=\\d+ ?){3}; selected ${pod.spec.nodeName}$`));
    const d = lastDecisionFor(worldOf(sim).decisions, 'default', 'web')!;
    expect(d.seq).toBe(rec.seq);
    expect(d.node).toBe(pod.spec.nodeName);
    expect(d.totalNodes).toBe(4);
    expect(d.verdicts.find((v) => v.node === 'control-plane')?.rejectedBy).toEqual({ plugin: 'TaintToleration', reason: 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }' });
    const chosen = d.verdicts.find((v) => v.node === pod.spec.nodeName)!;
    expect(chosen.scores?.['TaintToleration']).toBe(100);
    expect(chosen.total).toBeGreaterThan(300);
    // The trace shows the watch hop that told the scheduler, then the binding request.
    const hop = worldOf(sim).trace.records.find((r) => r.kind === 'watch' && r.to === 'kube-scheduler' && r.summary === 'watch ADDED pod default/web');
    expect(hop).toBeDefined();
    expect(worldOf(sim).trace.records.some((r) => r.kind === 'request' && r.from === 'kube-scheduler' && r.summary === 'POST /api/v1/namespaces/default/pods/web/binding')).toBe(true);
  });

  it('reports a Pod no node can hold with the exact FitError, as Event and condition', () => {
    const sim = basicCluster();
    createPod(sim, podManifest('huge', { containers: requests('100') }));
    sim.advance(2000);
    const pod = getPod(sim, 'huge')!;
    expect(pod.spec.nodeName).toBeUndefined();
    const c = condition(pod)!;
    expect(c).toMatchObject({ status: 'False', reason: 'Unschedulable', message: TOO_BIG });
    const ev = eventsFor(sim, 'huge').find((e) => e.reason === 'FailedScheduling')!;
    expect(ev).toMatchObject({ type: 'Warning', message: TOO_BIG, action: 'Scheduling' });
    expect(ev.series).toBeUndefined();
    expect(lastDecisionFor(worldOf(sim).decisions, 'default', 'huge')?.message).toBe(TOO_BIG);
  });

  it('retries an unschedulable Pod after podMaxInUnschedulablePodsDuration', () => {
    const sim = basicCluster();
    createPod(sim, podManifest('huge', { containers: requests('100') }));
    sim.advance(2000);
    const attempts = () => worldOf(sim).trace.records.filter((r) => r.kind === 'schedule' && r.object?.name === 'huge');
    expect(attempts()).toHaveLength(1);
    sim.advance(4 * 60_000);
    expect(attempts()).toHaveLength(1);
    // The flush runs every 30 s and takes Pods that waited more than 5 minutes.
    sim.advance(60_000 + 31_000);
    expect(attempts()).toHaveLength(2);
  });

  it('retries on a relevant cluster event; the retry is a new FailedScheduling Event (the Pod changed since: its condition)', () => {
    const sim = basicCluster();
    createPod(sim, podManifest('huge', { containers: requests('100') }));
    sim.advance(2000);
    // A new taint on a node is an event TaintToleration (one of the rejecting plugins) listens to.
    const node = sim.objects<Node>('nodes').find((n) => n.metadata.name === 'node-1')!;
    sim.request({ verb: 'patch', resource: 'nodes', name: 'node-1', body: { spec: { taints: [...(node.spec.taints ?? []), { key: 'example.com/soft', effect: 'PreferNoSchedule' }] } } as never });
    sim.advance(2000);
    const ev = eventsFor(sim, 'huge').filter((e) => e.reason === 'FailedScheduling');
    expect(ev).toHaveLength(2);
    expect(new Set(ev.map((e) => e.involvedObject.resourceVersion)).size).toBe(2);
    expect(ev.every((e) => e.message === TOO_BIG && e.series === undefined)).toBe(true);
  });

  it('keeps a Pod whose nodeSelector matches nothing Pending', () => {
    const sim = basicCluster();
    createPod(sim, podManifest('picky', { nodeSelector: { disktype: 'ssd' } }));
    sim.advance(1000);
    expect(condition(getPod(sim, 'picky'))?.message).toBe(
      "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..",
    );
    // Labelling a node is a cluster event that wakes the Pod up.
    const node = sim.objects<Node>('nodes').find((n) => n.metadata.name === 'node-3')!;
    sim.request({ verb: 'patch', resource: 'nodes', name: 'node-3', body: { metadata: { labels: { ...node.metadata.labels, disktype: 'ssd' } } } as never });
    sim.advance(1000);
    expect(getPod(sim, 'picky')?.spec.nodeName).toBe('node-3');
  });

  it('places a Pod that tolerates the control-plane taint and selects it there', () => {
    const sim = basicCluster();
    createPod(
      sim,
      podManifest('cp', {
        nodeSelector: { 'node-role.kubernetes.io/control-plane': '' },
        tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }],
      }),
    );
    sim.advance(1000);
    expect(getPod(sim, 'cp')?.spec.nodeName).toBe('control-plane');
  });

  it('spreads three replicas over the three workers', () => {
    const sim = basicCluster();
    for (const n of ['a', 'b', 'c']) createPod(sim, podManifest(`web-${n}`, { containers: requests('500m', '256Mi') }, { app: 'web' }));
    sim.advance(2000);
    const nodes = ['a', 'b', 'c'].map((n) => getPod(sim, `web-${n}`)?.spec.nodeName);
    expect(new Set(nodes)).toEqual(new Set(['node-1', 'node-2', 'node-3']));
  });

  it('backs off and schedules the Pod once a bound Pod is deleted and frees the room', () => {
    const sim = basicCluster(1);
    createPod(sim, podManifest('first', { containers: requests('3') }));
    sim.advance(1000);
    expect(getPod(sim, 'first')?.spec.nodeName).toBe('node-1');
    createPod(sim, podManifest('second', { containers: requests('3') }));
    sim.advance(1000);
    expect(condition(getPod(sim, 'second'))?.message).toBe(
      '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling..',
    );
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'first', gracePeriodSeconds: 0 });
    // Without a kubelet the Pod lingers in Terminating and still holds its room.
    const first = getPod(sim, 'first');
    if (first) sim.request({ verb: 'patch', resource: 'pods', subresource: 'status', namespace: 'default', name: 'first', body: { status: { phase: 'Succeeded' } } as never });
    sim.advance(3000);
    expect(getPod(sim, 'second')?.spec.nodeName).toBe('node-1');
    const recs = worldOf(sim).trace.records.filter((r) => r.kind === 'schedule' && r.object?.name === 'second');
    expect(recs).toHaveLength(2);
  });

  it('says no nodes are available when there are none, and retries with backoff', () => {
    const sim = basicCluster(0);
    sim.request({ verb: 'delete', resource: 'nodes', name: 'control-plane' });
    sim.advance(100);
    createPod(sim, podManifest('lonely'));
    sim.advance(4000);
    const evs = eventsFor(sim, 'lonely').filter((e) => e.reason === 'FailedScheduling');
    expect(evs.every((e) => e.message === 'no nodes available to schedule pods')).toBe(true);
    // Attempts at 0, +1 s, +2 s (doubling backoff, checked on the 1 s flush): one Event per
    // resourceVersion the scheduler saw, a repeat at the same one as a series.
    const attempts = evs.reduce((n, e) => n + (e.series?.count ?? 1), 0);
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(3);
    sim.request({ verb: 'create', resource: 'nodes', body: nodeManifest('node-9') });
    sim.advance(12_000);
    expect(getPod(sim, 'lonely')?.spec.nodeName).toBe('node-9');
  });

  it('keeps a gated Pod out of the queue until its gates are removed', () => {
    const sim = basicCluster();
    createPod(sim, podManifest('gated', { schedulingGates: [{ name: 'example.com/wait' }] }));
    sim.advance(2000);
    const pod = getPod(sim, 'gated')!;
    expect(pod.spec.nodeName).toBeUndefined();
    expect(condition(pod)).toMatchObject({ status: 'False', reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' });
    expect(worldOf(sim).trace.records.some((r) => r.kind === 'schedule' && r.object?.name === 'gated')).toBe(false);
    sim.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'gated', body: { spec: { schedulingGates: null } } as never });
    sim.advance(1000);
    expect(getPod(sim, 'gated')?.spec.nodeName).toMatch(/^node-/);
  });

  it('rejects a Pod whose PersistentVolumeClaim is missing or unbound with the PreFilter message', () => {
    const sim = basicCluster();
    const withClaim = (name: string, claim: string): Pod => podManifest(name, { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }] });
    createPod(sim, withClaim('nopvc', 'missing'));
    sim.advance(1000);
    expect(condition(getPod(sim, 'nopvc'))?.message).toBe(
      '0/4 nodes are available: persistentvolumeclaim "missing" not found. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..',
    );
    const pvc: PersistentVolumeClaim = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'manual', namespace: 'default' },
      spec: { accessModes: ['ReadWriteOnce'], storageClassName: '', resources: { requests: { storage: '1Gi' } } },
    };
    sim.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: pvc });
    createPod(sim, withClaim('unbound', 'manual'));
    sim.advance(1000);
    expect(condition(getPod(sim, 'unbound'))?.message).toBe(
      '0/4 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..',
    );
  });

  it('marks a WaitForFirstConsumer claim with the selected node and binds once it is bound', () => {
    const sim = basicCluster();
    const pvc: PersistentVolumeClaim = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: 'default' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    };
    sim.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: pvc });
    createPod(sim, podManifest('db', { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] }));
    sim.advance(1000);
    const claim = sim.objects<PersistentVolumeClaim>('persistentvolumeclaims').find((c) => c.metadata.name === 'data')!;
    const selected = claim.metadata.annotations?.['volume.kubernetes.io/selected-node'];
    expect(selected).toMatch(/^node-/);
    if (!claim.spec.volumeName) {
      // No provisioner bound it (yet): bind it the way the PV controller would.
      expect(getPod(sim, 'db')?.spec.nodeName).toBeUndefined();
      sim.request({ verb: 'patch', resource: 'persistentvolumeclaims', namespace: 'default', name: 'data', body: { spec: { volumeName: 'pvc-1' } } as never });
      sim.advance(1000);
    }
    expect(getPod(sim, 'db')?.spec.nodeName).toBe(selected);
  });

  it('preempts a lower-priority Pod for a higher-priority one', () => {
    const sim = basicCluster(1);
    createPod(sim, podManifest('low', { containers: requests('3') }));
    sim.advance(1000);
    // Priority comes from a PriorityClass (where the API has them) via the Priority admission plugin.
    const pc = sim.request({ verb: 'create', resource: 'priorityclasses', body: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } as never });
    createPod(sim, podManifest('high', pc.ok ? { containers: requests('3'), priorityClassName: 'high' } : { containers: requests('3'), priority: 1000 }));
    sim.advance(1000);
    const high = getPod(sim, 'high')!;
    expect(high.status?.nominatedNodeName).toBe('node-1');
    expect(condition(high)?.message).toBe('0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }.');
    const low = getPod(sim, 'low');
    expect(low?.metadata.deletionTimestamp).toBeDefined();
    expect(low?.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'PreemptionByScheduler' });
    expect(eventsFor(sim, 'low').find((e) => e.reason === 'Preempted')?.message).toBe(`Preempted by pod ${high.metadata.uid} on node node-1`);
  });
});
