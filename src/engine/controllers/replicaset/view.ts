/**
 * A ReplicaSet's running count of the Pods it controls, so a sync costs the Pods that changed
 * since the last one instead of all of them. A ReplicaSet is synced for nearly every write to any
 * of its Pods (each scheduler attempt, each kubelet status), so recounting every Pod on each sync
 * made N Pending Pods cost N² work. The Pod handler marks the Pods whose objects changed; a sync
 * re-reads only those.
 *
 * Invariant: after `refreshView`, the counts are what claimObjects and calculateStatus would
 * find among the controlled Pods in the informer cache, provided `mismatched` is 0 (a controlled
 * Pod the selector no longer matches is released by a request, which only the full path makes).
 */
import type { Pod, ReplicaSet } from '../../../k8s/types';
import { fromMap, matches, type Selector } from '../../../k8s/labels';
import type { InformerState } from '../../client/types';
import { controllerRefOf } from '../util/meta';
import { isPodActive, isPodReady, isPodTerminating } from '../util/pods';

/** Active and matched by the selector: what claimObjects keeps. */
const CLAIMED = 1;
/** Active but not matched by the selector: claimObjects would release it. */
const MISMATCHED = 2;
/** Claimed and carrying every label of the template (fullyLabeledReplicas). */
const FULLY_LABELED = 4;
/** Claimed and Ready. */
const READY = 8;
/** Being deleted and matched by the selector (terminatingReplicas). */
const TERMINATING = 16;

export interface PodCounts {
  claimed: number;
  mismatched: number;
  fullyLabeled: number;
  ready: number;
  terminating: number;
}

export interface PodView {
  /** The controller's UID the view counts for. */
  uid: string;
  /** The selector and template labels the contributions were computed against. */
  spec: string;
  /** Pod key → its contribution (a set of the flags above). */
  pods: Map<string, number>;
  /** Pods whose object changed since the last refresh. */
  dirty: Set<string>;
  counts: PodCounts;
  /** Keys of the claimed Ready Pods: all that minReadySeconds has to look at. */
  ready: Set<string>;
}

/** Controller UID → its view. */
export type PodViews = Map<string, PodView>;

function specOf(rs: ReplicaSet): string {
  return JSON.stringify([rs.spec.selector, rs.spec.template?.metadata?.labels ?? null]);
}

function contribution(pod: Pod, selector: Selector, template: Selector): number {
  const match = matches(selector, pod.metadata.labels);
  if (isPodActive(pod)) {
    if (!match) return MISMATCHED;
    return CLAIMED | (matches(template, pod.metadata.labels) ? FULLY_LABELED : 0) | (isPodReady(pod) ? READY : 0);
  }
  return match && isPodTerminating(pod) ? TERMINATING : 0;
}

function tally(v: PodView, key: string, bits: number, sign: 1 | -1): void {
  const c = v.counts;
  if (bits & CLAIMED) c.claimed += sign;
  if (bits & MISMATCHED) c.mismatched += sign;
  if (bits & FULLY_LABELED) c.fullyLabeled += sign;
  if (bits & READY) {
    c.ready += sign;
    if (sign > 0) v.ready.add(key);
    else v.ready.delete(key);
  }
  if (bits & TERMINATING) c.terminating += sign;
}

/** Marks a Pod as changed for the views of its old and new controller. */
export function markPod(views: PodViews, key: string, ...uids: (string | undefined)[]): void {
  for (const uid of uids) if (uid !== undefined) views.get(uid)?.dirty.add(key);
}

/**
 * Brings the view of `rs` up to date with the cache and returns it, with the number of Pods it
 * read. A new view (or one whose selector or template labels changed) reads every controlled Pod.
 */
export function refreshView(views: PodViews, rs: ReplicaSet, selector: Selector, controlled: ReadonlySet<string> | undefined, cache: InformerState['cache']): { view: PodView; read: number } {
  const uid = rs.metadata.uid ?? '';
  const spec = specOf(rs);
  const template = fromMap(rs.spec.template?.metadata?.labels);
  let view = views.get(uid);
  let keys: Iterable<string>;
  if (view && view.spec === spec) keys = view.dirty;
  else {
    view = { uid, spec, pods: new Map(), dirty: new Set(), counts: { claimed: 0, mismatched: 0, fullyLabeled: 0, ready: 0, terminating: 0 }, ready: new Set() };
    views.set(uid, view);
    keys = controlled ?? [];
  }
  let read = 0;
  for (const key of keys) {
    const before = view.pods.get(key);
    if (before !== undefined) {
      tally(view, key, before, -1);
      view.pods.delete(key);
    }
    const pod = cache.get(key) as Pod | undefined;
    read++;
    if (!pod || controllerRefOf(pod)?.uid !== uid) continue;
    const bits = contribution(pod, selector, template);
    view.pods.set(key, bits);
    tally(view, key, bits, 1);
  }
  view.dirty.clear();
  return { view, read };
}
