/**
 * scheduleOne: pop a Pod, run the scheduling cycle, and act on the outcome — assume the Pod on
 * the chosen node and bind it (after VolumeBinding's PreBind), or run DefaultPreemption and
 * report the FitError (FailedScheduling Event + PodScheduled=False) before putting the Pod back
 * in the queue. Every attempt leaves one `schedule` trace record and one ScheduleDecision.
 */
import type { Pod, PodCondition } from '../../k8s/types';
import { request } from '../client/client';
import { recordEvent } from '../client/events';
import { rfc3339 } from '../../k8s/time';
import { markComponentChanged, randomIndex, trace } from '../runtime';
import type { World } from '../world';
import { runBindingCycle } from './binding-cycle';
import { assumePod, isAssumed } from './cache';
import { schedulePod, type CycleResult } from './cycle';
import { recordDecision, type NodeVerdict } from './decisions';
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

/** Simulated time one cycle takes: a base plus the Filter work over many nodes. */
export function cycleCost(evaluated: number): number {
  return 1 + Math.floor(evaluated / 250);
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
      recordAttempt(w, self, pod, `pod ${podRef(pod)}: ${NO_NODE_AVAILABLE_MSG}`, { evaluated: 0, totalNodes: 0, verdicts: [], message: NO_NODE_AVAILABLE_MSG });
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

function filterSummary(evaluated: number, total: number, feasible: number): string {
  return `filter ${evaluated === total ? `${evaluated}` : `${evaluated} of ${total}`} nodes → ${feasible} feasible`;
}

function recordAttempt(w: World, self: SchedulerState, pod: Pod, summary: string, d: { node?: string; evaluated: number; totalNodes: number; verdicts: NodeVerdict[]; message?: string }): void {
  const rec = trace(w, { from: self.id, to: self.id, kind: 'schedule', summary, object: { kind: 'Pod', namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name ?? '' } });
  const decision: Parameters<typeof recordDecision>[1] = {
    seq: rec?.seq ?? -1,
    at: w.now,
    pod: { namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '' },
    evaluated: d.evaluated,
    totalNodes: d.totalNodes,
    verdicts: d.verdicts,
  };
  if (d.node !== undefined) decision.node = d.node;
  if (d.message !== undefined) decision.message = d.message;
  recordDecision(w.decisions, decision);
}

function onScheduled(w: World, self: SchedulerState, info: QueuedPodInfo, pi: PodInfo, view: ClusterView, r: Extract<CycleResult, { kind: 'scheduled' }>): void {
  const pod = info.pod;
  const top = r.ranked.slice(0, 5).map((i) => `${r.table.nodes[i]!.name}=${r.table.totals[i]}`);
  const more = r.feasible > top.length ? ` (+${r.feasible - top.length} more)` : '';
  const scorePart = r.feasible > 1 ? `; score ${top.join(' ')}${more}` : '';
  const summary = `pod ${podRef(pod)}: ${filterSummary(r.evaluated, view.nodes.length, r.feasible)}${scorePart}; selected ${r.node}`;
  recordAttempt(w, self, pod, summary, { node: r.node, evaluated: r.evaluated, totalNodes: view.nodes.length, verdicts: r.verdicts });
  assumePod(self.cache, pod, info.key, r.node);
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
  let preemptionNote = '';
  if (outcome.kind === 'failed') {
    r.diagnosis.postFilterMsg = `preemption: ${outcome.message}`;
    if (!outcome.message.startsWith('not eligible')) nominating = { node: '' };
  } else {
    nominating = { node: outcome.node };
    preemptionNote = `; preemption: nominated ${outcome.node}, evicting ${outcome.victims.map((v) => podRef(v.pod)).join(', ')}`;
  }
  const message = fitErrorMessage(view.nodes.length, r.diagnosis);
  const head = r.preFilterPlugin ? `PreFilter ${r.preFilterPlugin} rejected the pod` : filterSummary(r.evaluated, view.nodes.length, 0);
  recordAttempt(w, self, pod, `pod ${podRef(pod)}: ${head}; ${message}${preemptionNote}`, { evaluated: r.evaluated, totalNodes: view.nodes.length, verdicts: r.verdicts, message });
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
    recordEvent(w, self, who, p, { type: 'Normal', reason: 'Preempted', message: `Preempted by pod ${preemptor.metadata.uid ?? ''} on node ${node}`, component: SCHEDULER_NAME });
  }
}

