/**
 * etcd losing its quorum, as the student sees it: the leader steps down (check-quorum), and a
 * write or a read without a resourceVersion (kubectl get, which asks etcd for its current
 * revision first) hangs for etcd's request timeout before kubectl prints the apiserver's error.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

function etcdRows(s: Session): string[] {
  return out(s, 'sim status').split('\n').filter((l) => l.startsWith('etcd-'));
}

describe('etcd quorum loss in the HA topology', () => {
  it('the leader steps down, and a read or a write times out after 7 s', () => {
    const s = new Session({ seed: 3 });
    out(s, 'sim topology ha');
    expect(etcdRows(s).filter((r) => r.includes('raft leader'))).toHaveLength(1);
    out(s, 'sim fail etcd-2');
    out(s, 'sim fail etcd-3');
    out(s, 'sim advance 2s');
    const rows = etcdRows(s);
    expect(rows.some((r) => r.includes('raft leader'))).toBe(false);
    expect(rows.find((r) => r.startsWith('etcd-1 '))).toMatch(/Running\s+follower \(term 1\)$/);
    let before = s.sim.now;
    const read = s.run('kubectl get nodes');
    expect(read.exitCode).toBe(1);
    expect(read.output.map((c) => c.text).join('')).toBe('Error from server: etcdserver: request timed out\n');
    expect(s.sim.now - before).toBe(150 + 7000);
    before = s.sim.now;
    const r = s.run('kubectl create namespace write-check');
    expect(r.exitCode).toBe(1);
    expect(r.output.map((c) => c.text).join('')).toBe('Error from server: etcdserver: request timed out\n');
    // kubectl's start-up, then etcd's ReqTimeout (5 s + 2 election timeouts).
    expect(s.sim.now - before).toBe(150 + 7000);
    out(s, 'sim recover etcd-2');
    expect(out(s, 'kubectl create namespace write-check')).toBe('namespace/write-check created\n');
    expect(out(s, 'kubectl get nodes')).toMatch(/^control-plane-1\s+Ready\s/m);
    expect(etcdRows(s).filter((l) => l.includes('raft leader'))).toHaveLength(1);
  });
});

describe('kubectl reads with etcd down (kube-apiserver v1.36: consistent reads ask etcd)', () => {
  it('get, get NAME and describe wait out the request timeout and fail; they answer again after recovery', () => {
    const s = new Session({ seed: 5 });
    expect(out(s, 'kubectl create deployment web --image=nginx:1.27')).toBe('deployment.apps/web created\n');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
    out(s, 'sim fail etcd');
    for (const line of ['kubectl get pods', 'kubectl get deployment web', 'kubectl describe deployment web', 'kubectl get pods -A -w']) {
      const before = s.sim.now;
      const r = s.run(line);
      expect(r.output.map((c) => c.text).join(''), line).toBe('Error from server: etcdserver: request timed out\n');
      expect(r.exitCode, line).toBe(1);
      expect(s.sim.now - before, line).toBeGreaterThanOrEqual(7000);
    }
    // What the watch cache holds needs no etcd: a list at resourceVersion=0.
    const cached = JSON.parse(out(s, "kubectl get --raw '/apis/apps/v1/namespaces/default/deployments?resourceVersion=0'")) as { items: { metadata: { name: string } }[] };
    expect(cached.items.map((d) => d.metadata.name)).toEqual(['web']);
    out(s, 'sim recover etcd');
    out(s, 'sim advance 5s');
    expect(out(s, 'kubectl get deployment web')).toMatch(/^web\s+1\/1\s+1\s+1\s/m);
    expect(out(s, 'kubectl describe deployment web')).toMatch(/^Name:\s+web$/m);
    expect(out(s, 'kubectl get pods')).toMatch(/^web-[0-9a-z]+-[0-9a-z]+\s+1\/1\s+Running\s/m);
  });
});
