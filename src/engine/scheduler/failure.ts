/**
 * What follows a failed attempt (handleSchedulingFailure): requeue the Pod, record
 * FailedScheduling, and set PodScheduled=False — plus the cluster-event path that moves waiting
 * Pods back when something changed that one of their rejecting plugins cares about.
 */
import type { KObject, Pod, PodCondition } from '../../k8s/types';
import { SCHEDULER_USER } from '../apiserver/auth';
import { request, type ClientIdentity } from '../client/client';
import { recordSeriesEvent } from '../client/event-series';
import { rfc3339 } from '../../k8s/time';
import type { World } from '../world';
import { truncateMessage } from './fit-error';
import type { ClusterEvent } from './framework';
import { filterPlugin, SCHEDULER_NAME } from './profile';
import { moveAllToActiveOrBackoff, queueDelete, queueRequeueFailed, type BackoffConfig, type QueuedPodInfo } from './queue';
import type { SchedulerState } from './state';
import { podInfoOf } from './view';

export function schedulerWho(self: SchedulerState): ClientIdentity {
  return { user: SCHEDULER_USER, actor: self.id };
}

/** A merge patch for pods/status. Patch bodies are partial objects; the request type is KObject. */
export function statusPatch(status: Record<string, unknown>): KObject {
  return { status } as unknown as KObject;
}

export function backoffConfig(w: World): BackoffConfig {
  return { podInitialBackoff: w.timings.podInitialBackoff, podMaxBackoff: w.timings.podMaxBackoff };
}

/** NominatingInfo in override mode: set status.nominatedNodeName to `node` ('' clears it). */
export interface Nominating {
  node: string;
}

/**
 * handleSchedulingFailure: requeue the Pod (unless it vanished or got bound meanwhile), record
 * FailedScheduling, and set PodScheduled=False with the same message.
 */
export function handleSchedulingFailure(
  w: World,
  self: SchedulerState,
  info: QueuedPodInfo,
  message: string,
  reason: 'Unschedulable' | 'SchedulerError',
  rejectedBy: string[],
  nominating: Nominating | undefined,
): void {
  const cached = self.informers['pods']?.cache.get(info.key) as Pod | undefined;
  if (!cached || cached.spec.nodeName) queueDelete(self.queue, info.key);
  else queueRequeueFailed(self.queue, info, cached, rejectedBy, w.now, backoffConfig(w));
  if (nominating) {
    if (nominating.node) self.nominated.set(info.key, nominating.node);
    else self.nominated.delete(info.key);
  }
  const who = schedulerWho(self);
  recordSeriesEvent(w, self, who, info.pod, { type: 'Warning', reason: 'FailedScheduling', action: 'Scheduling', message: truncateMessage(message), component: SCHEDULER_NAME });
  if (!cached || cached.spec.nodeName) return;
  updatePodScheduledCondition(w, self, cached, { reason, message }, nominating);
}

/** updatePod: PATCH pods/status only when the condition or the nominated node actually changes. */
export function updatePodScheduledCondition(w: World, self: SchedulerState, pod: Pod, c: { reason: string; message: string }, nominating: Nominating | undefined): void {
  const cur = pod.status?.conditions?.find((x) => x.type === 'PodScheduled');
  const nnnChange = nominating !== undefined && (pod.status?.nominatedNodeName ?? '') !== nominating.node;
  const condChange = !cur || cur.status !== 'False' || cur.reason !== c.reason || cur.message !== c.message;
  if (!condChange && !nnnChange) return;
  const cond: PodCondition = {
    type: 'PodScheduled',
    status: 'False',
    lastProbeTime: null,
    lastTransitionTime: cur && cur.status === 'False' && cur.lastTransitionTime ? cur.lastTransitionTime : rfc3339(w.now),
    reason: c.reason,
    message: c.message,
  };
  const status: Record<string, unknown> = { conditions: [cond] };
  if (nnnChange) status['nominatedNodeName'] = nominating!.node === '' ? null : nominating!.node;
  request(w, self, schedulerWho(self), {
    verb: 'patch',
    resource: 'pods',
    subresource: 'status',
    namespace: pod.metadata.namespace ?? 'default',
    name: pod.metadata.name!,
    body: statusPatch(status),
  });
}

/**
 * A cluster event: move the unschedulable Pods it may help (per the rejecting plugins' queueing
 * hints) to activeQ/backoffQ. Returns how many moved.
 */
export function onClusterEvent(w: World, self: SchedulerState, event: ClusterEvent, exceptKey?: string): number {
  const moved = moveAllToActiveOrBackoff(self.queue, w.now, backoffConfig(w), (info) => {
    if (info.key === exceptKey) return false;
    if (info.unschedulablePlugins.length === 0) return true;
    const pi = podInfoOf(info.pod, info.key);
    return info.unschedulablePlugins.some((name) => filterPlugin(name)?.isSchedulableAfter(event, pi) ?? true);
  });
  return moved.length;
}
