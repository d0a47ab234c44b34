/**
 * DNS on a node (`sim ssh`): Ubuntu's /etc/resolv.conf is systemd-resolved's stub (127.0.0.53,
 * no cluster.local search), the uplink knows no cluster names, and BIND's tools reach the
 * cluster DNS only when asked by its address — through the node's kube-proxy rule to CoreDNS,
 * as kubernetes.io's "Debug Services" runs `nslookup hostnames.default.svc.cluster.local
 * 10.96.0.10` from a node.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../k8s/types';
import { Simulation } from '../simulation';

function sh(sim: Simulation, line: string): { out: string; code: number } {
  const r = sim.nodeShell('node-1', line);
  return { out: r.output.filter((c) => c.stream === 'stdout').map((c) => c.text).join(''), code: r.exitCode };
}

describe("a node's resolver and DNS tools", () => {
  let base: Simulation;
  let clusterIP = '';
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    base.request({ verb: 'create', resource: 'services', namespace: 'default', body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'hostnames', namespace: 'default' }, spec: { selector: { app: 'hostnames' }, ports: [{ port: 80, targetPort: 9376 }] } } });
    base.advance(2000);
    clusterIP = base.objects<Service>('services').find((s) => s.metadata.name === 'hostnames')!.spec.clusterIP!;
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it("resolv.conf is the stub resolver's: 127.0.0.53, no cluster.local search", () => {
    const sim = fresh();
    expect(sh(sim, 'readlink /etc/resolv.conf').out).toBe('../run/systemd/resolve/stub-resolv.conf\n');
    expect(sh(sim, 'grep -v "^#" /etc/resolv.conf').out).toBe('\nnameserver 127.0.0.53\noptions edns0 trust-ad\nsearch .\n');
    expect(sh(sim, 'getent hosts node-1').out).toBe('127.0.1.1       node-1\n');
  });

  it('nslookup against the cluster DNS address answers the Service through kube-proxy to CoreDNS', () => {
    const sim = fresh();
    const r = sh(sim, 'nslookup hostnames.default.svc.cluster.local 10.96.0.10');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\thostnames.default.svc.cluster.local\nAddress: ${clusterIP}\n`);
    expect(sh(sim, 'dig +short @10.96.0.10 hostnames.default.svc.cluster.local').out).toBe(`${clusterIP}\n`);
    expect(sh(sim, 'host hostnames.default.svc.cluster.local 10.96.0.10').out).toBe(`Using domain server:\nName: 10.96.0.10\nAddress: 10.96.0.10#53\nAliases: \n\nhostnames.default.svc.cluster.local has address ${clusterIP}\n`);
  });

  it("the node's own resolver knows no cluster names: NXDOMAIN from the stub, curl cannot resolve", () => {
    const sim = fresh();
    const r = sh(sim, 'nslookup hostnames.default.svc.cluster.local');
    expect(r.code).toBe(1);
    expect(r.out).toBe("Server:\t\t127.0.0.53\nAddress:\t127.0.0.53#53\n\n** server can't find hostnames.default.svc.cluster.local: NXDOMAIN\n\n");
    expect(sh(sim, 'getent hosts hostnames').code).toBe(2);
    expect(sim.nodeShell('node-1', 'curl -sS hostnames').output.map((c) => c.text).join('')).toBe('curl: (6) Could not resolve host: hostnames\n');
    expect(sh(sim, 'which dig nslookup host').out).toBe('/usr/bin/dig\n/usr/bin/nslookup\n/usr/bin/host\n');
  });

  /** Scales CoreDNS to nothing and waits for its Pods to go: kube-dns keeps its ClusterIP, with no endpoint. */
  function withoutCoreDns(sim: Simulation): void {
    sim.request({ verb: 'patch', resource: 'deployments', namespace: 'kube-system', name: 'coredns', patchType: 'merge', body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'coredns' }, spec: { replicas: 0 } } });
    sim.advance(40_000);
  }

  /** The line's output and exit status, and the simulated time it took. */
  function timed(sim: Simulation, line: string): { out: string; code: number; took: number } {
    const t0 = sim.now;
    const r = sh(sim, line);
    return { ...r, took: sim.now - t0 };
  }

  it("with kube-dns's endpoints gone, kube-proxy REJECTs the query: refused at once, every try", () => {
    const sim = fresh();
    withoutCoreDns(sim);
    const refused = ';; communications error to 10.96.0.10#53: connection refused\n';
    const ns = timed(sim, 'nslookup hostnames.default.svc.cluster.local 10.96.0.10');
    expect(ns.code).toBe(1);
    expect(ns.out).toBe(refused.repeat(3) + ';; no servers could be reached\n\n');
    const dig = timed(sim, 'dig @10.96.0.10 hostnames.default.svc.cluster.local');
    expect(dig.code).toBe(9);
    // The node's dig is Ubuntu 24.04's bind9-dnsutils; the banner counts the server named before the name.
    expect(dig.out).toBe(`${refused.repeat(3)}\n; <<>> DiG 9.18.39-0ubuntu0.24.04.7-Ubuntu <<>> @10.96.0.10 hostnames.default.svc.cluster.local\n; (1 server found)\n;; global options: +cmd\n;; no servers could be reached\n`);
    expect(sh(sim, 'dig hostnames.default.svc.cluster.local @10.96.0.10 +short').out).toBe(`${refused.repeat(3)};; no servers could be reached\n`);
    const host = timed(sim, 'host hostnames.default.svc.cluster.local 10.96.0.10');
    expect(host.code).toBe(1);
    expect(host.out).toBe(refused.repeat(2) + ';; no servers could be reached\n');
    // No 5 s waits: each refusal comes back from the node's own rule.
    for (const t of [ns, dig, host]) expect(t.took).toBeLessThan(1_000);
  });

  it("a stale rule (kube-proxy stopped) still sends the query to CoreDNS's old address, where nothing answers: timed out", () => {
    const sim = fresh();
    sim.injectFault('kube-proxy/node-1');
    withoutCoreDns(sim);
    const r = timed(sim, 'nslookup hostnames.default.svc.cluster.local 10.96.0.10');
    expect(r.code).toBe(1);
    expect(r.out).toBe(';; communications error to 10.96.0.10#53: timed out\n'.repeat(3) + ';; no servers could be reached\n\n');
    expect(r.took).toBeGreaterThanOrEqual(15_000);
    // Another node's kube-proxy synced: its REJECT refuses.
    expect(sim.nodeShell('node-2', 'host hostnames.default.svc.cluster.local 10.96.0.10').exitCode).toBe(1);
    expect(sim.nodeShell('node-2', 'host hostnames.default.svc.cluster.local 10.96.0.10').output.map((c) => c.text).join('')).toContain('connection refused');
  });
});
