import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoints, Pod, Service } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { create, podSpec, setPodRunning, waitFor } from '../controllers.testing';

function service(name: string, extra: Partial<Service['spec']> = {}): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, labels: { team: 'blue' } }, spec: { selector: { app: name }, ports: [{ name: 'http', port: 80, targetPort: 'http' }], ...extra } };
}

function pod(name: string, app: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app } }, spec: podSpec() };
}

const endpointsOf = (sim: Simulation, name: string): Endpoints | undefined => sim.objects<Endpoints>('endpoints').find((e) => e.metadata.name === name && e.metadata.namespace === 'default');

describe('endpoint-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('the apiserver keeps the kubernetes Endpoints itself, marked skip-mirror', () => {
    const ep = endpointsOf(base, 'kubernetes')!;
    expect(ep.metadata.labels).toEqual({ 'endpointslice.kubernetes.io/skip-mirror': 'true' });
    expect(ep.subsets).toEqual([{ addresses: [{ ip: '10.0.0.10' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }]);
  });

  it('lists ready and not-ready Pod addresses by IP with the resolved port, the Service labels and the trigger time', () => {
    const sim = fresh();
    create(sim, 'services', service('web'));
    const a = create(sim, 'pods', pod('web-a', 'web'));
    const b = create(sim, 'pods', pod('web-b', 'web'));
    create(sim, 'pods', pod('other', 'db'));
    waitFor(sim, 'empty endpoints', () => !!endpointsOf(sim, 'web'));
    expect(endpointsOf(sim, 'web')!.subsets).toBeUndefined();
    setPodRunning(sim, a, '10.244.2.5', true);
    setPodRunning(sim, b, '10.244.1.7', false);
    waitFor(sim, 'addresses', () => (endpointsOf(sim, 'web')?.subsets?.[0]?.addresses?.length ?? 0) === 1 && (endpointsOf(sim, 'web')?.subsets?.[0]?.notReadyAddresses?.length ?? 0) === 1);
    const ep = endpointsOf(sim, 'web')!;
    expect(ep.metadata.labels).toEqual({ team: 'blue' });
    expect(ep.metadata.annotations?.['endpoints.kubernetes.io/last-change-trigger-time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(ep.subsets).toHaveLength(1);
    expect(ep.subsets![0]!.addresses!.map((x) => x.ip)).toEqual(['10.244.2.5']);
    expect(ep.subsets![0]!.notReadyAddresses!.map((x) => x.ip)).toEqual(['10.244.1.7']);
    expect(ep.subsets![0]!.addresses![0]!.targetRef).toEqual({ kind: 'Pod', namespace: 'default', name: 'web-a', uid: a.metadata.uid });
    expect(ep.subsets![0]!.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
  });

  it('leaves the name out of an unnamed port (EndpointPort.name is omitempty)', () => {
    const sim = fresh();
    create(sim, 'services', service('plain', { ports: [{ port: 80, targetPort: 8080 }] }));
    setPodRunning(sim, create(sim, 'pods', pod('plain-a', 'plain')), '10.244.2.9', true);
    waitFor(sim, 'an address', () => (endpointsOf(sim, 'plain')?.subsets?.[0]?.addresses?.length ?? 0) === 1);
    expect(endpointsOf(sim, 'plain')!.subsets![0]!.ports).toEqual([{ port: 8080, protocol: 'TCP' }]);
  });

  it('labels a headless Service\'s Endpoints, recreates deleted Endpoints and removes them with the Service', () => {
    const sim = fresh();
    create(sim, 'services', service('db', { clusterIP: 'None' }));
    waitFor(sim, 'endpoints', () => !!endpointsOf(sim, 'db'));
    expect(endpointsOf(sim, 'db')!.metadata.labels).toEqual({ team: 'blue', 'service.kubernetes.io/headless': '' });
    const uid = endpointsOf(sim, 'db')!.metadata.uid;
    expect(sim.request({ verb: 'delete', resource: 'endpoints', namespace: 'default', name: 'db' }).ok).toBe(true);
    waitFor(sim, 'recreated', () => !!endpointsOf(sim, 'db') && endpointsOf(sim, 'db')!.metadata.uid !== uid);
    expect(sim.request({ verb: 'delete', resource: 'services', namespace: 'default', name: 'db' }).ok).toBe(true);
    waitFor(sim, 'gone', () => !endpointsOf(sim, 'db'));
  });
});
