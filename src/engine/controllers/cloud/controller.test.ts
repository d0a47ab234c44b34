import { beforeAll, describe, expect, it } from 'vitest';
import type { KObject, Node, Service } from '../../../k8s/types';
import { LB_CLEANUP_FINALIZER, UNINITIALIZED_TAINT } from '../../../k8s/cloud';
import { Simulation } from '../../simulation';
import { advance, create, eventMessages, get, req } from '../controllers.testing';
import { LB_PROVISION_MS } from './provider';

function lbService(name: string): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { type: 'LoadBalancer', selector: { app: name }, ports: [{ port: 80, protocol: 'TCP' }] } } as Service;
}

const ingress = (sim: Simulation, name: string): string[] => (get<Service>(sim, 'services', name)?.status?.loadBalancer?.ingress ?? []).map((i) => i.ip ?? '');

describe('cloud-controller-manager', () => {
  let cloud: Simulation;
  let plain: Simulation;
  beforeAll(() => {
    cloud = new Simulation({ seed: 1, cluster: { cloudProvider: 'sim' } });
    plain = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(cloud.snapshot());

  it('initialises every Node: providerID, the cloud labels, and no uninitialized taint', () => {
    for (const node of cloud.objects<Node>('nodes')) {
      expect(node.spec.providerID).toBe(`sim://${node.metadata.name}`);
      expect(node.metadata.labels?.['node.kubernetes.io/instance-type']).toBe('sim.standard-2');
      expect(node.metadata.labels?.['topology.kubernetes.io/region']).toBe('sim-region-1');
      expect((node.spec.taints ?? []).map((t) => t.key)).not.toContain(UNINITIALIZED_TAINT);
    }
    const cp = get<Node>(cloud, 'nodes', 'control-plane', undefined)!;
    expect(cp.spec.taints).toEqual([{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
  });

  it('gives a LoadBalancer Service an address once the cloud has provisioned it, with service-controller events', () => {
    const sim = fresh();
    create(sim, 'services', lbService('web'));
    advance(sim, 500);
    expect(get<Service>(sim, 'services', 'web')!.metadata.finalizers).toEqual([LB_CLEANUP_FINALIZER]);
    expect(ingress(sim, 'web')).toEqual([]);
    expect(eventMessages(sim, 'EnsuringLoadBalancer')).toEqual(['Ensuring load balancer']);
    advance(sim, LB_PROVISION_MS);
    expect(ingress(sim, 'web')).toEqual(['203.0.113.10']);
    expect(get<Service>(sim, 'services', 'web')!.status?.loadBalancer?.ingress).toEqual([{ ip: '203.0.113.10', ipMode: 'VIP' }]);
    expect(eventMessages(sim, 'EnsuredLoadBalancer')).toEqual(['Ensured load balancer']);
    const ev = (sim.objects('events') as (KObject & { source?: { component?: string }; reason?: string })[]).find((e) => e.reason === 'EnsuredLoadBalancer');
    expect(ev?.source?.component).toBe('service-controller');
  });

  it('deletes the load balancer and the finalizer when the Service is deleted', () => {
    const sim = fresh();
    create(sim, 'services', lbService('web'));
    advance(sim, LB_PROVISION_MS + 1000);
    req(sim, { verb: 'delete', resource: 'services', namespace: 'default', name: 'web' });
    advance(sim, 1000);
    expect(get(sim, 'services', 'web')).toBeUndefined();
    expect(eventMessages(sim, 'DeletedLoadBalancer')).toEqual(['Deleted load balancer']);
    // The address is free again for the next Service.
    create(sim, 'services', lbService('api'));
    advance(sim, LB_PROVISION_MS + 1000);
    expect(ingress(sim, 'api')).toEqual(['203.0.113.10']);
  });

  it('releases the load balancer when the Service stops being of type LoadBalancer', () => {
    const sim = fresh();
    create(sim, 'services', lbService('web'));
    advance(sim, LB_PROVISION_MS + 1000);
    const ops = [
      { op: 'replace', path: '/spec/type', value: 'ClusterIP' },
      { op: 'remove', path: '/spec/ports/0/nodePort' },
      { op: 'remove', path: '/spec/externalTrafficPolicy' },
      { op: 'remove', path: '/spec/allocateLoadBalancerNodePorts' },
    ];
    req(sim, { verb: 'patch', resource: 'services', namespace: 'default', name: 'web', patchType: 'json', patchOps: ops });
    advance(sim, 1000);
    const svc = get<Service>(sim, 'services', 'web')!;
    expect(svc.metadata.finalizers).toBeUndefined();
    expect(svc.status).toEqual({ loadBalancer: {} });
    expect(eventMessages(sim, 'Type')).toEqual(['LoadBalancer -> ClusterIP']);
    expect(eventMessages(sim, 'DeletedLoadBalancer')).toEqual(['Deleted load balancer']);
  });

  it('leaves new LoadBalancer Services pending while it is stopped, and serves them once it leads again', () => {
    const sim = fresh();
    expect(sim.injectFault('cloud-controller-manager').ok).toBe(true);
    create(sim, 'services', lbService('web'));
    advance(sim, 60_000);
    expect(ingress(sim, 'web')).toEqual([]);
    sim.healFault('cloud-controller-manager');
    advance(sim, 30_000);
    expect(ingress(sim, 'web')).toEqual(['203.0.113.10']);
  });

  it('holds its own Lease in kube-system', () => {
    const lease = get<KObject & { spec: { holderIdentity?: string } }>(cloud, 'leases', 'cloud-controller-manager', 'kube-system');
    expect(lease?.spec.holderIdentity).toMatch(/^control-plane_/);
  });

  it('without a cloud provider, nothing answers: EXTERNAL-IP stays pending and the Nodes carry no providerID', () => {
    const sim = Simulation.fromSnapshot(plain.snapshot());
    expect(sim.components().some((c) => c.kind === 'cloud-controller-manager')).toBe(false);
    create(sim, 'services', lbService('web'));
    advance(sim, 60_000);
    expect(ingress(sim, 'web')).toEqual([]);
    expect(get<Service>(sim, 'services', 'web')!.metadata.finalizers).toBeUndefined();
    expect(sim.objects<Node>('nodes').every((n) => n.spec.providerID === undefined)).toBe(true);
  });

  it('draws the same names and uids as a cluster without it (its identities come from their own stream)', () => {
    const uid = (sim: Simulation): string | undefined => get(sim, 'services', 'kubernetes')?.metadata.uid;
    expect(uid(cloud)).toBe(uid(plain));
  });
});
