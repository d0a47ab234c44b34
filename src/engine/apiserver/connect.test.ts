import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import type { ApiRequest } from './handler';
import { bootCluster, createPod, podManifest } from '../kubelet/kubelet.testing';
import { worldOf, type KubeconfigUser, type Simulation } from '../simulation';

function ask(sim: Simulation, req: Omit<ApiRequest, 'user' | 'from' | 'resource' | 'namespace'>, as: KubeconfigUser = 'kubernetes-admin'): string {
  const res = sim.request({ resource: 'pods', namespace: 'default', ...req }, as);
  if (res.ok) return `ok ${res.code}`;
  return 'network' in res.error ? res.error.message : `${res.error.code} ${res.error.reason}: ${res.error.message}`;
}

/** The proxied answer: the app's status, Content-Type and body, or the Status. */
function proxy(sim: Simulation, name: string, proxyPath: string, verb: ApiRequest['verb'] = 'get'): string {
  const res = sim.request({ verb, resource: 'pods', namespace: 'default', subresource: 'proxy', name, plain: true, proxyPath });
  if (res.ok) return `${res.code} ${res.proxied?.contentType ?? ''}${res.proxied?.location ? ` -> ${res.proxied.location}` : ''}\n${res.text ?? ''}`;
  return 'network' in res.error ? res.error.message : `${res.error.code} ${res.error.reason}: ${res.error.message}`;
}

function nginx(sim: Simulation, name: string, ports: number[]): string {
  const pod = podManifest(name, 'nginx:1.27');
  if (ports.length) pod.spec.containers[0]!.ports = ports.map((containerPort) => ({ containerPort }));
  createPod(sim, pod);
  return name;
}

function create(sim: Simulation, resource: string, obj: object): void {
  const res = sim.request({ verb: 'create', resource, namespace: 'default', body: obj as never });
  if (!res.ok) throw new Error(res.error.message);
}

describe('pods/proxy: kube-apiserver dials the Pod and relays the answer', () => {
  it("passes the app's answer through: status, Content-Type and body, on the first declared port", () => {
    const sim = bootCluster();
    nginx(sim, 'web', [80]);
    expect(proxy(sim, 'web', '/')).toBe('400 BadRequest: address not allowed');
    sim.advance(15_000);
    const page = proxy(sim, 'web', '/');
    expect(page).toMatch(/^200 text\/html\n<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/);
    expect(proxy(sim, 'http:web:80', '/index.html?x=1')).toBe(page);
    expect(proxy(sim, 'web', '/missing')).toMatch(/^404 text\/html\n<html>\r\n<head><title>404 Not Found<\/title>/);
    // `…/proxy` without its slash is redirected to `…/proxy/` (proxyRedirectsforRootPath), the query kept.
    expect(proxy(sim, 'web', '')).toBe('301  -> /api/v1/namespaces/default/pods/web/proxy/\n');
    expect(proxy(sim, 'web', '?a=b')).toBe('301  -> /api/v1/namespaces/default/pods/web/proxy/?a=b\n');
    // The other methods go on to the app as they came; a DELETE with no path is not redirected,
    // and nginx refuses it for a static file.
    expect(proxy(sim, 'web', '', 'delete')).toMatch(/^405 text\/html\n<html>\r\n<head><title>405 Not Allowed<\/title>/);
  });

  it("hands the client's User-Agent on: the app's access log names kubectl's release", () => {
    const sim = bootCluster();
    nginx(sim, 'web', [80]);
    sim.advance(15_000);
    proxy(sim, 'web', '/');
    const res = sim.request({ verb: 'get', resource: 'pods', namespace: 'default', subresource: 'log', name: 'web' });
    const last = (res.ok ? (res.text ?? '') : '').trimEnd().split('\n').at(-1) ?? '';
    expect(last).toMatch(/"GET \/ HTTP\/1\.1" 200 615 "-" "kubectl\/v1\.36\.1 \(linux\/amd64\) kubernetes\/7569396" "-"$/);
  });

  it('is one hop on the trace: kube-apiserver to the Pod, the proxy kind sim curl leaves', () => {
    const sim = bootCluster();
    nginx(sim, 'web', [80]);
    sim.advance(15_000);
    const ip = sim.storedObject<Pod>('pods/default/web')?.status?.podIP ?? '';
    const before = worldOf(sim).trace.records.length;
    proxy(sim, 'web', '/healthz?full=1');
    const hops = worldOf(sim).trace.records.slice(before).filter((r) => r.kind === 'proxy');
    expect(hops).toHaveLength(1);
    expect(hops[0]).toMatchObject({ from: 'kube-apiserver', kind: 'proxy', detail: { type: 'traffic', url: `http://${ip}:80/healthz?full=1`, endpoint: `${ip}:80`, pod: { namespace: 'default', name: 'web' } } });
  });

  it('parses [scheme:]name[:port]: no declared port is the scheme default, a bad scheme a BadRequest', () => {
    const sim = bootCluster();
    nginx(sim, 'web', [8080]);
    nginx(sim, 'bare', []);
    sim.advance(15_000);
    const ip = sim.storedObject<Pod>('pods/default/web')?.status?.podIP ?? '';
    const bareIP = sim.storedObject<Pod>('pods/default/bare')?.status?.podIP ?? '';
    // The first declared port is 8080, where nginx does not listen.
    expect(proxy(sim, 'web', '/')).toBe(`503 ServiceUnavailable: error trying to reach service: dial tcp ${ip}:8080: connect: connection refused`);
    expect(proxy(sim, 'web:80', '/')).toMatch(/^200 text\/html\n/);
    expect(proxy(sim, 'bare', '/')).toMatch(/^200 text\/html\n/);
    // https: the transport's handshake meets nginx's plain HTTP on 443? nothing listens there.
    expect(proxy(sim, 'https:bare:', '/')).toBe(`503 ServiceUnavailable: error trying to reach service: dial tcp ${bareIP}:443: connect: connection refused`);
    expect(proxy(sim, 'https:bare:80', '/')).toBe('503 ServiceUnavailable: error trying to reach service: tls: first record does not look like a TLS handshake');
    expect(proxy(sim, 'ftp:web:21', '/')).toBe('400 BadRequest: invalid pod request "ftp:web:21"');
    // The port is put in the URL as written: Go's net resolves a service name, or says it cannot.
    expect(proxy(sim, 'web:http', '/')).toMatch(/^200 text\/html\n/);
    expect(proxy(sim, 'web:metrics', '/')).toBe('503 ServiceUnavailable: error trying to reach service: dial tcp: lookup tcp/metrics: unknown port');
    expect(proxy(sim, 'web:99999', '/')).toBe('503 ServiceUnavailable: error trying to reach service: dial tcp: address 99999: invalid port');
    expect(proxy(sim, 'nope', '/')).toBe('404 NotFound: pods "nope" not found');
  });

  it('times out where a NetworkPolicy drops the packets, and answers again once it allows them', () => {
    const sim = bootCluster();
    nginx(sim, 'web', [80]);
    sim.advance(15_000);
    const ip = sim.storedObject<Pod>('pods/default/web')?.status?.podIP ?? '';
    create(sim, 'networkpolicies', { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'deny', namespace: 'default' }, spec: { podSelector: {}, policyTypes: ['Ingress'] } });
    sim.advance(5_000);
    expect(proxy(sim, 'web', '/')).toBe(`503 ServiceUnavailable: error trying to reach service: dial tcp ${ip}:80: i/o timeout`);
    const before = worldOf(sim).trace.records.length;
    proxy(sim, 'web', '/');
    expect(worldOf(sim).trace.records.slice(before).some((r) => r.kind === 'proxy' && r.from === 'kube-apiserver')).toBe(true);
    create(sim, 'networkpolicies', { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'allow-nodes', namespace: 'default' }, spec: { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0/8' } }] }] } });
    sim.advance(5_000);
    expect(proxy(sim, 'web', '/')).toMatch(/^200 text\/html\n/);
  });
});

describe("a Pod's Connect subresources where no stream is simulated", () => {
  it('locates the target first, then refuses a plain request to a stream with Upgrade request required', () => {
    const sim = bootCluster();
    const pod = podManifest('web', 'nginx:1.27');
    pod.spec.containers[0]!.ports = [{ containerPort: 80 }];
    createPod(sim, pod);
    sim.advance(15_000);
    for (const sub of ['exec', 'attach', 'portforward'] as const) {
      expect(ask(sim, { verb: 'get', subresource: sub, name: 'web', plain: true })).toBe('400 BadRequest: Upgrade request required');
      expect(ask(sim, { verb: 'create', subresource: sub, name: 'web', plain: true })).toBe('400 BadRequest: Upgrade request required');
      expect(ask(sim, { verb: 'get', subresource: sub, name: 'nope', plain: true })).toBe('404 NotFound: pods "nope" not found');
    }
    expect(ask(sim, { verb: 'get', subresource: 'attach', name: 'web', plain: true, container: 'side' })).toBe('400 BadRequest: container side is not valid for pod web');
    // PortForwardLocation names no container.
    expect(ask(sim, { verb: 'get', subresource: 'portforward', name: 'web', plain: true, container: 'side' })).toBe('400 BadRequest: Upgrade request required');
    expect(ask(sim, { verb: 'get', subresource: 'attach', name: 'web', plain: true }, 'jane')).toBe('403 Forbidden: pods "web" is forbidden: User "jane" cannot get resource "pods/attach" in API group "" in the namespace "default"');
  });

  it('upgrades a port-forward after locating it, through the kubelet of its node (PortForwardLocation)', () => {
    const sim = bootCluster();
    const pod = podManifest('web', 'nginx:1.27');
    pod.spec.containers[0]!.ports = [{ containerPort: 80 }];
    expect(ask(sim, { verb: 'create', subresource: 'portforward', name: 'web' })).toBe('404 NotFound: pods "web" not found');
    createPod(sim, pod);
    sim.advance(15_000);
    expect(ask(sim, { verb: 'create', subresource: 'portforward', name: 'web' })).toBe('ok 101');
    const hop = sim.traceSince(0).filter((r) => r.kind === 'request' && r.to.startsWith('kubelet/') && r.detail.type === 'non-resource' && r.detail.path === '/portForward/default/web');
    expect(hop).toHaveLength(1);
  });

  it('asks RBAC for create as well when a stream is asked with GET (the WebSocket verb)', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.advance(15_000);
    const apply = (obj: object, kind: string): void => {
      const res = sim.request({ verb: 'create', resource: kind, namespace: 'default', body: obj as never });
      if (!res.ok) throw new Error(res.error.message);
    };
    apply({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'get-attach', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['pods/attach'], verbs: ['get'] }] }, 'roles');
    apply({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'jane-get-attach', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'get-attach' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }] }, 'rolebindings');
    expect(ask(sim, { verb: 'get', subresource: 'attach', name: 'web', plain: true }, 'jane')).toBe('403 Forbidden: pods "web" is forbidden: ');
    expect(ask(sim, { verb: 'get', subresource: 'proxy', name: 'web' }, 'jane')).toBe('403 Forbidden: pods "web" is forbidden: User "jane" cannot get resource "pods/proxy" in API group "" in the namespace "default"');
  });
});
