/**
 * Failure-lab scenarios beyond a whole component going down: a standby taking over a Lease in
 * the ha topology, a broken CNI plugin on one node, a stopped CSI driver. Asserted only through
 * what kubectl shows.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

/** `kubectl get pods -o wide` rows as [name, ready, status, restarts, age, ip, node]. */
function podRows(s: Session): string[][] {
  return out(s, 'kubectl get pods -o wide').trim().split('\n').slice(1).filter(Boolean).map((l) => l.split(/\s{2,}/));
}

function holder(s: Session, lease: string): string {
  return out(s, `kubectl get lease ${lease} -n kube-system -o jsonpath='{.spec.holderIdentity}'`);
}

/** `control-plane-2_<uuid>` → 2. */
function holderIndex(identity: string): string {
  const m = /^control-plane-(\d)_[0-9a-f-]{36}$/.exec(identity);
  expect(m, identity).not.toBeNull();
  return m![1]!;
}

describe('ha: a standby takes over a Lease', () => {
  it('kube-scheduler: Pods stay Pending until the lease expires and another control-plane schedules them', () => {
    const s = new Session({ seed: 1, topology: 'ha' });
    const before = holder(s, 'kube-scheduler');
    const n = holderIndex(before);
    expect(out(s, `sim fail kube-scheduler-${n}`)).toBe(`fault injected: kube-scheduler-${n} stopped\n`);
    expect(out(s, 'kubectl create deployment web --image=nginx --replicas=2')).toBe('deployment.apps/web created\n');
    out(s, 'sim advance 3s');
    const pending = podRows(s);
    expect(pending).toHaveLength(2);
    for (const r of pending) expect([r[2], r[6]]).toEqual(['Pending', '<none>']);
    // The standbys only see the lease as expired 15 s (leaseDuration) after its last renewal.
    expect(holder(s, 'kube-scheduler')).toBe(before);
    out(s, 'sim advance 20s');
    const after = holder(s, 'kube-scheduler');
    expect(holderIndex(after)).not.toBe(n);
    const rows = podRows(s);
    for (const r of rows) expect([r[1], r[2]]).toEqual(['1/1', 'Running']);
    const events = out(s, 'kubectl get events -n kube-system --field-selector reason=LeaderElection');
    expect(events).toMatch(new RegExp(`Normal\\s+LeaderElection\\s+lease/kube-scheduler\\s+${after} became leader`));
  });

  it('kube-controller-manager: scaling does nothing until the standby takes over, then it does', () => {
    const s = new Session({ seed: 1, topology: 'ha' });
    out(s, 'kubectl create deployment web --image=nginx --replicas=1');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
    const before = holder(s, 'kube-controller-manager');
    const n = holderIndex(before);
    out(s, `sim fail kube-controller-manager-${n}`);
    expect(out(s, 'kubectl scale deployment web --replicas=3')).toBe('deployment.apps/web scaled\n');
    out(s, 'sim advance 5s');
    expect(podRows(s)).toHaveLength(1);
    expect(holder(s, 'kube-controller-manager')).toBe(before);
    out(s, 'sim advance 30s');
    const after = holder(s, 'kube-controller-manager');
    expect(holderIndex(after)).not.toBe(n);
    expect(out(s, 'kubectl get events -n kube-system --field-selector reason=LeaderElection')).toContain(`lease/kube-controller-manager   ${after} became leader`);
    const rows = podRows(s);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r[2]).toBe('Running');
  });

  it('a restarted kube-controller-manager campaigns as a new process: a new identity takes the Lease back', () => {
    const s = new Session({ seed: 1 });
    const before = holder(s, 'kube-controller-manager');
    expect(before).toMatch(/^control-plane_[0-9a-f-]{36}$/);
    out(s, 'sim fail kube-controller-manager');
    out(s, 'sim advance 2s');
    out(s, 'sim recover kube-controller-manager');
    out(s, 'sim advance 30s');
    const after = holder(s, 'kube-controller-manager');
    expect(after).toMatch(/^control-plane_[0-9a-f-]{36}$/);
    expect(after).not.toBe(before);
    expect(out(s, 'kubectl get events -n kube-system --field-selector reason=LeaderElection')).toContain(`${after} became leader`);
  });

  it('one of three apiservers down: kubectl keeps working through the load balancer', () => {
    const s = new Session({ seed: 1, topology: 'ha' });
    expect(out(s, 'sim fail kube-apiserver-1')).toBe('fault injected: kube-apiserver-1 stopped\n');
    expect(out(s, 'sim status')).toMatch(/^kube-apiserver-1\s+control-plane-1\s+Stopped/m);
    for (let i = 0; i < 3; i++) expect(out(s, 'kubectl get nodes')).toMatch(/^node-1\s+Ready\s/m);
    expect(out(s, 'kubectl create deployment web --image=nginx --replicas=2')).toBe('deployment.apps/web created\n');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
  });
});

const PINNED = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: pinned\nspec:\n  nodeSelector:\n    kubernetes.io/hostname: node-2\n  containers:\n  - name: c\n    image: nginx\n';

describe('cni/node-2 broken', () => {
  it('new Pods there fail to get a sandbox and retry with back-off; existing Pods keep their IPs; recovery starts them', () => {
    const s = new Session({ seed: 1, files: { 'pinned.yaml': PINNED } });
    out(s, 'kubectl create deployment web --image=nginx --replicas=3');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
    const existing = podRows(s).filter((r) => r[6] === 'node-2');
    expect(existing.length).toBeGreaterThan(0);
    expect(out(s, 'sim fail cni/node-2')).toBe('fault injected: cni/node-2 stopped\n');
    expect(out(s, 'kubectl apply -f pinned.yaml')).toBe('pod/pinned created\n');
    out(s, 'sim advance 1m');
    const stuck = podRows(s).find((r) => r[0] === 'pinned');
    expect(stuck?.slice(1, 3)).toEqual(['0/1', 'ContainerCreating']);
    expect(stuck?.[5]).toBe('<none>');
    expect(stuck?.[6]).toBe('node-2');
    const desc = out(s, 'kubectl describe pod pinned');
    const failures = desc.match(
      /Warning\s+FailedCreatePodSandBox\s+\S+\s+kubelet\s+Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "[0-9a-f]{64}": plugin type="ptp" failed \(add\): failed to find plugin "ptp" in path \[\/opt\/cni\/bin\]$/gm,
    );
    // Retried, each attempt with a new sandbox id, but not in a tight loop.
    expect(failures?.length ?? 0).toBeGreaterThan(1);
    expect(failures!.length).toBeLessThan(20);
    // The node itself stays Ready (the CNI config is still there) and its Pods keep running.
    expect(out(s, 'kubectl get nodes')).toMatch(/^node-2\s+Ready\s/m);
    const now = podRows(s);
    for (const e of existing) expect(now.find((r) => r[0] === e[0])?.slice(1, 7)).toEqual(['1/1', 'Running', e[3], expect.any(String), e[5], 'node-2']);
    out(s, 'sim recover cni/node-2');
    out(s, 'sim advance 1m');
    const started = podRows(s).find((r) => r[0] === 'pinned');
    expect(started?.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(started?.[5]).toMatch(/^10\.244\.\d+\.\d+$/);
  });
});

const CLAIM = (name: string): string => `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: ${name}\nspec:\n  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n`;
const USER = (name: string, claim: string): string =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: c\n    image: nginx\n    volumeMounts:\n    - name: data\n      mountPath: /data\n  volumes:\n  - name: data\n    persistentVolumeClaim:\n      claimName: ${claim}\n`;

describe('csi stopped', () => {
  it('a new claim is not provisioned and its Pod stays Pending; a Pod without volumes is fine; recovery binds and starts it', () => {
    const s = new Session({ seed: 1, files: { 'db.yaml': `${CLAIM('data')}---\n${USER('db', 'data')}` } });
    out(s, 'sim advance 10s');
    expect(out(s, 'sim fail csi')).toBe('fault injected: csi stopped\n');
    expect(out(s, 'kubectl apply -f db.yaml')).toBe('persistentvolumeclaim/data created\npod/db created\n');
    expect(out(s, 'kubectl run plain --image=nginx')).toBe('pod/plain created\n');
    out(s, 'sim advance 1m');
    expect(out(s, 'kubectl get pvc data')).toMatch(/^data\s+Pending\s+standard\s/m);
    expect(out(s, 'kubectl get pv')).toBe('No resources found\n');
    const rows = podRows(s);
    expect(rows.find((r) => r[0] === 'db')?.slice(1, 3)).toEqual(['0/1', 'Pending']);
    expect(rows.find((r) => r[0] === 'plain')?.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(out(s, 'kubectl get events --field-selector reason=Provisioning')).toBe('No resources found in default namespace.\n');
    out(s, 'sim recover csi');
    out(s, 'sim advance 1m');
    expect(out(s, 'kubectl get pvc data')).toMatch(/^data\s+Bound\s+pvc-[0-9a-f-]{36}\s+1Gi\s+RWO\s+standard\s/m);
    expect(podRows(s).find((r) => r[0] === 'db')?.slice(1, 3)).toEqual(['1/1', 'Running']);
  });

  it('a bound volume cannot be mounted while the driver is down: FailedMount, ContainerCreating, then it mounts', () => {
    // The PV's node affinity puts the second Pod on the first one's node.
    const s = new Session({ seed: 1, files: { 'a.yaml': `${CLAIM('data')}---\n${USER('first', 'data')}`, 'b.yaml': USER('second', 'data') } });
    expect(out(s, 'kubectl apply -f a.yaml')).toBe('persistentvolumeclaim/data created\npod/first created\n');
    out(s, 'sim advance 1m');
    const first = podRows(s).find((r) => r[0] === 'first');
    expect(first?.[2]).toBe('Running');
    const pv = /^data\s+Bound\s+(pvc-\S+)/m.exec(out(s, 'kubectl get pvc data'))![1]!;
    out(s, 'sim fail csi');
    expect(out(s, 'kubectl apply -f b.yaml')).toBe('pod/second created\n');
    out(s, 'sim advance 30s');
    const second = podRows(s).find((r) => r[0] === 'second');
    expect(second?.slice(1, 3)).toEqual(['0/1', 'ContainerCreating']);
    expect(second?.[6]).toBe(first?.[6]);
    expect(out(s, 'kubectl describe pod second')).toContain(
      `Warning  FailedMount`,
    );
    expect(out(s, 'kubectl get events --field-selector involvedObject.name=second,reason=FailedMount')).toContain(
      `MountVolume.MountDevice failed for volume "${pv}" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name hostpath.csi.k8s.io not found in the list of registered CSI drivers`,
    );
    // The Pod that mounted before the driver stopped keeps running.
    expect(podRows(s).find((r) => r[0] === 'first')?.[2]).toBe('Running');
    out(s, 'sim recover csi');
    out(s, 'sim advance 2m');
    expect(podRows(s).find((r) => r[0] === 'second')?.slice(1, 3)).toEqual(['1/1', 'Running']);
  });
});
