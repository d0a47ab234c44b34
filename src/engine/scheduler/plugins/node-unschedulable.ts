/** NodeUnschedulable: a cordoned node (spec.unschedulable) takes only Pods that tolerate the unschedulable taint. */
import type { Pod } from '../../../k8s/types';
import { unresolvable, type ClusterEvent, type FilterPlugin, type Rejection } from '../framework';
import type { NodeInfo } from '../nodeinfo';
import { tolerationsTolerateTaint } from '../../../k8s/tolerations';

export const NAME = 'NodeUnschedulable';
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';
const UNSCHEDULABLE_TAINT = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' as const };

export function filter(pod: Pod, node: NodeInfo): Rejection | undefined {
  if (!node.unschedulable) return undefined;
  if (tolerationsTolerateTaint(pod.spec.tolerations, UNSCHEDULABLE_TAINT)) return undefined;
  return unresolvable(ERR_REASON_UNSCHEDULABLE);
}

export const NodeUnschedulable: FilterPlugin = {
  name: NAME,
  preFilter: (pi) => ({ kind: 'filter', filter: (node) => filter(pi.pod, node) }),
  isSchedulableAfter(e: ClusterEvent, pi) {
    if (e.kind === 'NodeAdd' || (e.kind === 'NodeUpdate' && e.unschedulable)) return filter(pi.pod, e.node) === undefined;
    return false;
  },
};
