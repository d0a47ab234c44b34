import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod, Service } from '../../k8s/types';
import { bootCluster, createPod, createWebPod, getPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';

// Texts and exit codes recorded from BusyBox 1.36.1 built with the busybox image's defconfig
// (CONFIG_NC_110_COMPAT, FEATURE_FANCY_PING, TELNET) against listeners on 127.0.0.1 and an
// address that never answers.

function inPod(sim: Simulation, pod: string, script: string): { exitCode: number; output: string } {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command: ['sh', '-c', script] } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return { exitCode: res.exec.exitCode, output: res.exec.output };
}

function logs(sim: Simulation, name: string): string {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name, logOptions: {} });
  if (!res.ok) throw new Error(res.error.message);
  return res.text ?? '';
}

function service(sim: Simulation, name: string, app: string): string {
  const body: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { selector: { app }, ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }] } };
  const res = sim.request({ verb: 'create', resource: 'services', namespace: 'default', body });
  if (!res.ok) throw new Error(res.error.message);
  return (res.object as Service).spec.clusterIP!;
}

let sim: Simulation;
let webIP: string;
let podIP: string;

beforeAll(() => {
  sim = bootCluster();
  createWebPod(sim);
  webIP = service(sim, 'web', 'web');
  service(sim, 'empty', 'nothing');
  createPod(sim, podManifest('bb', 'busybox:1.36', { node: 'node-1', container: { command: ['sleep', '3600'] } }));
  sim.advance(20_000);
  podIP = (getPod(sim, 'web') as Pod).status!.podIP!;
});

describe('BusyBox nc in a Pod', () => {
  it('-zv reports a Service port open, stays silent on a refusal at one -v, and names it at two', () => {
    expect(inPod(sim, 'bb', 'nc -zv web 80')).toEqual({ exitCode: 0, output: `web (${webIP}:80) open\n` });
    expect(inPod(sim, 'bb', `nc -zv ${podIP} 81`)).toEqual({ exitCode: 1, output: '' });
    expect(inPod(sim, 'bb', `nc -zvv ${podIP} 81`)).toEqual({ exitCode: 1, output: `nc: ${podIP} (${podIP}:81): Connection refused\nsent 0, rcvd 0\n` });
    expect(inPod(sim, 'bb', `nc -z ${podIP} 80`)).toEqual({ exitCode: 0, output: '' });
  });

  it('a Service without endpoints is refused; a port the Service does not expose times out after -w', () => {
    expect(inPod(sim, 'bb', 'nc -zv empty 80').exitCode).toBe(1);
    expect(inPod(sim, 'bb', 'nc -zv -w 2 web 81')).toEqual({ exitCode: 1, output: `nc: web (${webIP}:81): Connection timed out\n` });
    expect(inPod(sim, 'bb', 'nc -zv nosuch 80')).toEqual({ exitCode: 1, output: "nc: bad address 'nosuch'\n" });
    expect(inPod(sim, 'bb', 'nc -zv web http')).toEqual({ exitCode: 1, output: "nc: bad port 'http'\n" });
  });

  it('sends a piped HTTP request through the Service and prints nginx\'s raw response', () => {
    const r = inPod(sim, 'bb', "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | nc web 80");
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(r.output).toContain('\r\n\r\n<!DOCTYPE html>');
    expect(r.output).toContain('<title>Welcome to nginx!</title>');
    // HTTP/1.1 keeps the connection: nc returns once nginx closes it (keepalive_timeout 65).
    const kept = inPod(sim, 'bb', "printf 'GET / HTTP/1.1\\r\\nHost: web\\r\\n\\r\\n' | nc web 80");
    expect(kept.exitCode).toBe(0);
    // nginx's own head (nginx-http.ts): Server, Date, Content-Type, Content-Length, Last-Modified, Connection, ETag, Accept-Ranges.
    expect(kept.output).toMatch(/^HTTP\/1\.1 200 OK\r\nServer: nginx\/1\.\d+\.\d+\r\nDate: [^\r]+ GMT\r\nContent-Type: text\/html\r\nContent-Length: 615\r\nLast-Modified: [^\r]+ GMT\r\nConnection: keep-alive\r\nETag: "[0-9a-f]+-267"\r\nAccept-Ranges: bytes\r\n\r\n<!DOCTYPE html>/);
  });

  it('a bare connection is a `connect` hop on the trace, not an HTTP GET', () => {
    const before = sim.lastTraceSeq;
    inPod(sim, 'bb', 'nc -z web 80');
    const hops = sim.traceSince(before).filter((h) => h.kind === 'proxy').map((h) => h.summary);
    expect(hops).toHaveLength(1);
    expect(hops[0]).toMatch(new RegExp(`^connect tcp://${webIP.replace(/\./g, '\\.')}:80 from default/bb on node-1 via default/web → ${podIP.replace(/\./g, '\\.')}:80 \\(default/web\\)$`));
  });

  it("a timed-out connect takes -w seconds of the container's own time", () => {
    createPod(sim, podManifest('scan', 'busybox:1.36', { restartPolicy: 'Never', container: { command: ['sh', '-c', 'date +%s; nc -z -w 2 10.255.255.1 80; echo "exit $?"; date +%s'] } }));
    sim.advance(15_000);
    const [start, exit, end] = logs(sim, 'scan').trim().split('\n');
    expect(exit).toBe('exit 1');
    expect(Number(end) - Number(start)).toBe(2);
  });
});

describe("nc in a container's own command", () => {
  it('an init container waiting with `until nc -z db 80` lets the Pod start once the Service answers', () => {
    const own = bootCluster(6);
    const pod = podManifest('app', 'busybox:1.36', { container: { command: ['sleep', '3600'] } });
    pod.spec.initContainers = [{ name: 'wait-db', image: 'busybox:1.36', command: ['sh', '-c', 'until nc -z -w 1 db 80; do echo waiting for db; sleep 2; done'] }];
    createPod(own, pod);
    own.advance(20_000);
    expect(getPod(own, 'app')?.status?.phase).toBe('Pending');
    const db = podManifest('db', 'nginx:1.27');
    db.metadata.labels = { app: 'db' };
    createPod(own, db);
    service(own, 'db', 'db');
    own.advance(30_000);
    expect(getPod(own, 'app')?.status?.phase).toBe('Running');
    const res = own.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name: 'app', logOptions: { container: 'wait-db' } });
    // Before the Service exists the name does not resolve; nc says so even without -v.
    expect(res.ok && res.text?.startsWith("nc: bad address 'db'\nwaiting for db\n")).toBe(true);
  });
});

describe('BusyBox telnet in a Pod', () => {
  it('connects (its printf line is all a pipe shows: it quits at stdin\'s end), or says why not', () => {
    expect(inPod(sim, 'bb', 'telnet web 80 </dev/null')).toEqual({ exitCode: 0, output: 'Connected to web\n' });
    expect(inPod(sim, 'bb', `telnet ${podIP} 81`)).toEqual({ exitCode: 1, output: `telnet: can't connect to remote host (${podIP}): Connection refused\n` });
    expect(inPod(sim, 'bb', 'telnet nosuch 80')).toEqual({ exitCode: 1, output: "telnet: bad address 'nosuch'\n" });
  });

  it('is not in Alpine, whose busybox package leaves it to busybox-extras', () => {
    createPod(sim, podManifest('curl', 'curlimages/curl:8.17.0', { node: 'node-1', container: { command: ['sleep', '3600'] } }));
    sim.advance(10_000);
    expect(inPod(sim, 'curl', 'telnet web 80')).toEqual({ exitCode: 127, output: 'sh: telnet: not found\n' });
    expect(inPod(sim, 'curl', 'nc -zv web 80')).toEqual({ exitCode: 0, output: `web (${webIP}:80) open\n` });
  });
});

describe('BusyBox ping in a Pod', () => {
  it('a Pod IP answers every echo', () => {
    const r = inPod(sim, 'bb', `ping -c 3 ${podIP}`);
    expect(r.exitCode).toBe(0);
    const lines = r.output.split('\n');
    expect(lines[0]).toBe(`PING ${podIP} (${podIP}): 56 data bytes`);
    for (let i = 0; i < 3; i++) expect(lines[1 + i]).toMatch(new RegExp(`^64 bytes from ${podIP.replace(/\./g, '\\.')}: seq=${i} ttl=62 time=\\d\\.\\d{3} ms$`));
    expect(lines.slice(4, 7)).toEqual(['', `--- ${podIP} ping statistics ---`, '3 packets transmitted, 3 packets received, 0% packet loss']);
    expect(lines[7]).toMatch(/^round-trip min\/avg\/max = \d\.\d{3}\/\d\.\d{3}\/\d\.\d{3} ms$/);
  });

  it("a Service's ClusterIP never answers: kube-proxy's iptables rules only catch its ports", () => {
    expect(inPod(sim, 'bb', 'ping -c 2 -W 1 web')).toEqual({
      exitCode: 1,
      output: `PING web (${webIP}): 56 data bytes\n\n--- web ping statistics ---\n2 packets transmitted, 0 packets received, 100% packet loss\n`,
    });
  });

  it('a node answers, -q prints only the start and the statistics, a bad name is a bad address', () => {
    const r = inPod(sim, 'bb', 'ping -q -c 2 10.0.0.11');
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/^PING 10\.0\.0\.11 \(10\.0\.0\.11\): 56 data bytes\n\n--- 10\.0\.0\.11 ping statistics ---\n2 packets transmitted, 2 packets received, 0% packet loss\nround-trip /);
    expect(inPod(sim, 'bb', 'ping -c 1 nosuch')).toEqual({ exitCode: 1, output: "ping: bad address 'nosuch'\n" });
    expect(inPod(sim, 'bb', 'ping -c x web')).toEqual({ exitCode: 1, output: "ping: invalid number 'x'\n" });
  });

  it("logs one reply a second when it is a container's command; -w ends it at its deadline", () => {
    createPod(sim, podManifest('pinger', 'busybox:1.36', { restartPolicy: 'Never', container: { command: ['sh', '-c', `date +%s; ping -c 3 ${podIP}; date +%s; ping -w 2 web; echo "exit $?"; date +%s`] } }));
    sim.advance(20_000);
    const lines = logs(sim, 'pinger').trim().split('\n');
    const times = lines.filter((l) => /^\d+$/.test(l)).map(Number);
    expect(times[1]! - times[0]!).toBe(2);
    expect(times[2]! - times[1]!).toBe(2);
    expect(lines).toContain('2 packets transmitted, 0 packets received, 100% packet loss');
    expect(lines).toContain('exit 1');
  });
});

describe('NetworkPolicy and the tools', () => {
  it('an ingress policy drops the echo and the SYN alike; a rule naming TCP 80 lets nc in but never ICMP', () => {
    const own = bootCluster(4);
    createWebPod(own);
    createPod(own, podManifest('bb', 'busybox:1.36', { node: 'node-1', container: { command: ['sleep', '3600'] } }));
    own.advance(20_000);
    const ip = (getPod(own, 'web') as Pod).status!.podIP!;
    expect(inPod(own, 'bb', `ping -c 1 ${ip}`).exitCode).toBe(0);
    const policy = (ports?: { port: number; protocol: string }[]) => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'web', namespace: 'default' },
      spec: { podSelector: { matchLabels: { app: 'web' } }, policyTypes: ['Ingress'], ingress: ports ? [{ ports }] : [] },
    });
    expect(own.request({ verb: 'create', resource: 'networkpolicies', namespace: 'default', body: policy() }).ok).toBe(true);
    own.advance(5_000);
    expect(inPod(own, 'bb', `ping -c 2 -W 1 ${ip}`).output).toContain('2 packets transmitted, 0 packets received, 100% packet loss');
    expect(inPod(own, 'bb', `nc -zv -w 1 ${ip} 80`)).toEqual({ exitCode: 1, output: `nc: ${ip} (${ip}:80): Connection timed out\n` });
    expect(own.request({ verb: 'update', resource: 'networkpolicies', namespace: 'default', name: 'web', body: policy([{ port: 80, protocol: 'TCP' }]) }).ok).toBe(true);
    own.advance(5_000);
    expect(inPod(own, 'bb', `nc -zv -w 1 ${ip} 80`)).toEqual({ exitCode: 0, output: `${ip} (${ip}:80) open\n` });
    expect(inPod(own, 'bb', `ping -c 1 -W 1 ${ip}`).exitCode).toBe(1);
  });

  it('a powered-off node answers no ping, nor do the Pods it held', () => {
    const own = bootCluster(5);
    createPod(own, podManifest('far', 'busybox:1.36', { node: 'node-2', container: { command: ['sleep', '3600'] } }));
    createPod(own, podManifest('bb', 'busybox:1.36', { node: 'node-1', container: { command: ['sleep', '3600'] } }));
    own.advance(20_000);
    const farIP = (getPod(own, 'far') as Pod).status!.podIP!;
    expect(inPod(own, 'bb', 'ping -c 1 10.0.0.12').output).toMatch(/^PING 10\.0\.0\.12 \(10\.0\.0\.12\): 56 data bytes\n64 bytes from 10\.0\.0\.12: seq=0 ttl=63 time=/);
    expect(own.injectFault('node/node-2').ok).toBe(true);
    own.advance(1_000);
    expect(inPod(own, 'bb', 'ping -c 1 -W 1 10.0.0.12').exitCode).toBe(1);
    expect(inPod(own, 'bb', `ping -c 1 -W 1 ${farIP}`).exitCode).toBe(1);
  });
});
