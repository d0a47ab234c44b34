import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { httpGet, type HttpGet } from '../node/traffic';
import { Simulation, worldOf, type KubeconfigUser } from '../simulation';
import type { ApiRequest } from './handler';
import { connectPodNetwork } from './proxy-transport';

const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } } },
};
const SERVICE = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 80 }] } };

/** One request through services/<name>/proxy: the app's status, Content-Type and body, or the Status. */
function proxy(sim: Simulation, name: string, proxyPath: string, more: Partial<ApiRequest> = {}, as: KubeconfigUser = 'kubernetes-admin'): string {
  const res = sim.request({ verb: 'get', resource: 'services', namespace: 'default', subresource: 'proxy', name, plain: true, proxyPath, ...more }, as);
  if (res.ok) return `${res.code} ${res.proxied?.contentType ?? ''}${res.proxied?.location ? ` -> ${res.proxied.location}` : ''}\n${res.text ?? ''}`;
  return 'network' in res.error ? res.error.message : `${res.error.code} ${res.error.reason}: ${res.error.message}`;
}

function create(sim: Simulation, resource: string, obj: object): void {
  const res = sim.request({ verb: 'create', resource, namespace: 'default', body: obj as never });
  if (!res.ok) throw new Error(res.error.message);
}

function scale(sim: Simulation, replicas: number): void {
  const res = sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: 'merge', body: { spec: { replicas } } as never });
  if (!res.ok) throw new Error(res.error.message);
  sim.advance(30_000);
}

/** The Pod IPs each proxied request reached, from the trace's proxy hops. */
function endpointsReached(sim: Simulation, run: () => void): string[] {
  const before = worldOf(sim).trace.records.length;
  run();
  return worldOf(sim)
    .trace.records.slice(before)
    .filter((r) => r.kind === 'proxy' && r.from === 'kube-apiserver')
    .map((r) => (r.detail as { endpoint: string }).endpoint);
}

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  create(sim, 'deployments', DEPLOYMENT);
  create(sim, 'services', SERVICE);
  sim.advance(30_000);
});

describe('services/proxy: ResourceLocation picks a ready endpoint, kube-apiserver proxies to it', () => {
  it("returns nginx's page through the Service's port, by number, by its (empty) name, with a scheme", () => {
    const page = proxy(sim, 'web:80', '/');
    expect(page).toMatch(/^200 text\/html\n<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/);
    expect(proxy(sim, 'web', '/')).toBe(page);
    expect(proxy(sim, 'http:web:80', '/index.html?x=1')).toBe(page);
    expect(proxy(sim, 'web:80', '/missing')).toMatch(/^404 text\/html\n<html>\r\n<head><title>404 Not Found<\/title>/);
    // `…/proxy` without its slash is redirected to `…/proxy/` (proxyRedirectsforRootPath), the query kept.
    expect(proxy(sim, 'web:80', '?a=b')).toBe('301  -> /api/v1/namespaces/default/services/web:80/proxy/?a=b\n');
  });

  it("dials a ready Pod's IP and target port straight from kube-apiserver, spreading requests over the Pods", () => {
    const ips = sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === 'web').map((p) => `${p.status?.podIP ?? ''}:80`);
    expect(ips).toHaveLength(2);
    const reached = endpointsReached(sim, () => {
      for (let i = 0; i < 12; i++) proxy(sim, 'web:80', '/');
    });
    expect(reached).toHaveLength(12);
    expect([...new Set(reached)].sort()).toEqual([...ips].sort());
  });

  it("answers upstream's Status where it finds no target", () => {
    expect(proxy(sim, 'web:81', '/')).toBe('503 ServiceUnavailable: no service port 81 found for service "web"');
    // A port name no endpoint port carries: every subset is searched, then the id is named.
    expect(proxy(sim, 'web:http', '/')).toBe('503 ServiceUnavailable: no endpoints available for service "web:http"');
    expect(proxy(sim, 'nosuch:80', '/')).toBe('404 NotFound: services "nosuch" not found');
    // Without a port number the Service is not read: the Endpoints are.
    expect(proxy(sim, 'nosuch', '/')).toBe('404 NotFound: endpoints "nosuch" not found');
    expect(proxy(sim, 'ftp:web:80', '/')).toBe('400 BadRequest: invalid service request "ftp:web:80"');
    expect(proxy(sim, 'https:web:80', '/')).toBe('503 ServiceUnavailable: error trying to reach service: tls: first record does not look like a TLS handshake');
  });

  it('is authorized as services/proxy, on the name as the URL has it', () => {
    expect(proxy(sim, 'web:80', '/', {}, 'jane')).toBe('403 Forbidden: services "web:80" is forbidden: User "jane" cannot get resource "services/proxy" in API group "" in the namespace "default"');
  });
});

describe('what a proxied request carries to the app', () => {
  const seen: HttpGet[] = [];
  afterEach(() => {
    connectPodNetwork(httpGet);
    seen.length = 0;
  });

  it('sends the method, body and headers on, less the credentials and hop-by-hop headers', () => {
    connectPodNetwork((w, req) => {
      seen.push(req);
      return httpGet(w, req);
    });
    const headers: [string, string][] = [
      ['Content-Type', 'application/json'],
      ['Authorization', 'Bearer secret'],
      ['Impersonate-User', 'jane'],
      ['Connection', 'keep-alive, X-Hop'],
      ['X-Hop', '1'],
      ['X-Trace', 'abc'],
    ];
    proxy(sim, 'web:80', '/submit?x=1', { verb: 'create', forwarded: { headers, body: '{"a":1}' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.request).toMatchObject({
      method: 'POST',
      path: '/submit?x=1',
      body: '{"a":1}',
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Trace', 'abc'],
        ['X-Forwarded-Uri', '/api/v1/namespaces/default/services/web:80/proxy/submit'],
      ],
    });
  });
});

describe('services/proxy with no ready endpoint', () => {
  it('is 503 no endpoints available once the Deployment is scaled to 0, and answers again after', () => {
    scale(sim, 0);
    expect(proxy(sim, 'web:80', '/')).toBe('503 ServiceUnavailable: no endpoints available for service "web"');
    scale(sim, 1);
    expect(proxy(sim, 'web:80', '/')).toMatch(/^200 text\/html\n<!DOCTYPE html>/);
  });
});
