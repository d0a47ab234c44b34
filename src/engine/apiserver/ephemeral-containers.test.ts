/**
 * pods/ephemeralcontainers through the whole pipeline and the kubelet: RBAC on `patch
 * pods/ephemeralcontainers`, the strategy that keeps everything but spec.ephemeralContainers,
 * ValidatePodEphemeralContainersUpdate's messages, and the kubelet starting the container in the
 * Pod's existing sandbox and reporting it in status.ephemeralContainerStatuses.
 */
import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../k8s/types';
import { JANE } from './auth';
import { bootedCluster, failure, ok, pod, requestAs } from './apiserver.testing';
import { worldOf } from '../simulation';
import type { Simulation } from '../index';
import { runtimeOf } from '../node/cri';

const cluster = bootedCluster();

/** A running Pod on a node (busybox sleeping: its `ps` shows something to share). */
function runningPod(sim: Simulation, name = 'web'): Pod {
  ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod(name, { schedulerName: 'default-scheduler', containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', '3600'] }] }) as KObject }));
  sim.advance(20_000);
  const p = sim.storedObject<Pod>(`pods/default/${name}`)!;
  expect(p.status?.phase).toBe('Running');
  return p;
}

function addDebugger(sim: Simulation, podName: string, ec: Record<string, unknown>, existing: string[] = []): ReturnType<Simulation['request']> {
  const spec: Record<string, unknown> = { ephemeralContainers: [ec] };
  if (existing.length) spec['$setElementOrder/ephemeralContainers'] = [...existing, ec['name']].map((name) => ({ name }));
  return sim.request({ verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: podName, patchType: 'strategic', body: { spec } as unknown as KObject });
}

const DEBUGGER = { name: 'debugger-abcde', image: 'busybox', resources: {}, terminationMessagePolicy: 'File', stdin: true, tty: true, targetContainerName: 'app' };

describe('PATCH pods/{name}/ephemeralcontainers', () => {
  it('adds the container (defaulted), keeps the rest of the Pod, bumps generation, and is a write on the trace', () => {
    const sim = cluster();
    const before = runningPod(sim);
    const seq = worldOf(sim).trace.records.length;
    const res = ok(addDebugger(sim, 'web', { ...DEBUGGER, image: 'busybox:1.36' }, [])) as Pod;
    expect(res.spec.ephemeralContainers).toEqual([
      { name: 'debugger-abcde', image: 'busybox:1.36', resources: {}, terminationMessagePolicy: 'File', stdin: true, tty: true, targetContainerName: 'app', imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log' },
    ]);
    expect(res.spec.containers).toEqual(before.spec.containers);
    expect(res.status).toEqual(before.status);
    expect(res.metadata.generation).toBe((before.metadata.generation ?? 1) + 1);
    const hops = worldOf(sim).trace.records.slice(seq).filter((r) => r.from === 'kube-apiserver' || r.to === 'kube-apiserver');
    expect(hops.find((r) => r.kind === 'authz')!.detail).toMatchObject({ allowed: true, verb: 'patch', resource: 'pods/ephemeralcontainers' });
    expect(hops.map((r) => r.kind)).toContain('validation');
    expect(worldOf(sim).trace.records.slice(seq).some((r) => r.to.startsWith('etcd'))).toBe(true);
  });

  it('ignores everything but spec.ephemeralContainers (dropNonEphemeralContainerUpdates)', () => {
    const sim = cluster();
    runningPod(sim);
    const body = { metadata: { labels: { hacked: 'yes' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], ephemeralContainers: [DEBUGGER] } };
    const res = ok(sim.request({ verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: 'web', body: body as unknown as KObject })) as Pod;
    expect(res.metadata.labels).toEqual({ app: 'web' });
    expect(res.spec.containers[0]!.image).toBe('busybox:1.36');
    expect(res.spec.ephemeralContainers?.map((c) => c.name)).toEqual(['debugger-abcde']);
  });

  it("answers GET with the Pod, and 404 for a Pod that doesn't exist", () => {
    const sim = cluster();
    runningPod(sim);
    expect(ok(sim.request({ verb: 'get', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: 'web' })).kind).toBe('Pod');
    expect(failure(addDebugger(sim, 'nope', DEBUGGER)).message).toBe('pods "nope" not found');
  });

  it('refuses a duplicate name, an unknown target, and the fields an ephemeral container may not set', () => {
    const sim = cluster();
    runningPod(sim);
    expect(failure(addDebugger(sim, 'web', { ...DEBUGGER, name: 'app' })).message).toBe('Pod "web" is invalid: spec.ephemeralContainers[0].name: Duplicate value: "app"');
    expect(failure(addDebugger(sim, 'web', { ...DEBUGGER, targetContainerName: 'nope' })).message).toBe('Pod "web" is invalid: spec.ephemeralContainers[0].targetContainerName: Not found: "nope"');
    const e = failure(addDebugger(sim, 'web', { ...DEBUGGER, ports: [{ containerPort: 80 }], resources: { limits: { cpu: '1' } }, readinessProbe: { exec: { command: ['true'] } } }));
    expect(e.message).toBe(
      'Pod "web" is invalid: [spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container, spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container, spec.ephemeralContainers[0].readinessProbe: Forbidden: cannot be set for an Ephemeral Container]',
    );
  });

  it('refuses removing or changing an existing ephemeral container', () => {
    const sim = cluster();
    runningPod(sim);
    ok(addDebugger(sim, 'web', DEBUGGER));
    const removed = sim.request({ verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: 'web', patchType: 'merge', body: { spec: { ephemeralContainers: [] } } as unknown as KObject });
    expect(failure(removed).message).toBe('Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger-abcde" may not be removed\n');
    const changed = failure(addDebugger(sim, 'web', { ...DEBUGGER, image: 'alpine' }));
    expect(changed.message).toMatch(/^Pod "web" is invalid: spec\.ephemeralContainers: Forbidden: existing ephemeral containers "debugger-abcde" may not be changed\n/);
    expect(changed.message).toContain('- \t\tImage: "busybox",');
  });

  it('is authorized as patch pods/ephemeralcontainers: a user who may patch pods but not the subresource is refused', () => {
    const sim = cluster();
    runningPod(sim);
    const e = failure(requestAs(sim, JANE, { verb: 'patch', resource: 'pods', subresource: 'ephemeralcontainers', namespace: 'default', name: 'web', body: { spec: { ephemeralContainers: [DEBUGGER] } } as unknown as KObject }));
    expect(e.message).toBe('pods "web" is forbidden: User "jane" cannot patch resource "pods/ephemeralcontainers" in API group "" in the namespace "default"');
  });
});

describe('the kubelet and an ephemeral container', () => {
  it("starts it in the Pod's existing sandbox (pull, create, start), reports it, and never restarts it", () => {
    const sim = cluster();
    const before = runningPod(sim);
    const w = worldOf(sim);
    const rt = runtimeOf(w, before.spec.nodeName!)!;
    const sandboxes = [...rt.sandboxes.values()].filter((s) => s.podUid === before.metadata.uid).map((s) => s.id);
    ok(addDebugger(sim, 'web', { ...DEBUGGER, image: 'busybox:1.36', command: ['sh', '-c', 'echo hello; exit 3'], stdin: false, tty: false }));
    sim.advance(10_000);
    const p = sim.storedObject<Pod>('pods/default/web')!;
    const st = p.status?.ephemeralContainerStatuses?.[0];
    expect(st).toMatchObject({ name: 'debugger-abcde', ready: false, restartCount: 0, state: { terminated: { exitCode: 3, reason: 'Error' } } });
    expect(st).not.toHaveProperty('started');
    // Same sandbox, no new one; the Pod itself is untouched.
    expect([...rt.sandboxes.values()].filter((s) => s.podUid === before.metadata.uid).map((s) => s.id)).toEqual(sandboxes);
    expect(p.status?.containerStatuses?.[0]?.restartCount).toBe(0);
    expect(p.status?.phase).toBe('Running');
    const mine = [...rt.containers.values()].filter((c) => c.podUid === before.metadata.uid && c.config.name === 'debugger-abcde');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.sandboxId).toBe(sandboxes[0]);
    // CRI calls on the trace, and the kubelet's events for the container.
    const cri = w.trace.records.filter((r) => r.kind === 'cri' && (r.detail as { container?: string }).container === 'debugger-abcde').map((r) => (r.detail as { call: string }).call);
    expect(cri).toEqual(['CreateContainer', 'StartContainer']);
    const events = [...(w.etcd.kv.get('events')?.values() ?? [])]
      .filter((e) => (e as unknown as { involvedObject: { fieldPath?: string } }).involvedObject.fieldPath === 'spec.ephemeralContainers{debugger-abcde}')
      .map((e) => `${(e as unknown as { reason: string }).reason}: ${(e as unknown as { message: string }).message}`);
    expect(events).toEqual(['Pulled: Container image "busybox:1.36" already present on machine', 'Created: Created container: debugger-abcde', 'Started: Started container debugger-abcde']);
    // Never restarted: a minute later there is still one instance.
    sim.advance(60_000);
    expect([...rt.containers.values()].filter((c) => c.podUid === before.metadata.uid && c.config.name === 'debugger-abcde')).toHaveLength(1);
    expect(sim.storedObject<Pod>('pods/default/web')!.status?.ephemeralContainerStatuses?.[0]?.restartCount).toBe(0);
  });

  it("with a target, its ps lists the target's processes (shared PID namespace)", () => {
    const sim = cluster();
    runningPod(sim);
    ok(addDebugger(sim, 'web', { ...DEBUGGER, image: 'busybox:1.36' }));
    sim.advance(5_000);
    const p = sim.storedObject<Pod>('pods/default/web')!;
    expect(p.status?.ephemeralContainerStatuses?.[0]?.state.running).toBeDefined();
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: 'web', execOptions: { command: ['ps'], container: 'debugger-abcde' } });
    expect(res.ok).toBe(true);
    const out = res.ok && res.exec?.type === 'exited' ? res.exec.output : '';
    expect(out).toContain('    1 root      0:00 sleep 3600');
    expect(out).toMatch(/root {6}0:00 sh\n/);
  });

  it('waits for its target to run: until then the start fails with "unable to find target container" (getTargetID), then it joins it', () => {
    const sim = cluster();
    // The init container keeps `app` from starting for 20 s; an ephemeral container starts before init containers.
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web', { schedulerName: 'default-scheduler', initContainers: [{ name: 'wait', image: 'busybox:1.36', command: ['sleep', '20'] }], containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', '3600'] }] }) as KObject }));
    sim.advance(5_000);
    ok(addDebugger(sim, 'web', { ...DEBUGGER, image: 'busybox:1.36' }));
    sim.advance(3_000);
    const waiting = sim.storedObject<Pod>('pods/default/web')!.status?.ephemeralContainerStatuses?.[0];
    expect(waiting?.state.waiting).toEqual({ reason: 'CreateContainerConfigError', message: 'unable to find target container app' });
    const w = worldOf(sim);
    const failed = [...(w.etcd.kv.get('events')?.values() ?? [])].find((e) => (e as unknown as { involvedObject: { fieldPath?: string } }).involvedObject.fieldPath === 'spec.ephemeralContainers{debugger-abcde}' && (e as unknown as { reason: string }).reason === 'Failed');
    expect((failed as unknown as { type: string; message: string } | undefined)).toMatchObject({ type: 'Warning', message: 'Error: unable to find target container app' });
    sim.advance(40_000);
    expect(sim.storedObject<Pod>('pods/default/web')!.status?.ephemeralContainerStatuses?.[0]?.state.running).toBeDefined();
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: 'web', execOptions: { command: ['ps'], container: 'debugger-abcde' } });
    const out = res.ok && res.exec?.type === 'exited' ? res.exec.output : '';
    expect(out).toContain('    1 root      0:00 sleep 3600');
  });
});
