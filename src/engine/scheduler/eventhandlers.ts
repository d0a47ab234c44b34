/**
 * Informer event handlers (pkg/scheduler/eventhandlers.go). Bound Pods feed the cache;
 * unbound Pods for `default-scheduler` feed the queue; Node, PVC, PV and StorageClass changes
 * become cluster events that move waiting Pods back to activeQ/backoffQ. A watch hop is drawn
 * on the trace only when it mattered to the scheduler (a Pod to schedule, a node that changed
 * what fits where, an event that woke a waiting Pod).
 */
import type { Node, Pod } from '../../k8s/types';
import type { WatchEvent } from '../apiserver/watch-types';
import { metaKey, type Delta } from '../client/informer';
import { traceWatch } from '../client/watch-host';
import { markComponentChanged } from '../runtime';
import type { World } from '../world';
import { addOrUpdateNode, addOrUpdatePod, isAssumed, removeNode, removePod } from './cache';
import type { ClusterEvent } from './framework';
import { REASON_SCHEDULING_GATED, SCHEDULING_GATED_MESSAGE } from './plugins/scheduling-gates';
import { allBound } from './plugins/volume-binding';
import { SCHEDULER_NAME } from './profile';
import { queueAdd, queueDelete, queueUpdate } from './queue';
import { resumeVolumeWait } from './binding-cycle';
import { backoffConfig, onClusterEvent, updatePodScheduledCondition } from './failure';
import type { SchedulerState } from './state';
import { clusterView } from './view';

export interface WatchHop {
  id: number;
  ev: WatchEvent;
}

function responsibleForPod(pod: Pod): boolean {
  return (pod.spec.schedulerName ?? SCHEDULER_NAME) === SCHEDULER_NAME;
}

/** isPodUpdated: anything but status, resourceVersion, generation and managedFields. */
function podChanged(a: Pod | undefined, b: Pod): boolean {
  if (!a) return true;
  const strip = (p: Pod): string => {
    const { resourceVersion: _rv, generation: _g, managedFields: _m, ...meta } = p.metadata;
    return JSON.stringify([meta, p.spec]);
  };
  return strip(a) !== strip(b);
}

function sameLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/** SchedulingGated pods carry PodScheduled=False/SchedulingGated until their gates are gone. */
export function ensureGatedCondition(w: World, self: SchedulerState, pod: Pod): void {
  if (!self.leader.isLeader || (pod.spec.schedulingGates ?? []).length === 0) return;
  const c = pod.status?.conditions?.find((x) => x.type === 'PodScheduled');
  if (c?.reason === REASON_SCHEDULING_GATED) return;
  updatePodScheduledCondition(w, self, pod, { reason: REASON_SCHEDULING_GATED, message: SCHEDULING_GATED_MESSAGE }, undefined);
}

function event(w: World, self: SchedulerState, e: ClusterEvent, hop: WatchHop | undefined): number {
  const moved = onClusterEvent(w, self, e);
  if (moved > 0 && hop) traceWatch(w, hop.id, self.id, hop.ev);
  return moved;
}

export function handlePodDelta(w: World, self: SchedulerState, d: Delta, hop?: WatchHop): void {
  const old = d.old as Pod | undefined;
  const cur = d.cur as Pod | undefined;
  const key = metaKey((cur ?? old)!);
  const q = self.queue;
  const traceHop = (): void => {
    if (hop) traceWatch(w, hop.id, self.id, hop.ev);
  };
  if (cur?.spec.nodeName) {
    // Assigned: the cache owns it (confirming our own assumption, or learning of another's Pod).
    queueDelete(q, key);
    const known = self.cache.pods.has(key) && !isAssumed(self.cache, key);
    const before = self.cache.pods.get(key)?.pod;
    self.volumeWaits.delete(key);
    self.nominated.delete(key);
    addOrUpdatePod(self.cache, cur, key);
    if (!known) event(w, self, { kind: 'AssignedPodAdd', pod: cur }, undefined);
    else if (!sameLabels(before?.metadata.labels, cur.metadata.labels)) event(w, self, { kind: 'AssignedPodUpdate', pod: cur }, hop);
    markComponentChanged(w, self.id);
    return;
  }
  if (cur) {
    if (old?.spec.nodeName) removePod(self.cache, key);
    if (!responsibleForPod(cur)) return;
    if (cur.status?.nominatedNodeName) self.nominated.set(key, cur.status.nominatedNodeName);
    if (q.pods.has(key)) {
      if (queueUpdate(q, cur, key, podChanged(old, cur), w.now, backoffConfig(w))) traceHop();
    } else if (!isAssumed(self.cache, key)) {
      queueAdd(q, cur, key, w.now);
      traceHop();
    }
    ensureGatedCondition(w, self, cur);
    markComponentChanged(w, self.id);
    return;
  }
  // Deleted.
  self.nominated.delete(key);
  self.volumeWaits.delete(key);
  const wasQueued = queueDelete(q, key) !== undefined;
  const placed = removePod(self.cache, key);
  let moved = 0;
  if (placed) moved = onClusterEvent(w, self, { kind: 'AssignedPodDelete', pod: placed.pod });
  if (wasQueued || moved > 0) traceHop();
  markComponentChanged(w, self.id);
}

function taintsKey(n: Node | undefined): string {
  return JSON.stringify((n?.spec?.taints ?? []).map((t) => [t.key, t.value ?? '', t.effect]));
}

export function handleNodeDelta(w: World, self: SchedulerState, d: Delta, hop?: WatchHop): void {
  const old = d.old as Node | undefined;
  const cur = d.cur as Node | undefined;
  if (!cur) {
    removeNode(self.cache, old!.metadata.name!);
    if (hop) traceWatch(w, hop.id, self.id, hop.ev);
    markComponentChanged(w, self.id);
    return;
  }
  const ni = addOrUpdateNode(self.cache, cur);
  if (!old) {
    if (hop) traceWatch(w, hop.id, self.id, hop.ev);
    event(w, self, { kind: 'NodeAdd', node: ni }, undefined);
    markComponentChanged(w, self.id);
    return;
  }
  const labels = !sameLabels(old.metadata.labels, cur.metadata.labels);
  const taints = taintsKey(old) !== taintsKey(cur);
  const unschedulable = !!old.spec?.unschedulable !== !!cur.spec?.unschedulable;
  const allocatable = JSON.stringify(old.status?.allocatable ?? {}) !== JSON.stringify(cur.status?.allocatable ?? {});
  if (!labels && !taints && !unschedulable && !allocatable) return;
  if (hop) traceWatch(w, hop.id, self.id, hop.ev);
  event(w, self, { kind: 'NodeUpdate', node: ni, labels, taints, unschedulable, allocatable }, undefined);
  markComponentChanged(w, self.id);
}

/** PVC / PV / StorageClass changes: wake Pods VolumeBinding rejected, resume PreBind waits. */
export function handleStorageDelta(w: World, self: SchedulerState, resource: string, d: Delta, hop?: WatchHop): void {
  let moved = 0;
  if (resource === 'persistentvolumeclaims' && d.cur) moved = onClusterEvent(w, self, { kind: 'PvcChange' });
  else if (resource === 'persistentvolumes' && d.cur) moved = onClusterEvent(w, self, { kind: 'PvChange' });
  else if (resource === 'storageclasses' && d.cur && !d.old) moved = onClusterEvent(w, self, { kind: 'StorageClassAdd' });
  let resumed = 0;
  if (resource === 'persistentvolumeclaims' && self.volumeWaits.size > 0) {
    const view = clusterView(self);
    for (const key of [...self.volumeWaits.keys()]) {
      const info = self.queue.pods.get(key);
      if (info && allBound(info.pod, view)) {
        if (resumed++ === 0 && hop) traceWatch(w, hop.id, self.id, hop.ev);
        resumeVolumeWait(w, self, key);
      }
    }
  }
  if (moved > 0 && resumed === 0 && hop) traceWatch(w, hop.id, self.id, hop.ev);
}

export function handleDelta(w: World, self: SchedulerState, resource: string, d: Delta, hop?: WatchHop): void {
  switch (resource) {
    case 'pods':
      return handlePodDelta(w, self, d, hop);
    case 'nodes':
      return handleNodeDelta(w, self, d, hop);
    case 'persistentvolumeclaims':
    case 'persistentvolumes':
    case 'storageclasses':
      return handleStorageDelta(w, self, resource, d, hop);
    default:
      return;
  }
}
