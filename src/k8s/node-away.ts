/**
 * What a Pod on a node that stopped being Ready looks like, as facts both `sim why` and the
 * inspector explain. The point it exists to teach: nobody rewrites the Pod's container statuses
 * while its kubelet is away, so `kubectl get pods` keeps printing READY 1/1 and Running; only the
 * node lifecycle controller touches the Pod, flipping its Ready condition to False (which takes it
 * out of Service endpoints), and later the taint-eviction controller deletes it once its
 * toleration for the NoExecute taint runs out (300 s by the DefaultTolerationSeconds plugin).
 */
import type { SimMillis } from './units';
import { parseTimestamp } from './time';
import type { Node, Pod } from './types';

export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';
export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';

export interface NodeAwayFacts {
  node: string;
  /** `Unknown`: the kubelet stopped posting status. `False`: the kubelet itself reports NotReady. */
  nodeReady: 'False' | 'Unknown';
  nodeReason?: string | undefined;
  nodeSince?: SimMillis | undefined;
  /** Containers ready / containers, as the READY column computes them from containerStatuses. */
  readyColumn: string;
  /** When the Pod's Ready condition went False, if it has; absent while it still says True. */
  podNotReadySince?: SimMillis | undefined;
  /** The NoExecute taint the node lifecycle controller put on the node, with when. */
  taint?: { key: string; addedAt?: SimMillis | undefined } | undefined;
  /** The Pod's toleration for that taint: seconds it may stay, or undefined for "forever". */
  tolerationSeconds?: number | undefined;
  /** When the taint-eviction controller deletes the Pod, if the node does not come back first. */
  evictAt?: SimMillis | undefined;
}

function time(s: string | undefined): SimMillis | undefined {
  return s ? parseTimestamp(s) : undefined;
}

/** Facts for `pod` when `node` is its node and is not Ready; undefined when the node is Ready. */
export function nodeAwayFacts(pod: Pod, node: Node | undefined): NodeAwayFacts | undefined {
  if (!node || pod.spec.nodeName !== node.metadata.name) return undefined;
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  if (!ready || ready.status === 'True') return undefined;
  const statuses = pod.status?.containerStatuses ?? [];
  const podReady = pod.status?.conditions?.find((c) => c.type === 'Ready');
  const taint = node.spec.taints?.find((t) => t.effect === 'NoExecute' && (t.key === UNREACHABLE_TAINT || t.key === NOT_READY_TAINT));
  const toleration = taint
    ? pod.spec.tolerations?.find((t) => (t.effect === undefined || t.effect === 'NoExecute') && (t.key === undefined ? t.operator === 'Exists' : t.key === taint.key))
    : undefined;
  const addedAt = time(taint?.timeAdded);
  const seconds = toleration ? toleration.tolerationSeconds : undefined;
  return {
    node: node.metadata.name ?? '',
    nodeReady: ready.status,
    nodeReason: ready.reason,
    nodeSince: time(ready.lastTransitionTime),
    readyColumn: `${statuses.filter((c) => c.ready).length}/${pod.spec.containers.length}`,
    podNotReadySince: podReady?.status === 'False' ? time(podReady.lastTransitionTime) : undefined,
    taint: taint ? { key: taint.key, addedAt } : undefined,
    tolerationSeconds: seconds,
    // No toleration at all: evicted as soon as the controller sees the taint.
    evictAt: taint && addedAt !== undefined ? (toleration ? (seconds === undefined ? undefined : ((addedAt + seconds * 1000) as SimMillis)) : addedAt) : undefined,
  };
}
