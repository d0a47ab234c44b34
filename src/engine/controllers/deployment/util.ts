/**
 * pkg/controller/deployment/util/deployment_util.go: the arithmetic of rollouts (fenceposts,
 * proportions), revisions and the annotations a Deployment keeps on its ReplicaSets.
 */
import type { Deployment, DeploymentStatus, IntOrString, PodTemplateSpec, ReplicaSet, WorkloadCondition } from '../../../k8s/types';
import { parseTimestamp, rfc3339 } from '../../../k8s/time';
import type { SimMillis } from '../../core/ids';
import { semanticEqual } from '../util/equal';
import { goRound } from '../util/meta';

export const REVISION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS = 'deployment.kubernetes.io/max-replicas';
export const POD_TEMPLATE_HASH = 'pod-template-hash';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const ROLLBACK_TO = 'deprecated.deployment.rollback.to';
/** maxRevHistoryLengthInChars in the deployment controller. */
export const MAX_REV_HISTORY_CHARS = 2000;

export const Reason = {
  NewReplicaSet: 'NewReplicaSetCreated',
  FoundNewRS: 'FoundNewReplicaSet',
  ReplicaSetUpdated: 'ReplicaSetUpdated',
  NewRSAvailable: 'NewReplicaSetAvailable',
  TimedOut: 'ProgressDeadlineExceeded',
  Paused: 'DeploymentPaused',
  Resumed: 'DeploymentResumed',
  FailedRSCreate: 'ReplicaSetCreateError',
  MinimumReplicasAvailable: 'MinimumReplicasAvailable',
  MinimumReplicasUnavailable: 'MinimumReplicasUnavailable',
} as const;

export function replicasOf(obj: Deployment | ReplicaSet): number {
  return obj.spec.replicas ?? 1;
}

export function isRollingUpdate(d: Deployment): boolean {
  return (d.spec.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

/** intstr.GetScaledValueFromIntOrPercent. */
export function scaledValue(v: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  const m = v.match(/^(\d+)%$/);
  if (!m) return Number.isInteger(Number(v)) ? Number(v) : 0;
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/** ResolveFenceposts: maxSurge rounds up, maxUnavailable down; both 0 → maxUnavailable 1. */
export function resolveFenceposts(maxSurge: IntOrString | undefined, maxUnavailable: IntOrString | undefined, desired: number): [surge: number, unavailable: number] {
  const surge = scaledValue(maxSurge ?? 0, desired, true);
  let unavailable = scaledValue(maxUnavailable ?? 0, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return [surge, unavailable];
}

export function maxSurge(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  const ru = d.spec.strategy?.rollingUpdate;
  return resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, replicasOf(d))[0];
}

export function maxUnavailable(d: Deployment): number {
  const replicas = replicasOf(d);
  if (!isRollingUpdate(d) || replicas === 0) return 0;
  const ru = d.spec.strategy?.rollingUpdate;
  const u = resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, replicas)[1];
  return Math.min(u, replicas);
}

type MaybeRS = ReplicaSet | undefined;

/** Sum of spec.replicas. */
export function replicaCount(rss: MaybeRS[]): number {
  return rss.reduce((n, rs) => n + (rs ? replicasOf(rs) : 0), 0);
}
/** Sum of status.replicas. */
export function actualReplicaCount(rss: MaybeRS[]): number {
  return rss.reduce((n, rs) => n + (rs?.status?.replicas ?? 0), 0);
}
export function readyReplicaCount(rss: MaybeRS[]): number {
  return rss.reduce((n, rs) => n + (rs?.status?.readyReplicas ?? 0), 0);
}
export function availableReplicaCount(rss: MaybeRS[]): number {
  return rss.reduce((n, rs) => n + (rs?.status?.availableReplicas ?? 0), 0);
}
/** undefined as soon as one ReplicaSet has not reported terminatingReplicas. */
export function terminatingReplicaCount(rss: MaybeRS[]): number | undefined {
  let n = 0;
  for (const rs of rss) {
    if (!rs) continue;
    if (rs.status?.terminatingReplicas === undefined) return undefined;
    n += rs.status.terminatingReplicas;
  }
  return n;
}

export function filterActive(rss: MaybeRS[]): ReplicaSet[] {
  return rss.filter((rs): rs is ReplicaSet => !!rs && replicasOf(rs) > 0);
}

function created(rs: ReplicaSet): number {
  return parseTimestamp(rs.metadata.creationTimestamp ?? '');
}

/** ReplicaSetsByCreationTimestamp: oldest first, ties by name. */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const d = created(a) - created(b);
  if (d !== 0) return d;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : (a.metadata.name ?? '') > (b.metadata.name ?? '') ? 1 : 0;
}
/** ReplicaSetsBySizeOlder: larger first; ties older first. */
export function bySizeOlder(a: ReplicaSet, b: ReplicaSet): number {
  return replicasOf(b) - replicasOf(a) || byCreation(a, b);
}
/** ReplicaSetsBySizeNewer: larger first; ties newer first. */
export function bySizeNewer(a: ReplicaSet, b: ReplicaSet): number {
  return replicasOf(b) - replicasOf(a) || byCreation(b, a);
}

export function revisionOf(rs: ReplicaSet): number | undefined {
  const v = rs.metadata.annotations?.[REVISION];
  if (v === undefined || !/^-?\d+$/.test(v)) return undefined;
  return Number(v);
}
/** ReplicaSetsByRevision: lowest revision first; ties by creation. */
export function byRevision(a: ReplicaSet, b: ReplicaSet): number {
  const ra = revisionOf(a) ?? 0;
  const rb = revisionOf(b) ?? 0;
  return ra - rb || byCreation(a, b);
}

export function maxRevision(rss: ReplicaSet[]): number {
  let max = 0;
  for (const rs of rss) {
    const v = revisionOf(rs);
    if (v !== undefined && v > max) max = v;
  }
  return max;
}

function withoutHash(t: PodTemplateSpec | undefined): PodTemplateSpec | undefined {
  if (!t) return t;
  const labels = { ...(t.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH];
  return { ...t, metadata: { ...(t.metadata ?? {}), labels } };
}

/** EqualIgnoreHash: templates equal apart from the pod-template-hash label. */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return semanticEqual(withoutHash(a), withoutHash(b));
}

/**
 * equalIgnoreHash(rsTemplate, dTemplate), remembered per ReplicaSet template for the last
 * Deployment template it was compared with. Both are stored objects' templates (the informer's
 * ReplicaSets, the Deployment sync's working copy, which shares its template), never mutated
 * after commit, so an answer stays true while both objects live; a sync asks it three times and
 * every sync of an unchanged Deployment asks it again.
 */
const TEMPLATE_MATCH = new WeakMap<PodTemplateSpec, { against: PodTemplateSpec; equal: boolean }>();
function templateMatches(rs: ReplicaSet, d: Deployment): boolean {
  const a = rs.spec.template;
  const b = d.spec.template;
  if (!a || !b) return equalIgnoreHash(a, b);
  const seen = TEMPLATE_MATCH.get(a);
  if (seen?.against === b) return seen.equal;
  const equal = equalIgnoreHash(a, b);
  TEMPLATE_MATCH.set(a, { against: b, equal });
  return equal;
}

/** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's. */
export function findNewReplicaSet(d: Deployment, rsList: ReplicaSet[]): ReplicaSet | undefined {
  return [...rsList].sort(byCreation).find((rs) => templateMatches(rs, d));
}

/** FindOldReplicaSets: every other ReplicaSet (allOld), and those with replicas (old). */
export function findOldReplicaSets(d: Deployment, rsList: ReplicaSet[]): { old: ReplicaSet[]; allOld: ReplicaSet[] } {
  const newRS = findNewReplicaSet(d, rsList);
  const allOld = rsList.filter((rs) => !newRS || rs.metadata.uid !== newRS.metadata.uid);
  return { old: allOld.filter((rs) => replicasOf(rs) !== 0), allOld };
}

function skipCopyAnnotation(k: string): boolean {
  return k === LAST_APPLIED || k === REVISION || k === REVISION_HISTORY || k === DESIRED_REPLICAS || k === MAX_REPLICAS || k === ROLLBACK_TO;
}

/** copyDeploymentAnnotationsToReplicaSet (mutates rs). */
function copyAnnotations(d: Deployment, rs: ReplicaSet): boolean {
  let changed = false;
  const a = (rs.metadata.annotations ??= {});
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (skipCopyAnnotation(k) || a[k] === v) continue;
    a[k] = v;
    changed = true;
  }
  return changed;
}

/** SetReplicasAnnotations (mutates rs). */
export function setReplicasAnnotations(rs: ReplicaSet, desired: number, max: number): boolean {
  const a = (rs.metadata.annotations ??= {});
  let changed = false;
  if (a[DESIRED_REPLICAS] !== String(desired)) {
    a[DESIRED_REPLICAS] = String(desired);
    changed = true;
  }
  if (a[MAX_REPLICAS] !== String(max)) {
    a[MAX_REPLICAS] = String(max);
    changed = true;
  }
  return changed;
}

export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desired: number, max: number): boolean {
  const a = rs.metadata.annotations ?? {};
  return a[DESIRED_REPLICAS] !== String(desired) || a[MAX_REPLICAS] !== String(max);
}

/**
 * SetNewReplicaSetAnnotations (mutates rs): copy the Deployment's annotations, raise the revision
 * to `newRevision` (remembering the old one in revision-history when this is a rollback), and —
 * for a ReplicaSet about to be created — the replica annotations.
 */
export function setNewReplicaSetAnnotations(d: Deployment, rs: ReplicaSet, newRevision: string, exists: boolean): boolean {
  let changed = copyAnnotations(d, rs);
  const a = (rs.metadata.annotations ??= {});
  const oldRevision = a[REVISION];
  let oldInt = 0;
  if (oldRevision !== undefined && oldRevision !== '') {
    if (!/^-?\d+$/.test(oldRevision)) return false;
    oldInt = Number(oldRevision);
  }
  const newInt = Number(newRevision);
  if (oldInt < newInt) {
    a[REVISION] = newRevision;
    changed = true;
  }
  if (oldRevision !== undefined && oldInt < newInt) {
    const history = a[REVISION_HISTORY] ?? '';
    let olds = history.split(',');
    if (olds[0] === '') a[REVISION_HISTORY] = oldRevision;
    else {
      let total = history.length + oldRevision.length + 1;
      let start = 0;
      while (total > MAX_REV_HISTORY_CHARS && start < olds.length) {
        total -= olds[start]!.length + 1;
        start++;
      }
      if (total <= MAX_REV_HISTORY_CHARS) {
        olds = [...olds.slice(start), oldRevision];
        a[REVISION_HISTORY] = olds.join(',');
      }
    }
  }
  if (!exists && setReplicasAnnotations(rs, replicasOf(d), replicasOf(d) + maxSurge(d))) changed = true;
  return changed;
}

/** NewRSNewReplicas: how far the new ReplicaSet may grow now. */
export function newRSNewReplicas(d: Deployment, allRSs: ReplicaSet[], newRS: ReplicaSet): number {
  if (!isRollingUpdate(d)) return replicasOf(d);
  const surge = scaledValue(d.spec.strategy?.rollingUpdate?.maxSurge, replicasOf(d), true);
  const current = replicaCount(allRSs);
  const maxTotal = replicasOf(d) + surge;
  if (current >= maxTotal) return replicasOf(newRS);
  const up = Math.min(maxTotal - current, replicasOf(d) - replicasOf(newRS));
  return replicasOf(newRS) + up;
}

/** IsSaturated: the new ReplicaSet runs exactly the Deployment's replicas, all available. */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const desired = rs.metadata.annotations?.[DESIRED_REPLICAS];
  return desired !== undefined && replicasOf(rs) === replicasOf(d) && Number(desired) === replicasOf(d) && (rs.status?.availableReplicas ?? 0) === replicasOf(d);
}

/** FindActiveOrLatest: the single active ReplicaSet, or the newest when none is active. */
export function findActiveOrLatest(newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): ReplicaSet | undefined {
  if (!newRS && oldRSs.length === 0) return undefined;
  const sorted = [...oldRSs].sort((a, b) => byCreation(b, a));
  const all = filterActive([...sorted, newRS]);
  if (all.length === 0) return newRS ?? sorted[0];
  if (all.length === 1) return all[0];
  return undefined;
}

/** GetReplicaSetProportion: this ReplicaSet's share of a proportional scale. */
export function replicaSetProportion(rs: ReplicaSet, d: Deployment, toAdd: number, added: number): number {
  if (replicasOf(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

function replicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  if (replicasOf(d) === 0) return -replicasOf(rs);
  const deploymentMax = replicasOf(d) + maxSurge(d);
  const annotated = rs.metadata.annotations?.[MAX_REPLICAS];
  let before = annotated !== undefined && /^\d+$/.test(annotated) ? Number(annotated) : 0;
  if (before === 0) before = d.status?.replicas ?? 0;
  const size = (replicasOf(rs) * deploymentMax) / before;
  return goRound(size) - replicasOf(rs);
}

export function getCondition(s: DeploymentStatus | undefined, type: string): WorkloadCondition | undefined {
  return s?.conditions?.find((c) => c.type === type);
}

export function newCondition(type: string, status: WorkloadCondition['status'], reason: string, message: string, now: number): WorkloadCondition {
  const t = rfc3339(now as SimMillis);
  return { type, status, lastUpdateTime: t, lastTransitionTime: t, reason, message };
}

/** SetDeploymentCondition: replaces a condition (appended last) unless status and reason are unchanged. */
export function setCondition(s: DeploymentStatus, c: WorkloadCondition): void {
  const cur = getCondition(s, c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason) return;
  const next = { ...c };
  if (cur && cur.status === c.status) next.lastTransitionTime = cur.lastTransitionTime;
  s.conditions = [...(s.conditions ?? []).filter((x) => x.type !== c.type), next];
}

export function removeCondition(s: DeploymentStatus, type: string): void {
  if (!s.conditions) return;
  s.conditions = s.conditions.filter((c) => c.type !== type);
  if (s.conditions.length === 0) delete s.conditions;
}

export function hasProgressDeadline(d: Deployment): boolean {
  const p = d.spec.progressDeadlineSeconds;
  return p !== undefined && p !== 2147483647;
}

/** DeploymentComplete. */
export function deploymentComplete(d: Deployment, s: DeploymentStatus): boolean {
  const r = replicasOf(d);
  return (s.updatedReplicas ?? 0) === r && (s.replicas ?? 0) === r && (s.availableReplicas ?? 0) === r && (s.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
}

/** DeploymentProgressing: more updated, fewer old, more ready or more available than last time. */
export function deploymentProgressing(d: Deployment, s: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (s.replicas ?? 0) - (s.updatedReplicas ?? 0);
  return (
    (s.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (s.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
    (s.availableReplicas ?? 0) > (old.availableReplicas ?? 0)
  );
}

/** DeploymentTimedOut: no progress reported for progressDeadlineSeconds. */
export function deploymentTimedOut(d: Deployment, s: DeploymentStatus, now: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getCondition(s, 'Progressing');
  if (!c) return false;
  if (c.reason === Reason.NewRSAvailable) return false;
  if (c.reason === Reason.TimedOut) return true;
  const from = parseTimestamp(c.lastUpdateTime ?? '');
  return from + (d.spec.progressDeadlineSeconds ?? 0) * 1000 < now;
}
