import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster, createPod, getPod, podManifest, stateOf, inPod, podLog as logs } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { imageDefinition, resolveImage } from './catalog';
import { probeProcess, processLogs, serveHttp, signalTerm, startProcess, type ProcessState } from './process';
import type { ProcessInput } from './types';

// The test images kubernetes.io's tutorials and task pages pull (catalog-data.ts says where each
// entry's facts come from): nginx-slim (StatefulSet Basics), liveness (Configure Liveness…),
// agnhost and jessie-dnsutils (Debugging DNS Resolution), serve_hostname and the old busybox
// (Debug Services).

const IP = '10.244.1.5';
function start(image: string, extra: Partial<ProcessInput> = {}): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 10_000, restartCount: 0, seed: 3, podIP: IP, hostname: 'liveness-http', ...extra });
}

describe('the registry has what the docs pull, and not what they never had', () => {
  it('resolves the docs\' tags and their real-looking neighbours', () => {
    for (const ref of [
      'registry.k8s.io/nginx-slim:0.21',
      'registry.k8s.io/nginx-slim:0.24',
      'registry.k8s.io/nginx-slim:0.8',
      'registry.k8s.io/nginx-slim:0.25',
      'k8s.gcr.io/nginx-slim:0.8',
      'gcr.io/google_containers/nginx-slim:0.8',
      'registry.k8s.io/liveness',
      'k8s.gcr.io/liveness',
      'registry.k8s.io/serve_hostname',
      'k8s.gcr.io/serve_hostname:1.1',
      'registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3',
      'registry.k8s.io/e2e-test-images/jessie-dnsutils:1.5',
      'gcr.io/kubernetes-e2e-test-images/dnsutils:1.3',
      'gcr.io/google-containers/busybox',
      'k8s.gcr.io/pause:2.0',
      'registry.k8s.io/pause:2.0',
    ]) {
      expect(resolveImage(ref).exists, ref).toBe(true);
    }
  });

  it('e2e-test-images/dnsutils never moved to registry.k8s.io: not found, as the promoter manifest has no such image', () => {
    expect(resolveImage('registry.k8s.io/e2e-test-images/dnsutils:1.3').pullError).toBe(
      'rpc error: code = NotFound desc = failed to pull and unpack image "registry.k8s.io/e2e-test-images/dnsutils:1.3": failed to resolve reference "registry.k8s.io/e2e-test-images/dnsutils:1.3": registry.k8s.io/e2e-test-images/dnsutils:1.3: not found',
    );
    expect(resolveImage('registry.k8s.io/nginx-slim:1.0').exists).toBe(false);
    expect(resolveImage('registry.k8s.io/pause:2.5').exists).toBe(false);
  });

  it('agnhost runs its Dockerfile\'s CMD, `pause`, when the Pod gives no args', () => {
    expect(imageDefinition('registry.k8s.io/e2e-test-images/agnhost:2.39').image.cmd).toEqual(['pause']);
  });
});

describe('registry.k8s.io/liveness with args [/server]', () => {
  it('answers /healthz 200 `ok` for 10 s after start, then 500 with its age as Go prints a float', () => {
    const p = start('registry.k8s.io/liveness', { args: ['/server'] });
    const probe = { httpGet: { path: '/healthz', port: 8080 } };
    expect(serveHttp(p, 15_000, 8080, '/healthz')).toMatchObject({ status: 200, body: 'ok' });
    expect(probeProcess(p, 20_000, probe, IP)).toEqual({ ok: true });
    expect(probeProcess(p, 20_001, probe, IP)).toEqual({ ok: false, message: 'HTTP probe failed with statuscode: 500' });
    expect(serveHttp(p, 23_250, 8080, '/healthz')).toMatchObject({ status: 500, body: 'error: 13.25' });
  });
});

describe('nginx-slim runs nginx as its build left it', () => {
  it('logs the `combined` format of its stock nginx.conf, and no notices when it starts or stops', () => {
    const p = start('registry.k8s.io/nginx-slim:0.21', { hostname: 'web-0' });
    expect(serveHttp(p, 12_000, 80, '/nope')?.status).toBe(404);
    expect(signalTerm(p, 13_000)).toEqual({ at: 13_040, exitCode: 0, reason: 'Completed' });
    expect(processLogs(p, 14_000).map((l) => l.text)).toEqual([
      '2025/09/01 09:00:12 [error] 29#29: *37 open() "/usr/share/nginx/html/nope" failed (2: No such file or directory), client: 10.244.0.1, server: localhost, request: "GET /nope HTTP/1.1", host: "10.244.1.5:80"',
      '10.244.0.1 - - [01/Sep/2025:09:00:12 +0000] "GET /nope HTTP/1.1" 404 169 "-" "curl/8.5.0"',
    ]);
  });

  it('the official nginx:1.27 image logs its `main` format and its notices', () => {
    const p = start('nginx:1.27', { hostname: 'web' });
    serveHttp(p, 12_000, 80, '/');
    signalTerm(p, 13_000);
    const texts = processLogs(p, 14_000).map((l) => l.text);
    expect(texts).toContain('10.244.0.1 - - [01/Sep/2025:09:00:12 +0000] "GET / HTTP/1.1" 200 615 "-" "curl/8.5.0" "-"');
    expect(texts.at(-1)).toBe('2025/09/01 09:00:13 [notice] 1#1: signal 15 (SIGTERM) received, exiting');
  });
});

describe('how the docs\' servers end on SIGTERM', () => {
  it('agnhost pause prints `Paused` and exits 2 at once on SIGTERM (pause.go\'s os.Exit(2)), not at the end of the grace period', () => {
    const p = start('registry.k8s.io/e2e-test-images/agnhost:2.39');
    expect(processLogs(p, 11_000).map((l) => l.text)).toEqual(['Paused']);
    expect(signalTerm(p, 20_000)).toEqual({ at: 20_001, exitCode: 2, reason: 'Error' });
  });

  it('serve_hostname panics on SIGTERM, as serve_hostname.go\'s log.Panicf does', () => {
    const p = start('registry.k8s.io/serve_hostname', { hostname: 'hostnames-abc' });
    expect(signalTerm(p, 20_000)).toEqual({ at: 20_001, exitCode: 2, reason: 'Error' });
    expect(processLogs(p, 20_001).map((l) => l.text)).toEqual(['2025/09/01 09:00:20 Terminating after receiving signal: terminated.', 'panic: Terminating after receiving signal: terminated.']);
  });
});

describe('the docs\' Pods in a cluster', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = bootCluster();
    createPod(sim, podManifest('web-0', 'registry.k8s.io/nginx-slim:0.21'));
    createPod(sim, podManifest('dnsutils', 'registry.k8s.io/e2e-test-images/agnhost:2.39'));
    createPod(sim, podManifest('jessie', 'registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3', { container: { command: ['sleep', 'infinity'] } }));
    createPod(sim, podManifest('hostnames-abc', 'registry.k8s.io/serve_hostname', { node: 'node-2' }));
    createPod(sim, podManifest('busybox', 'gcr.io/google-containers/busybox', { container: { command: ['sleep', '3600'] } }));
    createPod(sim, podManifest('live', 'registry.k8s.io/liveness', { restartPolicy: 'Never' }));
    createPod(
      sim,
      podManifest('web-empty', 'registry.k8s.io/nginx-slim:0.21', {
        container: { volumeMounts: [{ name: 'www', mountPath: '/usr/share/nginx/html' }] },
        spec: { volumes: [{ name: 'www', emptyDir: {} }] },
      }),
    );
    sim.advance(30_000);
  });

  it('nginx-slim serves nginx\'s stock page, and what sh writes to its docroot, to its own curl', () => {
    expect(stateOf(getPod(sim, 'web-0'))).toBe('running');
    const before = inPod(sim, 'web-0', ['curl', '-s', 'http://localhost/']);
    expect(before.output).toContain('<title>Welcome to nginx!</title>');
    expect(before.output).not.toContain('color-scheme');
    expect(inPod(sim, 'web-0', ['sh', '-c', 'echo "$(hostname)" > /usr/share/nginx/html/index.html']).exitCode).toBe(0);
    expect(inPod(sim, 'web-0', ['curl', '-s', 'http://localhost/'])).toEqual({ exitCode: 0, output: 'web-0\n' });
    // nginx logs a request from its own container like any other: client 127.0.0.1, `combined` format.
    expect(logs(sim, 'web-0')).toMatch(/^127\.0\.0\.1 - - \[[^\]]+\] "GET \/ HTTP\/1\.1" 200 6 "-" "curl\/[\d.]+"$/m);
    expect(inPod(sim, 'web-0', ['nginx', '-v']).output).toBe('nginx version: nginx/1.13.5\n');
    const conf = inPod(sim, 'web-0', ['cat', '/etc/nginx/nginx.conf']).output;
    expect(conf.startsWith('\n#user  nobody;\nworker_processes  1;\n')).toBe(true);
    expect(conf).toContain('        #location ~ \\.php$ {\n');
  });

  it('nginx answers 403 for a docroot an empty volume hides, as the tutorial\'s note warns, and logs why', () => {
    const r = inPod(sim, 'web-empty', ['curl', '-s', 'http://localhost/']);
    // ngx_http_special_response.c before 1.15.4 still had `<body bgcolor="white">`.
    expect(r.output).toBe('<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body bgcolor="white">\r\n<center><h1>403 Forbidden</h1></center>\r\n<hr><center>nginx/1.13.5</center>\r\n</body>\r\n</html>\r\n');
    expect(inPod(sim, 'web-empty', ['curl', '-s', '-o', '/dev/null', '-w', '%{http_code}', 'http://localhost/nope'])).toEqual({ exitCode: 0, output: '404' });
  });

  it('each nginx release serves its own stock pages: 1.14.2 the pre-1.21.2 welcome page and a bgcolor 404, 1.29 the restyled ones', () => {
    createPod(sim, podManifest('ngx-old', 'nginx:1.14.2'));
    createPod(sim, podManifest('ngx-new', 'nginx:1.29'));
    sim.advance(20_000);
    expect(inPod(sim, 'ngx-old', ['sh', '-c', 'cat /usr/share/nginx/html/index.html']).output).toContain('    body {\n        width: 35em;');
    expect(inPod(sim, 'ngx-old', ['sh', '-c', 'cat /usr/share/nginx/html/50x.html']).output).toContain('the <a href="http://nginx.org/r/error_log">error log</a> for details.');
    expect(inPod(sim, 'ngx-new', ['sh', '-c', 'cat /usr/share/nginx/html/index.html']).output).toContain('html { color-scheme: light dark; }');
    expect(inPod(sim, 'ngx-new', ['sh', '-c', 'cat /usr/share/nginx/html/50x.html']).output).toContain('<p><em>Faithfully yours, nginx.</em></p>');
    // nginx:1.14.2 ships no curl (docker-nginx added it for 1.17.10): the new one's curl asks it.
    expect(inPod(sim, 'ngx-old', ['curl', '-s', 'http://localhost/nope']).output).toContain('"curl": executable file not found in $PATH');
    const old = (getPod(sim, 'ngx-old') as Pod).status!.podIP!;
    expect(inPod(sim, 'ngx-new', ['curl', '-s', `http://${old}/nope`]).output).toContain('<body bgcolor="white">\r\n');
    expect(inPod(sim, 'ngx-new', ['curl', '-s', 'http://localhost/nope']).output).toBe('<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/1.29.2</center>\r\n</body>\r\n</html>\r\n');
  });

  it('agnhost without args pauses, and BIND\'s nslookup in it finds kubernetes.default', () => {
    expect(stateOf(getPod(sim, 'dnsutils'))).toBe('running');
    const r = inPod(sim, 'dnsutils', ['nslookup', 'kubernetes.default']);
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/Name:\tkubernetes\.default\.svc\.cluster\.local\nAddress: 10\.96\.0\.1\n/);
  });

  it('jessie-dnsutils has BIND\'s dig and host over Debian, and no wget', () => {
    expect(inPod(sim, 'jessie', ['dig', '+short', 'kubernetes.default.svc.cluster.local'])).toEqual({ exitCode: 0, output: '10.96.0.1\n' });
    expect(inPod(sim, 'jessie', ['host', 'kubernetes.default']).output).toBe('kubernetes.default.svc.cluster.local has address 10.96.0.1\n');
    expect(inPod(sim, 'jessie', ['sh', '-c', 'wget -qO- http://kubernetes.default']).exitCode).toBe(127);
  });

  it('serve_hostname answers on 9376 with the bare hostname; the old busybox\'s wget fetches it', () => {
    const ip = (getPod(sim, 'hostnames-abc') as Pod).status!.podIP!;
    expect(logs(sim, 'hostnames-abc')).toBe('');
    expect(inPod(sim, 'busybox', ['wget', '-qO-', `${ip}:9376`])).toEqual({ exitCode: 0, output: 'hostnames-abc' });
    const client = (getPod(sim, 'busybox') as Pod).status!.podIP!.replace(/\./g, '\\.');
    expect(logs(sim, 'hostnames-abc')).toMatch(new RegExp(`^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d HTTP request from ${client}:\\d{5}\\n$`));
    expect(inPod(sim, 'hostnames-abc', ['sh', '-c', 'wget -qO- localhost:9376/anything'])).toEqual({ exitCode: 0, output: 'hostnames-abc' });
  });

  it('the liveness server prints nothing, however long it runs', () => {
    createPod(sim, podManifest('live-server', 'registry.k8s.io/liveness', { container: { args: ['/server'] } }));
    sim.advance(5_000);
    expect(stateOf(getPod(sim, 'live-server'))).toBe('running');
    expect(logs(sim, 'live-server')).toBe('');
  });

  it('liveness without args has no command: its image has neither ENTRYPOINT nor CMD', () => {
    const status = (getPod(sim, 'live') as Pod).status?.containerStatuses?.[0];
    expect(JSON.stringify(status?.state)).toContain('no command specified');
  });
  it('hello-app:2.0 is its 2018 build over Alpine: sh, ps and printenv are there, as the Security Context and env var pages use them', () => {
    createPod(sim, podManifest('envar-demo', 'gcr.io/google-samples/hello-app:2.0', { container: { env: [{ name: 'DEMO_GREETING', value: 'Hello from the environment' }] } }));
    sim.advance(5_000);
    const env = inPod(sim, 'envar-demo', ['printenv']);
    expect(env.exitCode).toBe(0);
    expect(env.output).toContain('PORT=8080\n');
    expect(env.output).toContain('DEMO_GREETING=Hello from the environment\n');
    expect(inPod(sim, 'envar-demo', ['sh', '-c', 'ps | sed -n 2p']).output).toMatch(/^ +1 root +0:00 \.\/hello-app\n$/);
    expect(inPod(sim, 'envar-demo', ['wget', '-qO-', 'localhost:8080/any/path'])).toEqual({ exitCode: 0, output: 'Hello, world!\nVersion: 2.0.0\nHostname: envar-demo\n' });
    expect(logs(sim, 'envar-demo')).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d Server listening on port 8080\n\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d Serving request: \/any\/path\n$/);
  });
});
