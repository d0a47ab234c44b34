/**
 * ReplicaSet status (pkg/controller/replicaset/replica_set_utils.go): calculateStatus counts the
 * Pods the controller owns; updateReplicaSetStatus writes through the status subresource only
 * when something changed, with one GET-and-retry on conflict.
 */
import type { Pod, ReplicaSet, ReplicaSetStatus, WorkloadCondition } from '../../../k8s/types';
import { matches, fromMap } from '../../../k8s/labels';
import { rfc3339 } from '../../../k8s/time';
import type { ControllerContext } from '../framework';
import { semanticEqual } from '../util/equal';
import { SyncError } from '../util/errors';
import { isPodAvailable, isPodReady } from '../util/pods';
import { cloneData } from '../../core/clone';
import type { ReplicaKind } from './kind';

/** What calculateStatus counts, found by a full pass (podCounts) or kept running (view.ts). */
export interface ReplicaCounts {
  active: number;
  fullyLabeled: number;
  ready: number;
  available: number;
  terminating: number;
}

/** The counts of calculateStatus over the claimed active Pods and the terminating ones. */
export function podCounts(rs: ReplicaSet, active: Pod[], terminating: Pod[], now: number): ReplicaCounts {
  const template = fromMap(rs.spec.template?.metadata?.labels);
  const minReady = rs.spec.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const p of active) {
    if (matches(template, p.metadata.labels)) fullyLabeled++;
    if (isPodReady(p)) {
      ready++;
      if (isPodAvailable(p, minReady, now)) available++;
    }
  }
  return { active: active.length, fullyLabeled, ready, available, terminating: terminating.length };
}

export function calculateStatus(rs: ReplicaSet, counts: ReplicaCounts, manageErr: string | undefined, replicas: number, now: number, withTerminating = true): ReplicaSetStatus {
  const { fullyLabeled: fully, ready, available } = counts;
  let conditions: WorkloadCondition[] = cloneData(rs.status?.conditions ?? []);
  const failure = conditions.find((c) => c.type === 'ReplicaFailure');
  if (manageErr !== undefined && !failure) {
    const diff = counts.active - replicas;
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    conditions.push({ type: 'ReplicaFailure', status: 'True', lastTransitionTime: rfc3339(now as never), reason, message: manageErr });
  } else if (manageErr === undefined && failure) {
    conditions = conditions.filter((c) => c.type !== 'ReplicaFailure');
  }
  // Zero counts are omitted (`omitempty`) except `replicas`; terminatingReplicas is a pointer.
  const status: ReplicaSetStatus = { replicas: counts.active };
  if (fully) status.fullyLabeledReplicas = fully;
  if (ready) status.readyReplicas = ready;
  if (available) status.availableReplicas = available;
  if (withTerminating) status.terminatingReplicas = counts.terminating;
  if (rs.status?.observedGeneration) status.observedGeneration = rs.status.observedGeneration;
  if (conditions.length) status.conditions = conditions;
  return status;
}

function unchanged(rs: ReplicaSet, s: ReplicaSetStatus): boolean {
  const cur = rs.status;
  return (
    (cur?.replicas ?? 0) === s.replicas &&
    (cur?.fullyLabeledReplicas ?? 0) === (s.fullyLabeledReplicas ?? 0) &&
    (cur?.readyReplicas ?? 0) === (s.readyReplicas ?? 0) &&
    (cur?.availableReplicas ?? 0) === (s.availableReplicas ?? 0) &&
    cur?.terminatingReplicas === s.terminatingReplicas &&
    (rs.metadata.generation ?? 0) === (cur?.observedGeneration ?? 0) &&
    semanticEqual(cur?.conditions, s.conditions)
  );
}

/** Returns the stored ReplicaSet after the write (or the input when nothing changed). */
export function updateReplicaSetStatus(ctx: ControllerContext, kind: ReplicaKind, rs: ReplicaSet, status: ReplicaSetStatus): ReplicaSet {
  if (unchanged(rs, status)) return rs;
  const next: ReplicaSetStatus = { ...status };
  if (rs.metadata.generation) next.observedGeneration = rs.metadata.generation;
  let cur = rs;
  for (let attempt = 0; ; attempt++) {
    const body = kind.write(cur, next);
    const res = ctx.request({ verb: 'update', resource: kind.resource, subresource: 'status', namespace: cur.metadata.namespace, name: cur.metadata.name, body });
    if (res.ok) return kind.read(res.object!);
    if (attempt >= 1) throw new SyncError(res.error.message);
    const got = ctx.request({ verb: 'get', resource: kind.resource, namespace: cur.metadata.namespace, name: cur.metadata.name });
    if (!got.ok) throw new SyncError(got.error.message);
    cur = kind.read(got.object!);
  }
}
