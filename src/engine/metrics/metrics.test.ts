import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation, worldOf } from '../simulation';
import { dialKubelet } from '../apiserver/kubelet-proxy';
import { metricsAt, cpuQuantity, memoryQuantity } from './metrics-server';
import { cpuNanosAt } from './cpu';
import type { ContainerRecord, RuntimeState } from '../node/runtime-state';
import type { ComponentId } from '../core/ids';
import { parseAllDocuments } from 'yaml';
import type { KObject } from '../../k8s/types';
import { resourceForKind } from '../../k8s/resources';
import { METRICS_SERVER_COMPONENTS } from '../../k8s/metrics-server-release';
import { scrapeErrorLines } from './scrape-logs';

const manifest = (f: string): string => readFileSync(new URL(`../../../examples/manifests/${f}`, import.meta.url), 'utf8');
/** Creates every object of a manifest, as `kubectl create -f` would. */
function createAll(sim: Simulation, file: string, text = manifest(file)): void {
  for (const doc of parseAllDocuments(text)) {
    const obj = doc.toJS() as KObject;
    const info = resourceForKind(obj.kind)!;
    const res = sim.request({ verb: 'create', resource: info.resource, namespace: info.namespaced ? (obj.metadata.namespace ?? 'default') : undefined, body: obj });
    expect(res.ok, `${obj.kind}/${obj.metadata.name}`).toBe(true);
  }
}

function ready(sim: Simulation, ns: string, name: string, n: number): boolean {
  const d = sim.storedObject<KObject & { status?: { readyReplicas?: number } }>(`deployments/${ns}/${name}`);
  return (d?.status?.readyReplicas ?? 0) === n;
}

function containers(sim: Simulation, name: string): { c: ContainerRecord; node: string }[] {
  const w = worldOf(sim);
  const out: { c: ContainerRecord; node: string }[] = [];
  for (const m of w.machines) {
    const rt = w.components.get(`container-runtime/${m}` as ComponentId) as RuntimeState;
    for (const c of rt.containers.values()) if (c.config.name === name && c.state === 'CONTAINER_RUNNING') out.push({ c, node: m });
  }
  return out;
}

describe('container CPU, the kubelet\'s /metrics/resource and metrics-server', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    for (const f of ['go-api.yaml', 'go-api-service.yaml', 'metrics-server.yaml']) createAll(base, f);
    base.runUntil(() => ready(base, 'kube-system', 'metrics-server', 1) && ready(base, 'default', 'go-api', 3), 120_000);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('prints quantities as resource.Quantity does', () => {
    expect(cpuQuantity(201_000_000)).toBe('201m');
    expect(cpuQuantity(1_234_567)).toBe('1234567n');
    expect(cpuQuantity(2_000_000_000)).toBe('2');
    expect(memoryQuantity(18 * 2 ** 20)).toBe('18Mi');
    expect(memoryQuantity(1000)).toBe('1000');
  });

  it('integrates a container\'s CPU from its load curve, re-shared when a load starts', () => {
    const sim = fresh();
    const w = worldOf(sim);
    const c = containers(sim, 'api')[0]!.c;
    const t0 = w.now;
    const idle = cpuNanosAt(w, c, t0 + 10_000) - cpuNanosAt(w, c, t0);
    // go-api idles at 1m: 1 millicore for 10 s.
    expect(idle).toBe(10_000_000);
    sim.setServiceLoad('default/go-api', 300);
    sim.advance(10_000);
    // 300 requests/s over three endpoints: 100 each, at 1m per request/s, plus the idle 1m.
    expect(cpuNanosAt(w, c, w.now) - cpuNanosAt(w, c, w.now - 5_000)).toBe(101 * 5_000 * 1000);
    expect(sim.serviceLoads()).toEqual([{ service: 'default/go-api', rps: 300, since: t0 }]);
  });

  it('serves the Prometheus text of one node, and metrics-server rates two scrapes', () => {
    const sim = fresh();
    const w = worldOf(sim);
    const node = containers(sim, 'api')[0]!.node;
    const res = dialKubelet(w, node, { path: 'metrics/resource', at: w.now }, w.now);
    expect(res.ok).toBe(true);
    const text = res.ok ? res.text : '';
    expect(text).toContain('# TYPE container_cpu_usage_seconds_total counter\n');
    expect(text).toMatch(/^container_memory_working_set_bytes\{container="api",namespace="default",pod="go-api-[a-z0-9-]+"\} 18874368 \d+$/m);
    expect(text).toMatch(/^node_cpu_usage_seconds_total [\d.]+ \d+$/m);
    expect(text.endsWith('scrape_error 0\n')).toBe(true);
    const [ms] = containers(sim, 'metrics-server');
    sim.advance(20_000);
    const store = metricsAt(w, { container: ms!.c, node: ms!.node }, w.now);
    expect(store.nodes.map((n) => n.metadata.name)).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    const mine = store.pods.find((p) => p.containers[0]?.name === 'api' && p.metadata.labels?.['app'] === 'go-api');
    expect(mine?.window).toBe('15s');
    expect(mine?.containers[0]?.usage).toEqual({ cpu: '1m', memory: '18Mi' });
  });

  it('loses a node whose kubelet cannot be reached', () => {
    const sim = fresh();
    sim.advance(20_000);
    sim.injectFault('kubelet/node-1');
    sim.advance(20_000);
    const w = worldOf(sim);
    const [ms] = containers(sim, 'metrics-server');
    expect(dialKubelet(w, 'node-1', { path: 'metrics/resource', at: w.now }, w.now)).toMatchObject({ ok: false, message: 'Get "https://10.0.0.11:10250/metrics/resource": dial tcp 10.0.0.11:10250: connect: connection refused' });
    expect(metricsAt(w, { container: ms!.c, node: ms!.node }, w.now).nodes.map((n) => n.metadata.name)).toEqual(['control-plane', 'node-2', 'node-3']);
  });

  it('upstream’s components.yaml (no --kubelet-insecure-tls) scrapes nothing: never Ready, no metrics', () => {
    const sim = new Simulation({ seed: 1 });
    createAll(sim, 'components.yaml', METRICS_SERVER_COMPONENTS);
    sim.advance(90_000);
    const [ms] = containers(sim, 'metrics-server');
    expect(ms).toBeDefined();
    expect(ready(sim, 'kube-system', 'metrics-server', 1)).toBe(false);
    expect(metricsAt(worldOf(sim), { container: ms!.c, node: ms!.node }, worldOf(sim).now)).toEqual({ nodes: [], pods: [] });
    // scraper.go:149 per node and scrape, Go's x509 HostnameError for an IP the certificate lacks.
    const lines = scrapeErrorLines(worldOf(sim), ms!.c, worldOf(sim).now).map((l) => l.text);
    expect(lines.length % 4).toBe(0);
    expect(lines.at(-3)).toMatch(/^E\d{4} [\d:.]{15} {7}1 scraper\.go:149\] "Failed to scrape node" err="Get \\"https:\/\/10\.0\.0\.11:10250\/metrics\/resource\\": tls: failed to verify certificate: x509: cannot validate certificate for 10\.0\.0\.11 because it doesn't contain any IP SANs" node="node-1"$/);
  });

  it('with --kubelet-insecure-tls the scrapes log nothing', () => {
    const sim = fresh();
    const [ms] = containers(sim, 'metrics-server');
    expect(scrapeErrorLines(worldOf(sim), ms!.c, worldOf(sim).now)).toEqual([]);
  });
});
