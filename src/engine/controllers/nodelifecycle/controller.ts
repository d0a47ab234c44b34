/**
 * The node lifecycle controller (`node-controller`). Every node-monitor-period (5 s) it checks
 * each Node's heartbeats (health.ts); a Node whose kubelet went quiet gets Unknown conditions, a
 * `NodeNotReady` event, its Pods marked Ready=False (each with a `NodeNotReady` event), and — on
 * the next pass, once the Unknown status is what it observes — the `unreachable:NoExecute` taint
 * the taint-eviction-controller acts on (`not-ready:NoExecute` for Ready=False), paced per zone
 * (disruption.ts). Taints go when the Node is Ready again. Separately, on every Node change,
 * NoSchedule taints mirror the Node's conditions (TaintNodesByCondition) and spec.unschedulable.
 */
import type { KObject, Node, NodeCondition, Pod, PodCondition, Taint } from '../../../k8s/types';
import { componentId, type SimMillis } from '../../core/ids';
import { rfc3339 } from '../../../k8s/time';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, statusCode } from '../util/errors';
import { updatePodCondition } from '../util/pods';
import { indexKeys, indexMove, stateOf, type KeyIndex } from '../util/state';
import { TAINT_NOT_READY, TAINT_UNREACHABLE, TAINT_UNSCHEDULABLE, hasTaint, sameTaint, swapNodeTaints } from '../util/taints';
import { handleDisruption, limiterFor, newZones, tryAccept, zoneKey, type Zones } from './disruption';
import { tryUpdateNodeHealth, type NodeHealth } from './health';

const NOT_READY_NO_EXECUTE: Taint = { key: TAINT_NOT_READY, effect: 'NoExecute' };
const UNREACHABLE_NO_EXECUTE: Taint = { key: TAINT_UNREACHABLE, effect: 'NoExecute' };

/** nodeConditionToTaintKeyStatusMap. */
const CONDITION_TAINTS: Record<string, Partial<Record<'True' | 'False' | 'Unknown', string>>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};
const CONDITION_TAINT_KEYS = new Set(Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)));

interface NodeLifecycleState {
  health: Map<string, NodeHealth>;
  /** knownNodeSet: Nodes already announced with RegisteredNode, with their UIDs. */
  known: Map<string, string>;
  /** Nodes whose Pods still need MarkPodsNotReady after a failure. */
  retry: Set<string>;
  /** zoneNoExecuteTainter: Nodes waiting for their NoExecute taint, in arrival order. */
  toTaint: Set<string>;
  zones: Zones;
  podsByNode: KeyIndex;
}

function state(ctx: ControllerContext): NodeLifecycleState {
  return stateOf(ctx, () => ({ health: new Map(), known: new Map(), retry: new Set(), toTaint: new Set(), zones: newZones(), podsByNode: new Map() }));
}

/** What doNoScheduleTaintingPass reads from a Node. */
function taintInputs(n: KObject | undefined): string {
  const node = n as Node | undefined;
  return JSON.stringify([node?.status?.conditions?.map((c) => [c.type, c.status]), node?.spec.taints?.filter((t) => t.effect === 'NoSchedule').map((t) => t.key), node?.spec.unschedulable]);
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  if (resource === 'pods') {
    const pod = (d.cur ?? d.old) as Pod;
    indexMove(state(ctx).podsByNode, metaKey(pod), (d.old as Pod | undefined)?.spec.nodeName || undefined, (d.cur as Pod | undefined)?.spec.nodeName || undefined);
    return [];
  }
  if (resource !== 'nodes' || !d.cur) return [];
  return taintInputs(d.old) !== taintInputs(d.cur) ? [d.cur.metadata.name ?? ''] : [];
}

/**
 * doNoScheduleTaintingPass: NoSchedule taints for the Node's conditions and cordon. A Node
 * without any Ready condition yet is treated as not ready (the TaintNodesByCondition admission
 * plugin registers it with not-ready:NoSchedule).
 */
function doNoScheduleTaintingPass(ctx: ControllerContext, name: string): ReconcileResult {
  const node = ctx.cache('nodes').cache.get(name) as Node | undefined;
  if (!node) return DONE;
  const want: Taint[] = [];
  const conditions = node.status?.conditions ?? [];
  for (const c of conditions) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key) want.push({ key, effect: 'NoSchedule' });
  }
  if (!conditions.some((c) => c.type === 'Ready')) want.push({ key: TAINT_NOT_READY, effect: 'NoSchedule' });
  if (node.spec.unschedulable) want.push({ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' });
  const have = (node.spec.taints ?? []).filter((t) => t.effect === 'NoSchedule' && (t.key === TAINT_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key)));
  const add = want.filter((t) => !have.some((h) => sameTaint(h, t)));
  const remove = have.filter((t) => !want.some((w) => sameTaint(w, t)));
  if (add.length === 0 && remove.length === 0) return DONE;
  swapNodeTaints(ctx, name, add, remove, node);
  return DONE;
}

/** MarkPodsNotReady: Ready=False on every Pod of the Node, each with a NodeNotReady event. */
function markPodsNotReady(ctx: ControllerContext, nodeName: string): boolean {
  const pods = ctx.cache('pods').cache;
  let ok = true;
  for (const key of indexKeys(state(ctx).podsByNode, nodeName)) {
    const pod = pods.get(key) as Pod | undefined;
    if (!pod || pod.spec.nodeName !== nodeName) continue;
    const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
    if (!ready) continue;
    const status = structuredClone(pod.status ?? {});
    const cond: PodCondition = { ...ready, status: 'False' };
    if (!updatePodCondition((status.conditions ??= []), cond, rfc3339(ctx.w.now as SimMillis))) continue;
    const res = ctx.request({ verb: 'update', resource: 'pods', subresource: 'status', namespace: pod.metadata.namespace, name: pod.metadata.name, body: { ...pod, status } as KObject });
    if (!res.ok) {
      if (statusCode(res) !== 404) ok = false;
      continue;
    }
    ctx.record(pod, { type: 'Warning', reason: 'NodeNotReady', message: 'Node is not ready' });
  }
  return ok;
}

/** markNodeAsReachable: the NoExecute taints go, and the Node leaves the tainting queue. */
function markNodeAsReachable(ctx: ControllerContext, node: Node): void {
  swapNodeTaints(ctx, node.metadata.name ?? '', [], [UNREACHABLE_NO_EXECUTE, NOT_READY_NO_EXECUTE], node);
  state(ctx).toTaint.delete(node.metadata.name ?? '');
}

/** processTaintBaseEviction: act on the Ready status observed at the start of this pass. */
function processTaintBaseEviction(ctx: ControllerContext, node: Node, observed: 'True' | 'False' | 'Unknown'): void {
  const name = node.metadata.name ?? '';
  switch (observed) {
    case 'False':
      if (hasTaint(node, UNREACHABLE_NO_EXECUTE)) swapNodeTaints(ctx, name, [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE], node);
      else state(ctx).toTaint.add(name);
      return;
    case 'Unknown':
      if (hasTaint(node, NOT_READY_NO_EXECUTE)) swapNodeTaints(ctx, name, [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE], node);
      else state(ctx).toTaint.add(name);
      return;
    case 'True':
      markNodeAsReachable(ctx, node);
      return;
    default: {
      const never: never = observed;
      throw new Error(`unknown condition status ${String(never)}`);
    }
  }
}

/** doNoExecuteTaintingPass: taint the queued Nodes, as their zone's rate limiter allows. */
function doNoExecuteTaintingPass(ctx: ControllerContext): void {
  const s = state(ctx);
  const now = ctx.w.now;
  const blocked = new Set<string>();
  for (const name of [...s.toTaint]) {
    const node = ctx.cache('nodes').cache.get(name) as Node | undefined;
    if (!node) {
      s.toTaint.delete(name);
      continue;
    }
    const zone = zoneKey(node);
    if (blocked.has(zone)) continue;
    if (!tryAccept(limiterFor(s.zones, zone, now), now)) {
      blocked.add(zone);
      continue;
    }
    const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
    if (!ready) continue;
    s.toTaint.delete(name);
    // Upstream reads the Node afresh here (the cached copy may predate markNodeAsReachable).
    if (ready.status === 'False') swapNodeTaints(ctx, name, [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE]);
    else if (ready.status === 'Unknown') swapNodeTaints(ctx, name, [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE]);
  }
}

function nodeEvent(ctx: ControllerContext, node: KObject, reason: string, message: string): void {
  ctx.record(node, { type: 'Normal', reason, message });
}

/** monitorNodeHealth. */
function monitorNodeHealth(ctx: ControllerContext): void {
  const s = state(ctx);
  const nodes = [...ctx.cache('nodes').cache.values()] as Node[];
  const names = new Set(nodes.map((n) => n.metadata.name ?? ''));
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    if (s.known.has(name)) continue;
    nodeEvent(ctx, node, 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
    s.known.set(name, node.metadata.uid ?? '');
    runSync(() => markNodeAsReachable(ctx, node));
  }
  for (const [name, uid] of [...s.known]) {
    if (names.has(name)) continue;
    const gone = { apiVersion: 'v1', kind: 'Node', metadata: { name, uid } };
    nodeEvent(ctx, gone, 'RemovingNode', `Node ${name} event: Removing Node ${name} from Controller`);
    s.known.delete(name);
    s.health.delete(name);
    s.retry.delete(name);
  }
  const byZone = new Map<string, (NodeCondition | undefined)[]>();
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    runSync(() => {
      const { observed, current } = tryUpdateNodeHealth(ctx, s.health, node);
      if (!node.metadata.labels?.['node.kubernetes.io/exclude-disruption']) {
        const zone = zoneKey(node);
        const inZone = byZone.get(zone);
        if (inZone) inZone.push(current);
        else byZone.set(zone, [current]);
      }
      if (!current) return;
      processTaintBaseEviction(ctx, node, observed.status);
      const becameNotReady = current.status !== 'True' && observed.status === 'True';
      if (becameNotReady) nodeEvent(ctx, node, 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
      if (becameNotReady || (s.retry.has(name) && current.status !== 'True')) {
        if (!markPodsNotReady(ctx, name)) {
          s.retry.add(name);
          return;
        }
      }
      s.retry.delete(name);
    });
  }
  switch (handleDisruption(s.zones, byZone, ctx.w.now)) {
    case 'enterMasterDisruption':
      // Every Node unreachable at once: more likely our own view is broken. Evict nothing.
      for (const node of nodes) runSync(() => markNodeAsReachable(ctx, node));
      break;
    case 'exitMasterDisruption':
      for (const h of s.health.values()) {
        h.probeTimestamp = ctx.w.now;
        h.readyTransitionTimestamp = ctx.w.now;
      }
      break;
    case 'none':
      break;
  }
  runSync(() => doNoExecuteTaintingPass(ctx));
}

export const nodeLifecycleController: ControllerDef = {
  name: 'nodelifecycle',
  actor: componentId('node-controller'),
  informers: ['nodes', 'leases', 'pods'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => doNoScheduleTaintingPass(ctx, key)),
  periodic: [{ name: 'monitor-node-health', every: (w) => w.timings.nodeMonitorPeriod, run: monitorNodeHealth }],
};
