/**
 * DaemonSet updates (pkg/controller/daemon/update.go and util): which Pods run the current
 * template, and the RollingUpdate that replaces the others node by node. OnDelete has no
 * update step: the manage loop gives the new template only to Pods that replace deleted ones.
 *
 * Upstream walks a Go map of nodes (random order); the simulation walks the nodes by name so a
 * seed replays the same rollout.
 */
import type { DaemonSet, Pod } from '../../../k8s/types';
import { scaledValue } from '../deployment/util';
import { templateGenerationOf } from '../../../k8s/daemonset-history';
import { isPodAvailable } from '../util/pods';
import { withoutDeletedTerminal } from './node-index';

/** util.IsPodUpdated: the Pod carries the current revision hash or the current template generation. */
export function isPodUpdated(ds: DaemonSet, pod: Pod, hash: string): boolean {
  const labels = pod.metadata.labels ?? {};
  const generation = templateGenerationOf(ds);
  const templateMatches = generation !== undefined && labels['pod-template-generation'] === String(generation);
  return (hash !== '' && labels['controller-revision-hash'] === hash) || templateMatches;
}

function isRollingUpdate(ds: DaemonSet): boolean {
  return ds.spec.updateStrategy?.type === 'RollingUpdate';
}

/** util.SurgeCount: maxSurge scaled against the desired count, rounded up; 0 unless RollingUpdate. */
function surgeCount(ds: DaemonSet, desired: number): number {
  return isRollingUpdate(ds) ? scaledValue(ds.spec.updateStrategy?.rollingUpdate?.maxSurge ?? 0, desired, true) : 0;
}

/** util.UnavailableCount: maxUnavailable scaled against the desired count, rounded up. */
function unavailableCount(ds: DaemonSet, desired: number): number {
  return isRollingUpdate(ds) ? scaledValue(ds.spec.updateStrategy?.rollingUpdate?.maxUnavailable ?? 0, desired, true) : 0;
}

/** util.AllowsSurge: the manage loop then keeps an old and a new Pod side by side on a node. */
export function allowsSurge(ds: DaemonSet): boolean {
  return surgeCount(ds, 1) > 0;
}

/**
 * findUpdatedPodsOnNode: the node's one new and one old Pod, terminating Pods ignored;
 * `ok` is false when a node holds two of either (the manage loop prunes those first).
 */
function findUpdatedPodsOnNode(ds: DaemonSet, pods: readonly Pod[], hash: string): { newPod?: Pod; oldPod?: Pod; ok: boolean } {
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(ds, pod, hash)) {
      if (newPod) return { ok: false };
      newPod = pod;
    } else {
      if (oldPod) return { ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

export interface UpdateStep {
  /** Nodes to create a new Pod on (surge only). */
  create: string[];
  remove: Pod[];
}

/**
 * The node's list as rollingUpdate reads it (getNodesToDaemonPods with includeDeletedTerminal
 * false); undefined for a node that list would not have, which the walk skips.
 */
function podsOnNode(byNode: ReadonlyMap<string, readonly Pod[]>, node: string): readonly Pod[] | undefined {
  const pods = withoutDeletedTerminal(byNode.get(node));
  return pods.length ? pods : undefined;
}

/**
 * rollingUpdate, over `nodes`: the keys of `byNode` sorted by name (cached by the caller). Without surge, old Pods are deleted while fewer than maxUnavailable of the
 * DaemonSet's nodes are unavailable, and the manage loop creates their replacements; an old Pod
 * that is already unavailable is always replaced. With surge, a new Pod starts beside an old one
 * (at most maxSurge at a time) and the old one goes once the new one is available.
 */
export function rollingUpdate(ds: DaemonSet, desired: number, byNode: ReadonlyMap<string, readonly Pod[]>, nodes: readonly string[], hash: string, now: number): UpdateStep {
  let maxSurge = surgeCount(ds, desired);
  let maxUnavailable = unavailableCount(ds, desired);
  // updatedDesiredNodeCounts: an impossible configuration falls back to one unavailable Pod.
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  maxSurge = Math.max(0, maxSurge);
  const minReady = ds.spec.minReadySeconds ?? 0;
  if (maxSurge === 0) {
    let numUnavailable = 0;
    const allowed: Pod[] = [];
    const candidates: Pod[] = [];
    for (const node of nodes) {
      const pods = podsOnNode(byNode, node);
      if (!pods) continue;
      const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ds, pods, hash);
      if (!ok || (!newPod && !oldPod) || (newPod && oldPod)) {
        // The manage loop creates or deletes here: the node counts as unavailable.
        numUnavailable++;
      } else if (newPod) {
        if (!isPodAvailable(newPod, minReady, now)) numUnavailable++;
      } else if (!isPodAvailable(oldPod!, minReady, now)) {
        allowed.push(oldPod!);
        numUnavailable++;
      } else if (numUnavailable < maxUnavailable) {
        candidates.push(oldPod!);
      }
    }
    const remaining = Math.min(Math.max(0, maxUnavailable - numUnavailable), candidates.length);
    return { create: [], remove: [...allowed, ...candidates.slice(0, remaining)] };
  }
  const remove: Pod[] = [];
  const allowedNew: string[] = [];
  const candidateNew: string[] = [];
  let numSurge = 0;
  for (const node of nodes) {
    const pods = podsOnNode(byNode, node);
    if (!pods) continue;
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ds, pods, hash);
    if (!ok) {
      numSurge++;
      continue;
    }
    if (!oldPod) continue;
    if (!newPod) {
      if (!isPodAvailable(oldPod, minReady, now)) allowedNew.push(node);
      else candidateNew.push(node);
      continue;
    }
    // Already surged here: the old Pod goes once the new one is available.
    if (!isPodAvailable(newPod, minReady, now)) numSurge++;
    else remove.push(oldPod);
  }
  const remaining = Math.min(Math.max(0, maxSurge - numSurge), candidateNew.length);
  return { create: [...allowedNew, ...candidateNew.slice(0, remaining)], remove };
}
