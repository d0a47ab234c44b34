/** NodeName: a Pod that names a node (spec.nodeName) fits only that node. */
import type { Pod } from '../../../k8s/types';
import { unresolvable, type FilterPlugin, type Rejection } from '../framework';
import type { NodeInfo } from '../nodeinfo';

export const NAME = 'NodeName';
export const ERR_REASON = "node(s) didn't match the requested node name";

export function filter(pod: Pod, node: NodeInfo): Rejection | undefined {
  const want = pod.spec.nodeName;
  if (!want || want === node.name) return undefined;
  return unresolvable(ERR_REASON);
}

export const NodeName: FilterPlugin = {
  name: NAME,
  // Without spec.nodeName every node passes: nothing to run per candidate.
  preFilter: (pi) => (pi.pod.spec.nodeName ? { kind: 'filter', filter: (node) => filter(pi.pod, node) } : { kind: 'skip' }),
  isSchedulableAfter: (e, pi) => e.kind === 'NodeAdd' && filter(pi.pod, e.node) === undefined,
};
