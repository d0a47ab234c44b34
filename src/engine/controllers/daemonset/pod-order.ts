/**
 * podByCreationTimestampAndPhase (daemon_controller.go): the order in which upstream picks "the"
 * daemon Pod of a node — a bound Pod before an unbound one, then the oldest, then by name. Despite
 * its name it ignores the phase.
 */
import type { Pod } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';

/** Less(i, j) as a comparator. */
export function podByCreationTimestampAndPhase(a: Pod, b: Pod): number {
  const boundA = !!a.spec.nodeName;
  const boundB = !!b.spec.nodeName;
  if (boundA !== boundB) return boundA ? -1 : 1;
  const ta = parseTimestamp(a.metadata.creationTimestamp ?? '');
  const tb = parseTimestamp(b.metadata.creationTimestamp ?? '');
  if (ta !== tb) return ta - tb;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** The first Pod in that order (of a non-empty list), without sorting it. */
export function firstDaemonPod(pods: readonly Pod[]): Pod {
  let first = pods[0]!;
  for (let i = 1; i < pods.length; i++) if (podByCreationTimestampAndPhase(pods[i]!, first) < 0) first = pods[i]!;
  return first;
}
