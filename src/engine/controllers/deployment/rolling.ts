/**
 * pkg/controller/deployment/rolling.go: the RollingUpdate strategy. Each sync first scales the
 * new ReplicaSet up as far as maxSurge allows; only when that did nothing does it scale old
 * ReplicaSets down, never below spec.replicas − maxUnavailable available Pods (unhealthy old
 * replicas are removed first, since removing them costs no availability).
 */
import type { ReplicaSet } from '../../../k8s/types';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent, type DeploymentSync } from './sync';
import { availableReplicaCount, byCreation, deploymentComplete, filterActive, maxUnavailable, newRSNewReplicas, replicaCount, replicasOf } from './util';

export function rolloutRolling(s: DeploymentSync): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(s, true);
  const rs = newRS!;
  const allRSs = [...oldRSs, rs];
  if (reconcileNewReplicaSet(s, allRSs, rs)) return syncRolloutStatus(s, allRSs, rs);
  if (reconcileOldReplicaSets(s, allRSs, filterActive(oldRSs), rs)) return syncRolloutStatus(s, allRSs, rs);
  if (s.d.status && deploymentComplete(s.d, s.d.status)) cleanupDeployment(s, oldRSs);
  syncRolloutStatus(s, allRSs, rs);
}

export function reconcileNewReplicaSet(s: DeploymentSync, allRSs: ReplicaSet[], newRS: ReplicaSet): boolean {
  const want = replicasOf(s.d);
  if (replicasOf(newRS) === want) return false;
  if (replicasOf(newRS) > want) return scaleReplicaSetAndRecordEvent(s, newRS, want).scaled;
  return scaleReplicaSetAndRecordEvent(s, newRS, newRSNewReplicas(s.d, allRSs, newRS)).scaled;
}

export function reconcileOldReplicaSets(s: DeploymentSync, allRSs: ReplicaSet[], oldRSs: ReplicaSet[], newRS: ReplicaSet): boolean {
  if (replicaCount(oldRSs) === 0) return false;
  const allPods = replicaCount(allRSs);
  const minAvailable = replicasOf(s.d) - maxUnavailable(s.d);
  const newUnavailable = replicasOf(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = allPods - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const cleaned = cleanupUnhealthyReplicas(s, oldRSs, maxScaledDown);
  const scaledDown = scaleDownOldReplicaSetsForRollingUpdate(s, [...cleaned.oldRSs, newRS], cleaned.oldRSs);
  return cleaned.count + scaledDown > 0;
}

/** Scales old ReplicaSets down by their unavailable replicas, oldest first, up to maxCleanup. */
export function cleanupUnhealthyReplicas(s: DeploymentSync, oldRSs: ReplicaSet[], maxCleanup: number): { oldRSs: ReplicaSet[]; count: number } {
  const sorted = [...oldRSs].sort(byCreation);
  let total = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (total >= maxCleanup) break;
    const target = sorted[i]!;
    const replicas = replicasOf(target);
    const available = target.status?.availableReplicas ?? 0;
    if (replicas === 0 || replicas === available) continue;
    const down = Math.min(maxCleanup - total, replicas - available);
    sorted[i] = scaleReplicaSetAndRecordEvent(s, target, replicas - down).rs;
    total += down;
  }
  return { oldRSs: sorted, count: total };
}

/** Scales old ReplicaSets down, oldest first, while more than minAvailable Pods are available. */
export function scaleDownOldReplicaSetsForRollingUpdate(s: DeploymentSync, allRSs: ReplicaSet[], oldRSs: ReplicaSet[]): number {
  const minAvailable = replicasOf(s.d) - maxUnavailable(s.d);
  const available = availableReplicaCount(allRSs);
  if (available <= minAvailable) return 0;
  const total = available - minAvailable;
  let done = 0;
  for (const target of [...oldRSs].sort(byCreation)) {
    if (done >= total) break;
    if (replicasOf(target) === 0) continue;
    const down = Math.min(replicasOf(target), total - done);
    scaleReplicaSetAndRecordEvent(s, target, replicasOf(target) - down);
    done += down;
  }
  return done;
}
