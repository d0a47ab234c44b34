/**
 * The kubelet's runAsNonRoot check (verifyRunAsNonRoot, before CreateContainer): a container the
 * effective securityContext keeps from root is refused with CreateContainerConfigError when the
 * image's user is root or a name, or runAsUser is 0; the messages are the kubelet's.
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import type { Simulation } from '../simulation';
import { worldOf } from '../simulation';
import { podContainers, runtimeOf } from '../node/cri';
import { bootCluster, createPod, eventCount, eventsFor, getPod, inPod, podManifest, stateOf } from './kubelet.testing';

const waiting = (pod: Pod | undefined) => pod?.status?.containerStatuses?.[0]?.state?.waiting;
const podId = (sim: Simulation, name: string): string => {
  const p = getPod(sim, name)!;
  return `"${name}_default(${p.metadata.uid!})"`;
};

function refused(sim: Simulation, name: string): string {
  sim.runUntil(() => stateOf(getPod(sim, name)) === 'waiting:CreateContainerConfigError', 60_000);
  return waiting(getPod(sim, name))?.message ?? '';
}

describe('runAsNonRoot', () => {
  it('refuses an image that runs as root: a Failed Event, Waiting CreateContainerConfigError, retried, never created', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('nr', 'nginx', { spec: { securityContext: { runAsNonRoot: true } } }));
    const message = refused(sim, 'nr');
    expect(message).toBe(`container has runAsNonRoot and image will run as root (pod: ${podId(sim, 'nr')}, container: api)`);
    expect(eventsFor(sim, 'nr')).toContain(`Warning Failed: Error: ${message}`);
    expect(getPod(sim, 'nr')?.status?.phase).toBe('Pending');
    // The pod worker tries again after its back-off, each time with the same Event.
    sim.advance(40_000);
    expect(eventCount(sim, 'nr', 'Failed')).toBeGreaterThanOrEqual(2);
    expect(podContainers(runtimeOf(worldOf(sim), 'node-1')!, getPod(sim, 'nr')!.metadata.uid!)).toHaveLength(0);
  });

  it('accepts runAsUser 1000, which the process then runs as', () => {
    const sim = bootCluster();
    const sc = { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [2000] };
    createPod(sim, podManifest('ok', 'busybox:1.36', { container: { command: ['sleep', '3600'] }, spec: { securityContext: sc } }));
    sim.runUntil(() => stateOf(getPod(sim, 'ok')) === 'running', 60_000);
    expect(inPod(sim, 'ok', ['id']).output).toBe('uid=1000 gid=3000 groups=2000,3000\n');
    expect(inPod(sim, 'ok', ['sh', '-c', 'grep -E "^(Uid|Gid|Groups)" /proc/1/status']).output).toBe('Uid:\t1000\t1000\t1000\t1000\nGid:\t3000\t3000\t3000\t3000\nGroups:\t2000 3000 \n');
  });

  it("refuses runAsUser 0 with the kubelet's other message", () => {
    const sim = bootCluster();
    createPod(sim, podManifest('zero', 'busybox:1.36', { container: { command: ['sleep', '3600'], securityContext: { runAsNonRoot: true, runAsUser: 0 } } }));
    expect(refused(sim, 'zero')).toBe(`container's runAsUser breaks non-root policy (pod: ${podId(sim, 'zero')}, container: api)`);
  });

  it('refuses an image whose user is a name: the kubelet cannot verify it', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('cu', 'curlimages/curl:8.17.0', { container: { command: ['sleep', '3600'], securityContext: { runAsNonRoot: true } } }));
    expect(refused(sim, 'cu')).toBe(`container has runAsNonRoot and image has non-numeric user (curl_user), cannot verify user is non-root (pod: ${podId(sim, 'cu')}, container: api)`);
  });

  it("accepts an image whose user is a non-zero uid (metrics-server's USER 65534)", () => {
    const sim = bootCluster();
    createPod(sim, podManifest('ms', 'registry.k8s.io/metrics-server/metrics-server:v0.8.0', { spec: { securityContext: { runAsNonRoot: true } } }));
    sim.runUntil(() => stateOf(getPod(sim, 'ms')) === 'running', 60_000);
    expect(getPod(sim, 'ms')?.status?.containerStatuses?.[0]?.user?.linux).toEqual({ uid: 65534, gid: 65534, supplementalGroups: [65534] });
  });

  it("takes the container's fields over the Pod's", () => {
    const sim = bootCluster();
    // The container allows root where the Pod does not.
    createPod(sim, podManifest('allowed', 'nginx', { container: { securityContext: { runAsNonRoot: false } }, spec: { securityContext: { runAsNonRoot: true } } }));
    // The Pod's runAsUser 1000 would pass; the container's 0 does not.
    createPod(sim, podManifest('root', 'nginx', { container: { securityContext: { runAsUser: 0 } }, spec: { securityContext: { runAsNonRoot: true, runAsUser: 1000 } } }));
    sim.runUntil(() => stateOf(getPod(sim, 'allowed')) === 'running', 60_000);
    expect(refused(sim, 'root')).toBe(`container's runAsUser breaks non-root policy (pod: ${podId(sim, 'root')}, container: api)`);
  });

  it("admits a restricted namespace's Deployment of nginx, whose Pods then cannot start", () => {
    const sim = bootCluster();
    const ok = (r: ReturnType<Simulation['request']>) => {
      if (!r.ok) throw new Error(r.error.message);
    };
    ok(sim.request({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'locked', labels: { 'pod-security.kubernetes.io/enforce': 'restricted' } } } as never }));
    const container = {
      name: 'web',
      image: 'nginx:1.27',
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
    };
    const template = { metadata: { labels: { app: 'web' } }, spec: { securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }, containers: [container] } };
    ok(
      sim.request({
        verb: 'create',
        resource: 'deployments',
        namespace: 'locked',
        body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'locked' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template } } as never,
      }),
    );
    const pods = () => sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'locked');
    sim.runUntil(() => pods().length === 2 && pods().every((p) => stateOf(p) === 'waiting:CreateContainerConfigError'), 90_000);
    for (const p of pods()) {
      expect(waiting(p)?.message).toBe(`container has runAsNonRoot and image will run as root (pod: "${p.metadata.name}_locked(${p.metadata.uid})", container: web)`);
    }
  });
});
