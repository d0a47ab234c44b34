import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster, createPod, createWebPod, createWebService, getPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';

function logs(sim: Simulation, name: string): string {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name, logOptions: {} });
  if (!res.ok) throw new Error(res.error.message);
  return res.text ?? '';
}

const webPod = (sim: Simulation, name = 'web'): void => createWebPod(sim, name);
const webService = createWebService;

function deletePod(sim: Simulation, name: string): void {
  const res = sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name });
  if (!res.ok) throw new Error(res.error.message);
}

/** The web Pod behind its Service, and Pod `c` whose only command is `curl -s http://web`, both run. */
function curlOnce(): Simulation {
  const sim = bootCluster();
  webPod(sim);
  webService(sim);
  sim.advance(15_000);
  createPod(sim, podManifest('c', 'curlimages/curl:8.10.1', { restartPolicy: 'Never', container: { command: ['curl', '-s', 'http://web'] } }));
  sim.advance(15_000);
  return sim;
}

const LOOP = 'while true; do if wget -qO- -T 2 http://web >/dev/null 2>/tmp/err; then echo "$(date +%s) ok"; else echo "$(date +%s) $(cat /tmp/err)"; fi; sleep 5; done';

describe("a container's own requests go through the cluster at the moment it makes them", () => {
  it('a Pod whose command fetches a Service gets the endpoint\'s page, then completes', () => {
    const sim = curlOnce();
    expect(logs(sim, 'c')).toContain('<title>Welcome to nginx!</title>');
    const p = getPod(sim, 'c') as Pod;
    expect(p.status?.containerStatuses?.[0]?.state?.terminated?.reason).toBe('Completed');
    expect(p.status?.phase).toBe('Succeeded');
  });

  it("the server's access log names the client Pod's address, as kube-proxy does not masquerade Pod-to-Pod traffic", () => {
    const sim = curlOnce();
    const ip = getPod(sim, 'c')?.status?.podIP;
    expect(ip).toMatch(/^10\.244\./);
    expect(logs(sim, 'web')).toContain(`${ip} - - [`);
  });

  it('a client loop sees the Service answer, refuse once its only endpoint is gone, and answer again when one is back', () => {
    const sim = bootCluster();
    const ip = webService(sim);
    webPod(sim);
    sim.advance(15_000);
    createPod(sim, podManifest('client', 'busybox:1.36', { container: { command: ['sh', '-c', LOOP] } }));
    sim.advance(20_000);
    const before = logs(sim, 'client').trim().split('\n');
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.every((l) => l.endsWith(' ok'))).toBe(true);
    deletePod(sim, 'web');
    sim.advance(40_000);
    // Once the endpoint is withdrawn, kube-proxy's rule for a Service without endpoints rejects the SYN.
    expect(logs(sim, 'client')).toContain(`wget: can't connect to remote host (${ip}): Connection refused`);
    webPod(sim, 'web-2');
    sim.advance(30_000);
    const last = logs(sim, 'client').trim().split('\n').pop();
    expect(last).toMatch(/ ok$/);
    // Each request was a wake-up at its own moment: one line per five seconds, not one burst.
    const times = logs(sim, 'client').trim().split('\n').map((l) => Number(l.split(' ')[0]));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(5);
  });

  it('the same seed makes the same client log', () => {
    const run = (): string => {
      const sim = bootCluster(7);
      webService(sim);
      webPod(sim);
      sim.advance(15_000);
      createPod(sim, podManifest('client', 'busybox:1.36', { container: { command: ['sh', '-c', LOOP] } }));
      sim.advance(12_000);
      deletePod(sim, 'web');
      sim.advance(20_000);
      return logs(sim, 'client');
    };
    const a = run();
    expect(a).toContain('Connection refused');
    expect(run()).toBe(a);
  });

  it("an exec probe's command reaches another Service: Ready while it answers, not Ready once it is gone", () => {
    const sim = bootCluster();
    webService(sim);
    webPod(sim);
    sim.advance(15_000);
    createPod(
      sim,
      podManifest('checker', 'busybox:1.36', {
        container: { command: ['sleep', '3600'], readinessProbe: { exec: { command: ['wget', '-qO-', '-T', '1', 'http://web'] }, periodSeconds: 2 } } as never,
      }),
    );
    sim.advance(20_000);
    const ready = (): string | undefined => getPod(sim, 'checker')?.status?.conditions?.find((c) => c.type === 'Ready')?.status;
    expect(ready()).toBe('True');
    deletePod(sim, 'web');
    sim.advance(40_000);
    expect(ready()).toBe('False');
  });
});

describe("the Service variables in a container's environment", () => {
  it('a Pod started after the Service has its variables; one started before has only the kubernetes Service\'s; enableServiceLinks false drops the rest', () => {
    const sim = bootCluster();
    const cmd = { command: ['sh', '-c', 'env | grep -E "^(WEB|KUBERNETES)_SERVICE_HOST=" | sort; sleep 3600'] };
    createPod(sim, podManifest('before', 'busybox:1.36', { container: cmd }));
    sim.advance(5_000);
    const ip = webService(sim);
    sim.advance(2_000);
    createPod(sim, podManifest('after', 'busybox:1.36', { container: cmd }));
    createPod(sim, podManifest('nolinks', 'busybox:1.36', { container: cmd, spec: { enableServiceLinks: false } as never }));
    sim.advance(10_000);
    expect(logs(sim, 'before')).toBe('KUBERNETES_SERVICE_HOST=10.96.0.1\n');
    expect(logs(sim, 'after')).toBe(`KUBERNETES_SERVICE_HOST=10.96.0.1\nWEB_SERVICE_HOST=${ip}\n`);
    expect(logs(sim, 'nolinks')).toBe('KUBERNETES_SERVICE_HOST=10.96.0.1\n');
  });
});

describe("a Pod's containers share its loopback", () => {
  function sidecarPod(sim: Simulation): void {
    const pod = podManifest('two', 'nginx:1.27', { node: 'node-1' });
    pod.spec.containers.push({ name: 'side', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 2; while true; do wget -qO- http://localhost/ | grep -o "<title>.*</title>"; sleep 5; done'] });
    createPod(sim, pod);
    sim.advance(20_000);
  }

  function exec(sim: Simulation, container: string, script: string): { exitCode: number; output: string } {
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: 'two', execOptions: { command: ['sh', '-c', script], container } });
    if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
    return { exitCode: res.exec.exitCode, output: res.exec.output };
  }

  it("a sidecar's own loop and an exec in it reach the main container's nginx on localhost; a port nobody listens on is refused", () => {
    const sim = bootCluster();
    sidecarPod(sim);
    const logsOf = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name: 'two', logOptions: { container: 'side' } });
    expect(logsOf.ok && logsOf.text).toContain('<title>Welcome to nginx!</title>\n<title>Welcome to nginx!</title>\n');
    expect(exec(sim, 'side', 'wget -qO- localhost | head -4').output).toContain('<title>Welcome to nginx!</title>');
    expect(exec(sim, 'side', 'nc -z localhost 80; echo $?').output).toBe('0\n');
    expect(exec(sim, 'side', 'wget -qO- localhost:8080')).toEqual({ exitCode: 1, output: "wget: can't connect to remote host (127.0.0.1): Connection refused\n" });
  });
});
