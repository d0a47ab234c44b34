/**
 * The failure lab end to end: `sim fail` / `sim recover` through the session, asserting only
 * what a student sees with kubectl, and that the cluster reconverges after recovery.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

/** `kubectl get pods` rows (header dropped) as [name, ready, status, restarts, age, ip, node]. */
function podRows(s: Session, args = ''): string[][] {
  return out(s, `kubectl get pods -o wide ${args}`).trim().split('\n').slice(1).filter(Boolean).map((l) => l.split(/\s{2,}/));
}

function nodeStatus(s: Session, node: string): string | undefined {
  const row = out(s, 'kubectl get nodes').split('\n').find((l) => l.startsWith(`${node} `));
  return row?.split(/\s+/)[1];
}

function withWeb(replicas = 3): Session {
  const s = new Session({ seed: 7 });
  expect(out(s, `kubectl create deployment web --image=nginx --replicas=${replicas}`)).toBe('deployment.apps/web created\n');
  expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
  return s;
}

const running = (rows: string[][]): string[][] => rows.filter((r) => r[2] === 'Running' && r[1] === '1/1');

describe('sim fail --list and target names', () => {
  it('lists every basic target with its state, and marks an injected fault', () => {
    const s = new Session({ seed: 1 });
    const list = out(s, 'sim fail --list');
    const names = list.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[0]);
    expect(names.slice(0, 5)).toEqual(['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'csi']);
    for (const n of ['control-plane', 'node-1', 'node-2', 'node-3']) {
      for (const p of ['kubelet', 'container-runtime', 'cni', 'kube-proxy', 'node']) expect(names).toContain(`${p}/${n}`);
    }
    for (const n of ['node-1', 'node-2', 'node-3']) expect(names).toContain(`network/${n}`);
    expect(names).not.toContain('network/control-plane');
    // Message faults follow: latency per control-plane kind and per machine, dropped watches per
    // informer-driven component.
    for (const n of ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'control-plane', 'node-1', 'node-2', 'node-3']) expect(names).toContain(`latency/${n}`);
    for (const n of ['kube-controller-manager', 'kube-scheduler', 'kubelet/node-2', 'kube-proxy/control-plane']) expect(names).toContain(`watch-drop/${n}`);
    expect(names).not.toContain('watch-drop/etcd');
    // …then the etcd member's disk (disk-latency/etcd).
    expect(names).toContain('disk-latency/etcd');
    expect(names).toHaveLength(5 + 4 * 5 + 3 + (3 + 4) + (2 + 2 * 4) + 1);
    expect(list).toMatch(/^kube-scheduler\s+Running$/m);
    expect(out(s, 'sim fail kube-scheduler')).toBe('fault injected: kube-scheduler stopped\n');
    expect(out(s, 'sim fail --list')).toMatch(/^kube-scheduler\s+Failed$/m);
    expect(out(s, 'sim fail kube-scheduler')).toBe('error: kube-scheduler is already failed\n');
    expect(out(s, 'sim recover kube-scheduler')).toBe('recovered: kube-scheduler started\n');
    expect(out(s, 'sim recover kube-scheduler')).toBe('error: kube-scheduler is not failed\n');
  });

  it('rejects an unknown target and says how targets are named', () => {
    const s = new Session({ seed: 1 });
    const r = s.run('sim fail kube-scheduler-2');
    expect(r.exitCode).toBe(1);
    const text = r.output.map((c) => c.text).join('');
    expect(text).toContain('error: unknown fault target "kube-scheduler-2"');
    expect(text).toContain('kubelet/<node>');
    expect(text).toContain('node/<node>');
    expect(s.run('sim recover nope').exitCode).toBe(1);
  });

  it('names per-instance targets in the ha topology', () => {
    const s = new Session({ seed: 1, topology: 'ha' });
    const list = out(s, 'sim fail --list');
    for (const n of ['kube-scheduler', 'kube-scheduler-2', 'etcd-1', 'kube-apiserver-3', 'node/control-plane-2']) expect(list).toMatch(new RegExp(`^${n}\\s+Running$`, 'm'));
  });
});

describe('failure lab consequences', () => {
  it('kube-apiserver down: kubectl is refused, Pods keep running, everything reconverges', () => {
    const s = withWeb();
    expect(out(s, 'sim fail kube-apiserver')).toBe('fault injected: kube-apiserver stopped\n');
    const refused = 'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n';
    expect(out(s, 'kubectl get pods')).toBe(refused);
    expect(out(s, 'kubectl scale deployment web --replicas=4')).toBe(refused);
    out(s, 'sim advance 2m');
    expect(out(s, 'sim status')).toMatch(/^kube-apiserver\s+control-plane\s+Stopped/m);
    expect(out(s, 'sim recover kube-apiserver')).toBe('recovered: kube-apiserver started\n');
    out(s, 'sim advance 30s');
    // The same three Pods survived the outage, and the controllers act again.
    expect(running(podRows(s))).toHaveLength(3);
    expect(out(s, 'kubectl scale deployment web --replicas=4')).toBe('deployment.apps/web scaled\n');
    out(s, 'sim advance 30s');
    expect(running(podRows(s))).toHaveLength(4);
    for (const n of ['node-1', 'node-2', 'node-3']) expect(nodeStatus(s, n)).toBe('Ready');
  });

  it('etcd down: writes and consistent reads time out, the watch cache still answers, recovery converges', () => {
    const s = withWeb();
    expect(out(s, 'sim fail etcd')).toBe('fault injected: etcd stopped\n');
    const before = s.sim.now;
    expect(out(s, 'kubectl get pods')).toBe('Error from server: etcdserver: request timed out\n');
    expect(s.sim.now - before).toBeGreaterThanOrEqual(7000);
    // resourceVersion=0: what the watch cache holds, without asking etcd.
    const cached = JSON.parse(out(s, "kubectl get --raw '/api/v1/namespaces/default/pods?resourceVersion=0'")) as { items: { status: { phase: string } }[] };
    expect(cached.items.filter((p) => p.status.phase === 'Running')).toHaveLength(3);
    const r = s.run('kubectl scale deployment web --replicas=5');
    expect(r.exitCode).not.toBe(0);
    expect(r.output.map((c) => c.text).join('')).toBe('Error from server: etcdserver: request timed out\n');
    out(s, 'sim advance 20s');
    expect(out(s, 'sim recover etcd')).toBe('recovered: etcd started\n');
    out(s, 'sim advance 5s');
    expect(out(s, 'kubectl scale deployment web --replicas=5')).toBe('deployment.apps/web scaled\n');
    out(s, 'sim advance 30s');
    expect(running(podRows(s))).toHaveLength(5);
  });

  it('kube-scheduler down: new Pods stay Pending without an event; recovery binds them', () => {
    const s = withWeb();
    out(s, 'sim fail kube-scheduler');
    out(s, 'kubectl scale deployment web --replicas=5');
    out(s, 'sim advance 1m');
    const pending = podRows(s).filter((r) => r[2] === 'Pending');
    expect(pending).toHaveLength(2);
    for (const r of pending) expect(r[6]).toBe('<none>');
    expect(out(s, 'kubectl get events --field-selector reason=FailedScheduling')).toBe('No resources found in default namespace.\n');
    expect(out(s, `kubectl describe pod ${pending[0]![0]}`)).toMatch(/^Node:\s+<none>$/m);
    out(s, 'sim recover kube-scheduler');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
    const rows = podRows(s);
    expect(running(rows)).toHaveLength(5);
    expect(out(s, 'kubectl get events --field-selector reason=Scheduled')).toContain(`Successfully assigned default/${pending[0]![0]} to`);
  });

  it('kube-controller-manager down: a deleted Pod is not replaced and scaling does nothing until recovery', () => {
    const s = withWeb();
    out(s, 'sim fail kube-controller-manager');
    const victim = podRows(s)[0]![0]!;
    expect(out(s, `kubectl delete pod ${victim}`)).toContain(`pod "${victim}" deleted`);
    out(s, 'kubectl scale deployment web --replicas=5');
    out(s, 'sim advance 1m');
    expect(podRows(s).map((r) => r[0])).not.toContain(victim);
    expect(podRows(s)).toHaveLength(2);
    // Nobody updates the Deployment's status either: it still shows the last one written.
    expect(out(s, 'kubectl get deployment web')).toMatch(/^web\s+3\/5\s+3\s+3\s/m);
    out(s, 'sim recover kube-controller-manager');
    out(s, 'sim advance 1m');
    expect(running(podRows(s))).toHaveLength(5);
    expect(out(s, 'kubectl get deployment web')).toMatch(/^web\s+5\/5\s+5\s+5\s/m);
  });

  it('kubelet down: NotReady after ~50 s, eviction 300 s later, replacements elsewhere; recovery finishes the old Pods', () => {
    const s = withWeb(6);
    const onNode2 = podRows(s).filter((r) => r[6] === 'node-2').map((r) => r[0]!);
    expect(onNode2.length).toBeGreaterThan(0);
    expect(out(s, 'sim fail kubelet/node-2')).toBe('fault injected: kubelet/node-2 stopped\n');
    out(s, 'sim advance 30s');
    expect(nodeStatus(s, 'node-2')).toBe('Ready');
    out(s, 'sim advance 30s');
    expect(nodeStatus(s, 'node-2')).toBe('NotReady');
    out(s, 'sim advance 10s');
    const desc = out(s, 'kubectl describe node node-2');
    expect(desc).toMatch(/Taints:\s+node\.kubernetes\.io\/unreachable:NoExecute\n\s+node\.kubernetes\.io\/unreachable:NoSchedule/);
    expect(desc).toMatch(/^ {2}Ready\s+Unknown\s.*NodeStatusUnknown\s+Kubelet stopped posting node status\.$/m);
    expect(desc).toMatch(/NodeNotReady\s.*node-controller\s+Node node-2 status is now: NodeNotReady/);
    const podDesc = out(s, `kubectl describe pod ${onNode2[0]}`);
    expect(podDesc).toMatch(/^ {2}Ready\s+False\s*$/m);
    expect(podDesc).toMatch(/Warning\s+NodeNotReady\s.*node-controller\s+Node is not ready/);
    out(s, 'sim advance 5m');
    const rows = podRows(s);
    for (const p of onNode2) expect(rows.find((r) => r[0] === p)?.[2]).toBe('Terminating');
    expect(out(s, 'kubectl get events --field-selector reason=TaintManagerEviction')).toContain(`Marking for deletion Pod default/${onNode2[0]}`);
    const live = rows.filter((r) => r[2] !== 'Terminating');
    expect(live).toHaveLength(6);
    for (const r of live) expect(r[6]).not.toBe('node-2');
    out(s, 'sim recover kubelet/node-2');
    out(s, 'sim advance 1m');
    const after = podRows(s);
    for (const p of onNode2) expect(after.map((r) => r[0])).not.toContain(p);
    expect(running(after)).toHaveLength(6);
    expect(nodeStatus(s, 'node-2')).toBe('Ready');
    expect(out(s, 'kubectl describe node node-2')).toMatch(/^Taints:\s+<none>$/m);
  });

  it('container runtime down: Node Ready=False with the runtime message, new containers cannot start', () => {
    const s = withWeb();
    out(s, 'sim fail container-runtime/node-2');
    out(s, 'sim advance 15s');
    expect(nodeStatus(s, 'node-2')).toBe('NotReady');
    const desc = out(s, 'kubectl describe node node-2');
    expect(desc).toMatch(/^ {2}Ready\s+False\s.*KubeletNotReady\s+container runtime is down/m);
    expect(desc).toMatch(/Taints:\s+node\.kubernetes\.io\/not-ready:NoExecute/);
    const manifest = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: pinned\nspec:\n  nodeName: node-2\n  containers:\n  - name: c\n    image: nginx\n';
    const pinned = new Session({ seed: 7, files: { 'pinned.yaml': manifest } });
    out(pinned, 'sim fail container-runtime/node-2');
    expect(out(pinned, 'kubectl apply -f pinned.yaml')).toBe('pod/pinned created\n');
    out(pinned, 'sim advance 30s');
    const stuck = podRows(pinned).find((r) => r[0] === 'pinned');
    expect(stuck?.[1]).toBe('0/1');
    expect(stuck?.[5]).toBe('<none>');
    out(pinned, 'sim recover container-runtime/node-2');
    out(pinned, 'sim advance 1m');
    expect(podRows(pinned).find((r) => r[0] === 'pinned')?.[2]).toBe('Running');
    out(s, 'sim recover container-runtime/node-2');
    out(s, 'sim advance 30s');
    expect(nodeStatus(s, 'node-2')).toBe('Ready');
  });

  it('node power-off: every process on it stops and the machine boots them again on recovery', () => {
    const s = withWeb();
    out(s, 'sim fail node/node-1');
    expect(out(s, 'sim status')).toMatch(/^kubelet\/node-1\s+node-1\s+Stopped/m);
    expect(out(s, 'sim recover kubelet/node-1')).toBe('error: kubelet/node-1 is not failed\n');
    out(s, 'sim advance 1m');
    expect(nodeStatus(s, 'node-1')).toBe('NotReady');
    expect(out(s, 'sim recover node/node-1')).toBe('recovered: node/node-1 powered on, booting\n');
    out(s, 'sim advance 1m');
    expect(out(s, 'sim status')).not.toMatch(/Stopped/);
    expect(nodeStatus(s, 'node-1')).toBe('Ready');
    expect(running(podRows(s))).toHaveLength(3);
  });

  it('network partition: the Node goes NotReady while its Pods keep running, and rejoins on recovery', () => {
    const s = withWeb();
    const onNode2 = podRows(s).filter((r) => r[6] === 'node-2').map((r) => r[0]!);
    expect(onNode2.length).toBeGreaterThan(0);
    expect(out(s, 'sim fail network/node-2')).toBe('fault injected: network/node-2 partitioned from the control plane\n');
    out(s, 'sim advance 70s');
    expect(nodeStatus(s, 'node-2')).toBe('NotReady');
    expect(out(s, 'kubectl describe node node-2')).toMatch(/^ {2}Ready\s+Unknown\s.*Kubelet stopped posting node status\.$/m);
    // The kubelet is alive and so are its containers: only the control plane lost sight of them.
    expect(out(s, 'sim status')).toMatch(/^kubelet\/node-2\s+node-2\s+Running/m);
    out(s, 'sim recover network/node-2');
    out(s, 'sim advance 30s');
    expect(nodeStatus(s, 'node-2')).toBe('Ready');
    expect(running(podRows(s)).map((r) => r[0])).toEqual(expect.arrayContaining(onNode2));
  });
});
