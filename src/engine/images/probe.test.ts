import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { probeProcess, startProcess, type ProcessState } from './process';
import type { Probe, ProcessInput } from './types';

const IP = '10.244.1.5';

function start(image: string, extra: Partial<ProcessInput> = {}): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 11, podIP: IP, hostname: 'web', ...extra });
}
const probe = (p: ProcessState, at: number, pr: Probe) => probeProcess(p, at, pr, IP);

describe('probes: the kubelet\'s result texts', () => {
  it('exec-liveness.yaml: `cat /tmp/healthy` passes for 30 s, then fails with busybox\'s message', () => {
    const p = start('k8s.gcr.io/busybox', { args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'] });
    const liveness: Probe = { exec: { command: ['cat', '/tmp/healthy'] }, initialDelaySeconds: 5, periodSeconds: 5 };
    const results = [5, 10, 15, 20, 25, 30, 35, 40].map((s) => probe(p, s * 1000, liveness));
    expect(results.slice(0, 5)).toEqual(Array(5).fill({ ok: true }));
    expect(results.slice(5)).toEqual(Array(3).fill({ ok: false, message: "cat: can't open '/tmp/healthy': No such file or directory" }));
  });

  it('an exec probe that outlives timeoutSeconds times out', () => {
    const p = start('busybox:1.36', { command: ['sleep', '3600'] });
    expect(probe(p, 1000, { exec: { command: ['sleep', '5'] }, timeoutSeconds: 1 })).toEqual({ ok: false, message: 'command "sleep 5" timed out' });
    expect(probe(p, 1000, { exec: { command: ['sh', '-c', 'exit 3'] } })).toEqual({ ok: false, message: '' });
  });

  it('http: connection refused, status codes, HTTPS against HTTP, slow answers', () => {
    const p = start('nginx:1.27', { ports: { web: 80 } });
    expect(probe(p, 1, { httpGet: { path: '/', port: 80 } })).toEqual({ ok: false, message: `Get "http://${IP}:80/": dial tcp ${IP}:80: connect: connection refused` });
    expect(probe(p, 5000, { httpGet: { path: '/', port: 'web' } })).toEqual({ ok: true });
    expect(probe(p, 5000, { httpGet: { path: '/healthz', port: 80 } })).toEqual({ ok: false, message: 'HTTP probe failed with statuscode: 404' });
    expect(probe(p, 5000, { httpGet: { path: '/', port: 80, scheme: 'HTTPS' } })).toEqual({ ok: false, message: `Get "https://${IP}:80/": http: server gave HTTP response to HTTPS client` });
    expect(probe(p, 5000, { httpGet: { port: 8080 } })).toEqual({ ok: false, message: `Get "http://${IP}:8080/": dial tcp ${IP}:8080: connect: connection refused` });
  });

  it('a named port that the container does not declare errors like ResolveContainerPort', () => {
    const p = start('registry.example.com/go-api:v1.0.0', { ports: { http: 8080 } });
    expect(probe(p, 5000, { httpGet: { path: '/ready', port: 'http' } })).toEqual({ ok: true });
    expect(probe(p, 5000, { httpGet: { path: '/ready', port: 'htp' } })).toEqual({ ok: false, message: 'strconv.Atoi: parsing "htp": invalid syntax', errored: true });
    expect(probe(p, 5000, { httpGet: { path: '/ready', port: '8080' } })).toEqual({ ok: true });
  });

  it('tcp: refused until the server listens; HTTP against a TCP-only server reads EOF', () => {
    const p = start('redis:7');
    expect(probe(p, 0, { tcpSocket: { port: 6379 } })).toEqual({ ok: false, message: `dial tcp ${IP}:6379: connect: connection refused` });
    expect(probe(p, 2000, { tcpSocket: { port: 6379 } })).toEqual({ ok: true });
    expect(probe(p, 2000, { httpGet: { path: '/', port: 6379 } })).toEqual({ ok: false, message: `Get "http://${IP}:6379/": EOF` });
  });

  it('grpc: etcd serves grpc.health.v1; closed ports and plain HTTP servers fail', () => {
    const etcd = start('registry.k8s.io/etcd:3.5.1-0', { command: ['/usr/local/bin/etcd', '--data-dir', '/var/lib/etcd', '--listen-client-urls', 'http://0.0.0.0:2379', '--advertise-client-urls', 'http://127.0.0.1:2379', '--log-level', 'debug'] });
    expect(probe(etcd, 5000, { grpc: { port: 2379 } })).toEqual({ ok: true });
    expect(probe(etcd, 5000, { grpc: { port: 2380 }, timeoutSeconds: 2 })).toEqual({ ok: false, message: `timeout: failed to connect service "${IP}:2380" within 2s: context deadline exceeded` });
    const nginx = start('nginx:1.27');
    expect(probe(nginx, 5000, { grpc: { port: 80 } })).toMatchObject({ ok: false, message: expect.stringMatching(/^error: health rpc probe failed: rpc error: code = Unavailable/) });
  });

  it('probes against a process that has exited are refused', () => {
    const p = start('registry.example.com/crashloop:1.0', { ports: {} });
    expect(probe(p, 1000, { tcpSocket: { port: 8080 } })).toMatchObject({ ok: false });
    expect(probe(p, 5000, { exec: { command: ['true'] } })).toMatchObject({ ok: false, errored: true });
  });
});
