/**
 * The Pod garbage collector (`pod-garbage-collector`), every 20 s (gcCheckPeriod):
 * - Pods bound to a Node that no longer exists — once the Node has been missing for the 40 s
 *   quarantine and an uncached GET confirms it — are marked Failed (DisruptionTarget
 *   DeletionByPodGC) and force-deleted;
 * - terminating Pods that were never scheduled, and terminating Pods on a NotReady Node tainted
 *   `node.kubernetes.io/out-of-service`, are force-deleted;
 * - terminated Pods beyond --terminated-pod-gc-threshold (12,500) are deleted, oldest first.
 */
import type { KObject, Node, Pod, PodCondition } from '../../k8s/types';
import { componentId } from '../core/ids';
import { parseTimestamp, rfc3339 } from '../../k8s/time';
import type { SimMillis } from '../core/ids';
import { metaKey, type Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef } from './framework';
import { statusCode } from './util/errors';
import { isPodTerminal, updatePodCondition } from './util/pods';
import { indexKeys, indexMove, stateOf, type KeyIndex } from './util/state';

export const GC_CHECK_PERIOD = 20_000;
export const QUARANTINE_TIME = 40_000;
export const TERMINATED_POD_THRESHOLD = 12_500;
const OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

interface PodGcState {
  /** node name → Pod keys bound to it. */
  byNode: KeyIndex;
  /** Pods in phase Succeeded or Failed. */
  terminated: Set<string>;
  /** Pods with a deletionTimestamp and no node. */
  unscheduledTerminating: Set<string>;
  /** Node name → when it was first seen missing. */
  missingSince: Map<string, number>;
}

function state(ctx: ControllerContext): PodGcState {
  return stateOf(ctx, () => ({ byNode: new Map(), terminated: new Set(), unscheduledTerminating: new Set(), missingSince: new Map() }));
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  if (resource !== 'pods') return [];
  const s = state(ctx);
  const pod = (d.cur ?? d.old) as Pod;
  const key = metaKey(pod);
  const cur = d.cur as Pod | undefined;
  indexMove(s.byNode, key, (d.old as Pod | undefined)?.spec.nodeName || undefined, cur?.spec.nodeName || undefined);
  if (cur && isPodTerminal(cur)) s.terminated.add(key);
  else s.terminated.delete(key);
  if (cur && cur.metadata.deletionTimestamp && !cur.spec.nodeName) s.unscheduledTerminating.add(key);
  else s.unscheduledTerminating.delete(key);
  return [];
}

/** markFailedAndDeletePodWithCondition: Failed first (no kubelet will ever say so), then DELETE with grace 0. */
function forceDelete(ctx: ControllerContext, pod: Pod, condition?: PodCondition): void {
  if (!isPodTerminal(pod)) {
    const status = structuredClone(pod.status ?? {});
    status.phase = 'Failed';
    if (condition) updatePodCondition((status.conditions ??= []), condition, rfc3339(ctx.w.now as SimMillis));
    // utilpod.PatchPodStatus: the role grants pods/status patch only.
    const body = { status: { phase: status.phase, ...(condition ? { conditions: status.conditions } : {}) } } as unknown as KObject;
    const res = ctx.request({ verb: 'patch', resource: 'pods', subresource: 'status', namespace: pod.metadata.namespace, name: pod.metadata.name, body });
    if (!res.ok) return;
  }
  ctx.request({ verb: 'delete', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name, gracePeriodSeconds: 0 });
}

function podsByKeys(ctx: ControllerContext, keys: Iterable<string>): Pod[] {
  const cache = ctx.cache('pods').cache;
  return [...keys].map((k) => cache.get(k) as Pod | undefined).filter((p): p is Pod => !!p);
}

function gcOrphaned(ctx: ControllerContext, s: PodGcState): void {
  const nodes = ctx.cache('nodes').cache;
  const now = ctx.w.now;
  for (const name of [...s.missingSince.keys()]) if (nodes.has(name) || !s.byNode.has(name)) s.missingSince.delete(name);
  for (const name of s.byNode.keys()) {
    if (nodes.has(name)) continue;
    const since = s.missingSince.get(name);
    if (since === undefined) {
      s.missingSince.set(name, now);
      continue;
    }
    if (now - since < QUARANTINE_TIME) continue;
    const got = ctx.request({ verb: 'get', resource: 'nodes', name });
    if (statusCode(got) !== 404) {
      s.missingSince.delete(name);
      continue;
    }
    for (const pod of podsByKeys(ctx, indexKeys(s.byNode, name))) {
      forceDelete(ctx, pod, { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists', lastProbeTime: null });
    }
  }
}

function gcTerminating(ctx: ControllerContext, s: PodGcState): void {
  for (const node of ctx.cache('nodes').cache.values() as Iterable<Node>) {
    if (!node.spec.taints?.some((t) => t.key === OUT_OF_SERVICE && t.effect === 'NoExecute')) continue;
    const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
    if (ready?.status === 'True') continue;
    for (const pod of podsByKeys(ctx, indexKeys(s.byNode, node.metadata.name ?? ''))) {
      if (pod.metadata.deletionTimestamp && !isPodTerminal(pod)) {
        forceDelete(ctx, pod, { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node is out-of-service', lastProbeTime: null });
      }
    }
  }
}

function gcTerminated(ctx: ControllerContext, s: PodGcState): void {
  const excess = s.terminated.size - TERMINATED_POD_THRESHOLD;
  if (excess <= 0) return;
  const pods = podsByKeys(ctx, s.terminated).sort((a, b) => parseTimestamp(a.metadata.creationTimestamp ?? '') - parseTimestamp(b.metadata.creationTimestamp ?? ''));
  for (const pod of pods.slice(0, excess)) forceDelete(ctx, pod);
}

function gc(ctx: ControllerContext): void {
  const s = state(ctx);
  gcTerminated(ctx, s);
  gcTerminating(ctx, s);
  gcOrphaned(ctx, s);
  for (const pod of podsByKeys(ctx, s.unscheduledTerminating)) forceDelete(ctx, pod);
}

export const podGarbageCollector: ControllerDef = {
  name: 'podgc',
  actor: componentId('pod-garbage-collector'),
  informers: ['pods', 'nodes'],
  keysFor,
  reconcile: () => DONE,
  periodic: [{ name: 'gc', every: () => GC_CHECK_PERIOD, run: gc }],
};
