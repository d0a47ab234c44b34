/**
 * pkg/controller/deployment/progress.go: the Deployment's status and its Progressing / Available
 * conditions, including the progress deadline (a stuck rollout is re-checked when it would expire).
 */
import type { Deployment, DeploymentStatus, ReplicaSet, WorkloadCondition } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';
import { semanticEqual } from '../util/equal';
import type { DeploymentSync } from './sync';
import { writeStatus } from './sync';
import {
  Reason,
  actualReplicaCount,
  availableReplicaCount,
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getCondition,
  hasProgressDeadline,
  maxUnavailable,
  newCondition,
  readyReplicaCount,
  removeCondition,
  replicaCount,
  replicasOf,
  setCondition,
  terminatingReplicaCount,
} from './util';
import { cloneData } from '../../core/clone';

/** calculateStatus. Zero counts are left out, as `omitempty` does on the wire. */
export function calculateStatus(allRSs: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined, d: Deployment, now: number): DeploymentStatus {
  const available = availableReplicaCount(allRSs);
  const total = replicaCount(allRSs);
  const unavailable = Math.max(0, total - available);
  const s: DeploymentStatus = {};
  const set = (k: 'observedGeneration' | 'replicas' | 'updatedReplicas' | 'readyReplicas' | 'availableReplicas' | 'unavailableReplicas', v: number): void => {
    if (v) s[k] = v;
  };
  set('observedGeneration', d.metadata.generation ?? 0);
  set('replicas', actualReplicaCount(allRSs));
  set('updatedReplicas', actualReplicaCount([newRS]));
  set('readyReplicas', readyReplicaCount(allRSs));
  set('availableReplicas', available);
  set('unavailableReplicas', unavailable);
  const terminating = terminatingReplicaCount(allRSs);
  if (terminating !== undefined) s.terminatingReplicas = terminating;
  if (d.status?.collisionCount !== undefined) s.collisionCount = d.status.collisionCount;
  if (d.status?.conditions?.length) s.conditions = cloneData(d.status.conditions);
  if (available >= replicasOf(d) - maxUnavailable(d)) {
    setCondition(s, newCondition('Available', 'True', Reason.MinimumReplicasAvailable, 'Deployment has minimum availability.', now));
  } else {
    setCondition(s, newCondition('Available', 'False', Reason.MinimumReplicasUnavailable, 'Deployment does not have minimum availability.', now));
  }
  return s;
}

/**
 * requeueStuckDeployment: a rollout without progress must be looked at again when its deadline
 * would pass, even if nothing else changes. Returns the delay, or undefined.
 */
function requeueStuckDeployment(d: Deployment, status: DeploymentStatus, now: number): number | undefined {
  const cur = getCondition(d.status, 'Progressing');
  if (!hasProgressDeadline(d) || !cur) return undefined;
  if (deploymentComplete(d, status) || cur.reason === Reason.TimedOut) return undefined;
  const after = parseTimestamp(cur.lastUpdateTime ?? '') + (d.spec.progressDeadlineSeconds ?? 0) * 1000 - now;
  // Less than a second left: check again almost at once (upstream: rate-limited requeue).
  if (after < 1000) return 5;
  return after + 1000;
}

/** syncRolloutStatus. */
export function syncRolloutStatus(s: DeploymentSync, allRSs: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): void {
  const d = s.d;
  const now = s.ctx.w.now;
  const status = calculateStatus(allRSs, newRS, d, now);
  if (!hasProgressDeadline(d)) removeCondition(status, 'Progressing');
  const cur = getCondition(d.status, 'Progressing');
  const isComplete = (status.replicas ?? 0) === (status.updatedReplicas ?? 0) && cur?.reason === Reason.NewRSAvailable;
  if (hasProgressDeadline(d) && !isComplete) {
    if (deploymentComplete(d, status)) {
      const msg = newRS ? `ReplicaSet "${newRS.metadata.name}" has successfully progressed.` : `Deployment "${d.metadata.name}" has successfully progressed.`;
      setCondition(status, newCondition('Progressing', 'True', Reason.NewRSAvailable, msg, now));
    } else if (deploymentProgressing(d, status)) {
      const msg = newRS ? `ReplicaSet "${newRS.metadata.name}" is progressing.` : `Deployment "${d.metadata.name}" is progressing.`;
      const c = newCondition('Progressing', 'True', Reason.ReplicaSetUpdated, msg, now);
      // Progress refreshes lastUpdateTime even with an unchanged reason; the transition time stays.
      if (cur) {
        if (cur.status === 'True' && cur.lastTransitionTime) c.lastTransitionTime = cur.lastTransitionTime;
        removeCondition(status, 'Progressing');
      }
      setCondition(status, c);
    } else if (deploymentTimedOut(d, status, now)) {
      const msg = newRS ? `ReplicaSet "${newRS.metadata.name}" has timed out progressing.` : `Deployment "${d.metadata.name}" has timed out progressing.`;
      setCondition(status, newCondition('Progressing', 'False', Reason.TimedOut, msg, now));
    }
  }
  const failure = replicaFailure(allRSs, newRS);
  if (failure) setCondition(status, { ...failure });
  else removeCondition(status, 'ReplicaFailure');

  if (semanticEqual(d.status, status)) {
    s.requeueAfter = requeueStuckDeployment(d, status, now);
    return;
  }
  s.d.status = status;
  writeStatus(s);
}

/** getReplicaFailures: the new ReplicaSet's ReplicaFailure condition (else any old one's). */
function replicaFailure(allRSs: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): WorkloadCondition | undefined {
  const pick = (rs: ReplicaSet | undefined): WorkloadCondition | undefined => {
    const c = rs?.status?.conditions?.find((x) => x.type === 'ReplicaFailure');
    return c ? { type: 'ReplicaFailure', status: c.status, lastUpdateTime: c.lastTransitionTime, lastTransitionTime: c.lastTransitionTime, reason: c.reason, message: c.message } : undefined;
  };
  const fromNew = pick(newRS);
  if (fromNew) return fromNew;
  for (const rs of allRSs) {
    if (rs === newRS) continue;
    const c = pick(rs);
    if (c) return c;
  }
  return undefined;
}
