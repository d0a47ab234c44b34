/**
 * SchedulingGates (PreEnqueue): a Pod with spec.schedulingGates never enters activeQ; it waits
 * in unschedulablePods until every gate is removed. Its PodScheduled condition says so.
 */
import type { Pod } from '../../../k8s/types';

export const NAME = 'SchedulingGates';

/** core/v1 PodReasonSchedulingGated and the message kube-apiserver puts beside it. */
export const REASON_SCHEDULING_GATED = 'SchedulingGated';
export const SCHEDULING_GATED_MESSAGE = 'Scheduling is blocked due to non-empty scheduling gates';

/** PreEnqueue: undefined when the Pod may be queued, else why not. */
export function preEnqueue(pod: Pod): string | undefined {
  const gates = pod.spec.schedulingGates ?? [];
  if (gates.length === 0) return undefined;
  return `waiting for scheduling gates: [${gates.map((g) => g.name).join(' ')}]`;
}
