/**
 * NodeResourcesBalancedAllocation (weight 1): prefers nodes whose cpu and memory fractions stay
 * close to each other after placing the Pod. Counts real requests (no defaults), and skips
 * BestEffort Pods so that they do not all pile onto one node.
 */
import { MAX_NODE_SCORE, type ScorePlugin } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import type { Resource } from '../resources';

export const NAME = 'NodeResourcesBalancedAllocation';

/** balancedResourceScorer for cpu and memory: (1 − std(fractions)) × 100. */
export function balancedScore(req: Resource, node: NodeInfo): number {
  const cpuAlloc = node.allocatableMilliCPU;
  const memAlloc = node.allocatableMemory;
  // With one resource (or none) there is no spread to measure.
  if (cpuAlloc === 0 || memAlloc === 0) return MAX_NODE_SCORE;
  const cpu = Math.min(1, (node.requestedMilliCPU + req.milliCPU) / cpuAlloc);
  const mem = Math.min(1, (node.requestedMemory + req.memory) / memAlloc);
  const std = Math.abs((cpu - mem) / 2);
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

export const NodeResourcesBalancedAllocation: ScorePlugin = {
  name: NAME,
  weight: 1,
  preScore(pi) {
    const r = pi.res.requests;
    if (r.milliCPU === 0 && r.memory === 0) return undefined;
    return { score: (node) => balancedScore(r, node) };
  },
};
