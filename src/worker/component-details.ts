/**
 * What a component card shows about a component's insides, read from the Simulation without
 * touching it (no request, no trace, no timer): host.ts calls this for every component after
 * every piece of work, so it must stay O(informers + queues) and allocation-light.
 */
import { enforcesNetworkPolicy, queueLen, runtimeFacts, type ComponentState, type InformerState, type Simulation } from '../engine/index';
import type { ComponentDetails } from '../protocol/messages';

function cached(informers: Record<string, InformerState>): number {
  let n = 0;
  for (const inf of Object.values(informers)) n += inf.cache.size;
  return n;
}

export function componentDetails(sim: Simulation, c: ComponentState): ComponentDetails {
  const d: ComponentDetails = {};
  switch (c.kind) {
    case 'etcd': {
      const etcd = sim.etcdStatus();
      d.raftLeader = etcd.leader === c.id;
      d.raftTerm = etcd.term;
      break;
    }
    case 'kube-scheduler':
      // scheduler_pending_pods: activeQ + backoffQ + unschedulablePods (in-flight Pods are being scheduled, not waiting).
      d.queueDepth = c.queue.counts.active + c.queue.counts.backoff + c.queue.counts.unschedulable;
      d.cachedObjects = cached(c.informers);
      d.leader = c.leader.isLeader;
      break;
    case 'kube-controller-manager':
    case 'cloud-controller-manager': {
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
    case 'container-runtime': {
      const facts = runtimeFacts(c.impl);
      d.runtime = { impl: facts.impl, oci: facts.oci };
      break;
    }
    case 'cni':
      d.cachedObjects = cached(c.informers);
      // flannel runs no policy agent: NetworkPolicies are stored but nothing on the node enforces them.
      d.cni = { plugin: c.plugin, enforcesNetworkPolicy: enforcesNetworkPolicy(c.plugin), isolatedPods: Object.keys(c.policy.pods).length };
      break;
    case 'kubectl':
    case 'kube-apiserver':
      break;
    default: {
      const never: never = c;
      return never;
    }
  }
  const faults = sim.faultsCovering(c);
  if (faults.length) d.faults = faults;
  return d;
}
