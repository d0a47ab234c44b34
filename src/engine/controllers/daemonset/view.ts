/**
 * A DaemonSet's per-node view, updated only for the nodes a delta touched since its last sync.
 * While a fleet joins, every new node queues every DaemonSet, and a sync that re-walks every node
 * made boot grow with the square of the node count.
 *
 * The view answers three questions without a walk: the status counts, whether the manage loop
 * has anything to do on some node, and whether some node still runs an old-template Pod (without
 * one, the rolling update has nothing to do). When the answer is "yes", the controller runs the
 * original walk, so what it creates and deletes, and in which order, is unchanged. The view is
 * only used where no count depends on the clock (minReadySeconds 0, no surge); otherwise, and
 * whenever the template or the revision hash moved, the controller walks every node as before.
 */
import type { DaemonSet, Node, Pod } from '../../../k8s/types';
import { templateGenerationOf } from '../../../k8s/daemonset-history';
import { nodeCounts, type DaemonCounts } from './status';
import { isPodUpdated } from './update';
import { live, withoutDeletedTerminal } from './node-index';
import { nodeShouldRunDaemonPod } from './pods';
import { podsShouldBeOnNode } from './node-plan';

interface NodeView extends DaemonCounts {
  /** The node is in the informer cache (status counts and the manage loop only see those). */
  known: boolean;
  /** The manage loop would create or delete something here. */
  work: boolean;
  /** A Pod here, not terminating, runs an older template. */
  old: boolean;
}

export interface DaemonView {
  /** What every NodeView was computed against: the DaemonSet's spec, by generation, and its hash. */
  generation: number | undefined;
  templateGeneration: number | undefined;
  hash: string;
  nodes: Map<string, NodeView>;
  totals: DaemonCounts;
  work: number;
  /** The nodes whose NodeView has work (`work` of them). */
  workNodes: Set<string>;
  old: number;
  /** Node names touched by a Node or Pod delta since the last sync. */
  dirty: Set<string>;
}

function nodeView(ds: DaemonSet, hash: string, node: Node | undefined, raw: readonly Pod[] | undefined): NodeView {
  // Terminating Pods are not old: the rolling update (findUpdatedPodsOnNode) skips them.
  const old = live(raw).some((p) => !isPodUpdated(ds, p, hash));
  if (!node) return { known: false, desired: 0, current: 0, misscheduled: 0, ready: 0, available: 0, updated: 0, work: false, old };
  const where = nodeShouldRunDaemonPod(ds, node);
  // The same decisions the walk makes (no surge and minReadySeconds 0 here, so the clock plays no part).
  const work = podsShouldBeOnNode(ds, where, raw, hash, 0, false) !== undefined;
  return { known: true, ...nodeCounts(ds, where.shouldRun, withoutDeletedTerminal(raw), hash, 0), work, old };
}

function add(view: DaemonView, name: string, v: NodeView, sign: 1 | -1): void {
  const t = view.totals;
  t.desired += sign * v.desired;
  t.current += sign * v.current;
  t.misscheduled += sign * v.misscheduled;
  t.ready += sign * v.ready;
  t.available += sign * v.available;
  t.updated += sign * v.updated;
  if (v.work) {
    view.work += sign;
    if (sign > 0) view.workNodes.add(name);
    else view.workNodes.delete(name);
  }
  if (v.old) view.old += sign;
}

function refresh(view: DaemonView, ds: DaemonSet, name: string, nodes: ReadonlyMap<string, unknown>, byNode: ReadonlyMap<string, readonly Pod[]>): void {
  const prev = view.nodes.get(name);
  if (prev) add(view, name, prev, -1);
  const node = nodes.get(name) as Node | undefined;
  const pods = byNode.get(name);
  if (!node && !pods) {
    view.nodes.delete(name);
    return;
  }
  const next = nodeView(ds, view.hash, node, pods);
  view.nodes.set(name, next);
  add(view, name, next, 1);
}

/** Whether the view can stand in for the walk: nothing it counts depends on the clock. */
export function viewApplies(ds: DaemonSet, surge: boolean): boolean {
  return !surge && (ds.spec.minReadySeconds ?? 0) <= 0;
}

/**
 * The view brought up to date: rebuilt from every node when it is new or the template or hash
 * changed, otherwise refreshed only on the dirty nodes.
 */
export function currentView(views: Map<string, DaemonView>, ds: DaemonSet, hash: string, nodes: ReadonlyMap<string, unknown>, byNode: ReadonlyMap<string, readonly Pod[]>): DaemonView {
  const uid = ds.metadata.uid ?? '';
  let view = views.get(uid);
  const generation = ds.metadata.generation;
  const templateGeneration = templateGenerationOf(ds);
  if (!view || view.generation !== generation || view.templateGeneration !== templateGeneration || view.hash !== hash) {
    view = {
      generation,
      templateGeneration,
      hash,
      nodes: new Map(),
      totals: { desired: 0, current: 0, misscheduled: 0, ready: 0, available: 0, updated: 0 },
      work: 0,
      workNodes: new Set(),
      old: 0,
      dirty: new Set(),
    };
    views.set(uid, view);
    for (const name of nodes.keys()) refresh(view, ds, name, nodes, byNode);
    for (const name of byNode.keys()) if (!nodes.has(name)) refresh(view, ds, name, nodes, byNode);
    return view;
  }
  for (const name of view.dirty) refresh(view, ds, name, nodes, byNode);
  view.dirty.clear();
  return view;
}

export function hasWork(view: DaemonView, node: string): boolean {
  return view.nodes.get(node)?.work ?? true;
}

/** A delta touched these nodes: every view must look at them again. */
export function markDirty(views: Map<string, DaemonView>, uid: string | undefined, ...names: (string | undefined)[]): void {
  const targets = uid === undefined ? views.values() : [views.get(uid)].filter((v): v is DaemonView => v !== undefined);
  for (const v of targets) for (const n of names) if (n !== undefined) v.dirty.add(n);
}
