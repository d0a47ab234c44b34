/**
 * The binding cycle: VolumeBinding's PreBind (claim a PV, or ask the provisioner for one on the
 * chosen node, then wait until every claim is bound — up to bindTimeoutSeconds) and
 * DefaultBinder's POST pods/binding. A failure forgets the assumed Pod, which frees its room
 * for others just like a deleted Pod would.
 */
import type { PersistentVolume, PersistentVolumeClaim } from '../../k8s/types';
import { errorText, request } from '../client/client';
import { recordSeriesEvent } from '../client/event-series';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { forgetPod } from './cache';
import { handleSchedulingFailure, onClusterEvent, schedulerWho } from './failure';
import type { ClusterView, PodInfo } from './framework';
import { bindingRequest, NAME as DEFAULT_BINDER } from './plugins/default-binder';
import { allBound, ANN_SELECTED_NODE, NAME as VOLUME_BINDING, preBindActions } from './plugins/volume-binding';
import { SCHEDULER_NAME } from './profile';
import { queueDone, type QueuedPodInfo } from './queue';
import type { SchedulerState } from './state';

export const PREBIND_TIMEOUT_TIMER = 'prebind-timeout';
/** VolumeBindingArgs.bindTimeoutSeconds. */
const BIND_TIMEOUT_MS = 600_000;

function podRef(pod: { metadata: { namespace?: string; name?: string } }): string {
  return `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
}

/** PreBind (VolumeBinding) then Bind; a Pod whose volumes are not bound yet waits in PreBind. */
export function runBindingCycle(w: World, self: SchedulerState, info: QueuedPodInfo, pi: PodInfo, view: ClusterView, node: string): void {
  const who = schedulerWho(self);
  const ni = view.nodeInfo(node);
  if (ni) {
    for (const a of preBindActions(pi.pod, view, ni)) {
      const res =
        a.kind === 'bind-pv'
          ? request(w, self, who, { verb: 'update', resource: 'persistentvolumes', name: a.pv.metadata.name!, body: claimPv(a.pv, a.pvc) })
          : request(w, self, who, {
              verb: 'update',
              resource: 'persistentvolumeclaims',
              namespace: a.pvc.metadata.namespace!,
              name: a.pvc.metadata.name!,
              body: { ...a.pvc, metadata: { ...a.pvc.metadata, annotations: { ...a.pvc.metadata.annotations, [ANN_SELECTED_NODE]: node } } },
            });
      if (!res.ok) return bindingFailed(w, self, info, `running PreBind plugin "${VOLUME_BINDING}": binding volumes: ${errorText(res)}`);
    }
  }
  if (!allBound(pi.pod, view)) {
    self.volumeWaits.set(info.key, { node, deadline: w.now + BIND_TIMEOUT_MS });
    setTimer(w, self, BIND_TIMEOUT_MS, PREBIND_TIMEOUT_TIMER, info.key);
    return;
  }
  bind(w, self, info, node);
}

function claimPv(pv: PersistentVolume, pvc: PersistentVolumeClaim): PersistentVolume {
  return {
    ...pv,
    metadata: { ...pv.metadata, annotations: { ...pv.metadata.annotations, 'pv.kubernetes.io/bound-by-controller': 'yes' } },
    spec: {
      ...pv.spec,
      claimRef: { kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, apiVersion: 'v1', resourceVersion: pvc.metadata.resourceVersion },
    },
  };
}

/** Called when a waiting Pod's claims are all bound. */
export function resumeVolumeWait(w: World, self: SchedulerState, key: string): void {
  const wait = self.volumeWaits.get(key);
  const info = self.queue.pods.get(key);
  if (!wait || !info) return;
  self.volumeWaits.delete(key);
  bind(w, self, info, wait.node);
}

export function volumeWaitTimedOut(w: World, self: SchedulerState, key: string): void {
  const wait = self.volumeWaits.get(key);
  const info = self.queue.pods.get(key);
  if (!wait || !info || w.now < wait.deadline) return;
  self.volumeWaits.delete(key);
  bindingFailed(w, self, info, `running PreBind plugin "${VOLUME_BINDING}": binding volumes: context deadline exceeded`);
}

function bind(w: World, self: SchedulerState, info: QueuedPodInfo, node: string): void {
  const pod = info.pod;
  const res = request(w, self, schedulerWho(self), bindingRequest(pod, node));
  if (!res.ok) return bindingFailed(w, self, info, `running Bind plugin "${DEFAULT_BINDER}": ${errorText(res)}`);
  queueDone(self.queue, info.key);
  self.nominated.delete(info.key);
  self.stats.scheduled++;
  recordSeriesEvent(w, self, schedulerWho(self), pod, { type: 'Normal', reason: 'Scheduled', action: 'Binding', message: `Successfully assigned ${podRef(pod)} to ${node}`, component: SCHEDULER_NAME });
}

/** handleBindingCycleError: forget the assumed Pod (freeing its room for others) and report. */
function bindingFailed(w: World, self: SchedulerState, info: QueuedPodInfo, message: string): void {
  const assumed = self.cache.pods.get(info.key)?.pod;
  forgetPod(self.cache, info.key);
  if (assumed) onClusterEvent(w, self, { kind: 'AssignedPodDelete', pod: assumed }, info.key);
  self.stats.errors++;
  handleSchedulingFailure(w, self, info, message, 'SchedulerError', [], undefined);
}
