/**
 * The DaemonSet controller (pkg/controller/daemon; ServiceAccount `daemon-set-controller`, events
 * from `daemonset-controller`): one Pod per node that should run it. Each sync computes, node by
 * node, what runs there against what should: a missing Pod is created (pinned to the node by
 * nodeAffinity, bound by the scheduler), a Pod on a node that should not run it and surplus Pods
 * are deleted, failed Pods are replaced — no faster than the failed-Pod back-off allows
 * (failed-pods-backoff.ts). Then, once the manage loop's own creations and deletions
 * have been observed, a RollingUpdate replaces Pods of an older template (update.ts). Status
 * counts are computed from the same per-node view.
 *
 * Each sync first records the template as a ControllerRevision (history.ts), whose hash labels
 * the Pods and whose history `kubectl rollout history|undo daemonset` reads.
 *
 * Gaps (documented, not modelled): adoption of matching orphan Pods and ControllerRevisions.
 */
import type { ControllerRevision, DaemonSet, Node, Pod } from '../../../k8s/types';
import { componentId } from '../../core/ids';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { backoffGC, type BackoffEntry } from '../../client/backoff';
import { runSync } from '../util/errors';
import { creationObserved, deletionObserved, expectChanges, satisfiedExpectations, type Expectations } from '../util/expectations';
import { controllerRefOf } from '../util/meta';
import { indexMove, stateOf, type KeyIndex } from '../util/state';
import { cleanupHistory, constructHistory, REVISION_HASH_LABEL } from './history';
import { newDaemonPod, nodeShouldRunDaemonPod, podNodeName, revisionHash, type DaemonPlacement } from './pods';
import { nodeCounts, updateDaemonSetStatus, type DaemonCounts } from './status';
import { allowsSurge, rollingUpdate } from './update';
import { pushAll } from '../../../k8s/arrays';
import { newNodeIndex, podsByNode, sortedNodes, trackPod, withoutDeletedTerminal, type NodeIndex } from './node-index';
import { currentView, hasWork, markDirty, viewApplies, type DaemonView } from './view';
import { daemonSetsToSync } from './node-events';
import { foundEvent, podsShouldBeOnNode, type FoundEvent } from './node-plan';
import { BACKOFF_GC_INTERVAL, FAILED_PODS_BACKOFF, failedPodVerdict } from './failed-pods-backoff';

interface DaemonSetState {
  /** DaemonSet UID → keys of the Pods it controls. */
  podsByOwner: KeyIndex;
  /** The same Pods by node, kept from the deltas (node-index.ts). */
  byNode: NodeIndex;
  /** DaemonSet UID → its per-node view (view.ts). */
  views: Map<string, DaemonView>;
  expectations: Expectations;
  /** failedPodsBackoff: failedPodsBackoffKey → its entry (failed-pods-backoff.ts). */
  failedPodsBackoff: Map<string, BackoffEntry>;
}

function state(ctx: ControllerContext): DaemonSetState {
  return stateOf(ctx, () => ({ podsByOwner: new Map(), byNode: newNodeIndex(), views: new Map(), expectations: new Map(), failedPodsBackoff: new Map() }));
}

function dsKeyOf(pod: Pod | undefined): string | undefined {
  const ref = controllerRefOf(pod);
  return pod && ref?.kind === 'DaemonSet' ? `${pod.metadata.namespace ?? ''}/${ref.name}` : undefined;
}

function dsUidOf(pod: Pod | undefined): string | undefined {
  const ref = controllerRefOf(pod);
  return ref?.kind === 'DaemonSet' ? ref.uid : undefined;
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  const s = state(ctx);
  if (resource === 'daemonsets') return [metaKey((d.cur ?? d.old)!)];
  if (resource === 'nodes') {
    // Every view looks at the node again; only a change that moves where a DaemonSet runs queues it.
    markDirty(s.views, undefined, (d.cur ?? d.old)?.metadata.name);
    return daemonSetsToSync(ctx.cache('daemonsets').cache as ReadonlyMap<string, DaemonSet>, d.old as Node | undefined, d.cur as Node | undefined);
  }
  if (resource === 'controllerrevisions') {
    const cr = (d.cur ?? d.old) as ControllerRevision;
    const ref = controllerRefOf(cr);
    return ref?.kind === 'DaemonSet' ? [`${cr.metadata.namespace ?? ''}/${ref.name}`] : [];
  }
  const cur = d.cur as Pod | undefined;
  const old = d.old as Pod | undefined;
  const key = metaKey((cur ?? old)!);
  // Only DaemonSets' Pods: a ReplicaSet's 30,000 Pods have no business in these indexes.
  indexMove(s.podsByOwner, key, dsUidOf(old), cur ? dsUidOf(cur) : undefined);
  trackPod(s.byNode, s.podsByOwner, key, old, cur, ctx.cache('pods').cache);
  if (old) markDirty(s.views, dsUidOf(old) ?? '', podNodeName(old));
  if (cur) markDirty(s.views, dsUidOf(cur) ?? '', podNodeName(cur));
  const dsKey = dsKeyOf(cur) ?? dsKeyOf(old);
  if (!dsKey) return [];
  if (cur && !old && !cur.metadata.deletionTimestamp) creationObserved(s.expectations, dsKey);
  if (!cur || cur.metadata.deletionTimestamp) deletionObserved(s.expectations, dsKey, key);
  return [dsKey];
}

/**
 * What runs where (getNodesToDaemonPods): this DaemonSet's Pods grouped by the node they are
 * pinned to, terminating ones included — the update step counts a node whose only Pod is
 * terminating as unavailable.
 */
function podsOf(ctx: ControllerContext, ds: DaemonSet): ReadonlyMap<string, readonly Pod[]> {
  return podsByNode(state(ctx).byNode, ds.metadata.uid ?? '');
}

/** Every Pod of the DaemonSet, read only when history is cleaned up. */
function* allPods(byNode: ReadonlyMap<string, readonly Pod[]>): Iterable<Pod> {
  for (const pods of byNode.values()) yield* pods;
}

/**
 * NodeShouldRunDaemonPod, memoised per (DaemonSet, Node) object: both are immutable once stored,
 * and every sync asks it for every node.
 */
const placementMemo = new WeakMap<DaemonSet, WeakMap<Node, DaemonPlacement>>();
function placement(ds: DaemonSet, node: Node): DaemonPlacement {
  let m = placementMemo.get(ds);
  if (!m) placementMemo.set(ds, (m = new WeakMap()));
  let v = m.get(node);
  if (v === undefined) m.set(node, (v = nodeShouldRunDaemonPod(ds, node)));
  return v;
}

function shouldRun(ds: DaemonSet, node: Node): boolean {
  return placement(ds, node).shouldRun;
}

interface Plan {
  create: string[];
  remove: Pod[];
  /** Events podsShouldBeOnNode records as it plans (a failed or succeeded daemon Pod found). */
  found?: FoundEvent[];
  /** enqueueDaemonSetAfter: the shortest back-off a failed Pod left in place is waiting out. */
  backoffDelay?: number;
}

/**
 * podsShouldBeOnNode (node-plan.ts) over every node the view does not rule out. A failed Pod is
 * deleted, and counted in the back-off, only when the back-off allows (failedPodVerdict).
 */
function plan(ds: DaemonSet, nodes: Node[], byNode: ReadonlyMap<string, readonly Pod[]>, hash: string, now: number, backoff: Map<string, BackoffEntry>, view?: DaemonView): Plan {
  const create: string[] = [];
  const remove: Pod[] = [];
  const found: FoundEvent[] = [];
  let backoffDelay: number | undefined;
  const surge = allowsSurge(ds);
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    // A node the view knows has nothing to do adds nothing to the plan.
    if (view && !hasWork(view, name)) continue;
    const p = podsShouldBeOnNode(ds, placement(ds, node), byNode.get(name), hash, now, surge);
    if (!p) continue;
    if (p.create) create.push(name);
    for (const t of p.terminal) {
      if (t.phase === 'Failed') {
        const v = failedPodVerdict(backoff, ds, name, now);
        if (v.kind === 'backoff') {
          backoffDelay = Math.min(backoffDelay ?? v.delay, v.delay);
          continue;
        }
      }
      found.push(foundEvent(t, name));
      remove.push(t.pod);
    }
    pushAll(remove, p.remove);
  }
  const out: Plan = { create, remove };
  if (found.length) out.found = found;
  if (backoffDelay !== undefined) out.backoffDelay = backoffDelay;
  return out;
}

function manage(ctx: ControllerContext, ds: DaemonSet, key: string, p: Plan, hash: string): string | undefined {
  const s = state(ctx);
  const now = ctx.w.now;
  let firstError: string | undefined;
  for (const e of p.found ?? []) ctx.record(ds, e);
  const keys = p.remove.map((pod) => metaKey(pod));
  expectChanges(s.expectations, key, p.create.length, keys, now);
  for (const node of p.create) {
    const res = ctx.request({ verb: 'create', resource: 'pods', namespace: ds.metadata.namespace, body: newDaemonPod(ds, node, hash), handOver: true });
    if (res.ok) {
      ctx.record(ds, { type: 'Normal', reason: 'SuccessfulCreate', message: `Created pod: ${res.object?.metadata.name ?? ''}` });
      continue;
    }
    creationObserved(s.expectations, key);
    ctx.record(ds, { type: 'Warning', reason: 'FailedCreate', message: `Error creating: ${res.error.message}` });
    firstError ??= res.error.message;
  }
  p.remove.forEach((pod, i) => {
    const res = ctx.request({ verb: 'delete', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name });
    if (res.ok) {
      ctx.record(ds, { type: 'Normal', reason: 'SuccessfulDelete', message: `Deleted pod: ${pod.metadata.name ?? ''}` });
      return;
    }
    deletionObserved(s.expectations, key, keys[i]!);
    ctx.record(ds, { type: 'Warning', reason: 'FailedDelete', message: `Error deleting: ${res.error.message}` });
    firstError ??= res.error.message;
  });
  return firstError;
}

type WalkCounts = DaemonCounts & { nextCheck?: number };

/**
 * updateDaemonSetStatus's counts over every node (when the view does not apply: they depend on
 * the clock), each node's by status.ts nodeCounts.
 */
function walkCounts(ds: DaemonSet, nodes: Node[], byNode: ReadonlyMap<string, readonly Pod[]>, hash: string, now: number): WalkCounts {
  const t: WalkCounts = { desired: 0, current: 0, misscheduled: 0, ready: 0, available: 0, updated: 0 };
  for (const node of nodes) {
    const c = nodeCounts(ds, shouldRun(ds, node), withoutDeletedTerminal(byNode.get(node.metadata.name ?? '')), hash, now);
    t.desired += c.desired;
    t.current += c.current;
    t.misscheduled += c.misscheduled;
    t.ready += c.ready;
    t.available += c.available;
    t.updated += c.updated;
    if (c.ready > c.available) t.nextCheck = 1000;
  }
  return t;
}

/**
 * The one node the view says has work, when there is exactly one and it is a known Node: the walk
 * over every node would plan nothing anywhere else, and with a single node the plan's order cannot
 * differ. (While a fleet joins, each sync has the node that just came up, and nothing more.)
 */
function onlyWorkNode(view: DaemonView, nodeCache: ReadonlyMap<string, unknown>): Node[] | undefined {
  if (view.workNodes.size !== 1) return undefined;
  const name = view.workNodes.values().next().value!;
  const node = nodeCache.get(name) as Node | undefined;
  return node ? [node] : undefined;
}

function syncDaemonSet(ctx: ControllerContext, key: string): ReconcileResult {
  const s = state(ctx);
  const ds = ctx.cache('daemonsets').cache.get(key) as DaemonSet | undefined;
  if (!ds) {
    s.expectations.delete(key);
    return DONE;
  }
  const nodeCache = ctx.cache('nodes').cache;
  // The walks need the node list; a sync the view answers does not (at 5,000 nodes it adds up).
  let nodeList: Node[] | undefined;
  const nodes = (): Node[] => (nodeList ??= [...nodeCache.values()] as Node[]);
  const now = ctx.w.now;
  const history = ds.metadata.deletionTimestamp ? undefined : constructHistory(ctx, ds);
  const hash = history?.cur.metadata.labels?.[REVISION_HASH_LABEL] ?? revisionHash(ds);
  let err: string | undefined;
  let backoffDelay: number | undefined;
  const view = viewApplies(ds, allowsSurge(ds)) ? currentView(s.views, ds, hash, nodeCache, podsOf(ctx, ds)) : undefined;
  // Without this sync's manage loop, observedGeneration stays: the generation was not processed.
  const processed = satisfiedExpectations(s.expectations, key, now) && history !== undefined;
  if (processed) {
    // Without work on any node (the view says so), the walk would plan nothing.
    const p = view?.work === 0 ? { create: [], remove: [] } : plan(ds, view?.work === 1 ? onlyWorkNode(view, nodeCache) ?? nodes() : nodes(), podsOf(ctx, ds), hash, now, s.failedPodsBackoff, view);
    backoffDelay = p.backoffDelay;
    err = manage(ctx, ds, key, p, hash);
    if (err === undefined && satisfiedExpectations(s.expectations, key, now) && ds.spec.updateStrategy?.type === 'RollingUpdate') {
      let step: Plan = { create: [], remove: [] };
      // Only a node running an old-template Pod gives the rolling update something to do.
      if (view?.old !== 0) {
        let desired = 0;
        for (const n of nodes()) if (shouldRun(ds, n)) desired++;
        step = rollingUpdate(ds, desired, podsOf(ctx, ds), sortedNodes(s.byNode, ds.metadata.uid ?? ''), hash, now);
      }
      err = manage(ctx, ds, key, step, hash);
    }
    if (err === undefined) cleanupHistory(ctx, ds, history.old, allPods(podsOf(ctx, ds)));
  }
  // enqueueDaemonSetAfter, from podsShouldBeOnNode: AddAfter on the same delaying queue as the
  // minReadySeconds requeue below, so the sooner of the two is the one wake.
  if (backoffDelay !== undefined) ctx.enqueue(key, backoffDelay);
  const counts: WalkCounts = view ? { ...view.totals } : walkCounts(ds, nodes(), podsOf(ctx, ds), hash, now);
  updateDaemonSetStatus(ctx, ds, counts, processed);
  if (err !== undefined) return { kind: 'error', message: err };
  return counts.nextCheck !== undefined && (ds.spec.minReadySeconds ?? 0) > 0 ? { kind: 'requeueAfter', delay: counts.nextCheck } : DONE;
}

export const daemonSetController: ControllerDef = {
  name: 'daemonset',
  actor: componentId('daemon-set-controller'),
  eventSource: 'daemonset-controller',
  informers: ['daemonsets', 'pods', 'nodes', 'controllerrevisions'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => syncDaemonSet(ctx, key)),
  // Run: go wait.Until(dsc.failedPodsBackoff.GC, BackoffGCInterval, ...).
  periodic: [{ name: 'failed-pods-backoff-gc', every: () => BACKOFF_GC_INTERVAL, run: (ctx) => backoffGC(state(ctx).failedPodsBackoff, ctx.w.now, FAILED_PODS_BACKOFF) }],
};
