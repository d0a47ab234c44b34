/**
 * What boot waits for, as predicates over the stored objects. Each is asked after every write
 * while a fleet comes up (Simulation.boot asks only when etcd's revision moved), so each remembers
 * the object it found not ready and asks it first: that one usually still is not, and the answer
 * is no without walking the thousands that already are. Make a new predicate per wait.
 */
import type { Node, Pod } from '../k8s/types';
import { isPodReady } from './controllers/util/pods';
import type { World } from './world';

/** Every machine has registered its Node and each Node is Ready. */
export function allNodesReady(): (w: World) => boolean {
  let waitingFor: string | undefined;
  return (w) => {
    const nodes = w.etcd.kv.get('nodes');
    if (!nodes || nodes.size < w.machines.length) return false;
    const last = waitingFor === undefined ? undefined : nodes.get(waitingFor);
    if (last && !isReadyNode(last as Node)) return false;
    for (const [key, n] of nodes) {
      if (isReadyNode(n as Node)) continue;
      waitingFor = key;
      return false;
    }
    return true;
  };
}

/**
 * kube-system's workloads are all up: the four mirror Pods per control-plane machine, one
 * kube-proxy Pod per node and CoreDNS's two replicas, each Running and Ready.
 */
export function systemPodsReady(): (w: World) => boolean {
  let waitingFor: string | undefined;
  return (w) => {
    const pods = w.etcd.kv.get('pods');
    const last = waitingFor === undefined ? undefined : pods?.get(waitingFor);
    if (last && !isUp(last as Pod)) return false;
    let controlPlanes = 0;
    for (const m of w.machineSpecs.values()) if (m.controlPlane) controlPlanes++;
    let count = 0;
    for (const [key, o] of pods ?? []) {
      if (o.metadata.namespace !== 'kube-system') continue;
      if (!isUp(o as Pod)) {
        waitingFor = key;
        return false;
      }
      count++;
    }
    return count >= controlPlanes * 4 + w.machines.length + 2;
  };
}

function isReadyNode(n: Node): boolean {
  return n.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

function isUp(p: Pod): boolean {
  return p.status?.phase === 'Running' && isPodReady(p);
}
