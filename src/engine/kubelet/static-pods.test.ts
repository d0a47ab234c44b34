import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { componentId } from '../core/ids';
import { stopComponent } from '../dispatch';
import { runtimeOf } from '../node/cri';
import { schedule } from '../runtime';
import { Simulation, worldOf } from '../simulation';

const CONTROL_PLANE = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];

function mirror(sim: Simulation, component: string, node = 'control-plane'): Pod | undefined {
  return sim.objects<Pod>('pods').find((p) => p.metadata.namespace === 'kube-system' && p.metadata.name === `${component}-${node}`);
}

const dispatchStop = (sim: Simulation, id: string): void => stopComponent(worldOf(sim), componentId(id));
const restart = (sim: Simulation, id: string): void => schedule(worldOf(sim), 0, componentId(id), { type: 'start' });
const ready = (p: Pod | undefined): string | undefined => p?.status?.conditions?.find((c) => c.type === 'Ready')?.status;

describe('static Pods (mirror Pods of the control plane)', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('publishes a Running, Ready mirror Pod per control-plane process, owned by the Node', () => {
    const sim = fresh();
    const node = sim.objects('nodes').find((n) => n.metadata.name === 'control-plane')!;
    for (const c of CONTROL_PLANE) {
      const p = mirror(sim, c)!;
      expect(p, c).toBeDefined();
      const a = p.metadata.annotations!;
      expect(a['kubernetes.io/config.source']).toBe('file');
      expect(a['kubernetes.io/config.mirror']).toMatch(/^[0-9a-f]{32}$/);
      expect(a['kubernetes.io/config.hash']).toBe(a['kubernetes.io/config.mirror']);
      expect(a['kubernetes.io/config.seen']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
      expect(p.metadata.labels).toEqual({ component: c, tier: 'control-plane' });
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Node', name: 'control-plane', uid: node.metadata.uid, controller: true }]);
      expect(p.spec).toMatchObject({ nodeName: 'control-plane', hostNetwork: true, priorityClassName: 'system-node-critical', priority: 2000001000, tolerations: [{ effect: 'NoExecute', operator: 'Exists' }] });
      expect(p.spec.containers[0]!.image).toBe(c === 'etcd' ? 'registry.k8s.io/etcd:3.6.8-0' : `registry.k8s.io/${c}:v1.36.1`);
      expect(p.status).toMatchObject({ phase: 'Running', podIP: '10.0.0.10', hostIP: '10.0.0.10', qosClass: 'Burstable' });
      expect(ready(p)).toBe('True');
    }
    expect(mirror(sim, 'kube-apiserver')!.spec.containers[0]!.resources).toEqual({ requests: { cpu: '250m' } });
    expect(mirror(sim, 'etcd')!.spec.containers[0]!.resources).toEqual({ requests: { cpu: '100m', memory: '100Mi' } });
    // Worker nodes run no control plane, so they publish no mirror Pods.
    expect(sim.objects<Pod>('pods').filter((p) => p.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined)).toHaveLength(4);
  });

  it('never hands a mirror Pod to the runtime', () => {
    const sim = fresh();
    const rt = runtimeOf(worldOf(sim), 'control-plane')!;
    const sandboxes = [...rt.sandboxes.values()].map((s) => s.podName);
    for (const c of CONTROL_PLANE) expect(sandboxes).not.toContain(`${c}-control-plane`);
  });

  it('reports a stopped process as a terminated, not-ready container and its return as a restart', () => {
    const sim = fresh();
    dispatchStop(sim, 'kube-scheduler');
    sim.advance(3000);
    const down = mirror(sim, 'kube-scheduler')!;
    expect(ready(down)).toBe('False');
    expect(down.status!.conditions!.find((c) => c.type === 'Ready')).toMatchObject({ reason: 'ContainersNotReady', message: 'containers with unready status: [kube-scheduler]' });
    expect(down.status!.containerStatuses![0]!.state.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    expect(ready(mirror(sim, 'etcd'))).toBe('True');

    restart(sim, 'kube-scheduler');
    sim.advance(3000);
    const up = mirror(sim, 'kube-scheduler')!;
    expect(ready(up)).toBe('True');
    const cs = up.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBe(1);
    expect(cs.state.running).toBeDefined();
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    expect(cs.containerID).not.toBe(down.status!.containerStatuses![0]!.containerID);
  });

  it('re-creates a mirror Pod a user deletes', () => {
    const sim = fresh();
    const before = mirror(sim, 'etcd')!;
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'kube-system', name: 'etcd-control-plane' }).ok).toBe(true);
    sim.advance(5000);
    const after = mirror(sim, 'etcd')!;
    expect(after.metadata.uid).not.toBe(before.metadata.uid);
    expect(after.metadata.deletionTimestamp).toBeUndefined();
    expect(ready(after)).toBe('True');
    // tryReconcileMirrorPods' Info lines, in order: the graceful delete left the mirror marked.
    const r = sim.nodeShell('control-plane', 'journalctl -u kubelet --no-pager');
    const journal = r.output.map((o) => o.text).join('').split('\n').filter((l) => l.includes('etcd-control-plane'));
    expect(journal.slice(-3).map((l) => l.replace(/^.*\] /, ''))).toEqual([
      `"Trying to delete pod" pod="kube-system/etcd-control-plane" podUID="${before.metadata.uid}"`,
      `"Deleted mirror pod as it didn't match the static Pod" pod="kube-system/etcd-control-plane"`,
      '"Creating a mirror pod for static pod" pod="kube-system/etcd-control-plane"',
    ]);
  });
});
