/**
 * etcd losing its quorum, as the student sees it: the leader steps down (check-quorum), reads
 * still answer from kube-apiserver's watch cache, and a write hangs for etcd's request timeout
 * before kubectl prints the apiserver's error.
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
  it('the leader steps down, reads answer, and a write times out after 7 s', () => {
    const s = new Session({ seed: 3 });
    out(s, 'sim topology ha');
    expect(etcdRows(s).filter((r) => r.includes('raft leader'))).toHaveLength(1);
    out(s, 'sim fail etcd-2');
    out(s, 'sim fail etcd-3');
    out(s, 'sim advance 2s');
    const rows = etcdRows(s);
    expect(rows.some((r) => r.includes('raft leader'))).toBe(false);
    expect(rows.find((r) => r.startsWith('etcd-1 '))).toMatch(/Running\s+follower \(term 1\)$/);
    expect(out(s, 'kubectl get nodes')).toContain('Ready');
    const before = s.sim.now;
    const r = s.run('kubectl create namespace write-check');
    expect(r.exitCode).toBe(1);
    expect(r.output.map((c) => c.text).join('')).toBe('Error from server: etcdserver: request timed out\n');
    // kubectl's start-up, then etcd's ReqTimeout (5 s + 2 election timeouts).
    expect(s.sim.now - before).toBe(150 + 7000);
    out(s, 'sim recover etcd-2');
    expect(out(s, 'kubectl create namespace write-check')).toBe('namespace/write-check created\n');
    expect(etcdRows(s).filter((l) => l.includes('raft leader'))).toHaveLength(1);
  });
});
