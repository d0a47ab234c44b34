/**
 * The kubelet's prober (pkg/probe/{http,tcp,exec,grpc}) against a modelled process, with the
 * kubelet's own result texts:
 *   http  `HTTP probe failed with statuscode: 500`, `Get "http://10.244.1.5:8080/ready": dial tcp
 *         10.244.1.5:8080: connect: connection refused`, `… context deadline exceeded (Client.Timeout
 *         exceeded while awaiting headers)`; success is 200 ≤ status < 400.
 *   tcp   `dial tcp 10.244.1.5:6379: connect: connection refused` (a hung app still accepts).
 *   exec  the command's combined output when it exits non-zero; `command "…" timed out`.
 *   grpc  `timeout: failed to connect service "10.244.1.5:2379" within 1s: context deadline
 *         exceeded`, `service unhealthy (responded with "NOT_SERVING")`.
 * A named port missing from the container's ports errors like ResolveContainerPort does.
 */
import type { AppReply, GrpcHealth } from './app';
import type { ExecResult, Probe, ProbeOutcome } from './types';

/** What the prober can do to the process at the probe's instant. */
export interface ProbeTarget {
  alive: boolean;
  http(port: number, path: string): AppReply;
  listening(port: number): boolean;
  grpc(port: number): GrpcHealth;
  exec(command: string[]): ExecResult & { ms: number };
}

const ok: ProbeOutcome = { ok: true };
const fail = (message: string): ProbeOutcome => ({ ok: false, message });

/** ResolveContainerPort: a number, a named containerPort, or a number written as a string. */
export function resolvePort(port: number | string, ports: Record<string, number>): number | { error: string } {
  let n: number;
  if (typeof port === 'number') n = port;
  else if (ports[port] !== undefined) n = ports[port]!;
  else if (/^-?\d+$/.test(port)) n = Number(port);
  else return { error: `strconv.Atoi: parsing ${JSON.stringify(port)}: invalid syntax` };
  if (n > 0 && n < 65536) return n;
  return { error: `invalid port number: ${n}` };
}

/** Go's time.Duration for whole seconds: `1s`, `1m0s`. */
function goSeconds(s: number): string {
  return s >= 60 ? `${Math.floor(s / 60)}m${s % 60}s` : `${s}s`;
}

export function runProbe(target: ProbeTarget, probe: Probe, podIP: string, ports: Record<string, number>): ProbeOutcome {
  const timeoutMs = Math.max(1, probe.timeoutSeconds ?? 1) * 1000;
  if (probe.exec) {
    const cmd = probe.exec.command ?? [];
    const r = target.exec(cmd);
    if (r.notStarted) return { ok: false, message: `rpc error: code = Unknown desc = failed to exec in container: failed to start exec: ${r.output.replace(/\n$/, '')}`, errored: true };
    if (r.ms > timeoutMs) return fail(`command ${JSON.stringify(cmd.join(' '))} timed out`);
    return r.exitCode === 0 ? ok : fail(r.output.replace(/\n$/, ''));
  }
  if (probe.httpGet) {
    const g = probe.httpGet;
    const port = resolvePort(g.port, ports);
    if (typeof port !== 'number') return { ok: false, message: port.error, errored: true };
    const host = g.host ?? podIP;
    const scheme = (g.scheme ?? 'HTTP').toLowerCase();
    const path = g.path === undefined || g.path === '' ? '/' : g.path.startsWith('/') ? g.path : `/${g.path}`;
    const url = `${scheme}://${host}:${port}${path}`;
    const a = target.alive ? target.http(port, path) : { kind: 'refused' as const };
    switch (a.kind) {
      case 'refused':
        return fail(`Get "${url}": dial tcp ${host}:${port}: connect: connection refused`);
      case 'hang':
        return fail(`Get "${url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`);
      case 'eof':
        return fail(`Get "${url}": EOF`);
      case 'reply':
        if (scheme === 'https' && !a.tls) return fail(`Get "${url}": http: server gave HTTP response to HTTPS client`);
        // Plain HTTP to a TLS port: Go's server answers 400 "Client sent an HTTP request to an HTTPS server."
        if (scheme === 'http' && a.tls) return fail('HTTP probe failed with statuscode: 400');
        if (a.delayMs >= timeoutMs) return fail(`Get "${url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`);
        return a.status >= 200 && a.status < 400 ? ok : fail(`HTTP probe failed with statuscode: ${a.status}`);
    }
  }
  if (probe.tcpSocket) {
    const port = resolvePort(probe.tcpSocket.port, ports);
    if (typeof port !== 'number') return { ok: false, message: port.error, errored: true };
    const host = probe.tcpSocket.host ?? podIP;
    return target.alive && target.listening(port) ? ok : fail(`dial tcp ${host}:${port}: connect: connection refused`);
  }
  if (probe.grpc) {
    const port = probe.grpc.port;
    const addr = `${podIP}:${port}`;
    const h: GrpcHealth = target.alive ? target.grpc(port) : 'refused';
    switch (h) {
      case 'serving':
        return ok;
      case 'not-serving':
        return fail('service unhealthy (responded with "NOT_SERVING")');
      case 'refused':
        return fail(`timeout: failed to connect service ${JSON.stringify(addr)} within ${goSeconds(timeoutMs / 1000)}: context deadline exceeded`);
      case 'hang':
        return fail(`timeout: health rpc did not complete within ${goSeconds(timeoutMs / 1000)}`);
      case 'http1':
        return fail('error: health rpc probe failed: rpc error: code = Unavailable desc = connection error: desc = "error reading server preface: http2: frame too large"');
      case 'tcp':
        return fail('error: health rpc probe failed: rpc error: code = Unavailable desc = connection error: desc = "error reading server preface: EOF"');
    }
  }
  return { ok: false, message: 'missing probe handler', errored: true };
}
