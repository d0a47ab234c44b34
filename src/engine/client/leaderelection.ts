/**
 * client-go leader election over a coordination.k8s.io Lease (LeaseLock). Every retryPeriod a
 * candidate tries to acquire or renew; a leader that cannot renew within renewDeadline gives
 * up (and, like kube-scheduler and kube-controller-manager, stops its work); a standby may take
 * the lease only after leaseDuration has passed since it last saw the record change.
 */
import type { Lease } from '../../k8s/types';
import { rfc3339Micro } from '../../k8s/time';
import type { ComponentBase } from '../core/component';
import { jitterUp, markComponentChanged, setTimer } from '../runtime';
import type { SimCore } from '../sim-core';
import type { World } from '../world';
import { isNotFound, request, type ClientIdentity } from './client';
import { recordEvent } from './events';
import { cloneData } from '../core/clone';
import type { LeaderElectionState } from './types';
import { logAcquiredLease, logAttemptingLease, logLeaseReadFailed, logLostLease } from '../logging/client-go';
import { uuidV4 } from '../core/rng';
import { electionTimings } from '../topology/options';

export function newLeaderElection(lockName: string, identity: string): LeaderElectionState {
  return { namespace: 'kube-system', lockName, identity, isLeader: false, observedHolder: '', observedRenewTime: '', observedAt: 0, lastRenew: 0 };
}

/**
 * The identity a (re)started process campaigns with: `<hostname>_<uuid>`, where the uuid is new
 * for every process start (controller-manager and scheduler append uuid.NewUUID() at startup), so
 * a restarted leader is visibly a different holder of its Lease. `epoch` > 0 means a restart.
 */
export function processIdentity(w: SimCore, previous: string, epoch: number): string {
  if (epoch === 0) return previous;
  const host = previous.includes('_') ? previous.slice(0, previous.lastIndexOf('_')) : previous;
  return `${host}_${uuidV4(w.rng)}`;
}

export const LEADER_TIMER = 'leader-election';

export interface LeaderCallbacks {
  onStartedLeading(w: World): void;
  onStoppedLeading(w: World): void;
}

/** One tryAcquireOrRenew round; schedules the next. */
export function leaderElectionTick(w: World, self: ComponentBase, who: ClientIdentity, le: LeaderElectionState, cb: LeaderCallbacks): void {
  // Each component's own --leader-elect-* flags (topology/options.ts), kubeadm's defaults unless set.
  const t = electionTimings(w, le.lockName);
  if (!le.announced) {
    le.announced = true;
    logAttemptingLease(w, self, le);
  }
  const ok = tryAcquireOrRenew(w, self, who, le);
  if (ok) {
    le.lastRenew = w.now;
    if (!le.isLeader) {
      le.isLeader = true;
      markComponentChanged(w, self.id);
      logAcquiredLease(w, self, le);
      const lease = w.etcd.kv.get('leases')?.get(`leases/${le.namespace}/${le.lockName}`);
      if (lease) recordEvent(w, self, who, lease, { type: 'Normal', reason: 'LeaderElection', message: `${le.identity} became leader`, component: le.lockName });
      cb.onStartedLeading(w);
    }
  } else if (le.isLeader && w.now - le.lastRenew >= t.renewDeadline) {
    le.isLeader = false;
    markComponentChanged(w, self.id);
    logLostLease(w, self, le);
    cb.onStoppedLeading(w);
  }
  // Leaders renew every retryPeriod; candidates retry with client-go's 1.2 jitter factor.
  setTimer(w, self, le.isLeader ? t.retryPeriod : jitterUp(w, t.retryPeriod, 1.2), LEADER_TIMER);
}

function tryAcquireOrRenew(w: World, self: ComponentBase, who: ClientIdentity, le: LeaderElectionState): boolean {
  const now = rfc3339Micro(w.now);
  // LeaseDurationSeconds is int32(LeaseDuration / time.Second).
  const durationSeconds = Math.floor(electionTimings(w, le.lockName).leaseDuration / 1000);
  // 1. The leader's fast path: update the Lease it last wrote, assuming it is still the current
  // version; only when that fails does it read the Lease (a Lease renewal every retryPeriod is
  // most of what an idle control plane asks of kube-apiserver).
  if (le.lease && le.observedHolder === le.identity && le.observedAt + durationSeconds * 1000 > w.now) {
    if (update(w, self, who, le, renewed(le.lease, le, durationSeconds, now))) return true;
  }
  // 2. Read (or create) the Lease.
  const got = request(w, self, who, { verb: 'get', resource: 'leases', namespace: le.namespace, name: le.lockName });
  if (isNotFound(got)) {
    const lease: Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: le.lockName, namespace: le.namespace },
      spec: { holderIdentity: le.identity, leaseDurationSeconds: durationSeconds, acquireTime: now, renewTime: now, leaseTransitions: 0 },
    };
    const res = request(w, self, who, { verb: 'create', resource: 'leases', namespace: le.namespace, body: lease });
    if (res.ok) {
      le.lease = res.object as Lease;
      observe(w, le, le.identity, now);
    }
    return res.ok;
  }
  if (!got.ok) logLeaseReadFailed(w, self, le, got.error);
  if (!got.ok || !got.object) return false;
  const cur = got.object as Lease;
  le.lease = cur;
  const holder = cur.spec.holderIdentity ?? '';
  const renew = cur.spec.renewTime ?? '';
  if (holder !== le.observedHolder || renew !== le.observedRenewTime) observe(w, le, holder, renew);
  const expired = le.observedAt + (cur.spec.leaseDurationSeconds ?? durationSeconds) * 1000 <= w.now;
  if (holder !== '' && holder !== le.identity && !expired) return false;
  // 3. Take or renew it.
  return update(w, self, who, le, renewed(cur, le, durationSeconds, now));
}

/** The Lease with this candidate as holder, renewed now (acquired now, if it was someone else's). */
function renewed(cur: Lease, le: LeaderElectionState, durationSeconds: number, now: string): Lease {
  const next: Lease = cloneData(cur);
  next.spec.holderIdentity = le.identity;
  next.spec.leaseDurationSeconds = durationSeconds;
  next.spec.renewTime = now;
  if ((cur.spec.holderIdentity ?? '') !== le.identity) {
    next.spec.acquireTime = now;
    next.spec.leaseTransitions = (cur.spec.leaseTransitions ?? 0) + 1;
  }
  return next;
}

function update(w: World, self: ComponentBase, who: ClientIdentity, le: LeaderElectionState, next: Lease): boolean {
  const res = request(w, self, who, { verb: 'update', resource: 'leases', namespace: le.namespace, name: le.lockName, body: next });
  if (!res.ok) return false;
  le.lease = res.object as Lease;
  observe(w, le, le.identity, next.spec.renewTime ?? '');
  return true;
}

function observe(w: SimCore, le: LeaderElectionState, holder: string, renew: string): void {
  le.observedHolder = holder;
  le.observedRenewTime = renew;
  le.observedAt = w.now;
}
