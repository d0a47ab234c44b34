/**
 * symptoms() against states from real runs: the worker host in-process, the page's state rebuilt
 * from its messages, statements rendered in English as the card shows them.
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { LabHarness } from './instructor.testing';
import { symptoms, type Symptom } from './symptoms';

function text(s: Symptom, locale: 'en' | 'zh-CN' = 'en'): string {
  return s.says.map((x) => translate(locale, x.key, x.params)).join(' ');
}

function find(lab: LabHarness, id: string): Symptom {
  const all = symptoms(lab.moment());
  const s = all.find((x) => x.id === id);
  if (!s) throw new Error(`no symptom ${id}; got ${all.map((x) => x.id).join(', ')}`);
  return s;
}

function withGoApi(topology: 'basic' | 'ha' = 'basic'): LabHarness {
  const lab = new LabHarness(topology);
  expect(lab.out('kubectl apply -f go-api.yaml')).toBe('deployment.apps/go-api created\n');
  expect(lab.out('kubectl rollout status deployment/go-api --timeout=2m')).toContain('successfully rolled out');
  return lab;
}

describe('symptoms', () => {
  it('says all is well on a healthy cluster, and offers the basic checks', () => {
    const lab = withGoApi();
    const all = symptoms(lab.moment());
    expect(all.map((s) => s.id)).toEqual(['calm']);
    expect(all[0]!.checks).toContain('kubectl get nodes');
    expect(text(all[0]!, 'zh-CN')).toContain('一切正常');
  });

  it('kube-scheduler down: counts the Pods left Pending with no node, and the check shows no FailedScheduling', () => {
    const lab = withGoApi();
    lab.out('sim fail kube-scheduler');
    expect(text(find(lab, 'scheduler-down'))).toBe('kube-scheduler is stopped: new Pods would stay Pending with no node. Running Pods are untouched.');
    lab.out('kubectl scale deployment go-api --replicas=5');
    lab.out('sim advance 5s');
    const s = find(lab, 'scheduler-down');
    expect(text(s)).toMatch(/^kube-scheduler is stopped\. Pods Pending with no node: 2 \(go-api-\w+-\w+, go-api-\w+-\w+\)\. They get no FailedScheduling events/);
    const events = s.checks.find((c) => c.includes('FailedScheduling'))!;
    expect(lab.out(events)).toBe('No resources found in default namespace.\n');
    // Its static Pod's mirror shows it too; the card leaves that to the control-plane statement.
    lab.out('sim advance 30s');
    expect(lab.out('kubectl get pods -n kube-system kube-scheduler-control-plane')).toMatch(/^kube-scheduler-control-plane\s+0\/1\s/m);
    expect(lab.symptomIds()).toEqual(['scheduler-down']);
    lab.out('sim recover kube-scheduler');
    lab.out('sim advance 30s');
    expect(lab.symptomIds()).toEqual(['calm']);
  });

  it('kubelet down: the Lease going stale, NotReady with the countdown to eviction, then the evicted Pods Terminating', () => {
    const lab = withGoApi();
    lab.out('sim fail kubelet/node-2');
    lab.out('sim advance 20s');
    const stale = text(find(lab, 'kubelet-down:node-2'));
    expect(stale).toContain('The kubelet on node-2 is stopped');
    const [, ago, left] = /node-2’s Lease was last renewed (\d+) s ago .* in about (\d+) s\./.exec(stale) ?? [];
    expect(Number(ago) + Number(left)).toBe(50);
    expect(Number(ago)).toBeGreaterThanOrEqual(20);

    lab.out('sim advance 45s');
    const notReady = text(find(lab, 'kubelet-down:node-2'));
    expect(notReady).toContain('node-2 is NotReady: its Ready condition is Unknown (NodeStatusUnknown: Kubelet stopped posting node status.)');
    const m = /carried the taint node\.kubernetes\.io\/unreachable:NoExecute for (\d+) s\. Its Pods tolerate it for 300 s: (\d+) Pods? (?:is|are) evicted in about (\d+) s/.exec(notReady);
    expect(m, notReady).not.toBeNull();
    expect(Number(m![1]) + Number(m![3])).toBeGreaterThanOrEqual(299);
    expect(Number(m![1]) + Number(m![3])).toBeLessThanOrEqual(301);

    lab.out('sim advance 5m');
    const evicted = text(find(lab, 'kubelet-down:node-2'));
    expect(evicted).toMatch(/Pods evicted from node-2: \d+ \(.*go-api-/);
    expect(evicted).toContain('They stay Terminating until node-2’s kubelet confirms they stopped');
    expect(find(lab, 'kubelet-down:node-2').checks).toContain('kubectl describe node node-2');
  });

  it('etcd: one of three members down keeps a quorum and says so', () => {
    const lab = new LabHarness('ha');
    lab.out('sim fail etcd-1');
    expect(text(find(lab, 'etcd-degraded'))).toBe('etcd-1 is stopped, but 2 of 3 etcd members still form a quorum (2 needed): writes still commit.');
  });

  it('ha: the leading kube-scheduler stopped — the Lease countdown, then the standby holding it', () => {
    const lab = withGoApi('ha');
    const holder = lab.out(`kubectl get lease kube-scheduler -n kube-system -o jsonpath='{.spec.holderIdentity}'`);
    const n = /^control-plane-(\d)_/.exec(holder)![1]!;
    lab.out(`sim fail kube-scheduler-${n}`);
    lab.out('kubectl scale deployment go-api --replicas=5');
    lab.out('sim advance 2s');
    const lost = text(find(lab, 'leader-lost:kube-scheduler'));
    expect(lost).toMatch(new RegExp(`^kube-scheduler-${n} held the kube-scheduler Lease and is stopped\\. The Lease was last renewed \\d+ s ago; a standby takes over once it is 15 s old`));
    expect(lost).toContain('Pods Pending with no node meanwhile: 2');
    lab.out('sim advance 25s');
    const after = text(find(lab, 'standby-down:kube-scheduler'));
    expect(after).toMatch(new RegExp(`^kube-scheduler-${n} is stopped, but kube-scheduler-(?!${n})\\d holds the kube-scheduler Lease \\(acquired \\d+ s ago\\) and does the work`));
    expect(after).not.toContain('Pending');
  });

  it('kube-controller-manager down: names the Deployments short of Pods', () => {
    const lab = withGoApi();
    lab.out('sim fail kube-controller-manager');
    lab.out('kubectl scale deployment go-api --replicas=5');
    lab.out('sim advance 10s');
    expect(text(find(lab, 'controller-manager-down'))).toContain('Deployments short of their Pods (have/want): go-api 3/5.');
  });

  it('kube-apiserver: all down in basic, one of three in ha', () => {
    const basic = withGoApi();
    basic.out('sim fail kube-apiserver');
    expect(text(find(basic, 'apiserver-down'))).toMatch(/Running Pods keep running \(\d+ now\)/);
    const ha = new LabHarness('ha');
    ha.out('sim fail kube-apiserver-2');
    expect(text(find(ha, 'apiserver-degraded'))).toBe(
      'kube-apiserver-2 is stopped, but 2 of 3 kube-apiservers still answer behind the load balancer: kubectl and the kubelets, which go through it, keep working. ' +
        'Cut off as well, though still running: kube-scheduler-2, kube-controller-manager-2. kubeadm points each only at the kube-apiserver on its own machine; the Lease blocks below tell whether that costs anything.',
    );
    // Standbys on that machine: nobody's work stops.
    expect(text(find(ha, 'standby-down:kube-scheduler'))).toMatch(/^kube-scheduler-2 cannot reach kube-apiserver \(the one on its own machine is stopped\), but kube-scheduler-1 holds/);
  });

  it('node parts: container runtime, CNI with the Pods it strands, kube-proxy with a curl check', () => {
    const lab = withGoApi();
    lab.out('kubectl apply -f go-api-service.yaml');
    lab.out('sim fail cni/node-2');
    lab.out('sim fail kube-proxy/node-1');
    lab.out('kubectl scale deployment go-api --replicas=6');
    lab.out('sim advance 20s');
    const cni = find(lab, 'cni-down:node-2');
    expect(text(cni)).toMatch(/Pods on node-2 without a sandbox: [1-9]\d* \(go-api-/);
    expect(cni.checks[1]).toMatch(/^kubectl describe pod go-api-/);
    expect(lab.out(cni.checks[1]!)).toContain('FailedCreatePodSandBox');
    expect(find(lab, 'proxy-down:node-1').checks[0]).toBe('sim curl go-api --from node-1');
    lab.out('sim fail container-runtime/node-3');
    lab.out('sim advance 15s');
    const rt = text(find(lab, 'runtime-down:node-3'));
    expect(rt).toContain('The container runtime on node-3 is stopped');
    expect(rt).toContain('node-3 is NotReady: its Ready condition is False (KubeletNotReady: container runtime is down');
  });

  it('workloads: CrashLoopBackOff, a failing readiness probe, no capacity, a missing image', () => {
    const lab = new LabHarness();
    for (const f of ['crashloop', 'never-ready', 'too-big', 'bad-image']) lab.out(`kubectl apply -f ${f}.yaml`);
    lab.out('sim advance 60s');
    expect(lab.symptomIds()).toEqual(['crashloop', 'image-pull', 'unschedulable', 'not-ready']);
    const crash = find(lab, 'crashloop');
    expect(text(crash)).toMatch(/^CrashLoopBackOff: crasher\. .* Restarts so far: [2-9]\./);
    expect(crash.checks).toEqual(['kubectl describe pod crasher', 'kubectl logs crasher --previous']);
    expect(lab.out(crash.checks[1]!)).toContain('fatal: config missing');
    expect(text(find(lab, 'unschedulable'))).toMatch(/^Pending because no node fits: too-big\. The scheduler says: “0\/4 nodes are available: .*Insufficient cpu/);
    expect(text(find(lab, 'not-ready'))).toMatch(/^Running but not Ready: never-ready\./);
    expect(text(find(lab, 'image-pull'))).toMatch(/^The image cannot be pulled: bad-image \((ErrImagePull|ImagePullBackOff)\)/);
  });

  it('storage and message faults', () => {
    const lab = new LabHarness();
    lab.out('sim fail csi');
    lab.out('sim fail watch-drop/kube-controller-manager');
    lab.out('sim fail latency/kube-scheduler');
    lab.out('kubectl apply -f -', 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n');
    lab.out('sim advance 10s');
    expect(text(find(lab, 'csi-down'))).toContain('PersistentVolumeClaims still Pending, no volume created for them: 1 (data).');
    expect(text(find(lab, 'watch-drop:kube-controller-manager'))).toContain('kube-apiserver silently drops the watch events to kube-controller-manager (watch-drop/kube-controller-manager)');
    expect(text(find(lab, 'latency:kube-scheduler'))).toContain('Watch events to kube-scheduler arrive late (latency/kube-scheduler)');
  });
});
