/**
 * What a component card shows about a component's insides, read from the world without
 * touching it (no request, no trace, no timer): host.ts calls this for every component after
 * every piece of work, so it must stay O(informers + queues) and allocation-light.
 */
import type { InformerState } from '../engine/client/informer';
import { queueLen } from '../engine/client/workqueue';
import type { ComponentState } from '../engine/components';
import type { World } from '../engine/world';
import type { ComponentDetails } from '../protocol/messages';

function cached(informers: Record<string, InformerState>): number {
  let n = 0;
  for (const inf of Object.values(informers)) n += inf.cache.size;
  return n;
}

/**
 * The active fault names that keep this component down or cut off. Mirrors the rule dispatch.ts
 * enforces (its id, its kind, or its machine powered off) plus a network partition of its
 * machine, which leaves it running but unable to reach kube-apiserver.
 */
export function faultsCovering(w: World, c: Pick<ComponentState, 'id' | 'kind' | 'host'>): string[] {
  const out: string[] = [];
  for (const name of w.faults.keys()) {
    if (name === c.id || name === c.kind || name === `node/${c.host}` || name === `network/${c.host}`) out.push(name);
  }
  return out;
}

export function componentDetails(w: World, c: ComponentState): ComponentDetails {
  const d: ComponentDetails = {};
  switch (c.kind) {
    case 'etcd':
      d.raftLeader = w.etcd.leader === c.id;
      d.raftTerm = w.etcd.term;
      break;
    case 'kube-scheduler':
      // scheduler_pending_pods: activeQ + backoffQ + unschedulablePods (in-flight Pods are being scheduled, not waiting).
      d.queueDepth = c.queue.counts.active + c.queue.counts.backoff + c.queue.counts.unschedulable;
      d.cachedObjects = cached(c.informers);
      d.leader = c.leader.isLeader;
      break;
    case 'kube-controller-manager': {
      let depth = 0;
      for (const q of Object.values(c.queues)) depth += queueLen(q);
      d.queueDepth = depth;
      d.cachedObjects = cached(c.informers);
      d.leader = c.leader.isLeader;
      break;
    }
    case 'kubelet':
    case 'kube-proxy':
    case 'csi':
      d.cachedObjects = cached(c.informers);
      break;
    case 'kubectl':
    case 'kube-apiserver':
    case 'container-runtime':
    case 'cni':
      break;
    default: {
      const never: never = c;
      return never;
    }
  }
  const faults = faultsCovering(w, c);
  if (faults.length) d.faults = faults;
  return d;
}
