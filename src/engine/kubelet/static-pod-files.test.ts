/**
 * The kubelet's file source on the control-plane node (static-pod-source.ts, static-pod-run.ts):
 * what the learner does to /etc/kubernetes/manifests through the node's shell decides which
 * control-plane processes run, as kubelet/config/file.go and file_linux.go do.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { componentId } from '../core/ids';
import { Simulation, worldOf } from '../simulation';

const M = '/etc/kubernetes/manifests';

function sh(sim: Simulation, line: string): { out: string; err: string; code: number } {
  const r = sim.nodeShell('control-plane', line);
  const pick = (s: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { out: pick('stdout'), err: pick('stderr'), code: r.exitCode };
}
const mirror = (sim: Simulation, c: string): Pod | undefined => sim.objects<Pod>('pods').find((p) => p.metadata.name === `${c}-control-plane`);
const running = (sim: Simulation, id: string): boolean | undefined => worldOf(sim).components.get(componentId(id))?.running;
const journal = (sim: Simulation): string => sh(sim, 'journalctl -u kubelet --no-pager').out;

describe("the kubelet's static Pod manifests", () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('kubeadm writes the Pod under its own name; the kubelet adds the node name', () => {
    const sim = fresh();
    expect(sh(sim, `grep -A2 '^  name:' ${M}/kube-scheduler.yaml`).out).toBe('  name: kube-scheduler\n  namespace: kube-system\nspec:\n');
  });

  it('a manifest moved away stops its process and deletes its mirror Pod at once (inotify); moved back, it returns with a new UID', () => {
    const sim = fresh();
    const before = mirror(sim, 'kube-scheduler')!;
    expect(sh(sim, `mv ${M}/kube-scheduler.yaml /tmp/`).code).toBe(0);
    sim.advance(1500);
    expect(running(sim, 'kube-scheduler')).toBe(false);
    expect(mirror(sim, 'kube-scheduler')).toBeUndefined();
    expect(journal(sim)).toMatch(/kubelet\.go:2475\] "SyncLoop REMOVE" source="file" pods=\["kube-system\/kube-scheduler-control-plane"\]\n.*"Killing container with a grace period" pod="kube-system\/kube-scheduler-control-plane" podUID="[0-9a-f]{32}" containerName="kube-scheduler"/);
    // Nothing brings it back while the file is away: not a relist, not a fault's recovery.
    sim.advance(60_000);
    expect(running(sim, 'kube-scheduler')).toBe(false);
    expect(sim.injectFault('kube-scheduler').ok).toBe(true);
    expect(sim.healFault('kube-scheduler').ok).toBe(true);
    sim.advance(5000);
    expect(running(sim, 'kube-scheduler')).toBe(false);

    sh(sim, `mv /tmp/kube-scheduler.yaml ${M}/`);
    sim.advance(5000);
    expect(running(sim, 'kube-scheduler')).toBe(true);
    const after = mirror(sim, 'kube-scheduler')!;
    expect(after.metadata.uid).not.toBe(before.metadata.uid);
    // The same bytes are the same static Pod: its config hash (its UID) is the one it had.
    expect(after.metadata.annotations!['kubernetes.io/config.hash']).toBe(before.metadata.annotations!['kubernetes.io/config.hash']);
    expect(after.status!.containerStatuses![0]).toMatchObject({ ready: true, restartCount: 0 });
    expect(journal(sim)).toContain('"SyncLoop ADD" source="file" pods=["kube-system/kube-scheduler-control-plane"]');
  });

  it('a flag the binary does not know: exit 1 with cobra\'s error, then CrashLoopBackOff on the back-off', () => {
    const sim = fresh();
    const oldHash = mirror(sim, 'kube-scheduler')!.metadata.annotations!['kubernetes.io/config.hash'];
    sh(sim, `sed -i 's/- --leader-elect=true/- --leader-elect=true\\n    - --this-is-wrong=1/' ${M}/kube-scheduler.yaml`);
    sim.advance(3000);
    expect(running(sim, 'kube-scheduler')).toBe(false);
    const p = mirror(sim, 'kube-scheduler')!;
    expect(p.metadata.annotations!['kubernetes.io/config.hash']).not.toBe(oldHash);
    const cs = p.status!.containerStatuses![0]!;
    expect(cs.state.waiting).toEqual({ reason: 'CrashLoopBackOff', message: `back-off 10s restarting failed container=kube-scheduler pod=kube-scheduler-control-plane_kube-system(${p.metadata.annotations!['kubernetes.io/config.hash']})` });
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(sh(sim, 'crictl logs $(crictl ps -a -q --latest --name kube-scheduler)').out).toBe('Error: unknown flag: --this-is-wrong\n');
    sim.advance(40_000);
    const later = mirror(sim, 'kube-scheduler')!.status!.containerStatuses![0]!;
    expect(later.restartCount).toBe(2);
    expect(later.state.waiting?.message).toMatch(/^back-off 40s /);
    // Fixed, it runs again.
    sh(sim, `sed -i '/this-is-wrong/d' ${M}/kube-scheduler.yaml`);
    sim.advance(3000);
    expect(running(sim, 'kube-scheduler')).toBe(true);
    expect(mirror(sim, 'kube-scheduler')!.metadata.annotations!['kubernetes.io/config.hash']).toBe(oldHash);
  });

  it('an image that does not pull: ErrImagePull, then ImagePullBackOff; the old process was killed', () => {
    const sim = fresh();
    sh(sim, `sed -i 's#kube-controller-manager:v1.36.1#kube-controler-manager:v1.36.1#' ${M}/kube-controller-manager.yaml`);
    sim.advance(200);
    expect(running(sim, 'kube-controller-manager')).toBe(false);
    expect(journal(sim)).toMatch(/"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"kube-controller-manager\\" with ErrImagePull: /);
    sim.advance(3000);
    const w = mirror(sim, 'kube-controller-manager')!.status!.containerStatuses![0]!;
    expect(w.image).toBe('registry.k8s.io/kube-controler-manager:v1.36.1');
    expect(w.state.waiting).toMatchObject({ reason: 'ImagePullBackOff' });
    expect(w.state.waiting!.message).toMatch(/^Back-off pulling image "registry\.k8s\.io\/kube-controler-manager:v1\.36\.1": ErrImagePull: /);
  });

  it('YAML that does not parse: the watch event fails and the Pod keeps running until the 20 s listing drops it', () => {
    const sim = fresh();
    sh(sim, `sed -i 's/^metadata:/metadata;/' ${M}/kube-apiserver.yaml`);
    sim.advance(500);
    expect(journal(sim)).toContain(`file.go:108] "Unable to process watch event" err="can't process config file \\"${M}/kube-apiserver.yaml\\": ${M}/kube-apiserver.yaml: couldn't parse as pod(yaml: line 4: could not find expected ':'), please check config file"`);
    expect(running(sim, 'kube-apiserver')).toBe(true);
    sim.advance(21_000);
    expect(running(sim, 'kube-apiserver')).toBe(false);
    expect(journal(sim)).toContain(`file.go:187] "Could not process manifest file" err="${M}/kube-apiserver.yaml: couldn't parse as pod(yaml: line 4: could not find expected ':'), please check config file" path="${M}/kube-apiserver.yaml"`);
  });

  it('crictl ps -a lists the dead attempt before the current one, as container GC keeps it; older ones are removed', () => {
    const sim = fresh();
    sh(sim, `sed -i 's/--leader-elect=true/--leader-elekt=true/' ${M}/kube-scheduler.yaml`);
    sim.advance(60_000);
    const ps = sh(sim, 'crictl ps -a --name kube-scheduler').out.split('\n');
    expect(ps[0]).toMatch(/^CONTAINER +IMAGE +CREATED +STATE +NAME +ATTEMPT +POD ID +POD +NAMESPACE$/);
    expect(ps.slice(1, -1).map((l) => l.split(/ {2,}/).slice(3, 6).join(' '))).toEqual(['Exited kube-scheduler 2', 'Exited kube-scheduler 1']);
    const [newest, before] = sh(sim, 'crictl ps -a -q --name kube-scheduler').out.trim().split('\n');
    expect(sh(sim, `crictl logs ${before}`).out).toBe('Error: unknown flag: --leader-elekt\n');
    expect(JSON.parse(sh(sim, `crictl inspect ${before}`).out).status).toMatchObject({ metadata: { attempt: 1 }, state: 'CONTAINER_EXITED', exitCode: 1 });
    // The first attempt was removed when the third started, as pruneDeadInstances does for any Pod.
    expect(journal(sim)).toMatch(/scope\.go:117\] "RemoveContainer" containerID="[0-9a-f]{64}"\n/);
    expect(mirror(sim, 'kube-scheduler')!.status!.containerStatuses![0]!.lastState.terminated!.containerID).toBe(`containerd://${newest}`);
  });

  it('a control-plane process that stopped and came back: crictl ps -a shows the killed container under the running one', () => {
    const sim = fresh();
    expect(sim.injectFault('kube-scheduler').ok).toBe(true);
    sim.advance(3000);
    expect(sim.healFault('kube-scheduler').ok).toBe(true);
    sim.advance(5000);
    const rows = sh(sim, 'crictl ps -a --name kube-scheduler').out.split('\n').slice(1, -1).map((l) => l.split(/ {2,}/).slice(3, 6).join(' '));
    expect(rows).toEqual(['Running kube-scheduler 1', 'Exited kube-scheduler 0']);
  });

  it('with kube-apiserver crash-looping, the stale mirror is tried at the static Pod\'s syncs, not every second', () => {
    const sim = fresh();
    const oldUid = mirror(sim, 'kube-apiserver')!.metadata.uid!;
    sh(sim, `sed -i 's/- --secure-port=6443/- --secure-port=6443\\n    - --no-such-flag/' ${M}/kube-apiserver.yaml`);
    sim.advance(60_000);
    const lines = journal(sim).split('\n');
    const tries = lines.filter((l) => l.includes('"Trying to delete pod"'));
    expect(tries[0]).toContain(`pod="kube-system/kube-apiserver-control-plane" podUID="${oldUid}"`);
    // mirror_client.go's error, client-go's url.Error of the DELETE (a kubelet journal recorded in kubernetes/website#27188).
    expect(lines[lines.indexOf(tries[0]!) + 1]).toMatch(/E\d{4} [\d:.]+ +\d+ mirror_client\.go:138\] "Failed deleting a mirror pod" err="Delete \\"https:\/\/10\.0\.0\.10:6443\/api\/v1\/namespaces\/kube-system\/pods\/kube-apiserver-control-plane\\": dial tcp 10\.0\.0\.10:6443: connect: connection refused" pod="kube-system\/kube-apiserver-control-plane"$/);
    // At the static Pod's syncs — each attempt, and the pod worker's requeue 10–15 s after a failed
    // sync — which each fail again with "Error syncing pod, skipping", as for any Pod.
    const second = (l: string): string => /\d\d:\d\d:\d\d/.exec(l.slice(16))![0];
    const syncs = lines.filter((l) => l.includes('"Error syncing pod, skipping"') && l.includes('kube-apiserver-control-plane'));
    expect(tries.map(second)).toEqual(syncs.map(second));
    expect(tries.length).toBeGreaterThanOrEqual(4);
    expect(tries.length).toBeLessThanOrEqual(8);
  });

  it('an orphaned mirror Pod kube-apiserver cannot delete is tried again every housekeeping period (2 s)', () => {
    const sim = fresh();
    sh(sim, `sed -i 's/^kind: Pod/kind; Pod/' ${M}/kube-apiserver.yaml`);
    sim.advance(31_000);
    const fails = journal(sim).split('\n').filter((l) => l.includes('"Failed deleting a mirror pod"'));
    expect(fails.length).toBeGreaterThanOrEqual(5);
    const at = fails.map((l) => Date.parse(`2025-09-01T${/ (\d\d:\d\d:\d\d\.\d{3})/.exec(l)![1]}Z`));
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(2000);
    sh(sim, `sed -i 's/^kind; Pod/kind: Pod/' ${M}/kube-apiserver.yaml`);
    sim.advance(30_000);
    expect(mirror(sim, 'kube-apiserver')!.status!.containerStatuses![0]).toMatchObject({ ready: true });
  });

  it("a learner's own static Pod on a worker: a Pod worker runs it, its mirror Pod shows it, removing the file ends it", () => {
    const sim = fresh();
    const manifest = 'apiVersion: v1\\nkind: Pod\\nmetadata:\\n  name: static-web\\nspec:\\n  containers:\\n  - name: web\\n    image: nginx:1.27';
    const r = sim.nodeShell('node-1', `printf '${manifest}\\n' > ${M}/static-web.yaml`);
    expect(r.exitCode).toBe(0);
    sim.advance(15_000);
    const p = sim.objects<Pod>('pods').find((x) => x.metadata.name === 'static-web-node-1')!;
    expect(p.metadata.namespace).toBe('default');
    expect(p.metadata.annotations!['kubernetes.io/config.source']).toBe('file');
    expect(p.spec).toMatchObject({ nodeName: 'node-1', tolerations: expect.arrayContaining([{ operator: 'Exists', effect: 'NoExecute' }]) });
    expect(p.status?.phase).toBe('Running');
    sim.nodeShell('node-1', `rm ${M}/static-web.yaml`);
    sim.advance(15_000);
    expect(sim.objects<Pod>('pods').find((x) => x.metadata.name === 'static-web-node-1')).toBeUndefined();
    const ps = sim.nodeShell('node-1', 'crictl ps').output.map((o) => o.text).join('');
    expect(ps).not.toContain('static-web');
  });

  it('a stopped kubelet sees nothing; started, it reads the directory afresh', () => {
    const sim = fresh();
    sh(sim, 'systemctl stop kubelet');
    sh(sim, `rm ${M}/kube-scheduler.yaml`);
    sim.advance(5000);
    expect(running(sim, 'kube-scheduler')).toBe(true);
    sh(sim, 'systemctl start kubelet');
    sim.advance(3000);
    expect(running(sim, 'kube-scheduler')).toBe(false);
  });
});
