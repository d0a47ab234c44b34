/**
 * The taint eviction controller (`taint-eviction-controller`, pkg/controller/tainteviction):
 * Pods on a Node with NoExecute taints are deleted — at once if a taint is not tolerated, after
 * the smallest tolerationSeconds of the tolerations used otherwise (DefaultTolerationSeconds gives
 * every Pod 300 s for not-ready/unreachable), never if tolerated forever. Scheduled deletions are
 * cancelled (with an event) when the taint goes first. The Pod gets DisruptionTarget before its
 * DELETE; on an unreachable Node it then stays Terminating, as no kubelet is left to finish it.
 */
import type { KObject, Node, Pod, Taint, Toleration } from '../../k8s/types';
import { componentId, type SimMillis } from '../core/ids';
import { rfc3339 } from '../../k8s/time';
import { metaKey, splitKey, type Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { semanticEqual } from './util/equal';
import { statusCode } from './util/errors';
import { updatePodCondition } from './util/pods';
import { indexKeys, indexMove, stateOf, type KeyIndex } from './util/state';
import { matchingTolerations, noExecuteTaints } from './util/taints';

/** A TimedWorker: `done` once fired, kept so the same Pod is not evicted twice. */
interface ScheduledEviction {
  createdAt: number;
  fireAt: number;
  done: boolean;
}

interface TaintEvictionState {
  podsByNode: KeyIndex;
  /** taintedNodes: the NoExecute taints of each tainted Node, as last processed. */
  tainted: Map<string, Taint[]>;
  /** taintEvictionQueue, by Pod key. */
  evictions: Map<string, ScheduledEviction>;
}

function state(ctx: ControllerContext): TaintEvictionState {
  return stateOf(ctx, () => ({ podsByNode: new Map(), tainted: new Map(), evictions: new Map() }));
}

const NODE = 'node/';
const POD = 'pod/';
const FIRE = 'evict/';

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  if (resource === 'nodes') {
    const node = (d.cur ?? d.old)!;
    if (d.old && d.cur && semanticEqual(noExecuteTaints(d.old as Node), noExecuteTaints(d.cur as Node))) return [];
    return [NODE + node.metadata.name];
  }
  const old = d.old as Pod | undefined;
  const cur = d.cur as Pod | undefined;
  const pod = (cur ?? old)!;
  const key = metaKey(pod);
  const s = state(ctx);
  indexMove(s.podsByNode, key, old?.spec.nodeName || undefined, cur?.spec.nodeName || undefined);
  if (old && cur && old.spec.nodeName === cur.spec.nodeName && semanticEqual(old.spec.tolerations, cur.spec.tolerations)) return [];
  // Only a Pod on a NoExecute-tainted Node, or one with an eviction pending, has anything to do.
  const node = cur?.spec.nodeName ? (ctx.cache('nodes').cache.get(cur.spec.nodeName) as Node | undefined) : undefined;
  if (noExecuteTaints(node).length === 0 && !s.evictions.has(key)) return [];
  return [POD + key];
}

function podRef(podKey: string): KObject {
  const { namespace, name } = splitKey(podKey);
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace } };
}

function cancelWorkWithEvent(ctx: ControllerContext, podKey: string): void {
  const s = state(ctx);
  const e = s.evictions.get(podKey);
  if (!e) return;
  s.evictions.delete(podKey);
  if (!e.done) ctx.record(podRef(podKey), { type: 'Normal', reason: 'TaintManagerEviction', message: `Cancelling deletion of Pod ${podKey}` });
}

function addWork(ctx: ControllerContext, podKey: string, createdAt: number, fireAt: number): void {
  const s = state(ctx);
  if (s.evictions.has(podKey)) return;
  s.evictions.set(podKey, { createdAt, fireAt, done: false });
  ctx.enqueue(FIRE + podKey, Math.max(0, fireAt - ctx.w.now));
}

/** getMinTolerationTime: ms; -1 means tolerated forever. */
function minTolerationTime(used: Toleration[]): number {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}

function processPodOnNode(ctx: ControllerContext, podKey: string, tolerations: Toleration[], taints: Taint[]): void {
  const now: number = ctx.w.now;
  if (taints.length === 0) cancelWorkWithEvent(ctx, podKey);
  const { all, used } = matchingTolerations(taints, tolerations);
  if (!all) {
    cancelWorkWithEvent(ctx, podKey);
    addWork(ctx, podKey, now, now);
    return;
  }
  const min = minTolerationTime(used);
  if (min < 0) {
    cancelWorkWithEvent(ctx, podKey);
    return;
  }
  let start = now;
  const trigger = now + min;
  const scheduled = state(ctx).evictions.get(podKey);
  if (scheduled && !scheduled.done) {
    start = scheduled.createdAt;
    if (start + min < trigger) return;
    cancelWorkWithEvent(ctx, podKey);
  }
  addWork(ctx, podKey, start, trigger);
}

function handleNodeUpdate(ctx: ControllerContext, name: string): void {
  const s = state(ctx);
  const node = ctx.cache('nodes').cache.get(name) as Node | undefined;
  if (!node) {
    s.tainted.delete(name);
    return;
  }
  const taints = noExecuteTaints(node);
  if (taints.length === 0) s.tainted.delete(name);
  else s.tainted.set(name, taints);
  const pods = ctx.cache('pods').cache;
  for (const podKey of indexKeys(s.podsByNode, name)) {
    const pod = pods.get(podKey) as Pod | undefined;
    if (!pod) continue;
    if (taints.length === 0) cancelWorkWithEvent(ctx, podKey);
    else processPodOnNode(ctx, podKey, pod.spec.tolerations ?? [], taints);
  }
}

function handlePodUpdate(ctx: ControllerContext, podKey: string): void {
  const pod = ctx.cache('pods').cache.get(podKey) as Pod | undefined;
  if (!pod) return cancelWorkWithEvent(ctx, podKey);
  const taints = pod.spec.nodeName ? state(ctx).tainted.get(pod.spec.nodeName) : undefined;
  if (!taints) return;
  processPodOnNode(ctx, podKey, pod.spec.tolerations ?? [], taints);
}

/** deletePodHandler + addConditionAndDeletePod. */
function evict(ctx: ControllerContext, podKey: string): ReconcileResult {
  const e = state(ctx).evictions.get(podKey);
  if (!e || e.done) return DONE;
  // Rescheduled later after a cancel: the delaying queue kept the earlier wake, not this one.
  if (e.fireAt > ctx.w.now) return { kind: 'requeueAfter', delay: e.fireAt - ctx.w.now };
  ctx.record(podRef(podKey), { type: 'Normal', reason: 'TaintManagerEviction', message: `Marking for deletion Pod ${podKey}` });
  const { namespace, name } = splitKey(podKey);
  const got = ctx.request({ verb: 'get', resource: 'pods', namespace, name });
  if (statusCode(got) === 404) {
    e.done = true;
    return DONE;
  }
  if (!got.ok) return { kind: 'error', message: got.error.message };
  const pod = got.object as Pod;
  const status = structuredClone(pod.status ?? {});
  const cond = { type: 'DisruptionTarget', status: 'True' as const, reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint', lastProbeTime: null };
  if (updatePodCondition((status.conditions ??= []), cond, rfc3339(ctx.w.now as SimMillis))) {
    const res = ctx.request({ verb: 'patch', resource: 'pods', subresource: 'status', namespace, name, body: { status: { conditions: status.conditions } } as unknown as KObject });
    if (!res.ok && statusCode(res) !== 404) return { kind: 'error', message: res.error.message };
  }
  const del = ctx.request({ verb: 'delete', resource: 'pods', namespace, name });
  if (!del.ok && statusCode(del) !== 404) return { kind: 'error', message: del.error.message };
  // Fired work stays in the queue so later updates of the Pod do not evict it again.
  e.done = true;
  return DONE;
}

function reconcile(ctx: ControllerContext, key: string): ReconcileResult {
  if (key.startsWith(NODE)) handleNodeUpdate(ctx, key.slice(NODE.length));
  else if (key.startsWith(POD)) handlePodUpdate(ctx, key.slice(POD.length));
  else if (key.startsWith(FIRE)) return evict(ctx, key.slice(FIRE.length));
  return DONE;
}

export const taintEvictionController: ControllerDef = {
  name: 'taint-eviction-controller',
  actor: componentId('taint-eviction-controller'),
  // startTaintEvictionController hands it node-controller's client: no role of its own exists.
  serviceAccount: 'node-controller',
  informers: ['pods', 'nodes'],
  keysFor,
  reconcile,
};
