/**
 * What the node's runtime holds of a control-plane static Pod moved out of staticPodPath and back,
 * as crictl lists it: the removed Pod's sandbox is stopped and its container exited, both kept
 * until container GC (every minute from the kubelet's start, once housekeeping has forgotten the
 * Pod); the Pod put back (same bytes: the same UID) gets a new sandbox at the next attempt and a
 * container at restartCount + 1 while they are there, attempt 0 once GC has removed them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation } from '../simulation';

const M = '/etc/kubernetes/manifests';

function sh(sim: Simulation, line: string): string {
  return sim
    .nodeShell('control-plane', line)
    .output.filter((c) => c.stream === 'stdout')
    .map((c) => c.text)
    .join('');
}
const mirror = (sim: Simulation): Pod | undefined => sim.objects<Pod>('pods').find((p) => p.metadata.name === 'kube-scheduler-control-plane');
/** crictl's table rows as [id, …] cells, split on its column gaps. */
const rows = (out: string): string[][] =>
  out
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(/ {2,}/));
/** `crictl pods` rows for the scheduler: [POD ID, CREATED, STATE, NAME, NAMESPACE, ATTEMPT, RUNTIME]. */
const pods = (sim: Simulation): string[][] => rows(sh(sim, 'crictl pods --name kube-scheduler'));
/** `crictl ps -a` rows: [CONTAINER, IMAGE, CREATED, STATE, NAME, ATTEMPT, POD ID, POD, NAMESPACE]. */
const ctrs = (sim: Simulation): string[][] => rows(sh(sim, 'crictl ps -a --name kube-scheduler'));

describe("a static Pod's sandbox and containers across its removal", () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('moved out, its sandbox is NotReady and its container Exited; put back before GC, a new sandbox at ATTEMPT 1 and the container at 1', () => {
    const sim = fresh();
    const [[podId]] = pods(sim) as [[string]];
    const [[oldCtr]] = ctrs(sim) as [[string]];
    const before = mirror(sim)!;
    sh(sim, `mv ${M}/kube-scheduler.yaml /tmp/; sleep 20`);
    expect(pods(sim).map((r) => [r[0], r[2], r[5]])).toEqual([[podId, 'NotReady', '0']]);
    expect(ctrs(sim).map((r) => [r[0], r[3], r[5], r[6]])).toEqual([[oldCtr, 'Exited', '0', podId]]);

    sh(sim, `mv /tmp/kube-scheduler.yaml ${M}/; sleep 10`);
    const sandboxes = pods(sim);
    expect(sandboxes.map((r) => [r[2], r[5]])).toEqual([
      ['Ready', '1'],
      ['NotReady', '0'],
    ]);
    const newPod = sandboxes[0]![0]!;
    expect(newPod).not.toBe(podId);
    expect(sandboxes[1]![0]).toBe(podId);
    expect(ctrs(sim).map((r) => [r[3], r[5], r[6]])).toEqual([
      ['Running', '1', newPod],
      ['Exited', '0', podId],
    ]);
    const after = mirror(sim)!;
    // The same manifest is the same static Pod (config hash = UID); the mirror is a new object.
    expect(after.metadata.annotations!['kubernetes.io/config.hash']).toBe(before.metadata.annotations!['kubernetes.io/config.hash']);
    expect(after.metadata.uid).not.toBe(before.metadata.uid);
    const cs = after.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBe(1);
    expect(cs.lastState.terminated?.exitCode).toBe(137);
    expect(cs.lastState.terminated?.containerID).toMatch(new RegExp(`^containerd://${oldCtr}`));
  });

  it('left away past a container GC pass, the runtime forgets it; put back, a new sandbox at ATTEMPT 0', () => {
    const sim = fresh();
    const [[podId]] = pods(sim) as [[string]];
    const [[oldCtr]] = ctrs(sim) as [[string]];
    sh(sim, `mv ${M}/kube-scheduler.yaml /tmp/; sleep 70`);
    expect(pods(sim)).toEqual([]);
    expect(ctrs(sim)).toEqual([]);
    const full = sh(sim, 'journalctl -u kubelet --no-pager | grep RemoveContainer');
    expect(full).toMatch(new RegExp(`"RemoveContainer" containerID="${oldCtr}[0-9a-f]{51}"`));

    sh(sim, `mv /tmp/kube-scheduler.yaml ${M}/; sleep 10`);
    const sandboxes = pods(sim);
    expect(sandboxes.map((r) => [r[2], r[5]])).toEqual([['Ready', '0']]);
    expect(sandboxes[0]![0]).not.toBe(podId);
    expect(ctrs(sim).map((r) => [r[3], r[5], r[6]])).toEqual([['Running', '0', sandboxes[0]![0]]]);
    expect(mirror(sim)!.status!.containerStatuses![0]!.restartCount).toBe(0);
  });

  it('an edited manifest is a new UID: a new sandbox at ATTEMPT 0 beside the old one until GC', () => {
    const sim = fresh();
    const [[podId]] = pods(sim) as [[string]];
    sh(sim, `sed -i 's/- --leader-elect=true/- --leader-elect=true\\n    - --v=3/' ${M}/kube-scheduler.yaml; sleep 10`);
    const sandboxes = pods(sim);
    expect(sandboxes.map((r) => [r[2], r[5]])).toEqual([
      ['Ready', '0'],
      ['NotReady', '0'],
    ]);
    expect(sandboxes[1]![0]).toBe(podId);
    expect(ctrs(sim).map((r) => [r[3], r[5], r[6]])).toEqual([
      ['Running', '0', sandboxes[0]![0]],
      ['Exited', '0', podId],
    ]);
    expect(mirror(sim)!.status!.containerStatuses![0]!.restartCount).toBe(0);
    sh(sim, 'sleep 60');
    expect(pods(sim).map((r) => r[2])).toEqual(['Ready']);
    expect(ctrs(sim).map((r) => r[3])).toEqual(['Running']);
  });

  it("a learner's static Pod, run through the CRI, finds its old sandbox and container again when put back before GC", () => {
    const sim = fresh();
    const node = (line: string): string =>
      sim
        .nodeShell('node-1', line)
        .output.filter((c) => c.stream === 'stdout')
        .map((c) => c.text)
        .join('');
    node(`printf 'apiVersion: v1\\nkind: Pod\\nmetadata:\\n  name: static-web\\nspec:\\n  containers:\\n  - name: web\\n    image: nginx:1.27\\n' > ${M}/static-web.yaml; sleep 20`);
    const [[podId]] = rows(node('crictl pods --name static-web')) as [[string]];
    node(`mv ${M}/static-web.yaml /tmp/; sleep 20`);
    expect(rows(node('crictl pods --name static-web')).map((r) => [r[0], r[2], r[5]])).toEqual([[podId, 'NotReady', '0']]);
    expect(rows(node('crictl ps -a --name web')).map((r) => [r[3], r[5]])).toEqual([['Exited', '0']]);
    node(`mv /tmp/static-web.yaml ${M}/; sleep 10`);
    expect(rows(node('crictl pods --name static-web')).map((r) => [r[2], r[5]])).toEqual([
      ['Ready', '1'],
      ['NotReady', '0'],
    ]);
    expect(rows(node('crictl ps -a --name web')).map((r) => [r[3], r[5]])).toEqual([
      ['Running', '1'],
      ['Exited', '0'],
    ]);
    expect(sim.objects<Pod>('pods').find((p) => p.metadata.name === 'static-web-node-1')!.status!.containerStatuses![0]!.restartCount).toBe(1);
    // Removed again and left past a GC pass, nothing of it stays.
    node(`mv ${M}/static-web.yaml /tmp/; sleep 70`);
    expect(rows(node('crictl pods --name static-web'))).toEqual([]);
    expect(rows(node('crictl ps -a --name web'))).toEqual([]);
  });
});
