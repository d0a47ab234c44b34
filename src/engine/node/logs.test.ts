import { describe, expect, it } from 'vitest';
import { stopComponent } from '../dispatch';
import { bootCluster, createPod, podManifest } from '../kubelet/kubelet.testing';
import { type Simulation, worldOf } from '../simulation';

function logs(sim: Simulation, name: string, opts: Record<string, unknown> = {}): { ok: boolean; text: string; code?: number; reason?: string } {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name, logOptions: opts });
  if (res.ok) return { ok: true, text: res.text ?? '' };
  return 'network' in res.error ? { ok: false, text: res.error.message } : { ok: false, text: res.error.message, code: res.error.code, reason: res.error.reason };
}

describe('kubectl logs through the kubelet', () => {
  it('returns what the container wrote, with the kubelet errors for every other case', () => {
    const sim = bootCluster();
    expect(logs(sim, 'nope')).toEqual({ ok: false, text: 'pods "nope" not found', code: 404, reason: 'NotFound' });

    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.advance(100);
    expect(logs(sim, 'web')).toEqual({ ok: false, text: 'container "api" in pod "web" is waiting to start: ContainerCreating', code: 400, reason: 'BadRequest' });
    sim.advance(15_000);
    const out = logs(sim, 'web');
    expect(out.ok).toBe(true);
    expect(out.text.length).toBeGreaterThan(0);
    expect(out.text.endsWith('\n')).toBe(true);
    const lines = out.text.trimEnd().split('\n');
    expect(logs(sim, 'web', { tailLines: 1 }).text).toBe(`${lines[lines.length - 1]}\n`);
    expect(logs(sim, 'web', { timestamps: true }).text.split('\n')[0]).toMatch(/^2025-09-01T09:00:\d\d\.\d{9}Z /);
    expect(logs(sim, 'web', { previous: true })).toMatchObject({ ok: false, text: 'previous terminated container "api" in pod "web" not found', code: 400 });
    expect(logs(sim, 'web', { container: 'sidecar' })).toMatchObject({ ok: false, text: 'container sidecar is not valid for pod web' });

    stopComponent(worldOf(sim), 'kubelet/node-1' as never);
    expect(logs(sim, 'web')).toMatchObject({ ok: false, code: 500, reason: '', text: 'Get "https://10.0.0.11:10250/containerLogs/default/web/api": dial tcp 10.0.0.11:10250: connect: connection refused' });
    expect(logs(sim, 'web', { tailLines: 5, timestamps: true })).toMatchObject({ text: 'Get "https://10.0.0.11:10250/containerLogs/default/web/api?tailLines=5&timestamps=true": dial tcp 10.0.0.11:10250: connect: connection refused' });
  });

  it('stamps grow line by line, also within one millisecond, and a line keeps its stamp under --tail', () => {
    const sim = bootCluster();
    // Five lines written in one go: one millisecond of the simulation's clock.
    createPod(sim, podManifest('five', 'busybox:1.36', { spec: { containers: [{ name: 'api', image: 'busybox:1.36', command: ['sh', '-c', 'printf "a\\nb\\n\\nc\\nd\\n"; sleep 3600'] }] } }));
    sim.advance(15_000);
    const stamped = logs(sim, 'five', { timestamps: true }).text.trimEnd().split('\n');
    expect(stamped.map((l) => l.slice(31))).toEqual(['a', 'b', '', 'c', 'd']);
    const at = stamped.map((l) => l.slice(0, 30));
    expect(new Set(at.map((s) => s.slice(0, 23))).size).toBe(1);
    expect([...at].sort()).toEqual(at);
    expect(new Set(at).size).toBe(5);
    expect(logs(sim, 'five', { timestamps: true, tailLines: 2 }).text).toBe(`${stamped.slice(3).join('\n')}\n`);
  });

  it('is a hop from kube-apiserver to the kubelet in the trace, with LogLocation\'s query', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.advance(15_000);
    const from = sim.lastTraceSeq + 1;
    logs(sim, 'web', { tailLines: 3, sinceSeconds: 60 });
    const hops = sim.traceSince(from).flatMap((r) => (r.kind === 'request' && r.detail.type === 'non-resource' ? [`${r.from} -> ${r.to}: ${r.detail.method} ${r.detail.path}`] : []));
    expect(hops).toEqual(['kube-apiserver -> kubelet/node-1: GET /containerLogs/default/web/api?sinceSeconds=60&tailLines=3']);
    // An unscheduled Pod has no location: nothing is dialled.
    const unscheduled = podManifest('nowhere', 'nginx:1.27', { spec: { nodeSelector: { missing: 'label' } } });
    delete unscheduled.spec.nodeName;
    createPod(sim, unscheduled);
    sim.advance(1_000);
    const later = sim.lastTraceSeq + 1;
    expect(logs(sim, 'nowhere')).toEqual({ ok: true, text: '' });
    expect(sim.traceSince(later).filter((r) => r.kind === 'request' && r.detail.type === 'non-resource')).toEqual([]);
  });

  it('asks for a container name when there are several, and serves --previous after a restart', () => {
    const sim = bootCluster();
    const pod = podManifest('two', 'nginx:1.27');
    pod.spec.containers.push({ name: 'side', image: 'busybox:1.36', command: ['sleep', '3600'] });
    pod.spec.initContainers = [{ name: 'init', image: 'busybox:1.36', command: ['true'] }];
    createPod(sim, pod);
    sim.advance(100);
    expect(logs(sim, 'two').text).toBe('a container name must be specified for pod two, choose one of: [api side] or one of the init containers: [init]');

    createPod(sim, podManifest('crash', 'registry.example.com/crashloop:1.0'));
    sim.advance(20_000);
    const prev = logs(sim, 'crash', { previous: true });
    expect(prev.ok).toBe(true);
    expect(prev.text).toContain('crashloop 1.0 starting');
  });
});
