/**
 * podsShouldBeOnNode for one node: what the manage loop creates and deletes there. The one place
 * that decides it — the controller's walk plans with it, and the per-node view (view.ts) asks it
 * whether a node has work at all, so the two cannot disagree.
 *
 * A node that still holds a terminating daemon Pod has one (getNodesToDaemonPods counts it):
 * without surge its replacement is created only once the old Pod is gone. A failed or succeeded
 * Pod is deleted, with an Event saying so; what replaces it comes on the sync that sees it gone.
 */
import type { DaemonSet, Pod } from '../../../k8s/types';
import { isPodActive, isPodAvailable, isPodReady } from '../util/pods';
import { live as liveOnNode } from './node-index';
import type { DaemonPlacement } from './pods';
import { isPodUpdated } from './update';

export interface FoundEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

export interface NodePlan {
  create: boolean;
  remove: Pod[];
  /** Events recorded as the node is planned (a failed or succeeded daemon Pod found). */
  found: FoundEvent[];
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
 * The plan for `node` given every daemon Pod pinned to it (`all`, terminating ones included), or
 * undefined when there is nothing to do — the usual node, one Pod running, allocates nothing.
 */
export function podsShouldBeOnNode(ds: DaemonSet, node: string, where: DaemonPlacement, all: readonly Pod[] | undefined, hash: string, now: number, surge: boolean): NodePlan | undefined {
  const pods = liveOnNode(all);
  if (!where.shouldContinueRunning) return pods.length > 0 ? { create: false, remove: [...pods], found: [] } : undefined;
  if (pods.length === 1 && isPodActive(pods[0]!)) return undefined;
  if (!all || all.length === 0) return where.shouldRun ? { create: true, remove: [], found: [] } : undefined;
  const remove: Pod[] = [];
  const found: FoundEvent[] = [];
  const live: Pod[] = [];
  for (const p of pods) {
    const ref = `${p.metadata.namespace ?? ''}/${p.metadata.name ?? ''}`;
    if (p.status?.phase === 'Failed') {
      found.push({ type: 'Warning', reason: 'FailedDaemonPod', message: `Found failed daemon pod ${ref} on node ${node}, will try to kill it` });
      remove.push(p);
    } else if (p.status?.phase === 'Succeeded') {
      found.push({ type: 'Normal', reason: 'SucceededDaemonPod', message: `Found succeeded daemon pod ${ref} on node ${node}, will try to delete it` });
      remove.push(p);
    } else live.push(p);
  }
  let create = false;
  if (!surge) for (let i = 1; i < live.length; i++) remove.push(live[i]!);
  // With surge a node must have a Pod that is not being deleted: a new one starts beside the old.
  else if (live.length === 0) create = where.shouldRun;
  else remove.push(...surgeSurplus(ds, live, hash, now));
  return create || remove.length > 0 ? { create, remove, found } : undefined;
}
