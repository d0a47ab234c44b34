/**
 * StatefulSet status (stateful_set_control.go computeReplicaStatus, completeRollingUpdate,
 * inconsistentStatus, and the status updater's one retry after a conflict). Counts are over the
 * Pods the apiserver stores; the placeholders the control loop builds for missing ordinals
 * have no phase and count nowhere.
 */
import type { KObject, Pod, StatefulSet, StatefulSetStatus } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';
import { isCreated, isRunningAndAvailable, isRunningAndReady, isTerminating, revisionOf } from './identity';

export interface Counts {
  replicas: number;
  ready: number;
  available: number;
  current: number;
  updated: number;
}

export function computeReplicaStatus(pods: Iterable<Pod>, minReadySeconds: number, now: number, currentRevision: string, updateRevision: string): Counts {
  const c: Counts = { replicas: 0, ready: 0, available: 0, current: 0, updated: 0 };
  for (const pod of pods) {
    if (isCreated(pod)) c.replicas++;
    if (isRunningAndReady(pod)) {
      c.ready++;
      if (isRunningAndAvailable(pod, minReadySeconds, now)) c.available++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      const rev = revisionOf(pod);
      if (rev === currentRevision) c.current++;
      if (rev === updateRevision) c.updated++;
    }
  }
  return c;
}

/** The status a sync ends with; completeRollingUpdate makes the update revision current once it is everywhere. */
export function toStatus(set: StatefulSet, c: Counts, currentRevision: string, updateRevision: string, collisionCount: number): StatefulSetStatus {
  let current = c.current;
  let currentRev = currentRevision;
  if (set.spec.updateStrategy?.type === 'RollingUpdate' && c.updated === c.replicas && c.ready === c.replicas) {
    current = c.updated;
    currentRev = updateRevision;
  }
  // Field order and omitempty as apps/v1 serialises them: replicas, collisionCount and availableReplicas always.
  const s = { replicas: c.replicas } as StatefulSetStatus;
  const out: StatefulSetStatus = set.metadata.generation ? { observedGeneration: set.metadata.generation, ...s } : s;
  if (c.ready) out.readyReplicas = c.ready;
  if (current) out.currentReplicas = current;
  if (c.updated) out.updatedReplicas = c.updated;
  out.currentRevision = currentRev;
  out.updateRevision = updateRevision;
  out.collisionCount = collisionCount;
  if (set.status?.conditions) out.conditions = set.status.conditions;
  out.availableReplicas = c.available;
  return out;
}

/** inconsistentStatus: only a status that differs is written (one retry after a conflict). */
export function updateStatefulSetStatus(ctx: ControllerContext, set: StatefulSet, next: StatefulSetStatus): void {
  const prev = set.status;
  const same =
    prev !== undefined &&
    (next.observedGeneration ?? 0) <= (prev.observedGeneration ?? 0) &&
    next.replicas === prev.replicas &&
    (next.currentReplicas ?? 0) === (prev.currentReplicas ?? 0) &&
    (next.readyReplicas ?? 0) === (prev.readyReplicas ?? 0) &&
    (next.updatedReplicas ?? 0) === (prev.updatedReplicas ?? 0) &&
    next.currentRevision === prev.currentRevision &&
    next.availableReplicas === prev.availableReplicas &&
    next.updateRevision === prev.updateRevision &&
    // The collisionCount a collision bumped must reach the stored status for the next hash.
    next.collisionCount === (prev.collisionCount ?? next.collisionCount);
  if (same) return;
  let cur = set;
  for (let attempt = 0; ; attempt++) {
    const body = { ...cur, status: next } as KObject;
    const res = ctx.request({ verb: 'update', resource: 'statefulsets', subresource: 'status', namespace: cur.metadata.namespace, name: cur.metadata.name, body });
    if (res.ok) return;
    if (attempt >= 1) throw new SyncError(res.error.message);
    const got = ctx.request({ verb: 'get', resource: 'statefulsets', namespace: cur.metadata.namespace, name: cur.metadata.name });
    if (!got.ok) throw new SyncError(got.error.message);
    cur = got.object as StatefulSet;
  }
}
