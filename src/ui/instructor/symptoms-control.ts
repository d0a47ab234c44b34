/**
 * Symptoms of the control plane: kube-apiserver and etcd instances down, and the leader-elected
 * kube-scheduler and kube-controller-manager — stopped altogether, or (in ha) the leader gone
 * and a standby about to take its Lease or already holding it. k8s-fidelity.md §5 §6 for the
 * timings and the strings quoted.
 */
import type { Deployment, Lease, Pod, ReplicaSet } from '../../k8s/types';
import { objectsOf } from '../store/cluster';
import { deleting, instances, pods, podName, secondsSince, shortList, unbound, type Moment, type Symptom } from './moment';

const LEASE_CHECKS = ['kubectl get leases -n kube-system', 'kubectl get events -n kube-system --field-selector reason=LeaderElection'];

function runningPods(m: Moment): number {
  return pods(m).filter((p) => !deleting(p) && p.status?.phase === 'Running').length;
}

function apiserver(m: Moment): Symptom[] {
  const all = instances(m, 'kube-apiserver');
  const up = all.filter((c) => c.running);
  if (!all.length || up.length === all.length) return [];
  if (!up.length) return [{ id: 'apiserver-down', tone: 'fault', says: [{ key: 'sym.apiserver.down', params: { running: runningPods(m) } }], checks: ['kubectl get nodes', 'kubectl get pods'] }];
  const down = all.filter((c) => !c.running).map((c) => c.id);
  return [{ id: 'apiserver-degraded', tone: 'fault', says: [{ key: 'sym.apiserver.degraded', params: { down: down.join(', '), up: up.length, total: all.length } }], checks: ['kubectl get nodes'] }];
}

function etcd(m: Moment): Symptom[] {
  const all = instances(m, 'etcd');
  const up = all.filter((c) => c.running).length;
  if (!all.length || up === all.length) return [];
  const quorum = Math.floor(all.length / 2) + 1;
  const params = { up, total: all.length, quorum, down: all.filter((c) => !c.running).map((c) => c.id).join(', ') };
  if (up < quorum) return [{ id: 'etcd-quorum-lost', tone: 'fault', says: [{ key: 'sym.etcd.noQuorum', params }], checks: ['kubectl get pods', 'kubectl get events'] }];
  return [{ id: 'etcd-degraded', tone: 'fault', says: [{ key: 'sym.etcd.degraded', params }], checks: ['kubectl get pods'] }];
}

/** `go-api 3/5`: Deployments whose live Pods differ from spec.replicas. */
function lagging(m: Moment): string[] {
  const rsOwner = new Map<string, string>();
  for (const rs of objectsOf<ReplicaSet>(m.objects, 'replicasets')) {
    const owner = rs.metadata.ownerReferences?.find((r) => r.controller)?.uid;
    if (owner && rs.metadata.uid) rsOwner.set(rs.metadata.uid, owner);
  }
  const have = new Map<string, number>();
  for (const p of pods(m)) {
    if (deleting(p)) continue;
    const rs = p.metadata.ownerReferences?.find((r) => r.controller)?.uid;
    const d = rs ? rsOwner.get(rs) : undefined;
    if (d) have.set(d, (have.get(d) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const d of objectsOf<Deployment>(m.objects, 'deployments')) {
    const want = d.spec.replicas ?? 1;
    const n = have.get(d.metadata.uid ?? '') ?? 0;
    if (n !== want) out.push(`${d.metadata.name ?? ''} ${n}/${want}`);
  }
  return out;
}

function pendingStatement(list: Pod[]) {
  return { count: list.length, names: shortList(list.map(podName)) };
}

/** Everything of this kind is stopped: what stops happening is the component's whole job. */
function allDown(m: Moment, kind: 'kube-scheduler' | 'kube-controller-manager'): Symptom {
  if (kind === 'kube-scheduler') {
    const waiting = unbound(m);
    return {
      id: 'scheduler-down',
      tone: 'fault',
      says: [waiting.length ? { key: 'sym.scheduler.downPending', params: pendingStatement(waiting) } : { key: 'sym.scheduler.down' }],
      checks: ['kubectl get pods -o wide', 'kubectl get events --field-selector reason=FailedScheduling', 'kubectl get leases -n kube-system'],
    };
  }
  const lag = lagging(m);
  return {
    id: 'controller-manager-down',
    tone: 'fault',
    says: [lag.length ? { key: 'sym.kcm.downLagging', params: { list: shortList(lag) } } : { key: 'sym.kcm.down' }],
    checks: ['kubectl get deployments', 'kubectl get pods', 'kubectl get leases -n kube-system'],
  };
}

/** Some instances stopped (ha): did the leader go, and has a standby taken the Lease yet? */
function partlyDown(m: Moment, kind: 'kube-scheduler' | 'kube-controller-manager'): Symptom {
  const all = instances(m, kind);
  const lease = m.objects.get(`leases/kube-system/${kind}`) as Lease | undefined;
  const identity = lease?.spec.holderIdentity ?? '';
  const holderHost = identity.slice(0, identity.lastIndexOf('_'));
  const holder = all.find((c) => c.host === holderHost);
  const down = all.filter((c) => !c.running).map((c) => c.id).join(', ');
  const says: Symptom['says'] = [];
  let id: string;
  if (holder && !holder.running) {
    id = `leader-lost:${kind}`;
    const ago = secondsSince(m, lease?.spec.renewTime) ?? 0;
    const left = (lease?.spec.leaseDurationSeconds ?? 15) - ago;
    says.push(left > 0 ? { key: 'sym.leader.lost', params: { id: holder.id, kind, ago, left } } : { key: 'sym.leader.expired', params: { id: holder.id, kind, ago } });
  } else {
    id = `standby-down:${kind}`;
    says.push({ key: 'sym.leader.standbyDown', params: { down, kind, leader: holder?.id ?? identity, held: secondsSince(m, lease?.spec.acquireTime) ?? 0 } });
  }
  if (kind === 'kube-scheduler') {
    const waiting = unbound(m);
    if (waiting.length) says.push({ key: 'sym.leader.pending', params: pendingStatement(waiting) });
  }
  return { id, tone: 'fault', says, checks: LEASE_CHECKS };
}

function leaderElected(m: Moment): Symptom[] {
  const out: Symptom[] = [];
  for (const kind of ['kube-scheduler', 'kube-controller-manager'] as const) {
    const all = instances(m, kind);
    const up = all.filter((c) => c.running).length;
    if (!all.length || up === all.length) continue;
    out.push(up === 0 ? allDown(m, kind) : partlyDown(m, kind));
  }
  return out;
}

export function controlPlaneSymptoms(m: Moment): Symptom[] {
  return [...apiserver(m), ...etcd(m), ...leaderElected(m)];
}
