import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../../k8s/types';
import { bootCluster } from '../kubelet/kubelet.testing';
import { proxyOf, resolveFromNode } from './kube-proxy';
import { buildRules, resolveServiceRequest, serviceIP } from './proxy-rules';
import { worldOf } from '../simulation';

function service(name: string, port: number, extra: Partial<Service['spec']> = {}): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { ports: [{ name: 'http', port, targetPort: 8080, protocol: 'TCP' }], ...extra } };
}

function slice(svc: string, endpoints: { ip: string; ready: boolean; node?: string }[]): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${svc}-abcde`, namespace: 'default', labels: { 'kubernetes.io/service-name': svc } },
    addressType: 'IPv4',
    ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
    endpoints: endpoints.map((e) => ({ addresses: [e.ip], conditions: { ready: e.ready }, ...(e.node ? { nodeName: e.node } : {}) })),
  };
}

describe('kube-proxy', () => {
  it('programs ready endpoints for each Service port, at most once per second, on every node', () => {
    const sim = bootCluster();
    expect(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('web', 80) }).ok).toBe(true);
    const svc = sim.objects<Service>('services').find((s) => s.metadata.name === 'web')!;
    const ip = svc.spec.clusterIP!;
    expect(sim.request({ verb: 'create', resource: 'endpointslices', namespace: 'default', body: slice('web', [{ ip: '10.244.1.5', ready: true }, { ip: '10.244.2.7', ready: true }, { ip: '10.244.3.9', ready: false }]) }).ok).toBe(true);
    sim.advance(1_500);
    for (const node of ['node-1', 'node-2', 'control-plane']) {
      expect(proxyOf(worldOf(sim), node)!.rules[`${ip}:80/TCP`]).toMatchObject({ service: 'default/web', endpoints: ['10.244.1.5:8080', '10.244.2.7:8080'] });
    }
    const syncs = worldOf(sim).trace.records.filter((r) => r.kind === 'proxy' && r.from === 'kube-proxy/node-1');
    // kubernetes, kube-dns (CoreDNS) and web.
    expect(syncs[syncs.length - 1]!.summary).toMatch(/^sync proxy rules: 3 services, \d+ endpoints$/);
    for (let i = 1; i < syncs.length; i++) expect(syncs[i]!.at - syncs[i - 1]!.at).toBeGreaterThanOrEqual(1000);

    expect(resolveFromNode(worldOf(sim), 'node-1', ip, 80, 'default', 1)).toMatchObject({ kind: 'endpoint', endpoint: '10.244.2.7:8080' });
    expect(resolveFromNode(worldOf(sim), 'node-1', 'web.default.svc.cluster.local', 80, 'default', 0)).toMatchObject({ kind: 'endpoint', endpoint: '10.244.1.5:8080' });
    expect(resolveFromNode(worldOf(sim), 'node-1', 'web', 81, 'default', 0)).toEqual({ kind: 'not-a-service' });
    expect(resolveFromNode(worldOf(sim), 'node-1', 'nope', 80, 'default', 0)).toEqual({ kind: 'unknown-host' });
  });

  it('builds rules purely: no ready endpoints rejects, NodePorts answer on every node IP', () => {
    const svc = service('api', 80, { type: 'NodePort', clusterIP: '10.96.5.5' });
    svc.spec.ports![0]!.nodePort = 30080;
    const rules = buildRules([svc], [slice('api', [{ ip: '10.244.1.2', ready: false }])]);
    expect(resolveServiceRequest(rules, { ip: '10.96.5.5', port: 80 }, [], 0)).toMatchObject({ kind: 'no-endpoints' });
    const withEp = buildRules([svc], [slice('api', [{ ip: '10.244.1.2', ready: true }])]);
    expect(resolveServiceRequest(withEp, { ip: '10.0.0.12', port: 30080 }, ['10.0.0.12'], 7)).toMatchObject({ kind: 'endpoint', endpoint: '10.244.1.2:8080' });
    expect(serviceIP([svc], 'api.default', 'other')).toBe('10.96.5.5');
    expect(serviceIP([svc], 'api', 'other')).toBeUndefined();
  });

  it('catches a load balancer address, and keeps external traffic on local endpoints under externalTrafficPolicy Local', () => {
    const svc = service('lb', 80, { type: 'LoadBalancer', clusterIP: '10.96.7.7', externalTrafficPolicy: 'Local' });
    svc.spec.ports![0]!.nodePort = 31000;
    svc.status = { loadBalancer: { ingress: [{ ip: '203.0.113.10' }] } };
    const eps = slice('lb', [
      { ip: '10.244.1.2', ready: true, node: 'node-1' },
      { ip: '10.244.2.2', ready: true, node: 'node-2' },
    ]);
    const onNode1 = buildRules([svc], [eps], 'node-1');
    const onNode3 = buildRules([svc], [eps], 'node-3');
    // From outside: node-1 uses its own endpoint only; node-3 has none and drops the packet.
    expect(resolveServiceRequest(onNode1, { ip: '203.0.113.10', port: 80 }, [], 1, true)).toMatchObject({ kind: 'endpoint', endpoint: '10.244.1.2:8080', via: 'load-balancer' });
    expect(resolveServiceRequest(onNode1, { ip: '10.0.0.11', port: 31000 }, ['10.0.0.11'], 1, true)).toMatchObject({ kind: 'endpoint', endpoint: '10.244.1.2:8080', via: 'node-port' });
    expect(resolveServiceRequest(onNode3, { ip: '10.0.0.13', port: 31000 }, ['10.0.0.13'], 0, true)).toMatchObject({ kind: 'dropped' });
    // From inside (a Pod, the node itself) every endpoint still serves, and the ClusterIP is never bound.
    expect(resolveServiceRequest(onNode3, { ip: '10.0.0.13', port: 31000 }, ['10.0.0.13'], 1, false)).toMatchObject({ kind: 'endpoint', endpoint: '10.244.2.2:8080' });
    expect(resolveServiceRequest(onNode3, { ip: '10.96.7.7', port: 80 }, [], 0, true)).toMatchObject({ kind: 'endpoint', via: 'cluster-ip' });
    // Cluster (the default): every endpoint, whoever sends.
    const cluster = buildRules([{ ...svc, spec: { ...svc.spec, externalTrafficPolicy: 'Cluster' } }], [eps], 'node-3');
    expect(resolveServiceRequest(cluster, { ip: '203.0.113.10', port: 80 }, [], 1, true)).toMatchObject({ kind: 'endpoint', endpoint: '10.244.2.2:8080' });
    expect(resolveServiceRequest(cluster, { ip: '203.0.113.10', port: 81 }, [], 1, true)).toEqual({ kind: 'not-a-service' });
  });
});
