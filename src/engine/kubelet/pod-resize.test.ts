/**
 * In-place Pod resize end to end: pods/resize through kube-apiserver (podResizeStrategy,
 * ValidatePodResize) and the kubelet's allocation (accepted, Infeasible, Deferred) and
 * actuation (in place, or a restart for RestartContainer).
 */
import { describe, expect, it } from 'vitest';
import type { Container, KObject, Pod } from '../../k8s/types';
import { bootedCluster, failure, ok, pod } from '../apiserver/apiserver.testing';
import type { Simulation } from '../index';

const cluster = bootedCluster();

function run(sim: Simulation, name: string, resources: Record<string, unknown>, extra: Partial<Container> = {}): Pod {
  const body = pod(name, { schedulerName: 'default-scheduler', containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', '3600'], resources, ...extra } as Container] });
  ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: body as KObject }));
  sim.advance(20_000);
  return sim.storedObject<Pod>(`pods/default/${name}`)!;
}

function resize(sim: Simulation, name: string, resources: Record<string, unknown>): ReturnType<Simulation['request']> {
  return sim.request({ verb: 'patch', resource: 'pods', subresource: 'resize', namespace: 'default', name, patchType: 'strategic', body: { spec: { containers: [{ name: 'app', resources }] } } as unknown as KObject });
}

const condition = (p: Pod, type: string) => p.status?.conditions?.find((c) => c.type === type);

describe('pods/resize', () => {
  it('accepts a cpu resize in place: same container, allocatedResources and resources follow, generation observed', () => {
    const sim = cluster();
    const before = run(sim, 'web', { requests: { cpu: '500m', memory: '64Mi' } });
    expect(before.status?.phase).toBe('Running');
    const res = ok(resize(sim, 'web', { requests: { cpu: '800m', memory: '64Mi' } })) as Pod;
    expect(res.spec.containers[0]!.resources).toEqual({ requests: { cpu: '800m', memory: '64Mi' } });
    expect(res.metadata.generation).toBe(2);
    expect(res.status).toEqual(before.status);
    sim.advance(15_000);
    const after = sim.storedObject<Pod>('pods/default/web')!;
    const cs = after.status!.containerStatuses![0]!;
    expect(cs.containerID).toBe(before.status!.containerStatuses![0]!.containerID);
    expect(cs.restartCount).toBe(0);
    expect(cs.allocatedResources).toEqual({ cpu: '800m', memory: '64Mi' });
    expect(cs.resources).toEqual({ requests: { cpu: '800m', memory: '64Mi' } });
    expect(condition(after, 'PodResizeInProgress')).toBeUndefined();
    expect(condition(after, 'PodResizePending')).toBeUndefined();
    expect(after.status?.observedGeneration).toBe(2);
  });

  it('restarts a container whose resizePolicy says RestartContainer for the resource', () => {
    const sim = cluster();
    const before = run(sim, 'web', { requests: { memory: '64Mi' } }, { resizePolicy: [{ resourceName: 'memory', restartPolicy: 'RestartContainer' }] });
    ok(resize(sim, 'web', { requests: { memory: '128Mi' } }));
    sim.advance(40_000);
    const cs = sim.storedObject<Pod>('pods/default/web')!.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBe(1);
    expect(cs.containerID).not.toBe(before.status!.containerStatuses![0]!.containerID);
    expect(cs.allocatedResources).toEqual({ memory: '128Mi' });
  });

  it('marks a resize larger than the node Infeasible and keeps the allocation', () => {
    const sim = cluster();
    run(sim, 'web', { requests: { cpu: '500m' } });
    ok(resize(sim, 'web', { requests: { cpu: '64' } }));
    sim.advance(15_000);
    const p = sim.storedObject<Pod>('pods/default/web')!;
    expect(condition(p, 'PodResizePending')).toMatchObject({ status: 'True', reason: 'Infeasible', message: "Node didn't have enough capacity: cpu, requested: 64000, capacity: 4000" });
    // The allocation stays what was admitted, and the container runs with it.
    expect(p.status!.containerStatuses![0]!.allocatedResources).toEqual({ cpu: '500m' });
    expect(p.status!.containerStatuses![0]!.resources).toEqual({ requests: { cpu: '500m' } });
  });

  it('defers a resize the node has no room for now, and applies it once another Pod is deleted', () => {
    const sim = cluster();
    const web = run(sim, 'web', { requests: { cpu: '1' } });
    const node = web.spec.nodeName!;
    const filler = pod('filler', { nodeName: node, containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', '3600'], resources: { requests: { cpu: '2' } } }] });
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: filler as KObject }));
    sim.advance(20_000);
    ok(resize(sim, 'web', { requests: { cpu: '2500m' } }));
    sim.advance(15_000);
    const pending = condition(sim.storedObject<Pod>('pods/default/web')!, 'PodResizePending');
    expect(pending).toMatchObject({ reason: 'Deferred' });
    expect(pending?.message).toMatch(/^Node didn't have enough resource: cpu, requested: 2500, used: \d+, capacity: 4000$/);
    ok(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'filler' }));
    sim.advance(120_000);
    const p = sim.storedObject<Pod>('pods/default/web')!;
    expect(condition(p, 'PodResizePending')).toBeUndefined();
    expect(p.status!.containerStatuses![0]!.allocatedResources).toEqual({ cpu: '2500m' });
  });

  it('the scheduler counts a resize the kubelet accepted, and not one the node can never hold', () => {
    const sim = cluster();
    const web = run(sim, 'web', { requests: { cpu: '1' } });
    const node = web.spec.nodeName!;
    const probe = (name: string): Pod => {
      const body = pod(name, { schedulerName: 'default-scheduler', nodeSelector: { 'kubernetes.io/hostname': node }, containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', '3600'], resources: { requests: { cpu: '2' } } }] });
      ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: body as KObject }));
      sim.advance(10_000);
      return sim.storedObject<Pod>(`pods/default/${name}`)!;
    };
    ok(resize(sim, 'web', { requests: { cpu: '64' } }));
    sim.advance(15_000);
    expect(condition(sim.storedObject<Pod>('pods/default/web')!, 'PodResizePending')?.reason).toBe('Infeasible');
    // 1 cpu of 4 is used: the Infeasible ask reserves nothing.
    expect(probe('fits').spec.nodeName).toBe(node);
    ok(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'fits' }));
    sim.advance(40_000);
    ok(resize(sim, 'web', { requests: { cpu: '3' } }));
    sim.advance(15_000);
    expect(sim.storedObject<Pod>('pods/default/web')!.status!.containerStatuses![0]!.allocatedResources).toEqual({ cpu: '3' });
    // Now 3 of 4 are taken: the same Pod waits.
    const waits = probe('waits');
    expect(waits.spec.nodeName).toBeUndefined();
    expect(condition(waits, 'PodScheduled')?.reason).toBe('Unschedulable');
  });

  it('refuses what ValidatePodResize forbids, with its messages', () => {
    const sim = cluster();
    run(sim, 'web', { requests: { cpu: '500m', memory: '64Mi' } });
    expect(failure(resize(sim, 'web', { requests: { cpu: '500m', memory: null } })).message).toBe('Pod "web" is invalid: spec.containers[0].resources.requests: Forbidden: resource requests cannot be removed');
    expect(failure(resize(sim, 'web', { requests: { cpu: '500m', memory: '64Mi', 'ephemeral-storage': '1Gi' } })).message).toBe('Pod "web" is invalid: spec: Forbidden: only cpu and memory resources are mutable');
    expect(failure(resize(sim, 'web', { requests: { cpu: '1', memory: '64Mi' }, limits: { cpu: '1', memory: '64Mi' } })).message).toBe('Pod "web" is invalid: spec: Invalid value: "Burstable": Pod QOS Class may not change as a result of resizing');
  });

  it('still refuses a resources change through the pods endpoint', () => {
    const sim = cluster();
    run(sim, 'web', { requests: { cpu: '500m' } });
    const e = failure(sim.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'web', patchType: 'strategic', body: { spec: { containers: [{ name: 'app', resources: { requests: { cpu: '800m' } } }] } } as unknown as KObject }));
    expect(e.message).toContain('pod updates may not change fields other than');
  });
});
