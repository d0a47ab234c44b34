/**
 * curl on a node (`sim ssh`), through the real engine: the node's own servers on loopback answer
 * as upstream's do (node-net.ts cites them), the cluster is reached through the node's kube-proxy
 * rules, and a port nobody listens on refuses as curl 8.5.0 words it.
 */
import { describe, expect, it } from 'vitest';
import type { Node, Service } from '../../k8s/types';
import { Simulation } from '../simulation';
import { goTimeString } from '../node/proxy-health';

function run(sim: Simulation, node: string, line: string): { out: string; err: string; code: number } {
  const r = sim.nodeShell(node, line);
  const pick = (s: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { out: pick('stdout'), err: pick('stderr'), code: r.exitCode };
}

describe('curl on a node', () => {
  const sim = new Simulation({ seed: 1 });
  const body = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } },
  };
  expect(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body }).ok).toBe(true);
  const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { type: 'NodePort', selector: { app: 'web' }, ports: [{ port: 80 }] } };
  expect(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc }).ok).toBe(true);
  sim.advance(30_000);
  const web = sim.objects<Service>('services').find((s) => s.metadata.name === 'web')!;

  it("answers kube-proxy's and the kubelet's local ports", () => {
    expect(run(sim, 'node-1', 'curl -s localhost:10249/proxyMode')).toEqual({ out: 'iptables', err: '', code: 0 });
    expect(run(sim, 'node-1', 'curl -s localhost:10248/healthz').out).toBe('ok');
    expect(run(sim, 'node-1', 'curl -sk https://localhost:10250/healthz').out).toBe('Unauthorized');
    expect(run(sim, 'node-1', 'curl -s localhost:10256/healthz').out).toMatch(/^\{"lastUpdated": "2025-\d\d-\d\d [\d:.]+ \+0000 UTC m=\+\d+\.\d{9}","currentTime": "[^"]+", "nodeEligible": true\}$/);
    expect(run(sim, 'node-1', 'curl -si localhost:10249/nope').out).toMatch(/^HTTP\/1\.1 404 Not Found\r\nContent-Type: text\/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nDate: .*\r\nContent-Length: 19\r\n\r\n404 page not found\n$/);
  });

  it('tries ::1 first and falls back to 127.0.0.1 for a loopback-only server, as curl 8.5 -v shows', () => {
    const err = run(sim, 'node-1', 'curl -sv localhost:10248/healthz').err;
    expect(err).toMatch(/^\* Host localhost:10248 was resolved\.\n\* IPv6: ::1\n\* IPv4: 127\.0\.0\.1\n\* {3}Trying \[::1\]:10248\.\.\.\n\* connect to ::1 port 10248 from ::1 port \d+ failed: Connection refused\n\* {3}Trying 127\.0\.0\.1:10248\.\.\.\n\* Connected to localhost \(127\.0\.0\.1\) port 10248\n/);
    // kube-proxy's health server listens dual-stack (`*:10256`): ::1 answers.
    expect(run(sim, 'node-1', 'curl -sv localhost:10256/livez').err).toContain('* Connected to localhost (::1) port 10256\n');
  });

  it('refuses a loopback port nobody listens on, and 10248 from another node', () => {
    expect(run(sim, 'node-1', 'curl -sS localhost:9999')).toEqual({ out: '', err: "curl: (7) Failed to connect to localhost port 9999 after 0 ms: Couldn't connect to server\n", code: 7 });
    const ip = sim.objects<Node>('nodes').find((n) => n.metadata.name === 'node-2')!.status!.addresses![0]!.address;
    expect(run(sim, 'node-1', `curl -sS ${ip}:10248/healthz`).code).toBe(7);
    // kube-proxy's health server listens on every address: another node's answers too.
    expect(run(sim, 'node-1', `curl -s ${ip}:10256/healthz`).out).toMatch(/^\{"lastUpdated": "[^"]+","currentTime": "[^"]+", "nodeEligible": true\}$/);
    expect(run(sim, 'node-1', `curl -s ${ip}:10256/livez`).out).toMatch(/^\{"lastUpdated": "[^"]+","currentTime": "[^"]+"\}$/);
  });

  it("answers the control plane's components", () => {
    expect(run(sim, 'control-plane', 'curl -sk https://localhost:6443/livez').out).toBe('ok');
    expect(run(sim, 'control-plane', 'curl -sk https://localhost:6443/api').out).toContain('"message": "forbidden: User \\"system:anonymous\\" cannot get path \\"/api\\""');
    expect(run(sim, 'control-plane', 'curl -s http://127.0.0.1:2381/health').out).toBe('{"health":"true","reason":""}');
    expect(run(sim, 'control-plane', 'curl -sk https://127.0.0.1:10259/healthz').out).toBe('ok');
    expect(run(sim, 'control-plane', 'curl -sk https://127.0.0.1:10257/healthz').out).toBe('ok');
    expect(run(sim, 'control-plane', 'curl -s https://127.0.0.1:10257/healthz').code).toBe(60);
    expect(run(sim, 'node-1', 'curl -sS localhost:2381/health').code).toBe(7);
  });

  it('reaches a ClusterIP and a NodePort through the node\'s kube-proxy rules', () => {
    expect(run(sim, 'node-1', `curl -s ${web.spec.clusterIP}`).out).toContain('<title>Welcome to nginx!</title>');
    const nodePort = web.spec.ports![0]!.nodePort!;
    expect(run(sim, 'node-1', `curl -s localhost:${nodePort}`).out).toContain('<title>Welcome to nginx!</title>');
    expect(run(sim, 'node-1', `curl -s node-1:${nodePort}`).out).toContain('<title>Welcome to nginx!</title>');
  });

  it("reaches a hostNetwork Pod's app on the node's loopback", () => {
    const s = new Simulation({ seed: 2 });
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'hn', namespace: 'default' }, spec: { nodeName: 'node-2', hostNetwork: true, containers: [{ name: 'c', image: 'nginx:1.27' }] } };
    expect(s.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod }).ok).toBe(true);
    s.advance(20_000);
    expect(run(s, 'node-2', 'curl -s localhost | grep title').out).toBe('<title>Welcome to nginx!</title>\n');
    expect(run(s, 'node-1', 'curl -sS localhost').code).toBe(7);
  });

  it('is Ubuntu 24.04\'s curl', () => {
    expect(run(sim, 'node-1', 'curl --version').out).toMatch(/^curl 8\.5\.0 \(x86_64-pc-linux-gnu\)/);
  });
});

describe('goTimeString', () => {
  it("is Go's time.Time String() with the monotonic reading", () => {
    expect(goTimeString(12_345.5, 2_000)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.3455 \+0000 UTC m=\+10\.345500000$/);
  });
});
