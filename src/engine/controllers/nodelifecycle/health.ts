/**
 * tryUpdateNodeHealth (pkg/controller/nodelifecycle/node_lifecycle_controller.go): a Node is
 * healthy while its kubelet keeps either its Ready condition's heartbeat or its Lease in
 * kube-node-lease moving. The controller notes *its own* clock whenever it sees either change
 * (probeTimestamp); when nothing moved for node-monitor-grace-period (50 s; 60 s for a Node that
 * never posted status), every kubelet-owned condition becomes Unknown.
 */
import type { KObject, Lease, Node, NodeCondition } from '../../../k8s/types';
import { parseTimestamp, rfc3339 } from '../../../k8s/time';
import type { SimMillis } from '../../core/ids';
import type { ControllerContext } from '../framework';
import { semanticEqual } from '../util/equal';
import { SyncError } from '../util/errors';

export interface NodeHealth {
  /** When (controller clock) the heartbeat or Lease was last seen to move. */
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  /** The Ready condition as last observed (undefined: the Node had none). */
  saved?: { heartbeat: string; transition: string };
  /** The Lease renewTime last observed. */
  leaseRenew?: string;
}

const CONDITION_TYPES = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const;

function readyOf(node: Node): NodeCondition | undefined {
  return node.status?.conditions?.find((c) => c.type === 'Ready');
}

function view(c: NodeCondition): { heartbeat: string; transition: string } {
  return { heartbeat: c.lastHeartbeatTime ?? '', transition: c.lastTransitionTime ?? '' };
}

export interface HealthResult {
  /** The Ready condition before this pass. */
  observed: NodeCondition;
  /** The Ready condition after it (undefined if the Node has none). */
  current: NodeCondition | undefined;
}

export function tryUpdateNodeHealth(ctx: ControllerContext, health: Map<string, NodeHealth>, node: Node): HealthResult {
  const name = node.metadata.name ?? '';
  const now = ctx.w.now;
  const created = parseTimestamp(node.metadata.creationTimestamp ?? '');
  let h = health.get(name);
  const currentReady = readyOf(node);
  let observed: NodeCondition;
  let grace: number;
  if (!currentReady) {
    observed = { type: 'Ready', status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: node.metadata.creationTimestamp };
    grace = ctx.w.timings.nodeStartupGracePeriod;
    h = h ? { ...h, saved: undefined } : { probeTimestamp: created, readyTransitionTimestamp: created };
  } else {
    observed = { ...currentReady };
    grace = ctx.w.timings.nodeMonitorGracePeriod;
  }
  const saved = h?.saved;
  const savedLease = h?.leaseRenew;
  if (!h) h = { probeTimestamp: now, readyTransitionTimestamp: now, saved: currentReady && view(currentReady) };
  else if (!saved && currentReady) h = { probeTimestamp: now, readyTransitionTimestamp: now, saved: view(currentReady) };
  else if (saved && !currentReady) h = { probeTimestamp: now, readyTransitionTimestamp: now };
  else if (saved && currentReady && saved.heartbeat !== (currentReady.lastHeartbeatTime ?? '')) {
    const transition = saved.transition !== (currentReady.lastTransitionTime ?? '') ? now : h.readyTransitionTimestamp;
    h = { probeTimestamp: now, readyTransitionTimestamp: transition, saved: view(currentReady) };
  }
  const lease = ctx.cache('leases').cache.get(`kube-node-lease/${name}`) as Lease | undefined;
  const renew = lease?.spec.renewTime;
  if (renew && (savedLease === undefined || parseTimestamp(savedLease) < parseTimestamp(renew))) {
    h.leaseRenew = renew;
    h.probeTimestamp = now;
  }
  health.set(name, h);

  if (now <= h.probeTimestamp + grace) return { observed, current: currentReady };
  const next = structuredClone(node);
  const conditions = (next.status ??= {}).conditions ?? (next.status.conditions = []);
  const stamp = rfc3339(now as SimMillis);
  for (const type of CONDITION_TYPES) {
    const c = conditions.find((x) => x.type === type);
    if (!c) {
      conditions.push({ type, status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: stamp, reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' });
    } else if (c.status !== 'Unknown') {
      c.status = 'Unknown';
      c.reason = 'NodeStatusUnknown';
      c.message = 'Kubelet stopped posting node status.';
      c.lastTransitionTime = stamp;
    }
  }
  const after = readyOf(next);
  if (semanticEqual(after, observed)) return { observed, current: after };
  const res = ctx.request({ verb: 'update', resource: 'nodes', subresource: 'status', name, body: next as KObject });
  if (!res.ok) throw new SyncError(res.error.message);
  health.set(name, { probeTimestamp: h.probeTimestamp, readyTransitionTimestamp: now, saved: after && view(after), ...(renew ? { leaseRenew: renew } : {}) });
  return { observed, current: after };
}
