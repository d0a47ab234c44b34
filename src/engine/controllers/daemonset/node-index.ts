/**
 * What runs where, kept up to date from the Pod deltas instead of rebuilt by every sync
 * (getNodesToDaemonPods). Each sync used to walk all of a DaemonSet's Pods, once per node, and
 * every Node heartbeat queues every DaemonSet, so boot grew with the square of the node count.
 *
 * The index is DaemonSet UID → node name → the Pods pinned there, terminating ones included, in
 * the order of the owner index (`podsByOwner`, a Set in insertion order), which is the order the
 * rebuilt lists had: the manage loop keeps the first live Pod of a node and surge picks the first
 * new and old one, so that order is observable. Lists are replaced, never mutated, so a list's
 * identity says whether it changed (the memo in `live` relies on it).
 */
import type { Pod } from '../../../k8s/types';
import type { KeyIndex } from '../util/state';
import { controllerRefOf } from '../util/meta';
import { isPodTerminal } from '../util/pods';
import { podNodeName } from './pods';
import { metaKey } from '../../client/informer';

export type PodsByNode = Map<string, readonly Pod[]>;

/** DaemonSet UID → its Pods by node; sorted node names cached until a node gains or loses its last Pod. */
export interface NodeIndex {
  byOwner: Map<string, PodsByNode>;
  sorted: Map<string, string[]>;
}

export function newNodeIndex(): NodeIndex {
  return { byOwner: new Map(), sorted: new Map() };
}

const EMPTY: PodsByNode = new Map();

export function podsByNode(idx: NodeIndex, uid: string): ReadonlyMap<string, readonly Pod[]> {
  return idx.byOwner.get(uid) ?? EMPTY;
}

/** The nodes holding this DaemonSet's Pods, by name (the rolling update's walk order). */
export function sortedNodes(idx: NodeIndex, uid: string): readonly string[] {
  let s = idx.sorted.get(uid);
  if (!s) idx.sorted.set(uid, (s = [...podsByNode(idx, uid).keys()].sort()));
  return s;
}

function daemonSetUid(pod: Pod | undefined): string | undefined {
  const ref = controllerRefOf(pod);
  return ref?.kind === 'DaemonSet' ? ref.uid : undefined;
}

function setList(idx: NodeIndex, uid: string, node: string, pods: readonly Pod[]): void {
  let m = idx.byOwner.get(uid);
  if (!m) idx.byOwner.set(uid, (m = new Map()));
  const had = m.has(node);
  if (pods.length) m.set(node, pods);
  else m.delete(node);
  if (had !== pods.length > 0) idx.sorted.delete(uid);
  if (m.size === 0) idx.byOwner.delete(uid);
}

function without(idx: NodeIndex, uid: string, node: string, key: string): void {
  const list = idx.byOwner.get(uid)?.get(node);
  if (list) setList(idx, uid, node, list.filter((p) => metaKey(p) !== key));
}

/**
 * One Pod delta, applied after `owners` (the owner index) took it. `cache` reads the informer's
 * Pods, needed only when a Pod moves to another node under the same owner: its place in the new
 * list then follows the owner index, so that list is rebuilt from it.
 */
export function trackPod(idx: NodeIndex, owners: KeyIndex, key: string, old: Pod | undefined, cur: Pod | undefined, cache: ReadonlyMap<string, unknown>): void {
  const oldUid = daemonSetUid(old);
  const curUid = cur ? daemonSetUid(cur) : undefined;
  const oldNode = old ? podNodeName(old) : undefined;
  const curNode = cur ? podNodeName(cur) : undefined;
  if (cur && curUid !== undefined && curNode !== undefined && curUid === oldUid && curNode === oldNode) {
    const list = idx.byOwner.get(curUid)?.get(curNode);
    const i = list ? list.findIndex((p) => metaKey(p) === key) : -1;
    if (list && i >= 0) {
      const next = list.slice();
      next[i] = cur;
      setList(idx, curUid, curNode, next);
      return;
    }
  }
  if (oldUid !== undefined && oldNode !== undefined) without(idx, oldUid, oldNode, key);
  if (!cur || curUid === undefined || curNode === undefined) return;
  if (curUid !== oldUid) {
    // A key new to its owner is last in the owner index, so last on its node too.
    setList(idx, curUid, curNode, [...(idx.byOwner.get(curUid)?.get(curNode) ?? []), cur]);
    return;
  }
  const list: Pod[] = [];
  for (const k of owners.get(curUid) ?? []) {
    const p = k === key ? cur : (cache.get(k) as Pod | undefined);
    if (p && podNodeName(p) === curNode) list.push(p);
  }
  setList(idx, curUid, curNode, list);
}

const liveMemo = new WeakMap<readonly Pod[], readonly Pod[]>();

/** The list without terminating Pods (the same list when none is), memoised by list identity. */
export function live(pods: readonly Pod[] | undefined): readonly Pod[] {
  if (!pods) return [];
  if (!pods.some((p) => p.metadata.deletionTimestamp)) return pods;
  let out = liveMemo.get(pods);
  if (!out) liveMemo.set(pods, (out = pods.filter((p) => !p.metadata.deletionTimestamp)));
  return out;
}

const claimedMemo = new WeakMap<readonly Pod[], readonly Pod[]>();

/**
 * getNodesToDaemonPods(ds, includeDeletedTerminal=false)'s list for a node: without the Pods that
 * are both finished and being deleted (a finalizer, or the kubelet's final DELETE, still holds
 * them) — the controller has nothing left to do with those. The manage loop, the status counts
 * and the rolling update read this list; only history cleanup reads them all. Memoised by list
 * identity, the same list when nothing is dropped.
 */
export function withoutDeletedTerminal(pods: readonly Pod[] | undefined): readonly Pod[] {
  if (!pods) return [];
  if (!pods.some(isDeletedTerminal)) return pods;
  let out = claimedMemo.get(pods);
  if (!out) claimedMemo.set(pods, (out = pods.filter((p) => !isDeletedTerminal(p))));
  return out;
}

function isDeletedTerminal(pod: Pod): boolean {
  return isPodTerminal(pod) && !!pod.metadata.deletionTimestamp;
}
