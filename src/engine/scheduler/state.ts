/**
 * kube-scheduler's in-memory state (owned by src/engine/scheduler): informers, the scheduler
 * cache, the scheduling queue, and the bookkeeping of the scheduling loop and of bindings that
 * wait in PreBind for their volumes.
 */
import type { ComponentBase } from '../core/component';
import type { InformerState, LeaderElectionState } from '../client/types';
import type { SchedulerCache } from './cache';
import type { SchedulingQueue } from './queue';

/** A Pod assumed on a node whose binding waits until its PersistentVolumeClaims are bound. */
export interface VolumeWait {
  node: string;
  /** bindTimeoutSeconds (600 s) after PreBind started. */
  deadline: number;
}

export interface SchedulerStats {
  attempts: number;
  scheduled: number;
  unschedulable: number;
  errors: number;
  preemptions: number;
}

export interface SchedulerState extends ComponentBase {
  kind: 'kube-scheduler';
  informers: Record<string, InformerState>;
  leader: LeaderElectionState;
  cache: SchedulerCache;
  queue: SchedulingQueue;
  /** A `schedule-one` timer is pending. */
  loopScheduled: boolean;
  /** Pending flush timers (so each is set once). */
  backoffFlushScheduled: boolean;
  unschedulableFlushScheduled: boolean;
  /** Where the next Filter pass starts in the node list (spreads the work across nodes). */
  nextStartNodeIndex: number;
  /** Pod key → node named in its status.nominatedNodeName after a preemption. */
  nominated: Map<string, string>;
  volumeWaits: Map<string, VolumeWait>;
  stats: SchedulerStats;
}
