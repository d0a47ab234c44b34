/**
 * kube-scheduler: opens its informers at start (a standby instance keeps its cache and queue
 * warm), campaigns for the `kube-system/kube-scheduler` Lease, and only while leading runs the
 * scheduling loop and the queue's flushes. Losing the lease stops the loop.
 */
import type { Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import type { Behaviour } from '../behaviour';
import { listCache, newInformer, syncInformer } from '../client/informer';
import { LEADER_TIMER, leaderElectionTick, newLeaderElection, processIdentity } from '../client/leaderelection';
import { deliver, relistAfterClose } from '../client/watch-host';
import { dropWatchesBy } from '../apiserver/watch';
import { markComponentChanged, setTimer } from '../runtime';
import type { World } from '../world';
import { newCache } from './cache';
import { ensureGatedCondition, handleDelta } from './eventhandlers';
import { backoffPending, flushBackoffCompleted, flushUnschedulableLeftover, hasPoppable, newQueue, pendingUnschedulable } from './queue';
import { PREBIND_TIMEOUT_TIMER, volumeWaitTimedOut } from './binding-cycle';
import { backoffConfig, schedulerWho } from './failure';
import { EVENT_SERIES_TIMER, eventBroadcaster, eventSeriesTick } from '../client/event-series';
import { SCHEDULE_TIMER, scheduleOne } from './schedule-one';
import { SCHEDULER_NAME } from './profile';
import type { SchedulerState, SchedulerStats } from './state';

/**
 * Informers in the order they are synced: nodes first, so bound Pods find their NodeInfo. The
 * last ones are PodTopologySpread's listers for its system-default constraints (Services and the
 * controllers of plugins/default-selector.ts), each watched only if the API serves it.
 */
const RESOURCES: readonly string[] = [
  'nodes',
  'pods',
  'persistentvolumeclaims',
  'persistentvolumes',
  'storageclasses',
  'namespaces',
  ...['services', 'replicationcontrollers', 'replicasets', 'statefulsets'].filter((r) => resourceInfo(r) !== undefined),
];
const FLUSH_BACKOFF_TIMER = 'flush-backoff';
const FLUSH_UNSCHEDULABLE_TIMER = 'flush-unschedulable';
/** flushBackoffQCompleted runs every second, flushUnschedulablePodsLeftover every 30 s. */
const BACKOFF_FLUSH_PERIOD = 1_000;
const UNSCHEDULABLE_FLUSH_PERIOD = 30_000;

export function newStats(): SchedulerStats {
  return { attempts: 0, scheduled: 0, unschedulable: 0, errors: 0, preemptions: 0 };
}

function reset(w: World, self: SchedulerState): void {
  dropWatchesBy(w, self.id);
  self.informers = {};
  self.cache = newCache();
  self.queue = newQueue();
  self.loopScheduled = false;
  self.backoffFlushScheduled = false;
  self.unschedulableFlushScheduled = false;
  self.nextStartNodeIndex = 0;
  self.nominated = new Map();
  self.volumeWaits = new Map();
}

function sync(w: World, self: SchedulerState, resource: string): void {
  const inf = self.informers[resource];
  if (!inf) return;
  const deltas = syncInformer(w, self, schedulerWho(self), inf);
  for (const d of deltas ?? []) handleDelta(w, self, resource, d);
}

function startInformers(w: World, self: SchedulerState): void {
  for (const r of RESOURCES) {
    // kube-scheduler skips finished Pods: they hold no resources.
    self.informers[r] =
      r === 'pods'
        ? newInformer(r, {
            fieldSelector: [
              { field: 'status.phase', op: '!=', value: 'Succeeded' },
              { field: 'status.phase', op: '!=', value: 'Failed' },
            ],
          })
        : newInformer(r);
  }
  for (const r of RESOURCES) sync(w, self, r);
}

/** Keeps the loop and the flush timers running while there is work and we lead. */
export function wake(w: World, self: SchedulerState, delay = 1): void {
  if (!self.leader.isLeader) return;
  if (!self.loopScheduled && hasPoppable(self.queue)) {
    self.loopScheduled = true;
    setTimer(w, self, delay, SCHEDULE_TIMER);
  }
  if (!self.backoffFlushScheduled && backoffPending(self.queue)) {
    self.backoffFlushScheduled = true;
    setTimer(w, self, BACKOFF_FLUSH_PERIOD, FLUSH_BACKOFF_TIMER);
  }
  if (!self.unschedulableFlushScheduled && pendingUnschedulable(self.queue)) {
    self.unschedulableFlushScheduled = true;
    setTimer(w, self, UNSCHEDULABLE_FLUSH_PERIOD, FLUSH_UNSCHEDULABLE_TIMER);
  }
}

function onStartedLeading(w: World, self: SchedulerState): void {
  const pods = self.informers['pods'];
  if (pods) for (const p of listCache<Pod>(pods)) if (!p.spec.nodeName) ensureGatedCondition(w, self, p);
  wake(w, self);
}

export const schedulerBehaviour: Behaviour<'kube-scheduler'> = {
  start(w, self) {
    reset(w, self);
    self.stats = newStats();
    self.leader = newLeaderElection('kube-scheduler', processIdentity(w, self.leader.identity, self.epoch));
    startInformers(w, self);
    // The events.k8s.io broadcaster starts with the process: its ticker counts from here.
    eventBroadcaster(w, self, SCHEDULER_NAME);
    setTimer(w, self, 0, LEADER_TIMER);
  },
  stop(w, self) {
    reset(w, self);
    self.leader.isLeader = false;
  },
  onWatch(w, self, watchId, ev) {
    const got = deliver(self.informers, watchId, ev);
    if (!got) return;
    handleDelta(w, self, got.inf.resource, got.delta, { id: watchId, ev });
    wake(w, self);
  },
  onWatchClosed(w, self, watchId) {
    relistAfterClose(w, self, self.informers, watchId);
  },
  onTimer(w, self, name, arg) {
    switch (name) {
      case LEADER_TIMER:
        leaderElectionTick(w, self, schedulerWho(self), self.leader, {
          onStartedLeading: () => onStartedLeading(w, self),
          onStoppedLeading: () => markComponentChanged(w, self.id),
        });
        return;
      case SCHEDULE_TIMER: {
        self.loopScheduled = false;
        if (!self.leader.isLeader) return;
        const cost = scheduleOne(w, self);
        wake(w, self, Math.max(1, cost));
        return;
      }
      case FLUSH_BACKOFF_TIMER:
        self.backoffFlushScheduled = false;
        if (!self.leader.isLeader) return;
        flushBackoffCompleted(self.queue, w.now);
        wake(w, self);
        return;
      case FLUSH_UNSCHEDULABLE_TIMER:
        self.unschedulableFlushScheduled = false;
        if (!self.leader.isLeader) return;
        flushUnschedulableLeftover(self.queue, w.now, w.timings.podMaxInUnschedulablePodsDuration, backoffConfig(w));
        wake(w, self);
        return;
      case EVENT_SERIES_TIMER:
        if (arg !== undefined) eventSeriesTick(w, self, schedulerWho(self), arg);
        return;
      case PREBIND_TIMEOUT_TIMER:
        if (arg !== undefined) volumeWaitTimedOut(w, self, arg);
        wake(w, self);
        return;
      default:
        if (name.startsWith('relist:')) {
          sync(w, self, name.slice('relist:'.length));
          wake(w, self);
        }
    }
  },
};
