import { describe, expect, it } from 'vitest';
import type { IPAddress, KObject, Service, ServiceCIDR } from '../../k8s/types';
import { worldOf } from '../simulation';
import { bootedCluster, failure, ok } from './apiserver.testing';

const cluster = bootedCluster();

function service(name: string, spec: Record<string, unknown> = {}): KObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }], ...spec } };
}

function addresses(sim: ReturnType<typeof cluster>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ip of sim.objects<IPAddress>('ipaddresses')) {
    const ref = ip.spec?.parentRef;
    out[ip.metadata.name!] = `${ref?.resource}/${ref?.namespace}/${ref?.name}`;
  }
  return out;
}

describe('ServiceCIDRs and IPAddresses (the MultiCIDRServiceAllocator)', () => {
  it('boots with the default ServiceCIDR, Ready, and an IPAddress for each ClusterIP kube-apiserver and kubeadm created', () => {
    const sim = cluster();
    const [sc, ...others] = sim.objects<ServiceCIDR>('servicecidrs');
    expect(others).toEqual([]);
    expect(sc!.metadata.name).toBe('kubernetes');
    expect(sc!.spec).toEqual({ cidrs: ['10.96.0.0/12'] });
    // kube-apiserver marks it Ready ("Kubernetes default Service CIDR is ready"); kube-controller-manager's
    // ServiceCIDR controller then writes its own message over it, as upstream's two controllers do.
    expect(sc!.status?.conditions?.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([['Ready', 'True', '', 'Kubernetes Service CIDR is ready']]);
    const writes = worldOf(sim).trace.records.filter((r) => r.kind === 'request' && r.summary.includes('/servicecidrs/kubernetes/status')).map((r) => r.from);
    expect(writes).toEqual(['kube-apiserver', 'service-cidrs-controller']);
    expect(addresses(sim)).toEqual({ '10.96.0.1': 'services/default/kubernetes', '10.96.0.10': 'services/kube-system/kube-dns' });
    const ip = sim.objects<IPAddress>('ipaddresses')[0]!;
    expect(ip.metadata.labels).toEqual({ 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' });
  });

  it("creates a Service's IPAddress through kube-apiserver's own loopback request, before the Service is stored, and deletes it with the Service", () => {
    const sim = cluster();
    const w = worldOf(sim);
    const before = w.trace.nextSeq;
    const svc = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('web') })) as Service;
    const ip = svc.spec.clusterIP!;
    expect(addresses(sim)[ip]).toBe('services/default/web');
    const writes = w.trace.records.filter((r) => r.seq >= before && r.kind === 'etcd-write').map((r) => r.summary);
    expect(writes[0]).toContain(`/registry/ipaddresses/${ip}`);
    expect(writes[1]).toContain('/registry/services/default/web');
    const created = w.trace.records.find((r) => r.seq >= before && r.kind === 'request' && r.summary.includes('ipaddresses'));
    expect(created).toMatchObject({ from: 'kube-apiserver', to: 'kube-apiserver' });
    ok(sim.request({ verb: 'delete', resource: 'services', namespace: 'default', name: 'web' }));
    expect(addresses(sim)[ip]).toBeUndefined();
  });

  it('leaves nothing behind when the Service is refused or only dry-run', () => {
    const sim = cluster();
    failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('Bad_Name') }));
    ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('dry'), dryRun: true }));
    expect(Object.keys(addresses(sim))).toEqual(['10.96.0.1', '10.96.0.10']);
  });

  it('gives a dry run the range\'s network address, as the MetaAllocator\'s dry-run allocator does, drawing nothing', () => {
    const sim = cluster();
    const twin = cluster();
    const dry = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('dry'), dryRun: true })) as Service;
    expect([dry.spec.clusterIP, dry.spec.clusterIPs]).toEqual(['10.96.0.0', ['10.96.0.0']]);
    expect(Object.keys(addresses(sim))).toEqual(['10.96.0.1', '10.96.0.10']);
    // Its only draw is the uid every dry-run create gets: the PRNG is where a ConfigMap's leaves it.
    ok(twin.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } as KObject, dryRun: true }));
    expect(worldOf(sim).rng).toEqual(worldOf(twin).rng);
    const real = (s: typeof sim): string | undefined => (ok(s.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('web') })) as Service).spec.clusterIP;
    expect(real(sim)).toBe(real(twin));
  });

  it('checks a dry run\'s own address only against the range, and numbers its NodePorts from 32769', () => {
    const sim = cluster();
    // Taken by kube-dns, but a dry run's Allocate does not look (nor at the NodePort range).
    const np = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', dryRun: true, body: service('np', { type: 'NodePort', clusterIP: '10.96.0.10', ports: [{ name: 'a', port: 80 }, { name: 'b', port: 81, nodePort: 80 }, { name: 'c', port: 82 }] }) })) as Service;
    expect([np.spec.clusterIP, np.spec.ports?.map((p) => p.nodePort)]).toEqual(['10.96.0.10', [32769, 80, 32770]]);
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', dryRun: true, body: service('far', { clusterIP: '10.200.0.9' }) })).message).toBe(
      'Service "far" is invalid: spec.clusterIPs: Invalid value: ["10.200.0.9"]: failed to allocate IP 10.200.0.9: the provided IP (10.200.0.9) is not in the valid range. The range of valid IPs is 10.96.0.0/12',
    );
    expect(Object.keys(addresses(sim))).toEqual(['10.96.0.1', '10.96.0.10']);
  });

  it('fails a dry run whose allocator is not ready, as the real allocation would', () => {
    const sim = cluster();
    const sc = sim.objects<ServiceCIDR>('servicecidrs')[0]!;
    const notReady = { type: 'Ready', status: 'False', lastTransitionTime: sc.metadata.creationTimestamp!, reason: 'Parked', message: 'parked by hand' };
    ok(sim.request({ verb: 'update', resource: 'servicecidrs', subresource: 'status', name: 'kubernetes', body: { ...sc, status: { conditions: [notReady] } } as KObject }));
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('dry'), dryRun: true }))).toMatchObject({ code: 500, message: 'Internal error occurred: failed to allocate a serviceIP: allocator not ready' });
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('web') }))).toMatchObject({ code: 500, message: 'Internal error occurred: failed to allocate a serviceIP: range is full' });
  });

  it('treats an IPAddress made by hand as taken, and a Service leaves an address it does not own alone', () => {
    const sim = cluster();
    const held: KObject = { apiVersion: 'networking.k8s.io/v1', kind: 'IPAddress', metadata: { name: '10.96.5.5' }, spec: { parentRef: { resource: 'gateways', group: 'example.com', namespace: 'default', name: 'gw' } } } as KObject;
    ok(sim.request({ verb: 'create', resource: 'ipaddresses', body: held }));
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('a', { clusterIP: '10.96.5.5' }) })).message).toBe(
      'Service "a" is invalid: spec.clusterIPs: Invalid value: ["10.96.5.5"]: failed to allocate IP 10.96.5.5: provided IP is already allocated',
    );
    expect(addresses(sim)['10.96.5.5']).toBe('gateways/default/gw');
  });

  it('allocates from another ServiceCIDR, walks past taken addresses, and says when every range is full', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'servicecidrs', body: { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name: 'small' }, spec: { cidrs: ['10.200.0.0/29'] } } as KObject }));
    ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('static', { clusterIP: '10.200.0.3' }) }));
    // Without the default range (no finalizer holds it: kube-controller-manager's ServiceCIDR controller is not simulated) only the /29 is left: .1 to .6.
    ok(sim.request({ verb: 'delete', resource: 'servicecidrs', name: 'kubernetes' }));
    const ips = ['a', 'b', 'c', 'd', 'e'].map((n) => (ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service(n) })) as Service).spec.clusterIP);
    expect(new Set([...ips, '10.200.0.3'])).toEqual(new Set(['10.200.0.1', '10.200.0.2', '10.200.0.3', '10.200.0.4', '10.200.0.5', '10.200.0.6']));
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('f') }))).toMatchObject({ code: 500, message: 'Internal error occurred: failed to allocate a serviceIP: range is full' });
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('g', { clusterIP: '10.96.0.20' }) })).message).toContain('failed to allocate IP 10.96.0.20: the provided network does not match the current range');
  });

  it('does not allocate from a ServiceCIDR that is not Ready', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'servicecidrs', body: { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name: 'parked' }, spec: { cidrs: ['10.200.0.0/24'] } } as KObject }));
    const parked = sim.objects<ServiceCIDR>('servicecidrs').find((s) => s.metadata.name === 'parked')!;
    const notReady = { type: 'Ready', status: 'False', lastTransitionTime: parked.metadata.creationTimestamp!, reason: 'Parked', message: 'parked by hand' };
    ok(sim.request({ verb: 'update', resource: 'servicecidrs', subresource: 'status', name: 'parked', body: { ...parked, status: { conditions: [notReady] } } as KObject }));
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('far', { clusterIP: '10.200.0.9' }) })).message).toContain('the provided network does not match the current range');
  });

  it('releases the address when a Service becomes an ExternalName', () => {
    const sim = cluster();
    const svc = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('web') })) as Service;
    const next = { ...svc, spec: { type: 'ExternalName', externalName: 'web.example.com', ports: svc.spec.ports } } as KObject;
    ok(sim.request({ verb: 'update', resource: 'services', namespace: 'default', name: 'web', body: next }));
    expect(addresses(sim)[svc.spec.clusterIP!]).toBeUndefined();
  });
});

describe('validation of ServiceCIDRs and IPAddresses', () => {
  const sim = cluster();
  const create = (resource: string, body: Record<string, unknown>): string => failure(sim.request({ verb: 'create', resource, body: body as unknown as KObject })).message;
  const cidr = (name: string, cidrs: string[]): Record<string, unknown> => ({ apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name }, spec: { cidrs } });

  it('wants one IPv4 range in canonical form', () => {
    expect(create('servicecidrs', cidr('none', []))).toBe('ServiceCIDR.networking.k8s.io "none" is invalid: spec.cidrs: Required value: at least one CIDR required');
    expect(create('servicecidrs', cidr('host', ['10.200.0.5/24']))).toBe('ServiceCIDR.networking.k8s.io "host" is invalid: spec.cidrs[0]: Invalid value: "10.200.0.5/24": must not have bits set beyond the prefix length');
    expect(create('servicecidrs', cidr('zero', ['10.020.0.0/16']))).toBe('ServiceCIDR.networking.k8s.io "zero" is invalid: spec.cidrs[0]: Invalid value: "10.020.0.0/16": must not have leading 0s in IP or prefix length');
    expect(create('servicecidrs', cidr('junk', ['ten/8']))).toBe('ServiceCIDR.networking.k8s.io "junk" is invalid: spec.cidrs[0]: Invalid value: "ten/8": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)');
    expect(create('servicecidrs', cidr('two', ['10.200.0.0/24', '10.201.0.0/24']))).toBe(
      'ServiceCIDR.networking.k8s.io "two" is invalid: spec.cidrs: Invalid value: {"cidrs":["10.200.0.0/24","10.201.0.0/24"]}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64',
    );
  });

  it('keeps a ServiceCIDR range and an IPAddress parent immutable', () => {
    const s = cluster();
    const sc = s.objects<ServiceCIDR>('servicecidrs')[0]!;
    expect(failure(s.request({ verb: 'update', resource: 'servicecidrs', name: 'kubernetes', body: { ...sc, spec: { cidrs: ['10.97.0.0/16'] } } as KObject })).message).toBe(
      'ServiceCIDR.networking.k8s.io "kubernetes" is invalid: spec.cidrs: Invalid value: ["10.97.0.0/16"]: field is immutable',
    );
    const ip = s.objects<IPAddress>('ipaddresses')[0]!;
    expect(failure(s.request({ verb: 'update', resource: 'ipaddresses', name: ip.metadata.name, body: { ...ip, spec: { parentRef: { resource: 'services', namespace: 'default', name: 'other' } } } as KObject })).message).toBe(
      'IPAddress.networking.k8s.io "10.96.0.1" is invalid: spec.parentRef: Invalid value: {"resource":"services","namespace":"default","name":"other"}: field is immutable',
    );
  });

  it('names an IPAddress by its address and wants a parent', () => {
    const body = (name: string, spec: Record<string, unknown>): Record<string, unknown> => ({ apiVersion: 'networking.k8s.io/v1', kind: 'IPAddress', metadata: { name }, spec });
    expect(create('ipaddresses', body('10.96.0.010', {}))).toBe(
      'IPAddress.networking.k8s.io "10.96.0.010" is invalid: [metadata.name: Invalid value: "10.96.0.010": must not have leading 0s, spec.parentRef: Required value]',
    );
    expect(create('ipaddresses', body('web', { parentRef: { resource: 'services', namespace: 'default' } }))).toBe(
      'IPAddress.networking.k8s.io "web" is invalid: [metadata.name: Invalid value: "web": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), spec.parentRef.name: Required value]',
    );
  });
});

describe('kube-controller-manager\'s ServiceCIDR controller', () => {
  const extra = { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name: 'extra' }, spec: { cidrs: ['10.200.0.0/24'] } } as unknown as KObject;
  const get = (sim: ReturnType<typeof cluster>, name: string): ServiceCIDR | undefined => sim.objects<ServiceCIDR>('servicecidrs').find((s) => s.metadata.name === name);

  it('puts its finalizer and a Ready condition on every ServiceCIDR, the default one included', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'servicecidrs', body: extra }));
    sim.advance(2_000);
    for (const name of ['kubernetes', 'extra']) {
      const sc = get(sim, name)!;
      expect(sc.metadata.finalizers).toEqual(['networking.k8s.io/service-cidr-finalizer']);
      expect(sc.status?.conditions?.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([['Ready', 'True', '', 'Kubernetes Service CIDR is ready']]);
    }
  });

  it('holds a deleted range while an allocated address lies only in it, and lets it go 10 s after the last one is released', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'servicecidrs', body: extra }));
    sim.advance(2_000);
    ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('far', { clusterIP: '10.200.0.10' }) }));
    ok(sim.request({ verb: 'delete', resource: 'servicecidrs', name: 'extra' }));
    sim.advance(15_000);
    const held = get(sim, 'extra')!;
    expect(held.metadata.deletionTimestamp).toBeDefined();
    expect(held.status?.conditions?.map((c) => [c.status, c.reason, c.message])).toEqual([
      ['False', 'Terminating', 'There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR'],
    ]);
    // A Terminating range hands out nothing more.
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('late', { clusterIP: '10.200.0.11' }) })).message).toContain('the provided network does not match the current range');
    ok(sim.request({ verb: 'delete', resource: 'services', namespace: 'default', name: 'far' }));
    sim.advance(2_000);
    expect(get(sim, 'extra')).toBeUndefined();
  });

  it('lets a range go at once when another one covers it', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'servicecidrs', body: { ...extra, metadata: { name: 'inner' }, spec: { cidrs: ['10.96.5.0/24'] } } as KObject }));
    ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('web', { clusterIP: '10.96.5.7' }) }));
    sim.advance(2_000);
    ok(sim.request({ verb: 'delete', resource: 'servicecidrs', name: 'inner' }));
    sim.advance(12_000);
    expect(get(sim, 'inner')).toBeUndefined();
    expect(addresses(sim)['10.96.5.7']).toBe('services/default/web');
  });
});

describe('the ClusterIP repair loop', () => {
  const events = (sim: ReturnType<typeof cluster>): string[] =>
    sim
      .objects<KObject & { reason?: string; message?: string; involvedObject?: { name?: string }; reportingComponent?: string }>('events')
      .filter((e) => e.reportingComponent === 'ipallocator-repair-controller')
      .map((e) => `${e.involvedObject?.name} ${e.reason}: ${e.message}`);

  it('recreates a deleted IPAddress at its next 3-minute resync, with a Warning on the Service', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'delete', resource: 'ipaddresses', name: '10.96.0.10' }));
    sim.advance(60_000);
    expect(addresses(sim)['10.96.0.10']).toBeUndefined();
    sim.advance(180_000);
    expect(addresses(sim)['10.96.0.10']).toBe('services/kube-system/kube-dns');
    expect(events(sim)).toEqual(['kube-dns ClusterIPNotAllocated: Cluster IP [IPv4]: 10.96.0.10 is not allocated; repairing']);
  });

  it('reports an address two Services came to hold while its IPAddress was gone', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'delete', resource: 'ipaddresses', name: '10.96.0.10' }));
    ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('thief', { clusterIP: '10.96.0.10' }) }));
    sim.advance(200_000);
    expect(addresses(sim)['10.96.0.10']).toBe('services/default/thief');
    expect(events(sim)).toEqual(['kube-dns ClusterIPAlreadyAllocated: Cluster IP [IPv4]:10.96.0.10 was assigned to multiple services; please recreate service']);
  });
});
