import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { memoryUsageBytes, probeProcess, processExit, processLogs, serveHttp, startProcess, startupMs, type ProcessState } from './process';
import type { Probe, ProcessInput } from './types';

const IP = '10.244.1.5';
const MiB = 1024 * 1024;

function start(image: string, extra: Partial<ProcessInput> = {}): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: { http: 8080 }, startedAt: 10_000, restartCount: 0, seed: 3, podIP: IP, hostname: 'go-api-7d9c5-abcde', ...extra });
}
const get = (path: string, port: number | string = 'http'): Probe => ({ httpGet: { path, port } });
const outcome = (p: ProcessState, at: number, probe: Probe) => probeProcess(p, at, probe, IP);

describe('behaviour: healthy server (go-api v1.0.0)', () => {
  it('refuses until it listens (~1.5 s), then answers its paths', () => {
    const p = start('registry.example.com/go-api:v1.0.0');
    const up = startupMs(p);
    expect(up).toBeGreaterThan(1200);
    expect(up).toBeLessThan(1800);
    expect(outcome(p, 10_000 + up - 1, get('/ready'))).toEqual({ ok: false, message: `Get "http://${IP}:8080/ready": dial tcp ${IP}:8080: connect: connection refused` });
    expect(outcome(p, 10_000 + up, get('/ready'))).toEqual({ ok: true });
    expect(outcome(p, 20_000, get('/healthz', 8080))).toEqual({ ok: true });
    expect(outcome(p, 20_000, get('/nope'))).toEqual({ ok: false, message: 'HTTP probe failed with statuscode: 404' });
    // delayMs: the 1 ms of CPU go-api's load curve gives a request.
    expect(serveHttp(p, 20_000, 8080, '/')).toEqual({ status: 200, body: '{"service":"go-api","version":"v1.0.0","hostname":"go-api-7d9c5-abcde"}\n', contentType: 'application/json', delayMs: 1 });
    expect(processExit(p)).toBeUndefined();
  });

  it('logs JSON lines when it starts and when it listens', () => {
    const p = start('registry.example.com/go-api:v1.1.0');
    const logs = processLogs(p, 60_000);
    expect(logs.map((l) => JSON.parse(l.text).msg)).toEqual(['starting go-api', 'listening']);
    expect(logs[0]!.text).toBe('{"time":"2025-09-01T09:00:10.000Z","level":"INFO","msg":"starting go-api","version":"v1.1.0"}');
    expect(logs[1]!.at).toBe(10_000 + startupMs(p));
  });

  it('startup time varies with the seed but is the same for the same seed', () => {
    expect(startupMs(start('registry.example.com/go-api:v1.0.0', { seed: 3 }))).toBe(startupMs(start('registry.example.com/go-api:v1.0.0', { seed: 3 })));
    expect(startupMs(start('registry.example.com/go-api:v1.0.0', { seed: 3 }))).not.toBe(startupMs(start('registry.example.com/go-api:v1.0.0', { seed: 900_001 })));
  });
});

describe('behaviour: crash after N seconds', () => {
  it('go-api v2.0.0-broken logs the error and exits 1 at 0.4 s', () => {
    const p = start('registry.example.com/go-api:v2.0.0-broken');
    expect(processExit(p)).toEqual({ at: 10_400, exitCode: 1, reason: 'Error' });
    const logs = processLogs(p, 60_000);
    expect(logs.at(-1)).toMatchObject({ stream: 'stderr' });
    expect(logs.at(-1)!.text).toContain('required environment variable DATABASE_URL is not set');
  });

  it('crashloop:1.0 exits 1 three seconds after every start', () => {
    for (const restartCount of [0, 5]) {
      const p = start('registry.example.com/crashloop:1.0', { restartCount });
      expect(processExit(p)).toEqual({ at: 13_000, exitCode: 1, reason: 'Error' });
      expect(processLogs(p, 13_000).map((l) => l.text)).toEqual(['crashloop 1.0 starting', 'loading configuration from /etc/app/config.yaml', 'fatal: open /etc/app/config.yaml: no such file or directory']);
    }
  });

  it('a flaky app crashes on its first starts only', () => {
    expect(processExit(start('registry.example.com/go-api:v1.8.0-flaky', { restartCount: 0 }))).toEqual({ at: 15_000, exitCode: 2, reason: 'Error' });
    expect(processExit(start('registry.example.com/go-api:v1.8.0-flaky', { restartCount: 2 }))).toBeUndefined();
  });
});

describe('behaviour: readiness and liveness failures', () => {
  it('never-ready: /ready answers 503 forever', () => {
    const p = start('registry.example.com/go-api:v1.7.0-never-ready');
    for (const t of [15_000, 600_000]) expect(outcome(p, t, get('/ready'))).toEqual({ ok: false, message: 'HTTP probe failed with statuscode: 503' });
    expect(outcome(p, 15_000, get('/healthz'))).toEqual({ ok: true });
  });

  it('slow to become ready: /ready is 503 for 45 s, then 200', () => {
    const p = start('registry.example.com/go-api:v1.2.0-slow');
    expect(outcome(p, 10_000 + 44_000, get('/ready'))).toEqual({ ok: false, message: 'HTTP probe failed with statuscode: 503' });
    expect(outcome(p, 10_000 + 44_000, get('/healthz'))).toEqual({ ok: true });
    expect(outcome(p, 10_000 + 45_000, get('/ready'))).toEqual({ ok: true });
  });

  it('agnhost liveness (http-liveness.yaml): /healthz 200 for 10 s, then 500', () => {
    const p = start('registry.k8s.io/e2e-test-images/agnhost:2.40', { args: ['liveness'], ports: {} });
    const healthz: Probe = { httpGet: { path: '/healthz', port: 8080 } };
    expect(outcome(p, 13_000, healthz)).toEqual({ ok: true });
    expect(outcome(p, 20_000, healthz)).toEqual({ ok: true });
    expect(outcome(p, 20_001, healthz)).toEqual({ ok: false, message: 'HTTP probe failed with statuscode: 500' });
    expect(serveHttp(p, 22_500, 8080, '/healthz')?.body).toBe('error: 12.5');
    expect(processExit(p)).toBeUndefined();
  });

  it('depends on a database that is down: health fails and it logs a retry every 5 s', () => {
    const p = start('registry.example.com/go-api:v1.6.0-needs-db');
    expect(outcome(p, 20_000, get('/healthz'))).toEqual({ ok: false, message: 'HTTP probe failed with statuscode: 503' });
    const errors = processLogs(p, 30_000).filter((l) => l.stream === 'stderr');
    expect(errors.length).toBeGreaterThanOrEqual(4);
    expect(errors[1]!.at - errors[0]!.at).toBe(5000);
    expect(errors[0]!.text).toContain('"msg":"dependency unavailable"');
  });

  it('a deadlocked app times out HTTP probes but still accepts TCP connections', () => {
    const p = start('registry.example.com/go-api:v1.5.0-deadlock');
    expect(outcome(p, 60_000, get('/healthz'))).toEqual({ ok: true });
    expect(outcome(p, 70_000, get('/healthz'))).toEqual({ ok: false, message: `Get "http://${IP}:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)` });
    expect(outcome(p, 70_000, { tcpSocket: { port: 8080 } })).toEqual({ ok: true });
    expect(serveHttp(p, 70_000, 8080, '/')).toEqual({ status: 0, body: '', hang: true });
  });

  it('wrong answers: probes pass while users get 500s', () => {
    const p = start('registry.example.com/go-api:v1.4.0-wrong-answers');
    expect(outcome(p, 30_000, get('/ready'))).toEqual({ ok: true });
    expect(outcome(p, 30_000, get('/healthz'))).toEqual({ ok: true });
    expect(serveHttp(p, 30_000, 8080, '/api/items')?.status).toBe(500);
  });
});

describe('behaviour: memory', () => {
  it('a leak is OOMKilled (137) when it reaches the memory limit', () => {
    const p = start('registry.example.com/go-api:v1.3.0-leak', { memoryLimitBytes: 256 * MiB });
    const exit = processExit(p)!;
    expect(exit).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
    // 18 MiB at start, +4 MiB/s after listening: (256 − 18) / 4 ≈ 59.5 s after it listens.
    expect(exit.at - 10_000 - startupMs(p)).toBe(59_500);
    expect(memoryUsageBytes(p, exit.at - 1000)).toBeGreaterThan(250 * MiB);
    expect(memoryUsageBytes(p, exit.at)).toBe(0);
    expect(processLogs(p, exit.at + 60_000).every((l) => l.at <= exit.at)).toBe(true);
  });

  it('without a limit the leak just grows', () => {
    const p = start('registry.example.com/go-api:v1.3.0-leak');
    expect(processExit(p)).toBeUndefined();
    expect(memoryUsageBytes(p, 610_000)).toBeGreaterThan(2000 * MiB);
  });

  it('memory-request-limit-2.yaml: stress --vm-bytes 250M under a 100Mi limit is OOMKilled at once', () => {
    const p = start('polinux/stress', { command: ['stress'], args: ['--vm', '1', '--vm-bytes', '250M', '--vm-hang', '1'], memoryLimitBytes: 100 * MiB });
    const exit = processExit(p)!;
    expect(exit).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
    expect(exit.at - 10_000).toBeLessThan(500);
    const ok = start('polinux/stress', { command: ['stress'], args: ['--vm', '1', '--vm-bytes', '150M', '--vm-hang', '1'], memoryLimitBytes: 200 * MiB });
    expect(processExit(ok)).toBeUndefined();
  });
});

describe('behaviour: run to completion', () => {
  it('batch-job prints its progress over 20 s and completes', () => {
    const p = start('registry.example.com/batch-job:1.0');
    expect(processExit(p)).toEqual({ at: 30_000, exitCode: 0, reason: 'Completed' });
    expect(processLogs(p, 19_999).map((l) => l.text)).toEqual(['batch-job 1.0 starting', 'processing batch 1/5', 'processing batch 2/5']);
    expect(processLogs(p, 40_000).at(-1)?.text).toBe('done: 5 batches, 1250 records');
  });

  it('hello-world prints its greeting and completes', () => {
    const p = start('hello-world');
    expect(processExit(p)).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(processLogs(p, 20_000).map((l) => l.text)).toContain('Hello from Docker!');
  });
});

describe('behaviour: images that need configuration and unknown images', () => {
  it('postgres exits 1 without a password and listens on 5432 with one', () => {
    const bare = start('postgres:17');
    expect(processExit(bare)).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(processLogs(bare, 20_000)[0]!.text).toBe('Error: Database is uninitialized and superuser password is not specified.');
    const ok = start('postgres:17', { env: { POSTGRES_PASSWORD: 'secret' } });
    expect(processExit(ok)).toBeUndefined();
    expect(outcome(ok, 11_000, { tcpSocket: { port: 5432 } })).toEqual({ ok: false, message: `dial tcp ${IP}:5432: connect: connection refused` });
    expect(outcome(ok, 20_000, { tcpSocket: { port: 5432 } })).toEqual({ ok: true });
  });

  it('an unknown image listens on its declared ports and answers 200 everywhere, without a shell', () => {
    const p = start('ghcr.io/acme/shop:1.2.3', { ports: { web: 3000 } });
    expect(processExit(p)).toBeUndefined();
    expect(outcome(p, 20_000, { httpGet: { path: '/anything', port: 'web' } })).toEqual({ ok: true });
    expect(outcome(p, 20_000, { tcpSocket: { port: 3001 } })).toEqual({ ok: false, message: `dial tcp ${IP}:3001: connect: connection refused` });
    expect(outcome(p, 20_000, { exec: { command: ['sh', '-c', 'true'] } })).toMatchObject({ ok: false, errored: true });
  });

  it('an entrypoint the image does not have is a StartError', () => {
    const p = start('busybox:1.36', { command: ['/app/server'] });
    expect(processExit(p)).toEqual({
      at: 10_000,
      exitCode: 128,
      reason: 'StartError',
      message: 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/app/server": stat /app/server: no such file or directory: unknown',
    });
    expect(processLogs(p, 20_000)).toEqual([]);
  });
});
