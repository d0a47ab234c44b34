/**
 * Which Pods a ReplicaSet deletes first when it scales down: controller.ActivePodsWithRanks from
 * pkg/controller/controller_utils.go, with LogarithmicScaleDown and PodDeletionCost (both on by
 * default). The least valuable Pod sorts first: unscheduled < scheduled, Pending < Unknown <
 * Running, not ready < ready, lower deletion cost, more colocated siblings, ready for less time
 * (log2 buckets), more restarts, newer < older.
 */
import type { Pod } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';
import { isPodActive, isPodReady, podReadySince } from '../util/pods';

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

const DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';

function deletionCost(pod: Pod): number {
  const v = pod.metadata.annotations?.[DELETION_COST];
  const n = v === undefined ? 0 : Number(v);
  return Number.isInteger(n) ? n : 0;
}

function maxRestarts(pod: Pod): [regular: number, sidecar: number] {
  let regular = 0;
  for (const c of pod.status?.containerStatuses ?? []) regular = Math.max(regular, c.restartCount);
  const sidecars = new Set((pod.spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  let sidecar = 0;
  for (const c of pod.status?.initContainerStatuses ?? []) if (sidecars.has(c.name)) sidecar = Math.max(sidecar, c.restartCount);
  return [regular, sidecar];
}

/** logarithmicRankDiff over nanosecond ages, as upstream (so buckets match Go's). */
function logRank(t: number, now: number): number {
  const d = (now - t) * 1e6;
  return d > 0 ? Math.floor(Math.log2(d)) : -1;
}

export interface RankedPod {
  pod: Pod;
  /** Active Pods of the same controller on this Pod's node. */
  rank: number;
}

/** ActivePodsWithRanks.Less. */
export function lessActivePod(a: RankedPod, b: RankedPod, now: number): boolean {
  const pi = a.pod;
  const pj = b.pod;
  const ni = pi.spec.nodeName ?? '';
  const nj = pj.spec.nodeName ?? '';
  if (ni !== nj && (ni === '' || nj === '')) return ni === '';
  const oi = PHASE_ORDINAL[pi.status?.phase ?? 'Pending'] ?? 0;
  const oj = PHASE_ORDINAL[pj.status?.phase ?? 'Pending'] ?? 0;
  if (oi !== oj) return oi < oj;
  const ri = isPodReady(pi);
  const rj = isPodReady(pj);
  if (ri !== rj) return !ri;
  const ci = deletionCost(pi);
  const cj = deletionCost(pj);
  if (ci !== cj) return ci < cj;
  if (a.rank !== b.rank) return a.rank > b.rank;
  if (ri && rj) {
    const ti = podReadySince(pi);
    const tj = podReadySince(pj);
    if (ti !== tj) {
      if (ti === undefined || tj === undefined) return ti === undefined;
      const diff = logRank(ti, now) - logRank(tj, now);
      if (diff === 0) return (pi.metadata.uid ?? '') < (pj.metadata.uid ?? '');
      return diff < 0;
    }
  }
  const [regI, sideI] = maxRestarts(pi);
  const [regJ, sideJ] = maxRestarts(pj);
  if (regI !== regJ) return regI > regJ;
  if (sideI !== sideJ) return sideI > sideJ;
  const ti = pi.metadata.creationTimestamp;
  const tj = pj.metadata.creationTimestamp;
  if (ti !== tj) {
    if (!ti || !tj) return !ti;
    const diff = logRank(parseTimestamp(ti), now) - logRank(parseTimestamp(tj), now);
    if (diff === 0) return (pi.metadata.uid ?? '') < (pj.metadata.uid ?? '');
    return diff < 0;
  }
  return false;
}

/**
 * getPodsToDelete: the `diff` Pods to remove from `active`, ranked by how many active Pods of
 * the same owner family (`related`) share their node.
 */
export function podsToDelete(active: Pod[], related: Pod[], diff: number, now: number): Pod[] {
  if (diff >= active.length) return active.slice(0, diff);
  const onNode = new Map<string, number>();
  for (const p of related) if (isPodActive(p)) onNode.set(p.spec.nodeName ?? '', (onNode.get(p.spec.nodeName ?? '') ?? 0) + 1);
  const ranked = active.map((pod) => ({ pod, rank: onNode.get(pod.spec.nodeName ?? '') ?? 0 }));
  ranked.sort((a, b) => (lessActivePod(a, b, now) ? -1 : lessActivePod(b, a, now) ? 1 : 0));
  return ranked.slice(0, diff).map((r) => r.pod);
}
