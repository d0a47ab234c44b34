/**
 * pkg/controller/deployment/recreate.go: the Recreate strategy scales every old ReplicaSet to 0,
 * waits until none of their Pods is left running (terminating Pods count), and only then creates
 * or scales up the new ReplicaSet.
 */
import type { ReplicaSet } from '../../../k8s/types';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent, type DeploymentSync } from './sync';
import { actualReplicaCount, deploymentComplete, filterActive, replicasOf } from './util';

/** oldPodsRunning: any old ReplicaSet still reports replicas, or owns a non-terminal Pod. */
function oldPodsRunning(s: DeploymentSync, newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): boolean {
  if (actualReplicaCount(oldRSs) > 0) return true;
  for (const [uid, pods] of s.podMap) {
    if (newRS && newRS.metadata.uid === uid) continue;
    for (const p of pods) {
      const phase = p.status?.phase;
      if (phase !== 'Succeeded' && phase !== 'Failed') return true;
    }
  }
  return false;
}

export function rolloutRecreate(s: DeploymentSync): void {
  let { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(s, false);
  let allRSs: (ReplicaSet | undefined)[] = [...oldRSs, newRS];
  let scaledDown = false;
  for (const rs of filterActive(oldRSs)) if (scaleReplicaSetAndRecordEvent(s, rs, 0).scaled) scaledDown = true;
  if (scaledDown) return syncRolloutStatus(s, allRSs, newRS);
  if (oldPodsRunning(s, newRS, oldRSs)) return syncRolloutStatus(s, allRSs, newRS);
  if (!newRS) {
    ({ newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(s, true));
    allRSs = [...oldRSs, newRS];
  }
  scaleReplicaSetAndRecordEvent(s, newRS!, replicasOf(s.d));
  if (s.d.status && deploymentComplete(s.d, s.d.status)) cleanupDeployment(s, oldRSs);
  syncRolloutStatus(s, allRSs, newRS);
}
