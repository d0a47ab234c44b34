/**
 * etcd made visible through the student's own commands: etcdctl in the etcd static Pod,
 * `etcdctl snapshot save` + `sim etcd restore`, the disk-latency fault, and a five-member etcd.
 */
import { describe, expect, it } from 'vitest';
import { loadKubectlHelp } from '../help/load';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

const TLS = '--endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key';
const ctl = (args: string, pod = 'etcd-control-plane'): string => `kubectl exec -n kube-system ${pod} -- etcdctl ${TLS} ${args}`;

describe('etcdctl in the etcd Pod', () => {
  it('without the client certificate fails the TLS handshake until the command timeout', () => {
    const s = new Session({ seed: 1 });
    const r = s.run('kubectl exec -n kube-system etcd-control-plane -- etcdctl member list');
    const text = r.output.map((c) => c.text).join('');
    expect(r.exitCode).toBe(1);
    expect(text).toContain('"msg":"retrying of unary invoker failed"');
    expect(text).toContain('error reading server preface: EOF');
    expect(text).toContain('Error: context deadline exceeded\ncommand terminated with exit code 1\n');
    const noClientCert = out(s, 'kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt endpoint health');
    expect(noClientCert).toContain('remote error: tls: certificate required');
    expect(out(s, 'kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 get /x')).toContain('x509: certificate signed by unknown authority');
    expect(out(s, 'kubectl exec -n kube-system etcd-control-plane -- sh')).toContain('exec: "sh": executable file not found in $PATH');
  });

  it("passes --help after -- to etcdctl, not to kubectl", async () => {
    await loadKubectlHelp();
    const s = new Session({ seed: 1 });
    const help = out(s, 'kubectl exec -n kube-system etcd-control-plane -- etcdctl --help');
    expect(help).toContain('etcdctl - A simple command line client for etcd3.');
    expect(help).not.toContain('Execute a command in a container.');
    expect(out(s, 'kubectl exec -n kube-system etcd-control-plane --help')).toMatch(/^Execute a command in a container\.\n/);
  });

  it('lists the member, reports health and the real 3.6 status table', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, ctl('member list'))).toMatch(/^[0-9a-f]{16}, started, control-plane, https:\/\/10\.0\.0\.10:2380, https:\/\/10\.0\.0\.10:2379, false\n$/);
    expect(out(s, ctl('endpoint health'))).toMatch(/^https:\/\/127\.0\.0\.1:2379 is healthy: successfully committed proposal: took = 1\.\d+ms\n$/);
    const table = out(s, ctl('endpoint status -w table')).split('\n');
    expect(table[1]).toBe(
      '|        ENDPOINT        |        ID        | VERSION | STORAGE VERSION | DB SIZE | IN USE | PERCENTAGE NOT IN USE | QUOTA  | IS LEADER | IS LEARNER | RAFT TERM | RAFT INDEX | RAFT APPLIED INDEX | ERRORS | DOWNGRADE TARGET VERSION | DOWNGRADE ENABLED |',
    );
    expect(table[3]).toMatch(/^\| https:\/\/127\.0\.0\.1:2379 \| [0-9a-f]{16} \| {3}3\.6\.8 \| {11}3\.6\.0 \| .* \| 2\.1 GB \| {6}true \| {6}false \| {9}1 \|/);
  });

  it('holds a key for every stored object and nothing else: no logs, no application data', () => {
    const s = new Session({ seed: 1 });
    out(s, 'kubectl create deployment web --image=nginx --replicas=2');
    out(s, 'sim advance 20s');
    const keys = out(s, ctl('get / --prefix --keys-only')).split('\n').filter(Boolean);
    const objects = s.sim.storedObjects();
    expect(keys).toHaveLength(objects.length);
    expect(keys).toContain('/registry/minions/node-1');
    expect(keys).toContain('/registry/services/specs/default/kubernetes');
    expect(keys).toContain('/registry/deployments/default/web');
    expect(keys.filter((k) => k.startsWith('/registry/pods/default/web-'))).toHaveLength(2);
    expect(out(s, `${ctl('get / --prefix --keys-only')} | grep logs`)).toBe('');
    const value = out(s, ctl('get /registry/deployments/default/web')).split('\n');
    expect(value[0]).toBe('/registry/deployments/default/web');
    const stored = JSON.parse(value[1]!) as { kind: string; metadata: { name: string; resourceVersion?: string } };
    expect(stored.kind).toBe('Deployment');
    // The mod revision is the resourceVersion: the stored bytes do not carry it.
    expect(stored.metadata.resourceVersion).toBeUndefined();
  });

  it('snapshot save, then sim etcd restore rolls the cluster back: controllers relist, kubelets reconcile', () => {
    const s = new Session({ seed: 1 });
    out(s, 'kubectl create deployment web --image=nginx --replicas=2');
    out(s, 'sim advance 20s');
    expect(out(s, ctl('snapshot save /var/lib/etcd/snap.db'))).toContain('Snapshot saved at /var/lib/etcd/snap.db\nServer version 3.6.0\n');
    out(s, 'kubectl create deployment after --image=nginx');
    out(s, 'kubectl delete deployment web');
    out(s, 'sim advance 20s');
    expect(out(s, 'kubectl get pods -o name')).toMatch(/^pod\/after-[a-z0-9-]+\n$/);
    const before = s.sim.lastTraceSeq;
    expect(out(s, 'sim etcd restore /var/lib/etcd/snap.db')).toMatch(/^etcd restored from \/var\/lib\/etcd\/snap\.db: the keyspace of revision \d+/);
    out(s, 'sim advance 20s');
    expect(out(s, 'kubectl get deployments -o name')).toBe('deployment.apps/web\n');
    expect(out(s, 'kubectl get pods -o name').split('\n').filter(Boolean).every((p) => p.startsWith('pod/web-'))).toBe(true);
    const cri = s.sim.traceSince(before).filter((r) => r.kind === 'cri');
    expect(cri.some((r) => r.detail.call === 'StopPodSandbox' && r.detail.pod?.name.startsWith('after-'))).toBe(true);
    expect(cri.some((r) => r.detail.call === 'RunPodSandbox' && r.detail.pod?.name.startsWith('web-'))).toBe(true);
    expect(out(s, 'sim etcd restore /nope.db')).toContain('error: open /nope.db: no such file or directory (snapshots saved: /var/lib/etcd/snap.db)');
  });

  it('a slow disk under the leader slows every write, and etcd says so in its log', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim fail disk-latency/etcd --delay 1500ms')).toBe('fault injected: every WAL fsync on every etcd member takes 1.5s more\n');
    const t0 = s.sim.now;
    expect(out(s, 'kubectl create configmap slow --from-literal=k=v')).toBe('configmap/slow created\n');
    expect(s.sim.now - t0).toBe(150 + 1502);
    expect(out(s, 'sim trace --last 1 --kind etcd-commit')).toMatch(/committed revision \d+ \(quorum 1\/1\), took 1\.502s\n$/);
    expect(out(s, ctl('endpoint health'))).toMatch(/took = 1\.50\d+s\n$/);
    const log = out(s, 'kubectl logs -n kube-system etcd-control-plane --tail 20');
    expect(log).toContain('"msg":"slow fdatasync","took":"1.5');
    expect(log).toContain('"msg":"apply request took too long"');
    expect(log).toContain('key:\\"/registry/configmaps/default/slow\\" mod_revision:0');
    out(s, 'sim recover disk-latency/etcd');
    const t1 = s.sim.now;
    out(s, 'kubectl create configmap fast --from-literal=k=v');
    expect(s.sim.now - t1).toBe(150);
  });
});

describe('five etcd members', () => {
  it('keeps a quorum of 3 through two failures, loses writes at the third; a slow follower costs nothing while not needed', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim topology ha --etcd-members 5')).toBe('cluster rebuilt with topology ha: 8 nodes, all Ready, 5 etcd members (quorum 3)\n');
    expect(out(s, ctl('member list', 'etcd-control-plane-1')).split('\n').filter(Boolean)).toHaveLength(5);
    out(s, 'sim fail disk-latency/etcd-2 --delay 800ms');
    out(s, 'kubectl create configmap all-up --from-literal=k=v');
    expect(out(s, 'sim trace --last 1 --kind etcd-commit')).toMatch(/\(quorum 3\/5\), took 2ms\n$/);
    out(s, 'sim fail etcd-4');
    out(s, 'sim fail etcd-5');
    expect(out(s, 'kubectl create configmap two-down --from-literal=k=v')).toBe('configmap/two-down created\n');
    // With two members down the quorum needs the slow follower's disk.
    expect(out(s, 'sim trace --last 1 --kind etcd-commit')).toMatch(/\(quorum 3\/5\), took 802ms\n$/);
    const health = out(s, ctl('endpoint health --cluster', 'etcd-control-plane-1'));
    expect(health.match(/is healthy/g)).toHaveLength(3);
    expect(health.match(/is unhealthy: failed to commit proposal: context deadline exceeded/g)).toHaveLength(2);
    expect(health).toContain('Error: unhealthy cluster\n');
    out(s, 'sim fail etcd-3');
    expect(out(s, 'kubectl create configmap three-down --from-literal=k=v')).toBe('error: failed to create configmap: etcdserver: request timed out\n');
  });
});
