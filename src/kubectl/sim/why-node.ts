/**
 * The paragraph `sim why` adds for a Pod whose node is not Ready: why kubectl still shows it
 * Running and 1/1, who changed what, and when it will be evicted (facts from src/k8s/node-away).
 */
import { nodeAwayFacts } from '../../k8s/node-away';
import type { Node, Pod } from '../../k8s/types';
import type { Session } from '../session';

export function nodeAwayLines(s: Session, pod: Pod, when: (at: number) => string): string[] {
  const node = s.sim.objects<Node>('nodes').find((n) => n.metadata.name === pod.spec.nodeName);
  const f = nodeAwayFacts(pod, node);
  if (!f) return [];
  const since = f.nodeSince === undefined ? '' : ` since ${when(f.nodeSince)}`;
  const cause = f.nodeReady === 'Unknown' ? 'its kubelet stopped posting node status' : `its kubelet reports it not ready${f.nodeReason ? ` (${f.nodeReason})` : ''}`;
  const lines = [`node ${f.node} is NotReady${since}: ${cause}.`];
  lines.push(
    f.podNotReadySince === undefined
      ? `The Pod's Ready condition still says True: the node lifecycle controller has not marked it yet.`
      : `The node lifecycle controller set the Pod's Ready condition to False at ${when(f.podNotReadySince)}, so it is out of its Services' endpoints.`,
  );
  if (f.nodeReady === 'Unknown') {
    lines.push(`READY still shows ${f.readyColumn} and STATUS Running: those come from container statuses, which only ${f.node}'s kubelet writes, and it is not reporting. Nobody knows whether the containers still run.`);
  }
  if (f.taint) {
    const tol = f.tolerationSeconds === undefined ? 'no time limit' : `${f.tolerationSeconds}s`;
    if (f.evictAt === undefined) {
      lines.push(`${f.node} has the ${f.taint.key}:NoExecute taint; the Pod tolerates it with ${tol}, so it is not evicted.`);
    } else {
      lines.push(`${f.node} has the ${f.taint.key}:NoExecute taint; the Pod tolerates it for ${tol}, so the taint-eviction controller deletes it at ${when(f.evictAt)} unless the node is Ready again first.`);
      if (f.nodeReady === 'Unknown') {
        lines.push('With the kubelet away nobody can stop the containers, so the Pod then stays Terminating until the node comes back or its Node object is deleted; a controller that owns it creates a replacement at once.');
      }
    }
  } else {
    lines.push(`The node has no NoExecute taint yet, so no eviction is counting down.`);
  }
  return lines;
}
