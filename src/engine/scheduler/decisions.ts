/**
 * The scheduler's per-decision explanations ("why this node?", "why Pending?"), kept beside the
 * objects rather than in them so Pod size does not grow with node count. Bounded: the oldest
 * decisions are dropped first.
 */
export interface NodeVerdict {
  node: string;
  /** Filter plugin that rejected the node and its reasons (joined with ", "), if any. */
  rejectedBy?: { plugin: string; reason: string };
  /** Per score plugin: normalised 0–100 score (before weighting). */
  scores?: Record<string, number>;
  /** Weighted total. */
  total?: number;
}

export interface ScheduleDecision {
  /** Trace seq of the `schedule` record this explains. */
  seq: number;
  at: number;
  pod: { namespace: string; name: string; uid: string };
  /** Chosen node, or undefined when the Pod stayed unschedulable. */
  node?: string;
  /** Nodes examined (percentageOfNodesToScore may stop early). */
  evaluated: number;
  totalNodes: number;
  /**
   * Every node Filter rejected (with the first plugin that did and its reasons), then the
   * feasible nodes best-first — the chosen one first, at most MAX_SCORED_VERDICTS of them
   * (cycle.ts), so a 1,000-node cluster does not keep hundreds of verdicts per Pod.
   */
  verdicts: NodeVerdict[];
  /** FailedScheduling message when unschedulable. */
  message?: string;
}

export interface DecisionLog {
  decisions: ScheduleDecision[];
  limit: number;
}

export function newDecisionLog(limit = 500): DecisionLog {
  return { decisions: [], limit };
}

export function recordDecision(log: DecisionLog, d: ScheduleDecision): void {
  log.decisions.push(d);
  if (log.decisions.length > log.limit * 1.25) log.decisions.splice(0, log.decisions.length - log.limit);
}

/** The most recent decision about a Pod (by namespace/name). */
export function lastDecisionFor(log: DecisionLog, namespace: string, name: string): ScheduleDecision | undefined {
  for (let i = log.decisions.length - 1; i >= 0; i--) {
    const d = log.decisions[i]!;
    if (d.pod.namespace === namespace && d.pod.name === name) return d;
  }
  return undefined;
}
