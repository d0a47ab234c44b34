/**
 * Which DaemonSets a Node delta queues (daemon_controller.go addNode / updateNode). A kubelet's
 * heartbeat moves only condition times and the resourceVersion, so it queues nothing: at a
 * thousand nodes, queueing every DaemonSet on every heartbeat would be a sync per node every ten
 * seconds for nothing. The controller registers no handler for a Node's deletion: the daemon
 * Pods left on a deleted node are the pod garbage collector's, and their deletion queues the
 * DaemonSet.
 */
import type { DaemonSet, Node, NodeCondition } from '../../../k8s/types';
import { semanticEqual } from '../util/equal';
import { nodeShouldRunDaemonPod } from './pods';

/** nodeInSameCondition: the same condition types are True on both (other statuses do not count). */
function nodeInSameCondition(old: readonly NodeCondition[] | undefined, cur: readonly NodeCondition[] | undefined): boolean {
  const trueTypes = (cs: readonly NodeCondition[] | undefined): Set<string> => new Set((cs ?? []).filter((c) => c.status === 'True').map((c) => c.type));
  const a = trueTypes(old);
  const b = trueTypes(cur);
  if (a.size !== b.size) return false;
  for (const t of a) if (!b.has(t)) return false;
  return true;
}

/** Everything but the resourceVersion and the conditions is unchanged, and so is the set of True conditions. */
export function shouldIgnoreNodeUpdate(old: Node, cur: Node): boolean {
  if (!nodeInSameCondition(old.status?.conditions, cur.status?.conditions)) return false;
  const without = (n: Node): unknown => ({
    ...n,
    metadata: { ...n.metadata, resourceVersion: undefined },
    status: n.status === undefined ? undefined : { ...n.status, conditions: undefined },
  });
  return semanticEqual(without(old), without(cur));
}

/** The keys of the DaemonSets a Node delta queues, in the cache's order. */
export function daemonSetsToSync(daemonSets: ReadonlyMap<string, DaemonSet>, old: Node | undefined, cur: Node | undefined): string[] {
  if (!cur) return [];
  if (old && shouldIgnoreNodeUpdate(old, cur)) return [];
  const keys: string[] = [];
  for (const [key, ds] of daemonSets) {
    const now = nodeShouldRunDaemonPod(ds, cur);
    if (!old) {
      if (now.shouldRun) keys.push(key);
      continue;
    }
    const before = nodeShouldRunDaemonPod(ds, old);
    if (before.shouldRun !== now.shouldRun || before.shouldContinueRunning !== now.shouldContinueRunning) keys.push(key);
  }
  return keys;
}
