/**
 * scheduleOne: pop a Pod, run the scheduling cycle, and act on the outcome — assume the Pod on
 * the chosen node and bind it (after VolumeBinding's PreBind), or run DefaultPreemption and
 * report the FitError (FailedScheduling Event + PodScheduled=False) before putting the Pod back
 * in the queue. Every attempt leaves one `schedule` trace record and one ScheduleDecision.
 */
import type { Pod, PodCondition } from '../../k8s/types';
import type { NamespacedName, TraceDetails } from '../core/trace';
import { request } from '../client/client';
import { recordSeriesEvent } from '../client/event-series';
import { rfc3339 } from '../../k8s/time';
import { markComponentChanged, randomIndex, trace } from '../runtime';
import type { World } from '../world';
import { runBindingCycle } from './binding-cycle';
import { assumePod, isAssumed } from './cache';
import { schedulePod, type CycleResult } from './cycle';
import { recordDecision, type AbsentRun, type NodeVerdict } from './decisions';
import { handleSchedulingFailure, schedulerWho, statusPatch, type Nominating } from './failure';
import { fitErrorMessage, NO_NODE_AVAILABLE_MSG } from './fit-error';
import type { ClusterView, PodInfo } from './framework';
import { podEntry, type PodEntry } from './nodeinfo';
import { preempt } from './plugins/default-preemption';
import { SCHEDULER_NAME } from './profile';
import { queueDone, queuePop, type QueuedPodInfo } from './queue';
import type { SchedulerState } from './state';
import { clusterView, podInfoOf } from './view';

export const SCHEDULE_TIMER = 'schedule-one';

function podRef(pod: Pod): string {
  return `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
}

/**
 * Simulated time one cycle takes: a base plus the Filter and Score work over many nodes. The real
 * scheduler runs both over 16 goroutines, and its own benchmark (scheduler_perf, 5,000 nodes,
 * ~500 of them evaluated per Pod) schedules about 680–1,100 Pods/s: 1 ms per cycle up to 1,000
 * nodes evaluated, then a millisecond more per thousand.
 */
export function cycleCost(evaluated: number): number {
  return 1 + Math.floor(evaluated / 1000);
}

/** Pods waiting for the node an earlier preemption nominated them to, by node. */
function nominatedByNode(self: SchedulerState): Map<string, PodEntry[]> {
  const out = new Map<string, PodEntry[]>();
  for (const [key, node] of self.nominated) {
    const info = self.queue.pods.get(key);
    if (!info) continue;
    let list = out.get(node);
    if (!list) out.set(node, (list = []));
    list.push(podEntry(info.pod, key, node));
  }
  return out;
}

/** One turn of the scheduling loop. Returns the simulated time it took. */
export function scheduleOne(w: World, self: SchedulerState): number {
  const info = queuePop(self.queue, w.now);
  if (!info) return 0;
  const pod = info.pod;
  const key = info.key;
  // skipPodSchedule: a Pod being deleted, or one already assumed (its binding is under way).
  if (pod.metadata.deletionTimestamp || isAssumed(self.cache, key)) {
    queueDone(self.queue, key);
    return 0;
  }
  self.stats.attempts++;
  markComponentChanged(w, self.id);
  const view = clusterView(self);
  const pi = podInfoOf(pod, key);
  const result = schedulePod({ pod: pi, view, nextStartNodeIndex: self.nextStartNodeIndex, nominated: nominatedByNode(self), randomInt: (n) => randomIndex(w, n) });
  switch (result.kind) {
    case 'no-nodes':
      recordAttempt(w, self, pod, { result: 'unschedulable', pod: podName(pod), evaluated: 0, total: 0, message: NO_NODE_AVAILABLE_MSG }, [], undefined);
      handleSchedulingFailure(w, self, info, NO_NODE_AVAILABLE_MSG, 'Unschedulable', [], { node: '' });
      return cycleCost(0);
    case 'scheduled':
      self.nextStartNodeIndex = result.nextStartNodeIndex;
      onScheduled(w, self, info, pi, view, result);
      return cycleCost(result.evaluated);
    case 'unschedulable':
      self.nextStartNodeIndex = result.nextStartNodeIndex;
      onUnschedulable(w, self, info, pi, view, result);
      return cycleCost(result.evaluated);
    default: {
      const never: never = result;
      throw new Error(`unexpected cycle result ${String(never)}`);
    }
  }
}

function podName(pod: Pod): NamespacedName {
  return { namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name ?? '' };
}

/** The attempt's `schedule` record and its ScheduleDecision (the per-node verdicts behind it). */
function recordAttempt(w: World, self: SchedulerState, pod: Pod, d: TraceDetails['schedule'], verdicts: NodeVerdict[], absent: AbsentRun | undefined): void {
  const rec = trace(w, { from: self.id, to: self.id, kind: 'schedule', detail: d, object: { kind: 'Pod', ...d.pod } });
  const decision: Parameters<typeof recordDecision>[1] = {
    seq: rec?.seq ?? -1,
    at: w.now,
    pod: { ...d.pod, uid: pod.metadata.uid ?? '' },
    evaluated: d.evaluated,
    totalNodes: d.total,
    verdicts,
  };
  if (d.result === 'scheduled') decision.node = d.selected;
  else decision.message = d.message;
  recordDecision(w.decisions, decision, absent);
}

function onScheduled(w: World, self: SchedulerState, info: QueuedPodInfo, pi: PodInfo, view: ClusterView, r: Extract<CycleResult, { kind: 'scheduled' }>): void {
  const pod = info.pod;
  // A single feasible node is not scored.
  const scores = r.feasible > 1 ? r.ranked.slice(0, 5).map((i) => ({ node: r.table.nodes[i]!.name, score: r.table.totals[i]! })) : [];
  recordAttempt(w, self, pod, { result: 'scheduled', pod: podName(pod), evaluated: r.evaluated, total: view.nodes.length, feasible: r.feasible, scores, selected: r.node }, r.verdicts, r.absent);
  // pi.res was computed from this same Pod object.
  assumePod(self.cache, pod, info.key, r.node, pi.res);
  runBindingCycle(w, self, info, pi, view, r.node);
}

function onUnschedulable(w: World, self: SchedulerState, info: QueuedPodInfo, pi: PodInfo, view: ClusterView, r: Extract<CycleResult, { kind: 'unschedulable' }>): void {
  const pod = info.pod;
  const outcome = preempt({
    pod: pi,
    nodes: view.nodes,
    statuses: r.diagnosis.nodeToStatus,
    absent: r.diagnosis.absentNodesStatus,
    runFilters: r.runFilters,
    randomInt: (n) => randomIndex(w, n),
  });
  let nominating: Nominating | undefined;
  if (outcome.kind === 'failed') {
    r.diagnosis.postFilterMsg = `preemption: ${outcome.message}`;
    if (!outcome.message.startsWith('not eligible')) nominating = { node: '' };
  } else nominating = { node: outcome.node };
  const message = fitErrorMessage(view.nodes.length, r.diagnosis);
  const d: TraceDetails['schedule'] = { result: 'unschedulable', pod: podName(pod), evaluated: r.evaluated, total: view.nodes.length, message };
  if (r.preFilterPlugin) d.preFilterPlugin = r.preFilterPlugin;
  if (outcome.kind === 'nominated') d.nominated = { node: outcome.node, victims: outcome.victims.map((v) => podRef(v.pod)) };
  recordAttempt(w, self, pod, d, r.verdicts, r.absent);
  if (outcome.kind === 'nominated') {
    self.stats.preemptions++;
    prepareCandidate(w, self, pod, outcome.node, outcome.victims);
  }
  self.stats.unschedulable++;
  handleSchedulingFailure(w, self, info, message, 'Unschedulable', r.rejectedBy, nominating);
}

/** Evicts the victims: DisruptionTarget condition, DELETE, and a `Preempted` Event on each. */
function prepareCandidate(w: World, self: SchedulerState, preemptor: Pod, node: string, victims: readonly PodEntry[]): void {
  const who = schedulerWho(self);
  for (const v of victims) {
    const p = v.pod;
    const ns = p.metadata.namespace ?? 'default';
    const name = p.metadata.name!;
    const cond: PodCondition = {
      type: 'DisruptionTarget',
      status: 'True',
      lastTransitionTime: rfc3339(w.now),
      reason: 'PreemptionByScheduler',
      message: `${SCHEDULER_NAME}: preempting to accommodate a higher priority pod`,
    };
    request(w, self, who, { verb: 'patch', resource: 'pods', subresource: 'status', namespace: ns, name, body: statusPatch({ conditions: [cond] }) });
    request(w, self, who, { verb: 'delete', resource: 'pods', namespace: ns, name });
    recordSeriesEvent(w, self, who, p, { type: 'Normal', reason: 'Preempted', action: 'Preempting', message: `Preempted by pod ${preemptor.metadata.uid ?? ''} on node ${node}`, component: SCHEDULER_NAME, related: preemptor });
  }
}

