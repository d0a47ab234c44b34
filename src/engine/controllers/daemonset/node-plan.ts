/**
 * podsShouldBeOnNode for one node: what the manage loop creates and deletes there. The one place
 * that decides it — the controller's walk plans with it, and the per-node view (view.ts) asks it
 * whether a node has work at all, so the two cannot disagree.
 *
 * A node that still holds a terminating daemon Pod has one (getNodesToDaemonPods counts it):
 * without surge its replacement is created only once the old one has finished — a Pod both
 * terminal and being deleted no longer counts (includeDeletedTerminal false), even while a
 * finalizer holds it. A failed or succeeded Pod is deleted, with an Event saying so; what
 * replaces it comes on the sync that sees it gone. A failed one goes only when the controller's
 * back-off lets it (failed-pods-backoff.ts): the plan names it, the controller decides, so this
 * stays pure.
 */
import type { DaemonSet, Pod } from '../../../k8s/types';
import { isPodActive, isPodAvailable, isPodReady } from '../util/pods';
import { live as liveOnNode, withoutDeletedTerminal } from './node-index';
import type { DaemonPlacement } from './pods';
import { isPodUpdated } from './update';

export interface FoundEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

/** A daemon Pod found finished, in the node's Pod order. */
export type TerminalPod = { phase: 'Failed'; pod: Pod } | { phase: 'Succeeded'; pod: Pod };

export interface NodePlan {
  create: boolean;
  /**
   * Finished Pods to delete with an Event, a failed one only if the back-off allows; upstream
   * lists them before `remove` in podsToDelete.
   */
  terminal: TerminalPod[];
  remove: Pod[];
}

/** The Event podsShouldBeOnNode records for a finished daemon Pod it deletes. */
export function foundEvent(t: TerminalPod, node: string): FoundEvent {
  const ref = `${t.pod.metadata.namespace ?? ''}/${t.pod.metadata.name ?? ''}`;
  switch (t.phase) {
    case 'Failed':
      return { type: 'Warning', reason: 'FailedDaemonPod', message: `Found failed daemon pod ${ref} on node ${node}, will try to kill it` };
    case 'Succeeded':
      return { type: 'Normal', reason: 'SucceededDaemonPod', message: `Found succeeded daemon pod ${ref} on node ${node}, will try to delete it` };
    default: {
      const never: never = t;
      throw new Error(`unknown phase ${String(never)}`);
    }
  }
}

/**
 * With surge: keep the first new and the first old Pod, and the old one only while it is Ready
 * and the new one is not yet available.
 */
function surgeSurplus(ds: DaemonSet, live: readonly Pod[], hash: string, now: number): Pod[] {
  let newest: Pod | undefined;
  let oldest: Pod | undefined;
  const remove: Pod[] = [];
  for (const p of live) {
    const updated = isPodUpdated(ds, p, hash);
    if (updated && !newest) newest = p;
    else if (!updated && !oldest) oldest = p;
    else remove.push(p);
  }
  if (newest && oldest && (!isPodReady(oldest) || isPodAvailable(newest, ds.spec.minReadySeconds ?? 0, now))) remove.push(oldest);
  return remove;
}

/**
 * The plan for a node given every daemon Pod pinned to it (`all`, terminating ones included), or
 * undefined when there is nothing to do — the usual node, one Pod running, allocates nothing.
 * `now` only matters with surge (is the new Pod available yet).
 */
export function podsShouldBeOnNode(ds: DaemonSet, where: DaemonPlacement, all: readonly Pod[] | undefined, hash: string, now: number, surge: boolean): NodePlan | undefined {
  const pods = liveOnNode(all);
  if (!where.shouldContinueRunning) return pods.length > 0 ? { create: false, terminal: [], remove: [...pods] } : undefined;
  if (pods.length === 1 && isPodActive(pods[0]!)) return undefined;
  if (withoutDeletedTerminal(all).length === 0) return where.shouldRun ? { create: true, terminal: [], remove: [] } : undefined;
  const terminal: TerminalPod[] = [];
  const remove: Pod[] = [];
  const live: Pod[] = [];
  for (const p of pods) {
    const phase = p.status?.phase;
    if (phase === 'Failed' || phase === 'Succeeded') terminal.push({ phase, pod: p });
    else live.push(p);
  }
  let create = false;
  if (!surge) for (let i = 1; i < live.length; i++) remove.push(live[i]!);
  // With surge a node must have a Pod that is not being deleted: a new one starts beside the old.
  else if (live.length === 0) create = where.shouldRun;
  else remove.push(...surgeSurplus(ds, live, hash, now));
  return create || terminal.length > 0 || remove.length > 0 ? { create, terminal, remove } : undefined;
}
