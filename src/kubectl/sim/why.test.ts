import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

const TOO_BIG = `apiVersion: v1
kind: Pod
metadata:
  name: too-big
spec:
  containers:
    - name: app
      image: nginx:1.27
      resources:
        requests:
          cpu: "8"
`;

describe('sim why', () => {
  it('explains a Pending Pod with every node verdict and the FailedScheduling text', () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl apply -f -', TOO_BIG);
    s.run('sim advance 2s');
    const text = out(s, 'sim why pod/too-big');
    expect(text).toMatch(/^pod default\/too-big: unschedulable at T\+/);
    expect(text).toContain('0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu.');
    expect(text).toMatch(/control-plane\s+rejected by TaintToleration/);
    for (const n of ['node-1', 'node-2', 'node-3']) expect(text).toMatch(new RegExp(`${n}\\s+rejected by NodeResourcesFit: Insufficient cpu`));
  });

  it('names the chosen node of a scheduled Pod and marks it', () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl run web --image=nginx:1.27');
    s.run('sim advance 2s');
    const node = s.sim.objects('pods').find((p) => p.metadata.name === 'web')!.spec as { nodeName: string };
    const text = out(s, 'sim why pod/web');
    expect(text).toContain(`bound to ${node.nodeName}`);
    expect(text).toMatch(new RegExp(`${node.nodeName}\\s+score \\d+.*<- selected`));
  });

  it('says when nothing will schedule the Pod because kube-scheduler is down', () => {
    const s = new Session({ seed: 1 });
    s.run('sim fail kube-scheduler');
    s.run('kubectl run web --image=nginx:1.27');
    expect(out(s, 'sim why web')).toContain('kube-scheduler is not running');
  });

  it('reports a missing Pod like kubectl and rejects bad arguments', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim why pod/nope')).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(s.run('sim why').exitCode).toBe(1);
  });
  it('explains a Pod on a node whose kubelet went away: READY unchanged, Ready condition False, eviction countdown', () => {
    const s = new Session({ seed: 1 });
    s.run('kubectl run web --image=nginx:1.27');
    s.run('sim advance 20s');
    const node = (s.sim.objects('pods').find((p) => p.metadata.name === 'web')!.spec as { nodeName: string }).nodeName;
    expect(out(s, 'sim why pod/web')).not.toContain('is NotReady');
    s.run(`sim fail kubelet/${node}`);
    s.run('sim advance 90s');
    expect(out(s, 'kubectl get pod web')).toMatch(/web\s+1\/1\s+Running/);
    const text = out(s, 'sim why pod/web');
    expect(text).toMatch(new RegExp(`node ${node} is NotReady since T\\+[\\d.]+s: its kubelet stopped posting node status\\.`));
    expect(text).toMatch(/set the Pod's Ready condition to False at T\+[\d.]+s/);
    expect(text).toContain('READY still shows 1/1 and STATUS Running');
    const evict = text.match(/node\.kubernetes\.io\/unreachable:NoExecute taint; the Pod tolerates it for 300s, so the taint-eviction controller deletes it at T\+([\d.]+)s/);
    expect(evict).not.toBeNull();
    // The prediction holds: the Pod is gone shortly after the stated time, not before.
    const at = Number(evict![1]) * 1000;
    const booted = s.sim.bootedAt;
    s.run(`sim advance ${Math.max(0, Math.floor(booted + at - s.sim.now - 2000))}ms`);
    expect(out(s, 'kubectl get pod web')).toMatch(/web\s+1\/1\s+Running/);
    s.run('sim advance 10s');
    // Deleted, but only the away kubelet could finish the deletion: it stays Terminating.
    expect(out(s, 'kubectl get pod web')).toMatch(/web\s+1\/1\s+Terminating/);
    expect(out(s, 'sim why pod/web')).toContain('stays Terminating until the node comes back');
  });
});
