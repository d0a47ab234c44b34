/**
 * NodeResourcesFit. Filter: the Pod's requests must fit in allocatable minus what the node's
 * Pods (bound and assumed) already request, and the node must have room for one more Pod. A
 * request larger than the node's whole allocatable is unresolvable: evicting Pods cannot help.
 * Score (weight 1, LeastAllocated over cpu and memory): the emptier the node, the higher.
 */
import { MAX_NODE_SCORE, unresolvable, unschedulable, type FilterPlugin, type Rejection, type ScorePlugin } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import type { PodResources, Resource } from '../resources';

export const NAME = 'NodeResourcesFit';

export interface InsufficientResource {
  resourceName: string;
  reason: string;
  unresolvable: boolean;
}

/** Names of the scalar resources a request asks for (computed once per cycle). */
export function requestedScalars(req: Resource): string[] {
  return Object.keys(req.scalar).filter((k) => req.scalar[k]! > 0);
}

/** fitsRequest: every shortfall, in the order kube-scheduler reports them. */
export function fitsRequest(req: Resource, node: NodeInfo, scalars: readonly string[] = requestedScalars(req)): InsufficientResource[] {
  const out: InsufficientResource[] = [];
  if (node.podCount + 1 > node.allowedPodNumber) out.push({ resourceName: 'pods', reason: 'Too many pods', unresolvable: false });
  if (req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && scalars.length === 0) return out;
  if (req.milliCPU > 0 && req.milliCPU > node.allocatableMilliCPU - node.requestedMilliCPU) {
    out.push({ resourceName: 'cpu', reason: 'Insufficient cpu', unresolvable: req.milliCPU > node.allocatableMilliCPU });
  }
  if (req.memory > 0 && req.memory > node.allocatableMemory - node.requestedMemory) {
    out.push({ resourceName: 'memory', reason: 'Insufficient memory', unresolvable: req.memory > node.allocatableMemory });
  }
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > node.allocatableEphemeralStorage - node.requestedEphemeralStorage) {
    out.push({ resourceName: 'ephemeral-storage', reason: 'Insufficient ephemeral-storage', unresolvable: req.ephemeralStorage > node.allocatableEphemeralStorage });
  }
  for (const name of scalars) {
    const want = req.scalar[name]!;
    const a = node.allocatableScalar[name] ?? 0;
    if (want > a - (node.requestedScalar[name] ?? 0)) out.push({ resourceName: name, reason: `Insufficient ${name}`, unresolvable: want > a });
  }
  return out;
}

/** The common case without allocating: does everything fit? */
function fits(req: Resource, node: NodeInfo, scalars: readonly string[]): boolean {
  if (node.podCount + 1 > node.allowedPodNumber) return false;
  if (req.milliCPU > 0 && req.milliCPU > node.allocatableMilliCPU - node.requestedMilliCPU) return false;
  if (req.memory > 0 && req.memory > node.allocatableMemory - node.requestedMemory) return false;
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > node.allocatableEphemeralStorage - node.requestedEphemeralStorage) return false;
  for (const name of scalars) if (req.scalar[name]! > (node.allocatableScalar[name] ?? 0) - (node.requestedScalar[name] ?? 0)) return false;
  return true;
}

export function filter(req: Resource, node: NodeInfo, scalars: readonly string[] = requestedScalars(req)): Rejection | undefined {
  if (fits(req, node, scalars)) return undefined;
  const short = fitsRequest(req, node, scalars);
  if (short.length === 0) return undefined;
  const reasons = short.map((s) => s.reason);
  return short.some((s) => s.unresolvable) ? unresolvable(...reasons) : unschedulable(...reasons);
}

/** leastRequestedScore: ((capacity - requested) * 100) / capacity, 0 when over capacity. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

/**
 * LeastAllocated over cpu and memory (weight 1 each). Requests count every container without a
 * request as 100m / 200Mi, so a node full of request-less Pods does not look empty.
 */
export function leastAllocatedScore(res: PodResources, node: NodeInfo): number {
  let sum = 0;
  let weights = 0;
  const cpuAlloc = node.allocatableMilliCPU;
  if (cpuAlloc > 0) {
    sum += leastRequestedScore(node.nonZeroMilliCPU + res.nonZeroCPU, cpuAlloc);
    weights++;
  }
  const memAlloc = node.allocatableMemory;
  if (memAlloc > 0) {
    sum += leastRequestedScore(node.nonZeroMemory + res.nonZeroMemory, memAlloc);
    weights++;
  }
  return weights === 0 ? 0 : Math.trunc(sum / weights);
}

export const NodeResourcesFit: FilterPlugin & ScorePlugin = {
  name: NAME,
  weight: 1,
  preFilter(pi) {
    const scalars = requestedScalars(pi.res.requests);
    return { kind: 'filter', filter: (node) => filter(pi.res.requests, node, scalars) };
  },
  isSchedulableAfter(e, pi) {
    switch (e.kind) {
      case 'NodeAdd':
        return fitsRequest(pi.res.requests, e.node).length === 0;
      case 'NodeUpdate':
        return e.allocatable && fitsRequest(pi.res.requests, e.node).length === 0;
      case 'AssignedPodDelete':
        return true;
      default:
        return false;
    }
  },
  preScore: (pi) => ({ score: (node) => leastAllocatedScore(pi.res, node) }),
};
