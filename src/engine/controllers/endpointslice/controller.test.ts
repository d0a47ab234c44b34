import { beforeAll, describe, expect, it } from 'vitest';
import type { EndpointSlice, Pod, Service } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { create, get, patch, podSpec, setPodRunning, waitFor } from '../controllers.testing';

function service(name: string, targetPort: number | string = 'http'): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, labels: { team: 'blue' } }, spec: { selector: { app: name }, ports: [{ port: 80, targetPort }] } };
}

function pod(name: string, app: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app } }, spec: podSpec() };
}

const slicesOf = (sim: Simulation, svc: string): EndpointSlice[] =>
  sim.objects<EndpointSlice>('endpointslices').filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === svc && s.metadata.namespace === 'default');

describe('endpointslice-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('keeps a placeholder slice for a Service without endpoints', () => {
    const sim = fresh();
    const svc = create(sim, 'services', service('empty'));
    waitFor(sim, 'slice', () => slicesOf(sim, 'empty').length === 1);
    const s = slicesOf(sim, 'empty')[0]!;
    expect(s.metadata.name).toMatch(/^empty-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(s.metadata.labels).toEqual({ team: 'blue', 'kubernetes.io/service-name': 'empty', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' });
    expect(s.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Service', name: 'empty', uid: svc.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(s.addressType).toBe('IPv4');
    expect(s.endpoints).toBeNull();
    expect(s.ports).toBeNull();
  });

  it('lists Pods with an IP, resolving a named targetPort, and updates the same slice in place', () => {
    const sim = fresh();
    create(sim, 'services', service('web'));
    const a = create(sim, 'pods', pod('web-a', 'web'));
    const b = create(sim, 'pods', pod('web-b', 'web'));
    create(sim, 'pods', pod('other', 'db'));
    waitFor(sim, 'placeholder', () => slicesOf(sim, 'web').length === 1);
    const name = slicesOf(sim, 'web')[0]!.metadata.name;
    setPodRunning(sim, a, '10.244.1.5', true);
    setPodRunning(sim, b, '10.244.2.7', false);
    waitFor(sim, 'two endpoints', () => (slicesOf(sim, 'web')[0]?.endpoints ?? []).length === 2);
    const s = slicesOf(sim, 'web')[0]!;
    expect(slicesOf(sim, 'web')).toHaveLength(1);
    expect(s.metadata.name).toBe(name);
    expect(s.ports).toEqual([{ name: '', port: 8080, protocol: 'TCP' }]);
    const byIp = Object.fromEntries((s.endpoints ?? []).map((e) => [e.addresses[0], e]));
    expect(byIp['10.244.1.5']).toEqual({
      addresses: ['10.244.1.5'],
      conditions: { ready: true, serving: true, terminating: false },
      targetRef: { kind: 'Pod', namespace: 'default', name: 'web-a', uid: a.metadata.uid },
    });
    expect(byIp['10.244.2.7']?.conditions).toEqual({ ready: false, serving: false, terminating: false });

    // The Pod becoming ready flips its endpoint; the slice keeps its name.
    setPodRunning(sim, get<Pod>(sim, 'pods', 'web-b')!, '10.244.2.7', true);
    waitFor(sim, 'ready', () => slicesOf(sim, 'web')[0]?.endpoints?.every((e) => e.conditions?.ready) === true);
    expect(slicesOf(sim, 'web')[0]!.metadata.name).toBe(name);
  });

  it('marks a terminating Pod not ready but keeps it while it terminates, and drops Pods whose labels change', () => {
    const sim = fresh();
    create(sim, 'services', service('api', 8080));
    const a = create(sim, 'pods', pod('api-a', 'api'));
    const b = create(sim, 'pods', pod('api-b', 'api'));
    setPodRunning(sim, a, '10.244.1.8', true);
    setPodRunning(sim, b, '10.244.1.9', true);
    waitFor(sim, 'endpoints', () => (slicesOf(sim, 'api')[0]?.endpoints ?? []).length === 2);
    // A Pod with a finalizer stays Terminating after DELETE, like a Pod in its grace period.
    patch(sim, 'pods', 'api-a', { metadata: { finalizers: ['example.com/hold'] } });
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'api-a' });
    waitFor(sim, 'terminating', () => slicesOf(sim, 'api')[0]?.endpoints?.some((e) => e.conditions?.terminating) === true);
    const ep = slicesOf(sim, 'api')[0]!.endpoints!.find((e) => e.targetRef?.name === 'api-a')!;
    expect(ep.conditions).toEqual({ ready: false, serving: true, terminating: true });
    patch(sim, 'pods', 'api-b', { metadata: { labels: { app: 'elsewhere' } } });
    waitFor(sim, 'dropped', () => !slicesOf(sim, 'api')[0]?.endpoints?.some((e) => e.targetRef?.name === 'api-b'));
  });

  it('is removed with its Service', () => {
    const sim = fresh();
    create(sim, 'services', service('gone'));
    waitFor(sim, 'slice', () => slicesOf(sim, 'gone').length === 1);
    sim.request({ verb: 'delete', resource: 'services', namespace: 'default', name: 'gone' });
    waitFor(sim, 'collected', () => slicesOf(sim, 'gone').length === 0);
  });
});
