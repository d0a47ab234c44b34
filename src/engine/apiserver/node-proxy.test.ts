import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { KObject, Pod } from '../../k8s/types';
import { KUBELET_CONFIG } from '../kubelet/config-file';
import { Simulation, worldOf, type KubeconfigUser } from '../simulation';
import type { ApiRequest } from './handler';

const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } } },
};

/** One request through nodes/<name>/proxy: the kubelet's status, Content-Type and body, or the Status. */
function proxy(sim: Simulation, name: string, proxyPath: string, more: Partial<ApiRequest> = {}, as: KubeconfigUser = 'kubernetes-admin'): string {
  const res = sim.request({ verb: 'get', resource: 'nodes', subresource: 'proxy', name, plain: true, proxyPath, ...more }, as);
  if (res.ok) return `${res.code} ${res.proxied?.contentType ?? ''}${res.proxied?.location ? ` -> ${res.proxied.location}` : ''}\n${res.text ?? ''}`;
  return 'network' in res.error ? res.error.message : `${res.error.code} ${res.error.reason}: ${res.error.message}`;
}

function body(answer: string): string {
  return answer.slice(answer.indexOf('\n') + 1);
}

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  const res = sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: DEPLOYMENT as never });
  if (!res.ok) throw new Error(res.error.message);
  sim.advance(60_000);
});

describe('nodes/proxy: kube-apiserver relays to the kubelet of the node', () => {
  it('answers /healthz, its checks and its verbose list', () => {
    expect(proxy(sim, 'node-1', '/healthz')).toBe('200 text/plain; charset=utf-8\nok');
    expect(proxy(sim, 'node-1', '/healthz/syncloop')).toBe('200 text/plain; charset=utf-8\nok');
    expect(proxy(sim, 'node-1', '/healthz?verbose')).toBe('200 text/plain; charset=utf-8\n[+]ping ok\n[+]log ok\n[+]syncloop ok\nhealthz check passed\n');
    // The node's kubelet port named explicitly is the same kubelet transport.
    expect(proxy(sim, 'node-1:10250', '/healthz')).toBe('200 text/plain; charset=utf-8\nok');
  });

  it('answers /configz with the configuration the kubelet runs with: the file kubeadm wrote, defaulted', () => {
    const answer = proxy(sim, 'node-1', '/configz');
    expect(answer.startsWith('200 application/json\n{"kubeletconfig":{"enableServer":true,"staticPodPath":"/etc/kubernetes/manifests",')).toBe(true);
    const config = (JSON.parse(body(answer)) as { kubeletconfig: Record<string, unknown> }).kubeletconfig;
    const file = parse(KUBELET_CONFIG) as Record<string, unknown>;
    for (const key of ['cgroupDriver', 'clusterDNS', 'clusterDomain', 'healthzBindAddress', 'healthzPort', 'rotateCertificates', 'staticPodPath']) expect(config[key]).toEqual(file[key]);
    // The periods this kubelet runs on, not the file's zeros.
    expect(config).toMatchObject({ syncFrequency: '1m0s', nodeStatusUpdateFrequency: '10s', nodeStatusReportFrequency: '5m0s', nodeLeaseDurationSeconds: 40, containerRuntimeEndpoint: 'unix:///run/containerd/containerd.sock' });
    expect(config).not.toHaveProperty('kind');
    expect(body(answer).endsWith('}}')).toBe(true);
  });

  it("answers /pods with the kubelet's PodList: the Pods bound to it, a static Pod as its file made it", () => {
    const list = JSON.parse(body(proxy(sim, 'node-1', '/pods'))) as { kind: string; apiVersion: string; metadata: object; items: Pod[] };
    expect({ kind: list.kind, apiVersion: list.apiVersion, metadata: list.metadata }).toEqual({ kind: 'PodList', apiVersion: 'v1', metadata: {} });
    const bound = sim
      .objects<Pod>('pods')
      .filter((p) => p.spec.nodeName === 'node-1')
      .map((p) => `${p.metadata.namespace}/${p.metadata.name}`)
      .sort();
    expect(list.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).toEqual(bound);
    const cp = JSON.parse(body(proxy(sim, 'control-plane', '/pods'))) as { items: Pod[] };
    const apiserver = cp.items.find((p) => p.metadata.name === 'kube-apiserver-control-plane')!;
    expect(apiserver.metadata.annotations?.['kubernetes.io/config.source']).toBe('file');
    expect(apiserver.metadata.annotations).not.toHaveProperty('kubernetes.io/config.mirror');
    expect(apiserver.metadata.uid).toBe(apiserver.metadata.annotations?.['kubernetes.io/config.hash']);
  });

  it('answers /stats/summary and /metrics/resource from the same counters', () => {
    // A node one of web's Pods landed on.
    const node = (sim.objects('pods') as Pod[]).find((p) => p.metadata.name?.startsWith('web-'))!.spec.nodeName!;
    const summary = body(proxy(sim, node, '/stats/summary'));
    expect(summary.startsWith(`{\n "node": {\n  "nodeName": "${node}",\n`)).toBe(true);
    const parsed = JSON.parse(summary) as { node: { cpu: { usageCoreNanoSeconds: number } }; pods: { podRef: { name: string; namespace: string }; containers: { name: string; cpu: { usageCoreNanoSeconds: number }; memory: { workingSetBytes: number } }[] }[] };
    const metrics = body(proxy(sim, node, '/metrics/resource'));
    expect(proxy(sim, node, '/metrics/resource').split('\n')[0]).toBe('200 text/plain; version=0.0.4; charset=utf-8; escaping=underscores');
    const web = parsed.pods.find((p) => p.podRef.name.startsWith('web-'))!;
    const c = web.containers[0]!;
    const label = `{container="${c.name}",namespace="default",pod="${web.podRef.name}"}`;
    expect(metrics).toContain(`container_memory_working_set_bytes${label} ${c.memory.workingSetBytes} `);
    expect(metrics).toContain(`container_cpu_usage_seconds_total${label} ${c.cpu.usageCoreNanoSeconds / 1e9} `);
    expect(metrics).toMatch(new RegExp(`\\nnode_cpu_usage_seconds_total ${parsed.node.cpu.usageCoreNanoSeconds / 1e9} `));
  });

  it('answers a path the kubelet does not serve with 404, and redirects the bare …/proxy', () => {
    expect(proxy(sim, 'node-1', '/nosuch')).toBe('404 text/plain; charset=utf-8\n404 page not found\n');
    expect(proxy(sim, 'node-1', '')).toBe('301  -> /api/v1/nodes/node-1/proxy/\n');
  });

  it("refuses a Node that does not exist, a bad name, and a user without nodes/proxy (upstream's texts)", () => {
    expect(proxy(sim, 'nosuch', '/healthz')).toBe('404 NotFound: nodes "nosuch" not found');
    expect(proxy(sim, 'a:b:c:d', '/healthz')).toBe('400 BadRequest: invalid node request "a:b:c:d"');
    expect(proxy(sim, 'node-1', '/healthz', {}, 'jane')).toBe('403 Forbidden: nodes "node-1" is forbidden: User "jane" cannot get resource "nodes/proxy" in API group "" at the cluster scope');
  });

  it('is deterministic: the same seed answers the same bytes', () => {
    const other = new Simulation({ seed: 1 });
    other.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: DEPLOYMENT as never });
    other.advance(60_000);
    for (const p of ['/pods', '/stats/summary', '/metrics/resource', '/configz']) expect(proxy(other, 'node-1', p)).toBe(proxy(sim, 'node-1', p));
  });
});

describe('nodes/proxy when the kubelet cannot be reached', () => {
  it("answers the proxy transport's 503 while the kubelet is stopped, and an i/o timeout while the machine is off", () => {
    const s = new Simulation({ seed: 2 });
    s.advance(5_000);
    const ip = (s.objects<KObject>('nodes').find((n) => n.metadata.name === 'node-2') as unknown as { status: { addresses: { type: string; address: string }[] } }).status.addresses.find((a) => a.type === 'InternalIP')!.address;
    expect(s.injectFault('kubelet/node-2').ok).toBe(true);
    expect(proxy(s, 'node-2', '/healthz')).toBe(`503 ServiceUnavailable: error trying to reach service: dial tcp ${ip}:10250: connect: connection refused`);
    expect(s.healFault('kubelet/node-2').ok).toBe(true);
    s.advance(5_000);
    expect(proxy(s, 'node-2', '/healthz')).toBe('200 text/plain; charset=utf-8\nok');
    expect(s.injectFault('node/node-2').ok).toBe(true);
    expect(proxy(s, 'node-2', '/healthz')).toBe(`503 ServiceUnavailable: error trying to reach service: dial tcp ${ip}:10250: i/o timeout`);
    // The trace shows the hop from kube-apiserver to the kubelet's port.
    const hops = worldOf(s).trace.records.filter((r) => r.kind === 'proxy' && String((r.detail as { url?: string }).url).includes(':10250/healthz'));
    expect(hops.length).toBeGreaterThan(0);
  });
});
