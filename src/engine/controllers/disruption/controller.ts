/**
 * The disruption controller (`disruption`, pkg/controller/disruption): keeps each
 * PodDisruptionBudget's status — how many of its Pods are healthy (Ready, not deleting, not
 * just approved for eviction), how many must stay healthy, and so how many evictions the
 * eviction subresource may approve now (disruptionsAllowed). A percentage, or maxUnavailable,
 * is taken of the scale of the Pods' controllers (Deployment, a ReplicaSet of its own, a
 * ReplicationController or a StatefulSet);
 * an integer minAvailable counts the Pods themselves. An eviction the apiserver approved stays
 * in disruptedPods until the Pod is deleting, or for DeletionTimeout (2 min), when the budget
 * is checked again. Scale changes alone do not wake it: the Pods they create or delete do.
 */
import type { Deployment, KObject, Pod, PodDisruptionBudget, PodDisruptionBudgetStatus, ReplicaSet, ReplicationController, StatefulSet } from '../../../k8s/types';
import { formatLabelSelector } from '../../../k8s/labels';
import { parseTimestamp } from '../../../k8s/time';
import { resourceForKind, qualifiedResource } from '../../../k8s/resources';
import { componentId } from '../../core/ids';
import { metaKey } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError } from '../util/errors';
import { isPodReady } from '../util/pods';
import { scaledValue } from '../deployment/util';
import { semanticEqual } from '../../apiserver/validation/field';
import { cloneData } from '../../core/clone';
import { DELETION_TIMEOUT_MS, conditionsAreUpToDate, pdbSelects, setStatusCondition, updateDisruptionAllowedCondition, DISRUPTION_ALLOWED } from './pdb';

class CountError extends Error {}

function controllerOf(o: KObject): { kind: string; name: string; uid: string; apiVersion: string } | undefined {
  return o.metadata.ownerReferences?.find((r) => r.controller);
}

/** getPodsForPdb. */
function podsFor(ctx: ControllerContext, pdb: PodDisruptionBudget): Pod[] {
  const out: Pod[] = [];
  for (const o of ctx.cache('pods').cache.values()) if (pdbSelects(pdb, o as Pod)) out.push(o as Pod);
  return out;
}

/** The finders (getPodDeployment, getPodReplicaSet, getPodReplicationController, getPodStatefulSet, then the scale subresource): the scale of the Pod's controller. */
function controllerScale(ctx: ControllerContext, pod: Pod, ref: { kind: string; name: string; uid: string }): { uid: string; scale: number } {
  const ns = pod.metadata.namespace ?? '';
  if (ref.kind === 'ReplicaSet') {
    const rs = ctx.cache('replicasets').cache.get(`${ns}/${ref.name}`) as ReplicaSet | undefined;
    if (rs && rs.metadata.uid === ref.uid) {
      const owner = controllerOf(rs);
      if (owner?.kind === 'Deployment') {
        const d = ctx.cache('deployments').cache.get(`${ns}/${owner.name}`) as Deployment | undefined;
        if (d && d.metadata.uid === owner.uid) return { uid: d.metadata.uid ?? '', scale: d.spec.replicas ?? 1 };
      } else return { uid: rs.metadata.uid ?? '', scale: rs.spec.replicas ?? 1 };
    }
  }
  if (ref.kind === 'ReplicationController') {
    const rc = ctx.cache('replicationcontrollers').cache.get(`${ns}/${ref.name}`) as ReplicationController | undefined;
    if (rc && rc.metadata.uid === ref.uid) return { uid: rc.metadata.uid ?? '', scale: rc.spec.replicas ?? 1 };
  }
  if (ref.kind === 'StatefulSet') {
    // getPodStatefulSet.
    const sts = ctx.cache('statefulsets').cache.get(`${ns}/${ref.name}`) as StatefulSet | undefined;
    if (sts && sts.metadata.uid === ref.uid) return { uid: sts.metadata.uid ?? '', scale: sts.spec.replicas ?? 1 };
  }
  const info = resourceForKind(ref.kind);
  // A kind without /scale (Job, DaemonSet): the generic finder's error.
  if (info && !info.subresources.includes('scale')) throw new CountError(`${qualifiedResource(info)} does not implement the scale subresource`);
  throw new CountError(`found no controllers for pod "${pod.metadata.name ?? ''}"`);
}

/** getExpectedScale: the sum of the scales of the Pods' controllers; Pods without one are unmanaged. */
function expectedScale(ctx: ControllerContext, pods: Pod[]): { expected: number; unmanaged: string[] } {
  const scales = new Map<string, number>();
  const unmanaged: string[] = [];
  for (const pod of pods) {
    const ref = controllerOf(pod);
    if (!ref) {
      unmanaged.push(pod.metadata.name ?? '');
      continue;
    }
    if (scales.has(ref.uid)) continue;
    const found = controllerScale(ctx, pod, ref);
    scales.set(found.uid, found.scale);
  }
  let expected = 0;
  for (const n of scales.values()) expected += n;
  return { expected, unmanaged };
}

/** getExpectedPodCount. */
function expectedPodCount(ctx: ControllerContext, pdb: PodDisruptionBudget, pods: Pod[]): { expected: number; desired: number; unmanaged: string[] } {
  const { minAvailable, maxUnavailable } = pdb.spec;
  if (maxUnavailable !== undefined) {
    const { expected, unmanaged } = expectedScale(ctx, pods);
    return { expected, desired: Math.max(0, expected - scaledValue(maxUnavailable, expected, true)), unmanaged };
  }
  if (typeof minAvailable === 'number') return { expected: pods.length, desired: minAvailable, unmanaged: [] };
  if (typeof minAvailable === 'string') {
    const { expected, unmanaged } = expectedScale(ctx, pods);
    return { expected, desired: scaledValue(minAvailable, expected, true), unmanaged };
  }
  return { expected: 0, desired: 0, unmanaged: [] };
}

/** buildDisruptedPodMap: approvals still waiting for their Pod's deletion, and when the first one expires. */
function disruptedPodMap(pods: Pod[], pdb: PodDisruptionBudget, now: number): { map: Record<string, string>; recheck: number | undefined } {
  const approved = pdb.status?.disruptedPods;
  const map: Record<string, string> = {};
  let recheck: number | undefined;
  if (!approved) return { map, recheck };
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = approved[pod.metadata.name ?? ''];
    if (at === undefined) continue;
    const expires = parseTimestamp(at) + DELETION_TIMEOUT_MS;
    if (expires < now) continue;
    if (recheck === undefined || expires < recheck) recheck = expires;
    map[pod.metadata.name ?? ''] = at;
  }
  return { map, recheck };
}

/** countHealthyPods. */
function countHealthy(pods: Pod[], disrupted: Record<string, string>, now: number): number {
  let n = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = disrupted[pod.metadata.name ?? ''];
    if (at !== undefined && parseTimestamp(at) + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) n++;
  }
  return n;
}

function writeStatus(ctx: ControllerContext, pdb: PodDisruptionBudget): void {
  const res = ctx.request({ verb: 'update', resource: 'poddisruptionbudgets', subresource: 'status', namespace: pdb.metadata.namespace, name: pdb.metadata.name, body: pdb });
  if (!res.ok) throw new SyncError(res.error.message);
}

/** updatePdbStatus: writes only when something the status carries changed. */
function updateStatus(ctx: ControllerContext, pdb: PodDisruptionBudget, currentHealthy: number, desiredHealthy: number, expectedPods: number, disruptedPods: Record<string, string>): void {
  const allowed = expectedPods <= 0 || currentHealthy - desiredHealthy <= 0 ? 0 : currentHealthy - desiredHealthy;
  const st = pdb.status;
  const generation = pdb.metadata.generation ?? 0;
  if (
    st &&
    st.currentHealthy === currentHealthy &&
    st.desiredHealthy === desiredHealthy &&
    st.expectedPods === expectedPods &&
    st.disruptionsAllowed === allowed &&
    semanticEqual(st.disruptedPods ?? {}, disruptedPods) &&
    (st.observedGeneration ?? 0) === generation &&
    conditionsAreUpToDate(pdb)
  ) {
    return;
  }
  const next = cloneData(pdb);
  const status: PodDisruptionBudgetStatus = { observedGeneration: generation, disruptionsAllowed: allowed, currentHealthy, desiredHealthy, expectedPods };
  if (Object.keys(disruptedPods).length) status.disruptedPods = disruptedPods;
  if (st?.conditions) status.conditions = st.conditions;
  next.status = status;
  updateDisruptionAllowedCondition(next, ctx.w.now);
  writeStatus(ctx, next);
}

/** failSafe: when the status cannot be computed, at least allow no disruption. */
function failSafe(ctx: ControllerContext, pdb: PodDisruptionBudget, message: string): void {
  const next = cloneData(pdb);
  const st = (next.status ??= { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
  st.disruptionsAllowed = 0;
  st.conditions = setStatusCondition(st.conditions ?? [], { type: DISRUPTION_ALLOWED, status: 'False', reason: 'SyncFailed', message, observedGeneration: st.observedGeneration ?? 0 }, ctx.w.now);
  writeStatus(ctx, next);
}

function sync(ctx: ControllerContext, key: string): ReconcileResult {
  const pdb = ctx.cache('poddisruptionbudgets').cache.get(key) as PodDisruptionBudget | undefined;
  if (!pdb) return DONE;
  const pods = podsFor(ctx, pdb);
  if (pods.length === 0) ctx.record(pdb, { type: 'Normal', reason: 'NoPods', message: 'No matching pods found' });
  let counted: ReturnType<typeof expectedPodCount>;
  try {
    counted = expectedPodCount(ctx, pdb, pods);
  } catch (e) {
    if (!(e instanceof CountError)) throw e;
    ctx.record(pdb, { type: 'Warning', reason: 'CalculateExpectedPodCountFailed', message: `Failed to calculate the number of expected pods: ${e.message}` });
    failSafe(ctx, pdb, e.message);
    return DONE;
  }
  if (counted.unmanaged.length) {
    ctx.record(pdb, {
      type: 'Warning',
      reason: 'UnmanagedPods',
      message: `Pods selected by this PodDisruptionBudget (selector: ${formatLabelSelector(pdb.spec.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
    });
  }
  const now = ctx.w.now;
  const { map, recheck } = disruptedPodMap(pods, pdb, now);
  const healthy = countHealthy(pods, map, now);
  ctx.observe(counted.desired, healthy);
  updateStatus(ctx, pdb, healthy, counted.desired, counted.expected, map);
  return recheck !== undefined ? { kind: 'requeueAfter', delay: recheck - now } : DONE;
}

/** getPdbForPod: the first budget (by key) selecting the Pod. */
function pdbForPod(ctx: ControllerContext, pod: Pod): string[] {
  const keys: string[] = [];
  for (const [k, o] of ctx.cache('poddisruptionbudgets').cache) if (pdbSelects(o as PodDisruptionBudget, pod)) keys.push(k);
  keys.sort();
  return keys.slice(0, 1);
}

export const disruptionController: ControllerDef = {
  name: 'disruption',
  actor: componentId('disruption-controller'),
  eventSource: 'controllermanager',
  informers: ['poddisruptionbudgets', 'pods', 'replicasets', 'replicationcontrollers', 'deployments', 'statefulsets'],
  keysFor: (ctx, resource, d) => {
    const o = d.cur ?? d.old;
    if (!o) return [];
    if (resource === 'poddisruptionbudgets') return [metaKey(o)];
    if (resource === 'pods') return pdbForPod(ctx, o as Pod);
    return [];
  },
  reconcile: (ctx, key) => runSync(() => sync(ctx, key)),
};
