/**
 * SimCore: the slice of the World the simulation primitives need — the clock, the event queue,
 * the PRNG, the trace, the change set, the timings. runtime.ts and the low-level client code are
 * typed against it, not against World, so they can be read (and tested) without knowing every
 * component; `World extends SimCore` adds the cluster itself (etcd, components, watches, faults).
 */
import type { Heap } from './core/event-queue';
import type { ComponentId, SimMillis } from './core/ids';
import type { RngState } from './core/rng';
import type { TraceLog } from './core/trace';
import type { KObject } from '../k8s/types';
import type { WatchEvent } from './apiserver/watch-types';
import type { ClusterTimings } from './timings';

/** What a scheduled queue entry asks a component to do. */
export type Message =
  /** Boot (or reboot after recovery) the component. */
  | { type: 'start' }
  /** A watch event arriving from kube-apiserver. */
  | { type: 'watch'; epoch: number; watchId: number; event: WatchEvent }
  /** kube-apiserver closed a watch (its instance stopped): the informer must relist. */
  | { type: 'watch-closed'; epoch: number; watchId: number }
  /** A timer the component set for itself; `arg` is usually an object key. */
  | { type: 'timer'; epoch: number; name: string; arg?: string };

export interface ChangeSet {
  /** Object keys touched since the last diff, with how they changed across that span. */
  objects: Map<string, 'added' | 'updated' | 'removed'>;
  /** Components whose health or observable state changed. */
  components: Set<ComponentId>;
  /**
   * Every committed version in commit order, when a consumer asked for history
   * (Simulation.recordChanges); absent otherwise so headless runs do not accumulate it.
   * Entries hold the stored objects themselves: stored objects are never mutated after commit.
   */
  log?: ObjectChangeRecord[];
  /** Scale mode: how many of the oldest versions `log` dropped to stay within its window (scale-mode.ts). */
  logDropped?: number;
}

/** One committed write: `object` is the stored version, or null for a deletion. */
export interface ObjectChangeRecord {
  /** The last trace seq at the moment of the commit (the commit's own record when it was traced). */
  seq: number;
  key: string;
  object: KObject | null;
}

export interface SimCore {
  now: SimMillis;
  /** Orders queue entries scheduled for the same millisecond. */
  queueSeq: number;
  rng: RngState;
  queue: Heap<Message>;
  trace: TraceLog;
  /** Set while serving a request whose hops are summarised by one record (see handler.ts). */
  traceMuted: boolean;
  changes: ChangeSet;
  timings: ClusterTimings;
}
