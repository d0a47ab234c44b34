/**
 * pkg/controller/deployment/sync.go: finding (or creating) the new ReplicaSet and syncing
 * revisions, scaling ReplicaSets with ScalingReplicaSet events, proportional scaling while a
 * rollout is in flight, revision-history cleanup and plain status syncs.
 */
import type { Deployment, DeploymentStatus, Pod, ReplicaSet } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { semanticEqual } from '../util/equal';
import { SyncError, statusCode } from '../util/errors';
import { newControllerRef } from '../util/meta';
import { computeHash } from './hash';
import {
  DESIRED_REPLICAS,
  POD_TEMPLATE_HASH,
  REVISION,
  Reason,
  byRevision,
  bySizeNewer,
  bySizeOlder,
  equalIgnoreHash,
  filterActive,
  findActiveOrLatest,
  findNewReplicaSet,
  findOldReplicaSets,
  getCondition,
  hasProgressDeadline,
  isRollingUpdate,
  isSaturated,
  maxRevision,
  maxSurge,
  newCondition,
  newRSNewReplicas,
  replicaCount,
  replicaSetProportion,
  replicasAnnotationsNeedUpdate,
  replicasOf,
  setCondition,
  setNewReplicaSetAnnotations,
  setReplicasAnnotations,
} from './util';
import { calculateStatus } from './progress';
import { cloneData } from '../../core/clone';

/** One syncDeployment run: the working copy of the Deployment and the ReplicaSets it owns. */
export interface DeploymentSync {
  ctx: ControllerContext;
  d: Deployment;
  rsList: ReplicaSet[];
  /** Pods by owning ReplicaSet UID (the Recreate strategy waits on them). */
  podMap: Map<string, Pod[]>;
  /** The status as last written (or read): writes that would not change it are skipped. */
  persisted: DeploymentStatus | undefined;
  /** Set when the Deployment must be looked at again later (progress deadline). */
  requeueAfter?: number;
}

function now(s: DeploymentSync): number {
  return s.ctx.w.now;
}

/** Writes s.d through the status subresource unless its status equals what was last persisted. */
export function writeStatus(s: DeploymentSync): void {
  if (semanticEqual(s.persisted, s.d.status)) return;
  putStatus(s);
}

function putStatus(s: DeploymentSync): void {
  const res = s.ctx.request({ verb: 'update', resource: 'deployments', subresource: 'status', namespace: s.d.metadata.namespace, name: s.d.metadata.name, body: s.d });
  if (!res.ok) throw new SyncError(res.error.message);
  s.persisted = cloneData(s.d.status);
  s.d = { ...s.d, metadata: { ...s.d.metadata, resourceVersion: res.object?.metadata.resourceVersion } };
}

/**
 * SetDeploymentRevision on s.d only: the caller persists it with the Progressing condition in one
 * `UpdateStatus`, as upstream's getNewReplicaSet does (the status strategy keeps annotations, and
 * the controller's role allows no patch of a Deployment).
 */
function setDeploymentRevision(s: DeploymentSync, revision: string): boolean {
  if (s.d.metadata.annotations?.[REVISION] === revision) return false;
  s.d = { ...s.d, metadata: { ...s.d.metadata, annotations: { ...s.d.metadata.annotations, [REVISION]: revision } } };
  return true;
}

function replaceRS(s: DeploymentSync, rs: ReplicaSet): void {
  const i = s.rsList.findIndex((x) => x.metadata.uid === rs.metadata.uid);
  if (i >= 0) s.rsList[i] = rs;
  else s.rsList.push(rs);
}

function updateRS(s: DeploymentSync, rs: ReplicaSet): ReplicaSet {
  const res = s.ctx.request({ verb: 'update', resource: 'replicasets', namespace: rs.metadata.namespace, name: rs.metadata.name, body: rs });
  if (!res.ok) throw new SyncError(res.error.message);
  const updated = res.object as ReplicaSet;
  replaceRS(s, updated);
  return updated;
}

/** getNewReplicaSet: the ReplicaSet matching the template, created (when asked) if missing. */
function getNewReplicaSet(s: DeploymentSync, oldRSs: ReplicaSet[], create: boolean): ReplicaSet | undefined {
  const d = s.d;
  const existing = findNewReplicaSet(d, s.rsList);
  const newRevision = String(maxRevision(oldRSs) + 1);
  if (existing) {
    // Only the annotations (setNewReplicaSetAnnotations) and spec.minReadySeconds are written on
    // the copy, and an update's body is cloned by kube-apiserver: the rest (the Pod template,
    // the status) is shared with the informer's object, which nothing here writes.
    const copy: ReplicaSet = { ...existing, metadata: { ...existing.metadata, annotations: { ...existing.metadata.annotations } }, spec: { ...existing.spec } };
    const annotationsUpdated = setNewReplicaSetAnnotations(d, copy, newRevision, true);
    const minReadyNeedsUpdate = (copy.spec.minReadySeconds ?? 0) !== (d.spec.minReadySeconds ?? 0);
    if (annotationsUpdated || minReadyNeedsUpdate) {
      if (d.spec.minReadySeconds) copy.spec.minReadySeconds = d.spec.minReadySeconds;
      else delete copy.spec.minReadySeconds;
      return updateRS(s, copy);
    }
    let needsUpdate = setDeploymentRevision(s, copy.metadata.annotations?.[REVISION] ?? '');
    if (hasProgressDeadline(s.d) && !getCondition(s.d.status, 'Progressing')) {
      s.d.status = { ...(s.d.status ?? {}) };
      setCondition(s.d.status, newCondition('Progressing', 'True', Reason.FoundNewRS, `Found new replica set "${copy.metadata.name}"`, now(s)));
      needsUpdate = true;
    }
    if (needsUpdate) putStatus(s);
    return copy;
  }
  if (!create) return undefined;

  const template = cloneData(d.spec.template);
  const hash = computeHash(d.spec.template, d.status?.collisionCount);
  template.metadata = { ...(template.metadata ?? {}), labels: { ...(template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH]: hash } };
  const selector = cloneData(d.spec.selector);
  selector.matchLabels = { ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH]: hash };
  const newRS: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace,
      ownerReferences: [newControllerRef(d, 'apps/v1', 'Deployment')],
      labels: { ...(template.metadata.labels ?? {}) },
    },
    spec: { replicas: 0, selector, template },
  };
  if (d.spec.minReadySeconds) newRS.spec.minReadySeconds = d.spec.minReadySeconds;
  const count = newRSNewReplicas(d, [...oldRSs, newRS], newRS);
  newRS.spec.replicas = count;
  setNewReplicaSetAnnotations(d, newRS, newRevision, false);

  let created: ReplicaSet;
  let alreadyExists = false;
  const res = s.ctx.request({ verb: 'create', resource: 'replicasets', namespace: d.metadata.namespace, body: newRS });
  if (res.ok) created = res.object as ReplicaSet;
  else if (statusCode(res) === 409) {
    alreadyExists = true;
    const rs = s.ctx.cache('replicasets').cache.get(`${d.metadata.namespace}/${newRS.metadata.name}`) as ReplicaSet | undefined;
    if (!rs) throw new SyncError(res.error.message);
    const ref = rs.metadata.ownerReferences?.find((r) => r.controller);
    if (!ref || ref.uid !== d.metadata.uid || !equalIgnoreHash(d.spec.template, rs.spec.template)) {
      // A hash collision: bump collisionCount so the next hash differs, and retry.
      s.d.status = { ...(s.d.status ?? {}), collisionCount: (s.d.status?.collisionCount ?? 0) + 1 };
      writeStatus(s);
      throw new SyncError(res.error.message);
    }
    created = rs;
  } else {
    const msg = `Failed to create new replica set "${newRS.metadata.name}": ${res.error.message}`;
    if (hasProgressDeadline(d)) {
      s.d.status = { ...(s.d.status ?? {}) };
      setCondition(s.d.status, newCondition('Progressing', 'False', Reason.FailedRSCreate, msg, now(s)));
      try {
        writeStatus(s);
      } catch {
        // Reported through the event and the returned error.
      }
    }
    s.ctx.record(d, { type: 'Warning', reason: Reason.FailedRSCreate, message: msg });
    throw new SyncError(res.error.message);
  }
  replaceRS(s, created);
  if (!alreadyExists && count > 0) {
    s.ctx.record(s.d, { type: 'Normal', reason: 'ScalingReplicaSet', message: `Scaled up replica set ${created.metadata.name} from 0 to ${count}` });
  }
  let needsUpdate = setDeploymentRevision(s, newRevision);
  if (!alreadyExists && hasProgressDeadline(s.d)) {
    s.d.status = { ...(s.d.status ?? {}) };
    setCondition(s.d.status, newCondition('Progressing', 'True', Reason.NewReplicaSet, `Created new replica set "${created.metadata.name}"`, now(s)));
    needsUpdate = true;
  }
  if (needsUpdate) putStatus(s);
  return created;
}

/** getAllReplicaSetsAndSyncRevision. */
export function getAllReplicaSetsAndSyncRevision(s: DeploymentSync, create: boolean): { newRS: ReplicaSet | undefined; oldRSs: ReplicaSet[] } {
  const { allOld } = findOldReplicaSets(s.d, s.rsList);
  const newRS = getNewReplicaSet(s, allOld, create);
  // Pick up ReplicaSets rewritten while finding the new one.
  const oldRSs = allOld.map((rs) => s.rsList.find((x) => x.metadata.uid === rs.metadata.uid) ?? rs);
  return { newRS, oldRSs };
}

/** scaleReplicaSet: writes the new size and the replica annotations; events only for size changes. */
export function scaleReplicaSet(s: DeploymentSync, rs: ReplicaSet, newScale: number, op: string): { scaled: boolean; rs: ReplicaSet } {
  const d = s.d;
  const sizeNeedsUpdate = replicasOf(rs) !== newScale;
  const surge = replicasOf(d) + maxSurge(d);
  if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs, replicasOf(d), surge)) return { scaled: false, rs };
  const oldScale = replicasOf(rs);
  const copy = cloneData(rs);
  copy.spec.replicas = newScale;
  setReplicasAnnotations(copy, replicasOf(d), surge);
  const updated = updateRS(s, copy);
  if (sizeNeedsUpdate) {
    s.ctx.record(d, { type: 'Normal', reason: 'ScalingReplicaSet', message: `Scaled ${op} replica set ${rs.metadata.name} from ${oldScale} to ${newScale}` });
  }
  return { scaled: sizeNeedsUpdate, rs: updated };
}

export function scaleReplicaSetAndRecordEvent(s: DeploymentSync, rs: ReplicaSet, newScale: number): { scaled: boolean; rs: ReplicaSet } {
  if (replicasOf(rs) === newScale) return { scaled: false, rs };
  return scaleReplicaSet(s, rs, newScale, replicasOf(rs) < newScale ? 'up' : 'down');
}

/**
 * scale: bring the ReplicaSets to the Deployment's size. With more than one active ReplicaSet
 * mid-rollout, the difference is spread in proportion to their sizes (largest first), and any
 * rounding leftover goes to the largest.
 */
export function scale(s: DeploymentSync, newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): void {
  const d = s.d;
  const target = findActiveOrLatest(newRS, oldRSs);
  if (target) {
    if (replicasOf(target) === replicasOf(d)) return;
    scaleReplicaSetAndRecordEvent(s, target, replicasOf(d));
    return;
  }
  if (isSaturated(d, newRS)) {
    for (const old of filterActive(oldRSs)) scaleReplicaSetAndRecordEvent(s, old, 0);
    return;
  }
  if (!isRollingUpdate(d)) return;
  const all = filterActive([...oldRSs, newRS]);
  const current = replicaCount(all);
  const allowed = replicasOf(d) > 0 ? replicasOf(d) + maxSurge(d) : 0;
  const toAdd = allowed - current;
  let op = '';
  if (toAdd > 0) {
    all.sort(bySizeNewer);
    op = 'up';
  } else if (toAdd < 0) {
    all.sort(bySizeOlder);
    op = 'down';
  }
  let added = 0;
  const size = new Map<string, number>();
  for (const rs of all) {
    if (toAdd !== 0) {
      const p = replicaSetProportion(rs, d, toAdd, added);
      size.set(rs.metadata.name ?? '', replicasOf(rs) + p);
      added += p;
    } else size.set(rs.metadata.name ?? '', replicasOf(rs));
  }
  all.forEach((rs, i) => {
    const name = rs.metadata.name ?? '';
    if (i === 0 && toAdd !== 0) size.set(name, Math.max(0, (size.get(name) ?? 0) + toAdd - added));
    scaleReplicaSet(s, rs, size.get(name) ?? 0, op);
  });
}

/** cleanupDeployment: delete the oldest fully scaled-down ReplicaSets beyond revisionHistoryLimit. */
export function cleanupDeployment(s: DeploymentSync, oldRSs: ReplicaSet[]): void {
  const limit = s.d.spec.revisionHistoryLimit;
  if (limit === undefined) return;
  const cleanable = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp);
  const diff = cleanable.length - limit;
  if (diff <= 0) return;
  cleanable.sort(byRevision);
  for (let i = 0; i < diff; i++) {
    const rs = cleanable[i]!;
    if ((rs.status?.replicas ?? 0) !== 0 || replicasOf(rs) !== 0 || (rs.metadata.generation ?? 0) > (rs.status?.observedGeneration ?? 0) || rs.metadata.deletionTimestamp) continue;
    const res = s.ctx.request({ verb: 'delete', resource: 'replicasets', namespace: rs.metadata.namespace, name: rs.metadata.name });
    if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
  }
}

/** syncDeploymentStatus: status from the ReplicaSets, written only when it changed. */
export function syncDeploymentStatus(s: DeploymentSync, allRSs: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): void {
  const status = calculateStatus(allRSs, newRS, s.d, now(s));
  if (semanticEqual(s.d.status, status)) return;
  s.d.status = status;
  writeStatus(s);
}

/** sync: scaling events and paused Deployments — resize without rolling. */
export function sync(s: DeploymentSync): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(s, false);
  scale(s, newRS, oldRSs);
  const fresh = (rs: ReplicaSet): ReplicaSet => s.rsList.find((x) => x.metadata.uid === rs.metadata.uid) ?? rs;
  const olds = oldRSs.map(fresh);
  if (s.d.spec.paused) cleanupDeployment(s, olds);
  syncDeploymentStatus(s, [...olds, newRS && fresh(newRS)], newRS && fresh(newRS));
}

/** isScalingEvent: an active ReplicaSet was sized for a different spec.replicas. */
export function isScalingEvent(s: DeploymentSync): boolean {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(s, false);
  for (const rs of filterActive([...oldRSs, newRS])) {
    const desired = rs.metadata.annotations?.[DESIRED_REPLICAS];
    if (desired === undefined || !/^\d+$/.test(desired)) continue;
    if (Number(desired) !== replicasOf(s.d)) return true;
  }
  return false;
}

/** checkPausedConditions: Progressing Unknown DeploymentPaused / DeploymentResumed. */
export function checkPausedConditions(s: DeploymentSync): void {
  if (!hasProgressDeadline(s.d)) return;
  const cond = getCondition(s.d.status, 'Progressing');
  if (cond?.reason === Reason.TimedOut) return;
  const pausedExists = cond?.reason === Reason.Paused;
  let status: DeploymentStatus | undefined;
  if (s.d.spec.paused && !pausedExists) {
    status = { ...(s.d.status ?? {}) };
    setCondition(status, newCondition('Progressing', 'Unknown', Reason.Paused, 'Deployment is paused', now(s)));
  } else if (!s.d.spec.paused && pausedExists) {
    status = { ...(s.d.status ?? {}) };
    setCondition(status, newCondition('Progressing', 'Unknown', Reason.Resumed, 'Deployment is resumed', now(s)));
  }
  if (!status) return;
  s.d.status = status;
  writeStatus(s);
}
