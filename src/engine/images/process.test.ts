import { describe, expect, it } from 'vitest';
import { imageDefinition, resolveImage } from './catalog';
import { containerArgv, execInContainer, probeProcess, processExit, processLogs, serveHttp, setClusterDns, signalTerm, startProcess, type ProcessState } from './process';
import type { ClusterDns, DnsRoute, ProcessInput } from './types';

const IP = '10.244.2.7';

/** Cluster DNS with one answering CoreDNS, kube-dns's own name, and `records`. */
const SERVING: DnsRoute = { kind: 'dnat', endpoints: ['serving'] };
/** A stale rule to an address nobody holds: queries go unanswered. */
const GONE: DnsRoute = { kind: 'dnat', endpoints: ['gone'] };

function dns(records: Record<string, string[]>, route: DnsRoute = SERVING): ClusterDns {
  return { nameserver: '10.96.0.10', route, records: { 'kube-dns.kube-system.svc.cluster.local': ['10.96.0.10'], ...records } };
}

function run(p: ProcessState, at: number, script: string): { exitCode: number; output: string; durationMs?: number } {
  return execInContainer(p, at, ['sh', '-c', script]);
}

function start(image: string, extra: Partial<ProcessInput> = {}): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 1000, restartCount: 0, seed: 5, podIP: IP, hostname: 'p', ...extra });
}

describe('process: command and args the Kubernetes way', () => {
  it('command replaces ENTRYPOINT and drops CMD; args replaces CMD', () => {
    const nginx = imageDefinition('docker.io/library/nginx:1.27');
    expect(containerArgv(nginx, { env: {} })).toEqual(['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;']);
    expect(containerArgv(nginx, { env: {}, args: ['nginx-debug', '-g', 'daemon off;'] })).toEqual(['/docker-entrypoint.sh', 'nginx-debug', '-g', 'daemon off;']);
    expect(containerArgv(nginx, { env: {}, command: ['sh', '-c'], args: ['echo hi'] })).toEqual(['sh', '-c', 'echo hi']);
    expect(containerArgv(imageDefinition('docker.io/library/nginx:1.14.2'), { env: {} })).toEqual(['nginx', '-g', 'daemon off;']);
  });

  it('nginx 1.14.2 starts silently; 1.19+ prints the entrypoint and notice lines', () => {
    expect(processLogs(start('nginx:1.14.2'), 10_000)).toEqual([]);
    const logs = processLogs(start('nginx:1.27'), 10_000);
    expect(logs[0]).toEqual({ at: 1000, stream: 'stdout', text: '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration' });
    expect(logs.find((l) => l.text.endsWith('nginx/1.27.5'))?.stream).toBe('stderr');
  });
});

describe('process: time and state', () => {
  it('results do not depend on how time was chopped into calls', () => {
    const script = 'i=0; while true; do echo "tick $i"; i=$((i+1)); [ $((i % 3)) -eq 0 ] && touch /tmp/third; sleep 0.7; done';
    const once = start('busybox', { command: ['sh', '-c', script] });
    const chopped = start('busybox', { command: ['sh', '-c', script] });
    for (let t = 1000; t <= 30_000; t += 333) processLogs(chopped, t);
    expect(processLogs(chopped, 30_000)).toEqual(processLogs(once, 30_000));
    expect(execInContainer(chopped, 30_000, ['ls', '/tmp'])).toEqual(execInContainer(once, 30_000, ['ls', '/tmp']));
  });

  it('a structured clone taken mid-sleep continues exactly like the original', () => {
    const p = start('k8s.gcr.io/busybox', { args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; echo removed; sleep 600'] });
    processLogs(p, 10_000);
    const snapshot = structuredClone(p);
    expect(processLogs(snapshot, 40_000)).toEqual(processLogs(p, 40_000));
    expect(execInContainer(snapshot, 40_000, ['cat', '/tmp/healthy'])).toEqual(execInContainer(p, 40_000, ['cat', '/tmp/healthy']));
    expect(processExit(snapshot)).toEqual(processExit(p));
  });

  it('an exec that changes what the script waits for changes its forecast exit', () => {
    const p = start('busybox', { command: ['sh', '-c', 'until [ -f /tmp/go ]; do sleep 1; done; echo going; exit 3'] });
    expect(processExit(p)).toBeUndefined();
    expect(execInContainer(p, 5500, ['touch', '/tmp/go'])).toMatchObject({ exitCode: 0 });
    expect(processExit(p)).toEqual({ at: 6000, exitCode: 3, reason: 'Error' });
    expect(processLogs(p, 10_000).map((l) => l.text)).toEqual(['going']);
  });

  it('kubectl exec sees the container env and files, and fails like containerd for missing binaries', () => {
    const p = start('nginx:1.27', { env: { APP_MODE: 'demo' }, namespace: 'shop' });
    expect(execInContainer(p, 5000, ['sh', '-c', 'echo $APP_MODE $NGINX_VERSION; cat /etc/resolv.conf | head -n 1']).output).toBe('demo 1.27.5\nsearch shop.svc.cluster.local svc.cluster.local cluster.local\n');
    expect(execInContainer(p, 5000, ['ps'])).toMatchObject({ exitCode: 126, notStarted: true });
    expect(execInContainer(p, 5000, ['sh', '-c', 'ps; echo $?']).output).toBe('sh: 1: ps: not found\n127\n');
    expect(execInContainer(p, 5000, ['wget', 'http://x'])).toEqual({
      exitCode: 126,
      output: 'OCI runtime exec failed: exec failed: unable to start container process: exec: "wget": executable file not found in $PATH: unknown\n',
      notStarted: true,
      durationMs: 0,
    });
  });

  it('exec can reach the cluster network when the caller provides one', () => {
    const p = start('busybox:1.36', { command: ['sleep', '3600'] });
    const net = {
      resolve: (name: string) => (name === 'go-api' || name === 'go-api.default.svc.cluster.local' ? { fqdn: 'go-api.default.svc.cluster.local', ips: ['10.96.12.34'] } : undefined),
      http: (ip: string, port: number, path: string) => (ip === '10.96.12.34' && port === 80 ? { status: 200, body: `hello from ${path}\n` } : undefined),
    };
    expect(execInContainer(p, 2000, ['wget', '-qO-', 'http://go-api/version'], net)).toMatchObject({ exitCode: 0, output: 'hello from /version\n' });
    expect(execInContainer(p, 2000, ['wget', '-qO-', 'http://nope'], net)).toMatchObject({ exitCode: 1, output: "wget: bad address 'nope'\n" });
    expect(execInContainer(p, 2000, ['nslookup', 'go-api'], net).output).toContain('Name:\tgo-api.default.svc.cluster.local\nAddress: 10.96.12.34\n');
  });
});

describe('process: logs of requests and signals', () => {
  it('nginx logs kubelet probe hits from the node and traffic in its access log', () => {
    const p = start('nginx:1.27');
    probeProcess(p, 5000, { httpGet: { path: '/', port: 80 } }, IP);
    serveHttp(p, 6000, 80, '/missing', '10.244.1.9');
    const tail = processLogs(p, 7000).slice(-3).map((l) => l.text);
    expect(tail[0]).toBe('10.244.2.1 - - [01/Sep/2025:09:00:05 +0000] "GET / HTTP/1.1" 200 615 "-" "kube-probe/1.36" "-"');
    expect(tail[1]).toMatch(/^2025\/09\/01 09:00:06 \[error\] 29#29: \*\d+ open\(\) "\/usr\/share\/nginx\/html\/missing" failed \(2: No such file or directory\), client: 10\.244\.1\.9/);
    expect(tail[2]).toBe('10.244.1.9 - - [01/Sep/2025:09:00:06 +0000] "GET /missing HTTP/1.1" 404 153 "-" "curl/8.5.0" "-"');
  });

  it('SIGTERM: nginx exits 0 quickly; a shell as PID 1 ignores it; agnhost (Go) exits 2', () => {
    const nginx = start('nginx:1.27');
    expect(signalTerm(nginx, 10_000)).toEqual({ at: 10_040, exitCode: 0, reason: 'Completed' });
    expect(processExit(nginx)).toEqual({ at: 10_040, exitCode: 0, reason: 'Completed' });
    expect(processLogs(nginx, 20_000).at(-1)?.text).toBe('2025/09/01 09:00:10 [notice] 1#1: signal 15 (SIGTERM) received, exiting');
    expect(signalTerm(start('busybox', { command: ['sh', '-c', 'sleep 3600'] }), 10_000)).toBeUndefined();
    expect(signalTerm(start('busybox', { command: ['sh', '-c', "trap 'exit 0' TERM; sleep 3600"] }), 10_000)).toMatchObject({ exitCode: 0 });
    expect(signalTerm(start('registry.k8s.io/e2e-test-images/agnhost:2.40', { args: ['liveness'] }), 10_000)).toMatchObject({ exitCode: 2, reason: 'Error' });
  });
});

describe('process: PID 1 and cluster DNS', () => {
  it('`exec` hands PID 1 to the app, so it gets SIGTERM; without exec the shell ignores it', () => {
    const withExec = start('nginx:1.27', { command: ['sh', '-c', 'exec nginx -g "daemon off;"'] });
    expect(signalTerm(withExec, 5000)).toMatchObject({ exitCode: 0, reason: 'Completed' });
    const withoutExec = start('nginx:1.27', { command: ['sh', '-c', 'nginx -g "daemon off;"'] });
    expect(signalTerm(withoutExec, 5000)).toBeUndefined();
  });

  it('the docs\' init container waits for its Service and finishes once DNS knows it', () => {
    const p = start('busybox:1.28', {
      namespace: 'default',
      command: ['sh', '-c', 'until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done'],
      dns: dns({}),
    });
    expect(processExit(p)).toBeUndefined();
    expect(processLogs(p, 1500).map((l) => l.text)).toEqual([
      'Server:    10.96.0.10',
      'Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local',
      '',
      "nslookup: can't resolve 'myservice.default.svc.cluster.local'",
      'waiting for myservice',
    ]);
    setClusterDns(p, 10_000, dns({ 'myservice.default.svc.cluster.local': ['10.96.7.7'] }));
    const exit = processExit(p);
    expect(exit).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(exit!.at).toBeGreaterThan(10_000);
    expect(exit!.at).toBeLessThan(12_200);
    expect(processLogs(p, exit!.at).at(-1)?.text).toBe('Address 1: 10.96.7.7 myservice.default.svc.cluster.local');
  });
});

describe('process: the Pod resolver against cluster DNS', () => {
  const records = {
    'go-api.default.svc.cluster.local': ['10.96.12.34'],
    'db.shop.svc.cluster.local': ['10.244.1.5', '10.244.2.6'],
  };

  it('busybox 1.36 nslookup: search domains only for a dotless name, every reply printed, exit 1 on any NXDOMAIN', () => {
    const p = start('busybox:1.36', { namespace: 'default', command: ['sleep', '3600'], dns: dns(records) });
    expect(run(p, 2000, 'nslookup go-api; echo "exit $?"').output).toBe(
      [
        'Server:\t\t10.96.0.10',
        'Address:\t10.96.0.10:53',
        '',
        'Name:\tgo-api.default.svc.cluster.local',
        'Address: 10.96.12.34',
        '',
        "** server can't find go-api.svc.cluster.local: NXDOMAIN",
        '',
        "** server can't find go-api.cluster.local: NXDOMAIN",
        '',
        '',
        "** server can't find go-api.svc.cluster.local: NXDOMAIN",
        '',
        "** server can't find go-api.cluster.local: NXDOMAIN",
        '',
        'exit 1',
        '',
      ].join('\n'),
    );
    expect(run(p, 2000, 'nslookup db.shop.svc.cluster.local; echo "exit $?"').output).toBe(
      'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tdb.shop.svc.cluster.local\nAddress: 10.244.1.5\nName:\tdb.shop.svc.cluster.local\nAddress: 10.244.2.6\n\n\nexit 0\n',
    );
    expect(run(p, 2000, 'nslookup 10.96.12.34').output).toBe('Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n34.12.96.10.in-addr.arpa\tname = go-api.default.svc.cluster.local\n\n');
    // A dotted name is sent as is: CoreDNS forwards `go-api.default` upstream, which has never heard of it.
    expect(run(p, 2000, 'nslookup go-api.default').output).toBe(
      "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n** server can't find go-api.default: NXDOMAIN\n\n** server can't find go-api.default: NXDOMAIN\n\n",
    );
  });

  it('wget and curl resolve through the search list (ndots:5), so `go-api.default` works for them', () => {
    const p = start('busybox:1.36', { namespace: 'default', command: ['sleep', '3600'], dns: dns(records) });
    const net = { http: (ip: string) => (ip === '10.96.12.34' ? { status: 200, body: 'hello\n' } : undefined) };
    expect(execInContainer(p, 2000, ['wget', '-qO-', 'http://go-api.default/'], net)).toMatchObject({ exitCode: 0, output: 'hello\n' });
    expect(execInContainer(p, 2000, ['wget', '-qO-', 'http://nope/'], net)).toMatchObject({ exitCode: 1, output: "wget: bad address 'nope'\n" });
  });

  it('with no CoreDNS answering, nslookup times out after 5 s and wget reports a bad address after the libc timeout', () => {
    const p = start('busybox:1.36', { namespace: 'default', command: ['sleep', '3600'], dns: dns(records, { kind: 'unrouted' }) });
    const r = run(p, 2000, 'nslookup go-api; echo "exit $?"');
    expect(r.output).toBe(';; connection timed out; no servers could be reached\n\nexit 1\n');
    expect(r.durationMs).toBe(5000);
    const w = execInContainer(p, 10_000, ['wget', '-qO-', 'http://go-api/']);
    expect(w).toMatchObject({ exitCode: 1, output: "wget: bad address 'go-api'\n", durationMs: 10_000 });
    // An endpoint no sandbox holds any more answers nothing either.
    setClusterDns(p, 20_000, dns(records, GONE));
    expect(run(p, 21_000, 'nslookup go-api.default.svc.cluster.local').output).toBe(';; connection timed out; no servers could be reached\n\n');
  });

  it('busybox 1.28 nslookup resolves through libc: the server\'s and the answers\' PTR names', () => {
    const p = start('busybox:1.28', { namespace: 'default', command: ['sleep', '3600'], dns: dns(records) });
    expect(run(p, 2000, 'nslookup go-api').output).toBe(
      'Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      go-api\nAddress 1: 10.96.12.34 go-api.default.svc.cluster.local\n',
    );
    setClusterDns(p, 3000, dns(records, GONE));
    const r = run(p, 4000, 'nslookup go-api');
    expect(r.output).toBe("Server:    10.96.0.10\nAddress 1: 10.96.0.10\n\nnslookup: can't resolve 'go-api'\n");
    expect(r.durationMs).toBe(20_000);
  });

  it('resolv.conf is the Pod\'s namespace search list', () => {
    const p = start('busybox:1.36', { namespace: 'shop', command: ['sleep', '3600'] });
    expect(run(p, 2000, 'cat /etc/resolv.conf').output).toBe('search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });
});
