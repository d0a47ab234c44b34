/**
 * Self-healing's quietest bullet: a transient reconcile error is retried with rate limiting.
 * etcd goes away for a few seconds right after a scale-up; the Deployment controller's write to
 * the ReplicaSet fails, and the workqueue requeues the key with a per-item back-off that doubles
 * from 5 ms. Once etcd is back, the next retry succeeds and the cluster converges — no one had
 * to repeat the command.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

const seconds = (line: string): number => Number(/^T\+([\d.]+)s /.exec(line)![1]);

describe('a transient reconcile error is retried with rate limiting', () => {
  it('etcd down for 3 s: the ReplicaSet write fails and is retried 5ms, 10ms, 20ms, … until it lands', () => {
    const s = new Session({ seed: 1 });
    out(s, 'kubectl create deployment web --image=nginx --replicas=1');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
    out(s, 'sim trace');
    expect(out(s, 'kubectl scale deployment web --replicas=3')).toBe('deployment.apps/web scaled\n');
    // Same simulated instant: the scale is stored, the controllers have not reacted yet.
    expect(out(s, 'sim fail etcd')).toBe('fault injected: etcd stopped\n');
    out(s, 'sim advance 3s');
    // kubectl get would wait for etcd too: the watch cache's list (resourceVersion=0) answers at once.
    const rs = JSON.parse(out(s, "kubectl get --raw '/apis/apps/v1/namespaces/default/replicasets?resourceVersion=0'")) as { items: { spec: { replicas: number } }[] };
    expect(rs.items.map((r) => r.spec.replicas)).toEqual([1]);
    expect(out(s, 'kubectl scale deployment web --replicas=4')).toBe('Error from server: etcdserver: request timed out\n');
    expect(out(s, 'sim recover etcd')).toBe('recovered: etcd started\n');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('deployment "web" successfully rolled out');
    const pods = out(s, 'kubectl get pods').trim().split('\n').slice(1);
    expect(pods).toHaveLength(3);
    for (const p of pods) expect(p).toMatch(/\s1\/1\s+Running\s+0\s/);
    expect(out(s, 'kubectl get events --field-selector reason=ScalingReplicaSet')).toMatch(/Scaled up replica set web-[0-9a-z]+ from 1 to 3/);

    const lines = out(s, 'sim trace').split('\n');
    const errors = lines.filter((l) => /deployment-controller -> deployment-controller: error syncing default\/web: etcdserver: request timed out; requeuing in \d+ms$/.test(l));
    const delays = errors.map((l) => Number(/requeuing in (\d+)ms$/.exec(l)![1]));
    // ItemExponentialFailureRateLimiter: 5 ms × 2^n, one retry per failure, each waiting its delay.
    expect(delays.length).toBeGreaterThanOrEqual(8);
    expect(delays).toEqual(delays.map((_, i) => 5 * 2 ** i));
    for (let i = 1; i < errors.length; i++) {
      const gap = (seconds(errors[i]!) - seconds(errors[i - 1]!)) * 1000;
      expect(gap).toBeGreaterThanOrEqual(delays[i - 1]!);
      expect(gap).toBeLessThan(delays[i - 1]! + 3);
    }
    // The retry after etcd came back is the one that lands, on its schedule — not at once.
    const recovered = lines.findIndex((l) => l.endsWith('instructor -> etcd: start etcd'));
    const lastError = lines.indexOf(errors[errors.length - 1]!);
    expect(lastError).toBeLessThan(recovered);
    const retry = lines.findIndex((l, i) => i > recovered && l.endsWith('deployment-controller -> deployment-controller: reconcile default/web'));
    expect(seconds(lines[retry]!) * 1000).toBeGreaterThanOrEqual(Math.round(seconds(errors[errors.length - 1]!) * 1000) + delays[delays.length - 1]!);
    const write = lines.findIndex((l, i) => i > retry && /deployment-controller -> kube-apiserver: PUT \/apis\/apps\/v1\/namespaces\/default\/replicasets\/web-/.test(l));
    expect(lines[write + 1 + lines.slice(write + 1).findIndex((l) => /etcd -> kube-apiserver: /.test(l))]).toMatch(/etcd -> kube-apiserver: committed revision \d+ \(quorum 1\/1\)$/);
    expect(lines.slice(retry).some((l) => l.includes('error syncing default/web'))).toBe(false);
  });
});
