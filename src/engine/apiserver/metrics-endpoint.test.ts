/**
 * kube-apiserver's /metrics through the real engine: the counts must be the requests the
 * simulation served, the watches it holds and the objects it stores, each instance its own.
 * (What kubectl prints of it, and the kubelet's, in src/kubectl/commands/raw-metrics.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation, worldOf, type ClientCredentials } from '../simulation';
import type { ApiServerState } from './state';
import { createPod, getPod, podManifest } from '../kubelet/kubelet.testing';

function scrape(sim: Simulation, as: ClientCredentials = 'kubernetes-admin'): string {
  const res = sim.rawRequest('/metrics', as);
  if (!res.ok || res.code !== 200) throw new Error(res.ok ? res.body : res.error.message);
  return res.body;
}

/** The samples of one family: the label set as written, mapped to the value. */
function samples(exposition: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of exposition.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(name.length, at), Number(line.slice(at + 1)));
  }
  return out;
}

function requests(sim: Simulation): Map<string, number> {
  return samples(scrape(sim), 'apiserver_request_total');
}

const row = (code: number, dryRun: string, group: string, resource: string, scope: string, subresource: string, verb: string, version = 'v1'): string =>
  `{code="${code}",component="apiserver",dry_run="${dryRun}",group="${group}",resource="${resource}",scope="${scope}",subresource="${subresource}",verb="${verb}",version="${version}"}`;

const LEASE_PUT = row(200, '', 'coordination.k8s.io', 'leases', 'resource', '', 'PUT');
/** The same label set as request-metrics.ts keys it. */
const LEASE_PUT_KEY = '200\0apiserver\0\0coordination.k8s.io\0leases\0resource\0\0PUT\0v1';

const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
};

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  const res = sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: DEPLOYMENT as never });
  if (!res.ok) throw new Error(res.error.message);
  sim.advance(20_000);
});

describe('kube-apiserver /metrics', () => {
  it('is the text format: HELP with the stability level, TYPE, families sorted by name, one line per label set', () => {
    const text = scrape(sim);
    const names = text.split('\n').filter((l) => l.startsWith('# TYPE ')).map((l) => l.split(' ')[2]);
    expect(names).toEqual(['apiserver_current_inflight_requests', 'apiserver_longrunning_requests', 'apiserver_request_total', 'apiserver_resource_objects', 'apiserver_storage_objects', 'kubernetes_build_info', 'pod_security_evaluations_total', 'pod_security_exemptions_total']);
    expect(text).toContain('# HELP apiserver_request_total [STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.\n# TYPE apiserver_request_total counter\n');
    expect(text).toContain('# HELP apiserver_storage_objects [STABLE] (Deprecated since 1.34.0) [DEPRECATED, consider using apiserver_resource_objects instead] Number of stored objects');
    expect(text).toContain('# HELP apiserver_resource_objects [ALPHA] Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.\n');
    expect(text).toContain('kubernetes_build_info{build_date="2026-05-12T09:53:52Z",compiler="gc",git_commit="756939600b9a7180fc2df6550a4585b638875e67",git_tree_state="clean",git_version="v1.36.1",go_version="go1.26.2",major="1",minor="36",platform="linux/amd64"} 1\n');
    for (const line of text.trimEnd().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) [a-z_]+ .+|[a-z_]+(\{([a-z_]+="[^"]*",)*[a-z_]+="[^"]*"\})? \d+)$/);
    const keys = [...samples(text, 'apiserver_request_total').keys()];
    expect(keys).toEqual([...keys].sort());
  });

  it('counts every Lease PUT the kubelets and the leader elections send: the counter climbs by the renewals of 10s', () => {
    const before = requests(sim).get(LEASE_PUT) ?? 0;
    const from = sim.lastTraceSeq;
    sim.advance(10_000);
    const renewals = sim.traceSince(from).filter((r) => r.kind === 'lease' && r.detail.method === 'PUT' && !r.detail.error).length;
    // Four kubelets every 10s, kube-controller-manager and kube-scheduler every 2s.
    expect(renewals).toBeGreaterThanOrEqual(14);
    expect((requests(sim).get(LEASE_PUT) ?? 0) - before).toBe(renewals);
  });

  it("labels a request as MonitorRequest does (LIST, the code, dry_run, CONNECT); the authorization filter's 403 is not counted", () => {
    const before = requests(sim);
    sim.request({ verb: 'list', resource: 'pods', namespace: 'kube-system' });
    sim.request({ verb: 'list', resource: 'pods' });
    sim.request({ verb: 'get', resource: 'pods', namespace: 'default', name: 'nope' });
    sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', dryRun: true, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dry' } } as never });
    sim.request({ verb: 'get', resource: 'nodes', subresource: 'proxy', name: 'node-1', plain: true, proxyPath: '/healthz' });
    sim.request({ verb: 'list', resource: 'secrets', namespace: 'default' }, 'jane');
    const after = requests(sim);
    const grew = (k: string): number => (after.get(k) ?? 0) - (before.get(k) ?? 0);
    expect(grew(row(200, '', '', 'pods', 'namespace', '', 'LIST'))).toBe(1);
    expect(grew(row(200, '', '', 'pods', 'cluster', '', 'LIST'))).toBe(1);
    expect(grew(row(404, '', '', 'pods', 'resource', '', 'GET'))).toBe(1);
    expect(grew(row(201, 'All', '', 'configmaps', 'resource', '', 'POST'))).toBe(1);
    expect(grew(row(200, '', '', 'nodes', 'resource', 'proxy', 'CONNECT'))).toBe(1);
    expect([...after.keys()].filter((k) => k.startsWith('{code="403"'))).toEqual([]);
  });

  it('counts a health check under its path with no component, as healthz instruments it; not its single checks', () => {
    sim.rawRequest('/readyz');
    sim.rawRequest('/readyz/etcd');
    const got = requests(sim);
    expect(got.get('{code="200",component="",dry_run="",group="",resource="",scope="",subresource="/readyz",verb="GET",version=""}')).toBe(1);
    expect([...got.keys()].some((k) => k.includes('/readyz/etcd'))).toBe(false);
  });

  it('holds one WATCH per open watch of this apiserver; a watch by metadata.name has the resource scope', () => {
    const gauge = samples(scrape(sim), 'apiserver_longrunning_requests');
    const w = worldOf(sim);
    const open = [...w.watches.values()].filter((r) => r.server === w.apiServers[0]);
    expect([...gauge.values()].reduce((a, b) => a + b, 0)).toBe(open.length);
    // Each kubelet watches its own Node (RequestInfo reads the fieldSelector's metadata.name as a name).
    expect(gauge.get('{component="apiserver",group="",resource="nodes",scope="resource",subresource="",verb="WATCH",version="v1"}')).toBe(4);
  });

  it('counts a WATCH once its client goes away: a stopped kube-scheduler closes its watches', () => {
    const w = worldOf(sim);
    const held = [...w.watches.values()].filter((r) => r.watcher === 'kube-scheduler' && r.resource === 'pods').length;
    expect(held).toBeGreaterThan(0);
    const before = requests(sim).get(row(200, '', '', 'pods', 'cluster', '', 'WATCH')) ?? 0;
    sim.injectFault('kube-scheduler');
    expect((requests(sim).get(row(200, '', '', 'pods', 'cluster', '', 'WATCH')) ?? 0) - before).toBe(held);
    sim.healFault('kube-scheduler');
  });

  it('counts the stored keys of every resource with a storage, under the new and the deprecated name', () => {
    const text = scrape(sim);
    const w = worldOf(sim);
    expect(samples(text, 'apiserver_resource_objects').get('{group="apps",resource="deployments"}')).toBe(w.etcd.kv.get('deployments')!.size);
    expect(samples(text, 'apiserver_storage_objects').get('{resource="deployments.apps"}')).toBe(w.etcd.kv.get('deployments')!.size);
    expect(samples(text, 'apiserver_resource_objects').get('{group="storage.k8s.io",resource="volumeattachments"}')).toBe(0);
    expect(samples(text, 'apiserver_resource_objects').get('{group="",resource="bindings"}')).toBeUndefined();
  });

  it('answers jane with the nonResourceURL Forbidden', () => {
    const res = sim.rawRequest('/metrics', 'jane');
    expect(res.ok && res.code).toBe(403);
    expect(res.ok && JSON.parse(res.body)).toMatchObject({ reason: 'Forbidden', message: 'forbidden: User "jane" cannot get path "/metrics"' });
  });

  it("is what a Pod bound to the system:monitoring ClusterRole scrapes over HTTPS, with the Prometheus text Content-Type", () => {
    const prom = Simulation.fromSnapshot(sim.snapshot());
    const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'scraper' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:monitoring' }, subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: 'default' }] };
    expect(prom.request({ verb: 'create', resource: 'clusterrolebindings', body: binding as never }).ok).toBe(true);
    createPod(prom, podManifest('t', 'curlimages/curl:8.17.0', { container: { command: ['sleep', '3600'] } }));
    prom.runUntil(() => getPod(prom, 't')?.status?.phase === 'Running', 60_000);
    const sa = '/var/run/secrets/kubernetes.io/serviceaccount';
    const script = `curl -si --cacert ${sa}/ca.crt -H "Authorization: Bearer $(cat ${sa}/token)" https://kubernetes.default.svc/metrics`;
    const res = prom.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: 't', execOptions: { command: ['sh', '-c', script] } });
    const out = res.ok && res.exec?.type === 'exited' ? res.exec.output : '';
    expect(out).toMatch(/^HTTP\/2 200 \r\n/);
    expect(out).toContain('content-type: text/plain; version=0.0.4; charset=utf-8; escaping=underscores\r\n');
    expect(out).toContain('\r\n\r\n# HELP apiserver_current_inflight_requests [STABLE] ');
  });

  it('is per instance: in HA each kube-apiserver keeps its own counters', () => {
    const ha = new Simulation({ seed: 1, topology: 'ha' });
    ha.advance(10_000);
    const w = worldOf(ha);
    const servers = w.apiServers.map((id) => w.components.get(id) as ApiServerState);
    expect(servers.length).toBe(3);
    const first = requests(ha).get(LEASE_PUT)!;
    expect(first).toBe(servers[0]!.requestCounts?.get(LEASE_PUT_KEY));
    expect(servers.map((s) => s.requestCounts?.get(LEASE_PUT_KEY) ?? 0).filter((n) => n === first)).toHaveLength(1);
  });
});
