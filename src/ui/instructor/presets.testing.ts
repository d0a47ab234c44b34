/**
 * Test support for the presets: how to run one on the real engine and what each one promises,
 * checked through kubectl first and then the symptoms card. Shared by the preset test files.
 */
import { expect } from 'vitest';
import type { Lease } from '../../k8s/types';
import type { Topology } from '../../protocol/messages';
import { LabHarness } from './instructor.testing';
import { available, resolveSteps, type Preset } from './presets';

export const TOPOLOGIES: Topology[] = ['basic', 'ha'];

function podRows(lab: LabHarness): string[][] {
  return lab
    .out('kubectl get pods -o wide')
    .trim()
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split(/\s{2,}/));
}

function holder(lab: LabHarness, lease: string): string {
  return lab.out(`kubectl get lease ${lease} -n kube-system -o jsonpath='{.spec.holderIdentity}'`);
}

export function resolved(p: Preset, lab: LabHarness, topology: Topology) {
  const r = resolveSteps(p, topology, lab.cluster.components, (kind) => lab.cluster.objects.get(`leases/kube-system/${kind}`) as Lease | undefined);
  if (!r.ok) throw new Error(`${p.id}: no leader for ${r.missingLeader}`);
  return r.steps;
}

/** Each preset's promise, checked after its steps ran: kubectl first, then the card. */
export const VERIFY: Record<string, (lab: LabHarness, topology: Topology) => void> = {
  'apiserver-down': (lab) => {
    // Its last line; a cold discovery cache logs memcache.go's errors first (kubectl/discovery-failure.ts).
    expect(lab.out('kubectl get pods')).toMatch(/(^|\n)The connection to the server [\d.]+:6443 was refused - did you specify the right host or port\?\n$/);
    expect(lab.symptomIds()).toContain('apiserver-down');
  },
  'etcd-quorum': (lab) => {
    expect(lab.out('kubectl create deployment web --image=nginx:1.27')).toBe('error: failed to create deployment: etcdserver: request timed out\n');
    expect(lab.out('kubectl create namespace write-check')).toBe('Error from server: etcdserver: request timed out\n');
    // Reads without a resourceVersion ask etcd first (kube-apiserver v1.36): they fail the same way.
    expect(lab.out('kubectl get pods -A')).toBe('Error from server: etcdserver: request timed out\n');
    expect(lab.symptomIds()).toContain('etcd-quorum-lost');
    lab.out('sim advance 3m');
    const cached = JSON.parse(lab.out("kubectl get --raw '/api/v1/nodes?resourceVersion=0'")) as { items: { status: { conditions: { type: string; status: string }[] } }[] };
    expect(cached.items.map((n) => n.status.conditions.find((c) => c.type === 'Ready')?.status)).toEqual(cached.items.map(() => 'True'));
    expect(lab.symptomIds()).toContain('node-leases-frozen');
  },
  'scheduler-down': (lab) => {
    lab.out('sim advance 10s');
    const pending = podRows(lab).filter((r) => r[2] === 'Pending');
    expect(pending.map((r) => r[6])).toEqual(['<none>', '<none>']);
    expect(podRows(lab).filter((r) => r[2] === 'Running')).toHaveLength(3);
    expect(lab.out('kubectl get events --field-selector reason=FailedScheduling')).toBe('No resources found in default namespace.\n');
    expect(lab.symptomIds()).toContain('scheduler-down');
    lab.out('sim recover kube-scheduler');
    lab.out('sim advance 30s');
    expect(podRows(lab).filter((r) => r[2] === 'Running')).toHaveLength(5);
  },
  'controller-manager-down': (lab) => {
    lab.out('sim advance 10s');
    expect(lab.out('kubectl get deployment go-api')).toMatch(/^go-api\s+3\/5\s/m);
    expect(podRows(lab)).toHaveLength(3);
    expect(lab.symptomIds()).toContain('controller-manager-down');
  },
  'kubelet-down': (lab) => {
    lab.out('sim advance 60s');
    expect(lab.out('kubectl get nodes')).toMatch(/^node-2\s+NotReady\s/m);
    expect(lab.symptomIds()).toContain('kubelet-down:node-2');
    lab.out('sim advance 6m');
    const rows = podRows(lab);
    expect(rows.filter((r) => r[6] === 'node-2').map((r) => r[2])).toEqual(['Terminating']);
    expect(rows.filter((r) => r[2] === 'Running' && r[6] !== 'node-2')).toHaveLength(3);
  },
  'runtime-down': (lab) => {
    lab.out('sim advance 15s');
    expect(lab.out('kubectl describe node node-2')).toMatch(/^ {2}Ready\s+False\s.*KubeletNotReady\s+container runtime is down/m);
    expect(lab.symptomIds()).toContain('runtime-down:node-2');
  },
  'cni-broken': (lab) => {
    lab.out('sim advance 30s');
    const stuck = podRows(lab).filter((r) => r[6] === 'node-2' && r[2] === 'ContainerCreating');
    expect(stuck.length).toBeGreaterThan(0);
    expect(lab.out(`kubectl describe pod ${stuck[0]![0]}`)).toContain('FailedCreatePodSandBox');
    expect(lab.symptomIds()).toContain('cni-down:node-2');
  },
  'csi-broken': (lab) => {
    lab.out('sim advance 1m');
    expect(lab.out('kubectl get pvc data')).toMatch(/^data\s+Pending\s/m);
    const rows = podRows(lab);
    expect(rows.find((r) => r[0] === 'db')?.[2]).toBe('Pending');
    expect(rows.find((r) => r[0] === 'plain')?.[2]).toBe('Running');
    expect(lab.symptomIds()).toContain('csi-down');
  },
  'proxy-down': (lab) => {
    lab.out('sim advance 45s');
    const answers = Array.from({ length: 8 }, () => lab.out('sim curl go-api --from node-1'));
    expect(answers.some((a) => a.includes('which no Pod holds any more'))).toBe(true);
    for (let i = 0; i < 4; i++) expect(lab.out('sim curl go-api --from node-2')).toMatch(/^HTTP 200 from go-api-/);
    expect(lab.symptomIds()).toContain('proxy-down:node-1');
  },
  'node-power-off': (lab) => {
    lab.out('sim advance 60s');
    expect(lab.out('kubectl get nodes')).toMatch(/^node-2\s+NotReady\s/m);
    expect(lab.symptomIds()).toContain('node-off:node-2');
  },
  'network-partition': (lab) => {
    lab.out('sim advance 70s');
    expect(lab.out('kubectl get nodes')).toMatch(/^node-2\s+NotReady\s/m);
    expect(lab.out('sim status')).toMatch(/^kubelet\/node-2\s+node-2\s+Running/m);
    expect(lab.symptomIds()).toContain('node-partitioned:node-2');
  },
  'ha-scheduler-failover': (lab) => {
    const before = holder(lab, 'kube-scheduler');
    lab.out('sim advance 2s');
    expect(lab.symptomIds()).toContain('leader-lost:kube-scheduler');
    lab.out('sim advance 30s');
    const after = holder(lab, 'kube-scheduler');
    expect(after.split('_')[0]).not.toBe(before.split('_')[0]);
    expect(lab.out('kubectl get events -n kube-system --field-selector reason=LeaderElection')).toContain(`${after} became leader`);
    expect(podRows(lab).filter((r) => r[2] === 'Running')).toHaveLength(5);
    expect(lab.symptomIds()).toContain('standby-down:kube-scheduler');
  },
  'ha-controller-manager-failover': (lab) => {
    lab.out('sim advance 2s');
    expect(podRows(lab)).toHaveLength(3);
    expect(lab.symptomIds()).toContain('leader-lost:kube-controller-manager');
    lab.out('sim advance 40s');
    expect(podRows(lab).filter((r) => r[2] === 'Running')).toHaveLength(5);
  },
  'ha-apiserver-one-down': (lab) => {
    expect(lab.out('kubectl get nodes')).toMatch(/^node-1\s+Ready\s/m);
    expect(lab.symptomIds()[0]).toBe('apiserver-degraded');
    // kube-scheduler-1 and kube-controller-manager-1 talk only to kube-apiserver-1: where they led, standbys take over.
    lab.out('sim advance 30s');
    expect(lab.out('sim status')).toMatch(/^kube-scheduler-[23]\s.*leader of kube-system\/kube-scheduler/m);
    expect(lab.out('sim status')).toMatch(/^kube-controller-manager-[23]\s.*leader of kube-system\/kube-controller-manager/m);
  },
  'ha-etcd-one-down': (lab) => {
    expect(lab.out('kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
    expect(lab.symptomIds()).toEqual(['etcd-degraded']);
  },
  'watch-drop-controller-manager': (lab) => {
    lab.out('sim advance 20s');
    expect(podRows(lab)).toHaveLength(3);
    expect(lab.symptomIds()).toContain('watch-drop:kube-controller-manager');
    lab.out('sim recover watch-drop/kube-controller-manager');
    lab.out('sim advance 20s');
    expect(podRows(lab).filter((r) => r[2] === 'Running')).toHaveLength(5);
  },
  crashloop: (lab) => {
    lab.out('sim advance 60s');
    expect(podRows(lab).find((r) => r[0] === 'crasher')?.[2]).toMatch(/^(CrashLoopBackOff|Error)$/);
    expect(lab.symptomIds()).toContain('crashloop');
  },
  'never-ready': (lab) => {
    lab.out('sim advance 40s');
    expect(podRows(lab).find((r) => r[0] === 'never-ready')?.slice(1, 4)).toEqual(['0/1', 'Running', '0']);
    expect(lab.symptomIds()).toEqual(['not-ready']);
  },
  'no-capacity': (lab) => {
    lab.out('sim advance 10s');
    expect(podRows(lab).find((r) => r[0] === 'too-big')?.[2]).toBe('Pending');
    expect(lab.out('kubectl describe pod too-big')).toMatch(/Warning\s+FailedScheduling\s.*0\/4 nodes are available: .*Insufficient cpu/);
    expect(lab.symptomIds()).toEqual(['unschedulable']);
  },
  'deleted-pod': (lab) => {
    lab.out('sim advance 20s');
    expect(podRows(lab).filter((r) => r[2] === 'Running')).toHaveLength(3);
    expect(lab.out('kubectl get events --field-selector reason=SuccessfulCreate')).toMatch(/(Created pod: go-api-[\s\S]*){4}/);
  },
};


/** The topologies a preset is run in: basic, and ha when it needs it or has ha-specific steps. */
export function topologiesOf(p: Preset): Topology[] {
  return TOPOLOGIES.filter((t) => available(p, t) && (t === 'basic' || p.requires === 'ha' || p.haSteps !== undefined));
}

/** Runs the preset's lines on a fresh cluster (each must succeed), then checks its promise. */
export function runPreset(p: Preset, topology: Topology): void {
  const lab = new LabHarness(topology);
  for (const step of resolved(p, lab, topology)) {
    const r = lab.run(step.line, step.stdin);
    expect(r.exitCode, `${step.line}: ${r.text}`).toBe(0);
  }
  VERIFY[p.id]!(lab, topology);
}
