/**
 * FitError's message (pkg/scheduler/framework/types.go), byte for byte:
 * `0/<N> nodes are available:` + ` <PreFilter message>.` or ` <histogram>.` + ` <PostFilter message>.`
 * The histogram counts each reason once per node and sorts the `<count> <reason>` strings as
 * strings. The PostFilter message is itself a FitError sentence ending in `.`, so the whole
 * message ends in `..` — exactly as kube-scheduler prints it.
 */
import type { Rejection } from './framework';

export const NO_NODE_AVAILABLE_MSG = 'no nodes available to schedule pods';
/** validation.NoteLengthLimit: Event messages longer than this are cut and end in ` ...`. */
export const NOTE_LENGTH_LIMIT = 1024;

export interface Diagnosis {
  /** Status of each node the filters rejected explicitly. */
  nodeToStatus: Map<string, Rejection>;
  /** Status of every node not in nodeToStatus (a PreFilter rejection, a narrowed node set). */
  absentNodesStatus?: Rejection;
  preFilterMsg?: string;
  postFilterMsg?: string;
}

export function fitErrorMessage(numAllNodes: number, d: Diagnosis): string {
  let msg = `0/${numAllNodes} nodes are available:`;
  if (d.preFilterMsg) msg += ` ${d.preFilterMsg}.`;
  else {
    const reasons = new Map<string, number>();
    for (const st of d.nodeToStatus.values()) for (const r of st.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
    const absent = numAllNodes - d.nodeToStatus.size;
    if (absent > 0 && d.absentNodesStatus) for (const r of d.absentNodesStatus.reasons) reasons.set(r, (reasons.get(r) ?? 0) + absent);
    const parts = [...reasons].map(([r, n]) => `${n} ${r}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (parts.length) msg += ` ${parts.join(', ')}.`;
  }
  if (d.postFilterMsg) msg += ` ${d.postFilterMsg}.`;
  return msg;
}

/** truncateMessage in schedule_one.go, applied to the Event (not to the Pod condition). */
export function truncateMessage(message: string): string {
  if (message.length <= NOTE_LENGTH_LIMIT) return message;
  const suffix = ' ...';
  return message.slice(0, NOTE_LENGTH_LIMIT - suffix.length) + suffix;
}
