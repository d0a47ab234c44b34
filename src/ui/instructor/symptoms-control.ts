/**
 * Symptoms of the control plane: kube-apiserver and etcd instances down, and the leader-elected
 * kube-scheduler and kube-controller-manager — one block per Lease, whatever the number of
 * instances: stopped altogether, unable to renew while no write commits, or (in ha) the leader
 * stopped or cut off from its local kube-apiserver and a standby about to take its Lease or
 * already holding it. k8s-fidelity.md §5 §6 for the timings and the strings quoted.
 */
import type { Lease, Pod } from '../../k8s/types';
import { localApiserver, quorumOf, reach, writesBlocked } from './control-state';
import { deleting, instances, lagging, pods, podName, secondsSince, shortList, unbound, type Moment, type Statement, type Symptom } from './moment';

type LeaderKind = 'kube-scheduler' | 'kube-controller-manager';

const LEASE_CHECKS = ['kubectl get leases -n kube-system', 'kubectl get events -n kube-system --field-selector reason=LeaderElection'];

/** A write that fails while etcd has no quorum and is harmless once it has one. */
export const WRITE_CHECK = 'kubectl create namespace write-check';

/** leaseDuration and renewDeadline of kube-scheduler and kube-controller-manager (timings.ts). */
const LEASE_DURATION_S = 15;
const RENEW_DEADLINE_S = 10;

function runningPods(m: Moment): number {
  return pods(m).filter((p) => !deleting(p) && p.status?.phase === 'Running').length;
}

function apiserver(m: Moment): Symptom[] {
  const all = instances(m, 'kube-apiserver');
  const up = all.filter((c) => c.running);
  if (!all.length || up.length === all.length) return [];
  if (!up.length) return [{ id: 'apiserver-down', tone: 'fault', says: [{ key: 'sym.apiserver.down', params: { running: runningPods(m) } }], checks: ['kubectl get nodes', 'sim status'] }];
  const down = all.filter((c) => !c.running);
  const says: Statement[] = [{ key: 'sym.apiserver.degraded', params: { down: down.map((c) => c.id).join(', '), up: up.length, total: all.length } }];
  const cut = [...instances(m, 'kube-scheduler'), ...instances(m, 'kube-controller-manager')].filter((c) => reach(m, c) === 'cut-off');
  if (cut.length) says.push({ key: 'sym.apiserver.cutOff', params: { list: cut.map((c) => c.id).join(', ') } });
  return [{ id: 'apiserver-degraded', tone: 'fault', says, checks: ['kubectl get nodes', 'sim status'] }];
}

function etcd(m: Moment): Symptom[] {
  const all = instances(m, 'etcd');
  const up = all.filter((c) => c.running).length;
  if (!all.length || up === all.length) return [];
  const quorum = quorumOf(all.length);
  const params = { up, total: all.length, quorum, down: all.filter((c) => !c.running).map((c) => c.id).join(', ') };
  if (up < quorum) return [{ id: 'etcd-quorum-lost', tone: 'fault', says: [{ key: 'sym.etcd.noQuorum', params }], checks: [WRITE_CHECK, 'kubectl get pods -A', 'sim status'] }];
  return [{ id: 'etcd-degraded', tone: 'fault', says: [{ key: 'sym.etcd.degraded', params }], checks: ['kubectl get pods', 'sim status'] }];
}

function pendingStatement(list: Pod[]) {
  return { count: list.length, names: shortList(list.map(podName)) };
}

function leaseOf(m: Moment, kind: LeaderKind): Lease | undefined {
  return m.objects.get(`leases/kube-system/${kind}`) as Lease | undefined;
}

/** Every instance of this kind is stopped: what stops happening is the component's whole job. */
function allDown(m: Moment, kind: LeaderKind): Symptom {
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

/**
 * No write commits, so nobody can renew or take the Lease: the leader gives up once
 * renewDeadline passed without a renewal, and the Lease keeps naming it (it cannot be updated).
 * kubectl cannot read the Lease either (no apiserver, or a read etcd must answer): sim status can.
 */
function stuck(m: Moment, kind: LeaderKind): Symptom {
  const ago = secondsSince(m, leaseOf(m, kind)?.spec.renewTime) ?? 0;
  const leader = instances(m, kind).find((c) => c.running && c.details?.leader);
  const says: Statement[] = leader
    ? [{ key: 'sym.lease.renewFailing', params: { id: leader.id, kind, ago, left: Math.max(1, RENEW_DEADLINE_S - ago) } }]
    : [{ key: 'sym.lease.noLeader', params: { kind, ago } }];
  return { id: `no-leader:${kind}`, tone: 'problem', says, checks: ['sim status'] };
}

/** Some instances cannot work (ha): did the leader go, and has a standby taken the Lease yet? */
function partlyDown(m: Moment, kind: LeaderKind): Symptom {
  const all = instances(m, kind);
  const lease = leaseOf(m, kind);
  const identity = lease?.spec.holderIdentity ?? '';
  const holderHost = identity.slice(0, identity.lastIndexOf('_'));
  const holder = all.find((c) => c.host === holderHost);
  const stopped = all.filter((c) => reach(m, c) === 'stopped');
  const cut = all.filter((c) => reach(m, c) === 'cut-off');
  const says: Statement[] = [];
  let id: string;
  if (holder && reach(m, holder) !== 'ok') {
    id = `leader-lost:${kind}`;
    const ago = secondsSince(m, lease?.spec.renewTime) ?? 0;
    const left = (lease?.spec.leaseDurationSeconds ?? LEASE_DURATION_S) - ago;
    const apiserver = localApiserver(m, holder.host);
    if (stopped.length + cut.length === all.length) says.push({ key: 'sym.leader.none', params: { kind, list: all.map((c) => c.id).join(', ') } });
    else if (reach(m, holder) === 'stopped')
      says.push(left > 0 ? { key: 'sym.leader.lost', params: { id: holder.id, kind, ago, left } } : { key: 'sym.leader.expired', params: { id: holder.id, kind, ago } });
    else says.push(left > 0 ? { key: 'sym.leader.lostCutOff', params: { id: holder.id, kind, ago, left, apiserver } } : { key: 'sym.leader.expiredCutOff', params: { id: holder.id, kind, ago, apiserver } });
  } else {
    id = `standby-down:${kind}`;
    const leader = holder?.id ?? identity;
    const held = secondsSince(m, lease?.spec.acquireTime) ?? 0;
    if (stopped.length) says.push({ key: 'sym.leader.standbyDown', params: { down: stopped.map((c) => c.id).join(', '), kind, leader, held } });
    if (cut.length) says.push({ key: 'sym.leader.standbyCutOff', params: { down: cut.map((c) => c.id).join(', '), kind, leader, held } });
  }
  if (kind === 'kube-scheduler' && id.startsWith('leader-lost')) {
    const waiting = unbound(m);
    if (waiting.length) says.push({ key: 'sym.leader.pending', params: pendingStatement(waiting) });
  }
  return { id, tone: 'fault', says, checks: LEASE_CHECKS };
}

function leaderElected(m: Moment): Symptom[] {
  const block = writesBlocked(m);
  const out: Symptom[] = [];
  for (const kind of ['kube-scheduler', 'kube-controller-manager'] as const) {
    const all = instances(m, kind);
    if (!all.length) continue;
    if (all.every((c) => !c.running)) out.push(allDown(m, kind));
    else if (block) out.push(stuck(m, kind));
    else if (all.some((c) => reach(m, c) !== 'ok')) out.push(partlyDown(m, kind));
  }
  return out;
}

export function controlPlaneSymptoms(m: Moment): Symptom[] {
  return [...apiserver(m), ...etcd(m), ...leaderElected(m)];
}
