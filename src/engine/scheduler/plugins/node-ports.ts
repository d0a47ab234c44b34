/** NodePorts: every hostPort the Pod asks for must be free on the node (per protocol; 0.0.0.0 takes all addresses). */
import { unschedulable, type FilterPlugin, type Rejection } from '../framework';
import { hostPortsOf, portConflicts, type HostPort, type NodeInfo } from '../nodeinfo';

export const NAME = 'NodePorts';
export const ERR_REASON = "node(s) didn't have free ports for the requested pod ports";

export function filter(wanted: readonly HostPort[], node: NodeInfo): Rejection | undefined {
  for (const p of wanted) if (portConflicts(node, p)) return unschedulable(ERR_REASON);
  return undefined;
}

export const NodePorts: FilterPlugin = {
  name: NAME,
  preFilter(pi) {
    const wanted = hostPortsOf(pi.pod);
    if (wanted.length === 0) return { kind: 'skip' };
    return { kind: 'filter', filter: (node) => filter(wanted, node) };
  },
  isSchedulableAfter(e) {
    if (e.kind === 'NodeAdd') return true;
    if (e.kind === 'AssignedPodDelete') return hostPortsOf(e.pod).length > 0;
    return false;
  },
};
