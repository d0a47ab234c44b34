/**
 * A learner's own static Pod (static-pod-workers.ts): the Pod worker, the sandbox and the
 * containers are the static Pod's (UID = config hash), so deleting its mirror Pod changes nothing
 * that runs — as for the control plane's static Pods — while a changed or removed manifest does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { KEvent, Pod } from '../../k8s/types';
import { Simulation, worldOf } from '../simulation';
import { traceOf } from './kubelet.testing';

const M = '/etc/kubernetes/manifests';
const MANIFEST = 'apiVersion: v1\\nkind: Pod\\nmetadata:\\n  name: static-web\\nspec:\\n  containers:\\n  - name: web\\n    image: nginx:1.27';

const text = (r: { output: { text: string }[] }): string => r.output.map((o) => o.text).join('');
const mirror = (sim: Simulation): Pod | undefined => sim.objects<Pod>('pods').find((p) => p.metadata.name === 'static-web-node-1');
const crictlPs = (sim: Simulation): string => text(sim.nodeShell('node-1', 'crictl ps --name web'));
const events = (sim: Simulation): KEvent[] => sim.objects<KEvent>('events').filter((e) => e.involvedObject.name === 'static-web-node-1');

function withStaticWeb(base: Simulation): Simulation {
  const sim = Simulation.fromSnapshot(base.snapshot());
  expect(sim.nodeShell('node-1', `printf '${MANIFEST}\\n' > ${M}/static-web.yaml`).exitCode).toBe(0);
  sim.advance(15_000);
  return sim;
}

describe("a learner's static Pod and its mirror Pod", () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });

  it('deleting the mirror Pod brings a new mirror and leaves the container running: same ID, no restart, no Killing/Created/Started', () => {
    const sim = withStaticWeb(base);
    const before = mirror(sim)!;
    const hash = before.metadata.annotations!['kubernetes.io/config.hash']!;
    const cs = before.status!.containerStatuses![0]!;
    expect(cs).toMatchObject({ ready: true, restartCount: 0 });
    const ps = crictlPs(sim);
    const seq = worldOf(sim).trace.nextSeq;
    const eventCount = events(sim).length;

    // kubectl delete pod: a graceful delete, so the mirror is marked and the kubelet removes it.
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'static-web-node-1' }).ok).toBe(true);
    sim.advance(5000);

    const after = mirror(sim)!;
    expect(after.metadata.uid).not.toBe(before.metadata.uid);
    expect(after.metadata.annotations!['kubernetes.io/config.mirror']).toBe(hash);
    // A re-created mirror is the same static Pod's copy: its config.seen too.
    expect(after.metadata.annotations!['kubernetes.io/config.seen']).toBe(before.metadata.annotations!['kubernetes.io/config.seen']);
    expect(after.status!.containerStatuses![0]).toMatchObject({ containerID: cs.containerID, restartCount: 0, ready: true, state: { running: { startedAt: cs.state.running!.startedAt } } });
    expect(after.status!.conditions!.find((c) => c.type === 'Ready')!.lastTransitionTime).toBe(before.status!.conditions!.find((c) => c.type === 'Ready')!.lastTransitionTime);
    expect(crictlPs(sim).replace(/\d+ seconds ago/g, '')).toBe(ps.replace(/\d+ seconds ago/g, ''));
    expect(traceOf(sim, seq, ['cri']).map((r) => r.summary)).toEqual([]);
    expect(events(sim).slice(eventCount)).toEqual([]);
    const journal = text(sim.nodeShell('node-1', 'journalctl -u kubelet --no-pager'));
    expect(journal).toContain(`"SyncLoop DELETE" source="api" pods=["default/static-web-node-1"]`);
    // tryReconcileMirrorPods (kubelet.go, v1.32+: these are Info, not V(4)).
    expect(journal).toMatch(new RegExp(`"Trying to delete pod" pod="default/static-web-node-1" podUID="${before.metadata.uid}"\\n.*"Deleted mirror pod as it didn't match the static Pod" pod="default/static-web-node-1"\\n(.*\\n)*.*"Creating a mirror pod for static pod" pod="default/static-web-node-1"\\n`));
    expect(journal).not.toContain('Killing container');
  });

  it("the kubelet records its events against the static Pod's UID, the one kubectl describe searches by", () => {
    const sim = withStaticWeb(base);
    const hash = mirror(sim)!.metadata.annotations!['kubernetes.io/config.hash'];
    expect(events(sim).map((e) => `${e.reason} ${e.involvedObject.uid}`)).toContain(`Started ${hash}`);
  });

  it('an edited manifest is a new static Pod: the old container is killed and a new one runs; a removed one ends it', () => {
    const sim = withStaticWeb(base);
    const old = mirror(sim)!.status!.containerStatuses![0]!.containerID;
    const seq = worldOf(sim).trace.nextSeq;
    sim.nodeShell('node-1', `sed -i 's/nginx:1.27/nginx:1.28/' ${M}/static-web.yaml`);
    sim.advance(40_000);
    // allowPodStart: the new manifest's Pod starts once the old one's is torn down.
    const cri = traceOf(sim, seq, ['cri']).map((r) => r.summary);
    expect(cri).toEqual(expect.arrayContaining(['StopContainer web', 'StopPodSandbox default/static-web-node-1', 'RunPodSandbox default/static-web-node-1']));
    expect(cri.indexOf('StopPodSandbox default/static-web-node-1')).toBeGreaterThan(cri.indexOf('StopContainer web'));
    expect(cri.indexOf('RunPodSandbox default/static-web-node-1')).toBeGreaterThan(cri.indexOf('StopPodSandbox default/static-web-node-1'));
    const p = mirror(sim)!;
    expect(p.spec.containers[0]!.image).toBe('nginx:1.28');
    expect(p.status!.containerStatuses![0]).toMatchObject({ ready: true, restartCount: 0 });
    expect(p.status!.containerStatuses![0]!.containerID).not.toBe(old);
    expect(text(sim.nodeShell('node-1', 'journalctl -u kubelet --no-pager'))).toMatch(/"SyncLoop REMOVE" source="file" pods=\["default\/static-web-node-1"\]\n.*"Killing container with a grace period" pod="default\/static-web-node-1" podUID="[0-9a-f]{32}" containerName="web"/);

    sim.nodeShell('node-1', `rm ${M}/static-web.yaml`);
    sim.advance(35_000);
    expect(mirror(sim)).toBeUndefined();
    expect(crictlPs(sim)).not.toContain('static-web');
  });

  it('keeps running through a kubelet restart: the runtime still holds its sandbox, and the new kubelet adopts it', () => {
    const sim = withStaticWeb(base);
    const id = mirror(sim)!.status!.containerStatuses![0]!.containerID;
    expect(sim.nodeShell('node-1', 'systemctl restart kubelet').exitCode).toBe(0);
    sim.advance(10_000);
    expect(mirror(sim)!.status!.containerStatuses![0]).toMatchObject({ containerID: id, restartCount: 0, ready: true });
  });

  it('is deterministic: the same seed and commands give the same mirror, status and crictl listing', () => {
    const run = (): string => {
      const sim = withStaticWeb(base);
      sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'static-web-node-1' });
      sim.advance(5000);
      return JSON.stringify([mirror(sim), crictlPs(sim)]);
    };
    expect(run()).toBe(run());
  });
});
