/**
 * Message faults, end to end through `sim fail` / `sim recover`: added latency on the watch
 * stream of one component, and watch events silently dropped for one component while its watch
 * stays open. The dropped-watch scenarios show level-based recovery: nothing the component does
 * while its cache is stale can notice the change; closing the dead watch makes its Reflectors
 * relist, and the next reconcile converges from the true state.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

/** `kubectl get pods -o wide` rows as [name, ready, status, restarts, age, ip, node, ...]. */
function podRows(s: Session): string[][] {
  return out(s, 'kubectl get pods -o wide').trim().split('\n').slice(1).filter(Boolean).map((l) => l.split(/\s{2,}/));
}

function podRow(s: Session, name: string): string[] {
  const row = podRows(s).find((r) => r[0] === name);
  expect(row, `pod ${name}`).toBeDefined();
  return row!;
}

/** Seconds since boot of the first `sim trace` line matching `re` in `trace`. */
function at(trace: string, re: RegExp): number {
  const line = trace.split('\n').find((l) => re.test(l));
  expect(line, String(re)).toBeDefined();
  return Number(/^T\+([\d.]+)s /.exec(line!)![1]);
}

/** Index of the first line matching `re` (or -1). */
function lineIndex(lines: string[], re: RegExp, from = 0): number {
  for (let i = from; i < lines.length; i++) if (re.test(lines[i]!)) return i;
  return -1;
}

function withWeb(seed: number): Session {
  const s = new Session({ seed });
  expect(out(s, 'kubectl create deployment web --image=nginx --replicas=1')).toBe('deployment.apps/web created\n');
  expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
  out(s, 'sim trace');
  return s;
}

describe('latency/<target>: watch events arrive late', () => {
  it('latency/kube-scheduler --delay 5s: a new Pod waits 5 s for its node; after recover the next is placed at once', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim fail latency/kube-scheduler --delay 5s')).toBe('fault injected: watch events to kube-scheduler arrive 5s late\n');
    expect(out(s, 'sim fail --list')).toMatch(/^latency\/kube-scheduler\s+Failed \(\+5s\)$/m);
    out(s, 'sim trace');
    expect(out(s, 'kubectl run slow --image=nginx')).toBe('pod/slow created\n');
    out(s, 'sim advance 3s');
    expect(podRow(s, 'slow').slice(1, 3).concat(podRow(s, 'slow')[6]!)).toEqual(['0/1', 'Pending', '<none>']);
    expect(out(s, 'kubectl get events --field-selector involvedObject.name=slow')).toBe('No resources found in default namespace.\n');
    out(s, 'sim advance 3s');
    expect(podRow(s, 'slow')[6]).toMatch(/^node-\d$/);
    expect(out(s, 'kubectl get events --field-selector involvedObject.name=slow,reason=Scheduled')).toMatch(/Normal\s+Scheduled\s+pod\/slow\s+Successfully assigned default\/slow to node-\d/);

    // The trace shows where the time went: the scheduler hears of the Pod 5 s after it was stored.
    const trace = out(s, 'sim trace --kind request,watch,schedule,fault');
    const created = at(trace, /kubectl -> kube-apiserver: POST \/api\/v1\/namespaces\/default\/pods$/);
    const heard = at(trace, /kube-apiserver -> kube-scheduler: watch ADDED pod default\/slow$/);
    const placed = at(trace, /kube-scheduler -> kube-scheduler: pod default\/slow: filter 4 nodes/);
    expect(heard - created).toBeGreaterThanOrEqual(5);
    expect(heard - created).toBeLessThan(5.1);
    expect(placed - heard).toBeLessThan(0.1);

    expect(out(s, 'sim recover latency/kube-scheduler')).toBe('recovered: watch events to kube-scheduler arrive on time\n');
    expect(out(s, 'sim fail --list')).toMatch(/^latency\/kube-scheduler\s+Running$/m);
    // Events already on the way still arrive late (a watch stream is FIFO); later ones do not.
    out(s, 'sim advance 6s');
    out(s, 'kubectl run quick --image=nginx');
    out(s, 'sim advance 500ms');
    expect(podRow(s, 'quick')[6]).toMatch(/^node-\d$/);
  });

  it('latency/<node> slows only that node: a Pod bound there starts late, the others do not', () => {
    const s = new Session({
      seed: 2,
      files: {
        'pinned.yaml': ['node-1', 'node-2']
          .map((n) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: on-${n}\nspec:\n  nodeName: ${n}\n  containers:\n  - name: web\n    image: nginx:1.27\n`)
          .join('---\n'),
      },
    });
    expect(out(s, 'sim fail latency/node-2 --delay=20s')).toBe('fault injected: watch events to node-2 arrive 20s late\n');
    out(s, 'kubectl apply -f pinned.yaml');
    out(s, 'sim advance 10s');
    expect(podRow(s, 'on-node-1').slice(1, 3)).toEqual(['1/1', 'Running']);
    // The kubelet on node-2 has not heard of its Pod yet: no sandbox, no events.
    expect(podRow(s, 'on-node-2').slice(1, 3)).toEqual(['0/1', 'Pending']);
    expect(out(s, 'kubectl get events --field-selector involvedObject.name=on-node-2')).toBe('No resources found in default namespace.\n');
    out(s, 'sim advance 20s');
    expect(podRow(s, 'on-node-2').slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(out(s, 'sim recover latency/node-2')).toBe('recovered: watch events to node-2 arrive on time\n');
  });

  it('rejects a delay on other targets and delays outside 1ms..10m', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim fail kube-scheduler --delay 5s')).toBe('error: a delay applies only to latency/<target> and disk-latency/<member>, not kube-scheduler\n');
    expect(out(s, 'sim fail latency/kube-scheduler --delay soon')).toBe('error: invalid --delay "soon": use a form like 500ms, 2s, 1m\n');
    expect(out(s, 'sim fail latency/kube-scheduler --delay 0s')).toBe('error: a latency must be between 1ms and 10m0s\n');
    expect(out(s, 'sim fail latency/kube-scheduler --delay 11m')).toBe('error: a latency must be between 1ms and 10m0s\n');
    expect(out(s, 'sim fail --list')).toMatch(/^latency\/kube-scheduler\s+Running$/m);
    expect(out(s, 'sim fail latency/kube-scheduler')).toBe('fault injected: watch events to kube-scheduler arrive 2s late\n');
    expect(out(s, 'sim fail latency/kube-scheduler')).toBe('error: latency/kube-scheduler is already failed\n');
  });
});

describe('watch-drop/<component>: the watch stays open, the events never arrive', () => {
  it('kube-controller-manager: a scale-up does nothing until recover; then the Reflectors relist and the ReplicaSet controller creates the Pods', () => {
    const s = withWeb(1);
    expect(out(s, 'sim fail watch-drop/kube-controller-manager')).toBe(
      'fault injected: kube-apiserver silently stops delivering watch events to kube-controller-manager (the watches stay open)\n',
    );
    expect(out(s, 'kubectl scale deployment web --replicas=3')).toBe('deployment.apps/web scaled\n');
    out(s, 'sim advance 30s');
    // The write was stored (spec says 3); nobody acted on it.
    expect(out(s, 'kubectl get deployment web')).toMatch(/^web\s+1\/3\s+1\s+1\s/m);
    expect(out(s, 'kubectl get rs')).toMatch(/^web-[0-9a-z]+\s+1\s+1\s+1\s/m);
    expect(podRows(s)).toHaveLength(1);
    expect(out(s, 'kubectl get events --field-selector reason=ScalingReplicaSet')).not.toContain('from 1 to 3');
    expect(out(s, 'sim status')).toMatch(/^kube-controller-manager\s+control-plane\s+Running/m);
    const during = out(s, 'sim trace').split('\n');
    const dropped = lineIndex(during, /kube-apiserver -> kube-controller-manager: watch MODIFIED deployment default\/web dropped$/);
    expect(dropped).toBeGreaterThan(0);
    expect(lineIndex(during, /deployment-controller -> deployment-controller: reconcile default\/web$/, dropped)).toBe(-1);

    expect(out(s, 'sim recover watch-drop/kube-controller-manager')).toBe('recovered: the dead watches to kube-controller-manager are closed; its Reflectors relist\n');
    expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('deployment "web" successfully rolled out');
    const rows = podRows(s);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(out(s, 'kubectl get events --field-selector reason=ScalingReplicaSet')).toMatch(/Scaled up replica set web-[0-9a-z]+ from 1 to 3/);

    // Order on the trace: the dead watches end, a fresh LIST (not the stale cache) feeds the
    // informer, and only then does the Deployment controller reconcile and the Pods get created.
    const lines = out(s, 'sim trace').split('\n');
    const ended = lineIndex(lines, /kube-apiserver -> kube-controller-manager: watch ended: http2: client connection lost \(\d+ watches; the Reflectors relist\)$/);
    const listed = lineIndex(lines, /kube-controller-manager -> kube-apiserver: GET \/apis\/apps\/v1\/deployments$/, ended);
    const reconciled = lineIndex(lines, /deployment-controller -> deployment-controller: reconcile default\/web$/, listed);
    const created = lineIndex(lines, /replicaset-controller -> kube-apiserver: POST \/api\/v1\/namespaces\/default\/pods$/, reconciled);
    expect([ended, listed, reconciled, created].every((i) => i >= 0)).toBe(true);
    expect(ended < listed && listed < reconciled && reconciled < created).toBe(true);
  });

  it('kube-controller-manager deaf for a minute: node-lifecycle, reading stale Leases, marks nodes NotReady; the kubelets correct it', () => {
    const s = new Session({ seed: 5 });
    out(s, 'sim fail watch-drop/kube-controller-manager');
    out(s, 'sim advance 75s');
    // The Lease renewals were stored every 10 s; the controller's cache never heard of them, so
    // after node-monitor-grace-period (50 s) every node it watched looks silent.
    const events = out(s, 'kubectl get events --field-selector involvedObject.kind=Node,reason=NodeNotReady');
    const marked = [...events.matchAll(/node\/(\S+)\s+Node \S+ status is now: NodeNotReady/g)].map((m) => m[1]!);
    expect(marked.length).toBeGreaterThan(0);
    // The kubelets are fine and see their Node's conditions set to Unknown: they post them back.
    const ready = out(s, 'kubectl get events --field-selector involvedObject.kind=Node,reason=NodeReady');
    for (const n of marked) expect(ready).toMatch(new RegExp(`^\\d+s\\s+Normal\\s+NodeReady\\s+node/${n}\\s+Node ${n} status is now: NodeReady$`, 'm'));
    for (const n of ['control-plane', 'node-1', 'node-2', 'node-3']) expect(out(s, 'kubectl get nodes')).toMatch(new RegExp(`^${n}\\s+Ready\\s`, 'm'));
    out(s, 'sim recover watch-drop/kube-controller-manager');
    out(s, 'sim advance 30s');
    expect(out(s, 'kubectl get nodes')).not.toContain('NotReady');
  });

  it('kube-scheduler: a new Pod stays Pending with no node and no FailedScheduling until recover, then is scheduled', () => {
    const s = new Session({ seed: 3 });
    expect(out(s, 'sim fail watch-drop/kube-scheduler')).toBe(
      'fault injected: kube-apiserver silently stops delivering watch events to kube-scheduler (the watches stay open)\n',
    );
    out(s, 'sim trace');
    expect(out(s, 'kubectl run lonely --image=nginx')).toBe('pod/lonely created\n');
    out(s, 'sim advance 60s');
    const r = podRow(s, 'lonely');
    expect([r[1], r[2], r[6]]).toEqual(['0/1', 'Pending', '<none>']);
    expect(out(s, 'kubectl get events --field-selector involvedObject.name=lonely')).toBe('No resources found in default namespace.\n');
    expect(out(s, 'kubectl get lease kube-scheduler -n kube-system -o jsonpath={.spec.holderIdentity}')).toMatch(/^control-plane_[0-9a-f-]{36}$/);
    expect(out(s, 'sim trace --kind watch,schedule')).toMatch(/^T\+[\d.]+s kube-apiserver -> kube-scheduler: watch ADDED pod default\/lonely dropped$/m);

    expect(out(s, 'sim recover watch-drop/kube-scheduler')).toBe('recovered: the dead watches to kube-scheduler are closed; its Reflectors relist\n');
    out(s, 'sim advance 10s');
    const after = podRow(s, 'lonely');
    expect([after[1], after[2]]).toEqual(['1/1', 'Running']);
    expect(out(s, 'kubectl get events --field-selector involvedObject.name=lonely,reason=Scheduled')).toMatch(/Successfully assigned default\/lonely to node-\d/);
    expect(out(s, 'kubectl get events --field-selector reason=FailedScheduling')).toBe('No resources found in default namespace.\n');
  });

  it('kubelet/<node>: a Pod bound to that node stays Pending there until recover; the kubelet then relists and starts it', () => {
    const s = new Session({ seed: 4, files: { 'pinned.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: pinned\nspec:\n  nodeName: node-2\n  containers:\n  - name: web\n    image: nginx:1.27\n' } });
    expect(out(s, 'sim fail watch-drop/kubelet/node-2')).toBe('fault injected: kube-apiserver silently stops delivering watch events to kubelet/node-2 (the watches stay open)\n');
    out(s, 'kubectl apply -f pinned.yaml');
    out(s, 'sim advance 90s');
    // The node itself stays Ready: its kubelet's Lease and status writes are requests, not watches.
    expect(out(s, 'kubectl get nodes')).toMatch(/^node-2\s+Ready\s/m);
    const r = podRow(s, 'pinned');
    expect([r[1], r[2], r[6]]).toEqual(['0/1', 'Pending', 'node-2']);
    expect(out(s, 'kubectl get events --field-selector involvedObject.name=pinned')).toBe('No resources found in default namespace.\n');
    expect(out(s, 'sim recover watch-drop/kubelet/node-2')).toBe('recovered: the dead watches to kubelet/node-2 are closed; its Reflectors relist\n');
    out(s, 'sim advance 15s');
    expect(podRow(s, 'pinned').slice(1, 3)).toEqual(['1/1', 'Running']);
  });
});
