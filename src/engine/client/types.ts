/**
 * client-go's in-memory state as data: an informer's cache, a workqueue, a leader elector. Type-only,
 * so the component states (and through them World) can hold these without depending on the client
 * code that runs them (informer.ts, workqueue.ts, leaderelection.ts).
 */
import type { KObject, Lease } from '../../k8s/types';
import type { WatchFilter } from '../apiserver/watch-types';

export interface InformerState {
  resource: string;
  filter: WatchFilter;
  /** key (`namespace/name` or `name`) → object */
  cache: Map<string, KObject>;
  watchId: number | undefined;
  synced: boolean;
  /** Consecutive failed list attempts (for the relist back-off). */
  listFailures: number;
}

/** What an informer hands its handlers: the object before and after (undefined: absent). */
export type Delta = { old: KObject | undefined; cur: KObject | undefined };

export interface WorkQueueState {
  name: string;
  /** Keys waiting, from index `head` on; the consumed prefix is dropped in bulk (O(1) get). */
  queue: string[];
  head: number;
  dirty: Set<string>;
  processing: Set<string>;
  /** Consecutive failures per key (drives the exponential back-off). */
  failures: Map<string, number>;
  /** The overall bucket's tokens as of `at` (created on the first rate-limited requeue). */
  bucket?: { tokens: number; at: number };
  /** The delaying queue's waiting entries: key → readyAt, one per key (delaying-queue.ts). */
  waiting: Map<string, number>;
}

export interface LeaderElectionState {
  namespace: string;
  lockName: string;
  /** `<hostname>_<uuid>` */
  identity: string;
  isLeader: boolean;
  /** The holder/renewTime pair last observed, and when (our clock) it last changed. */
  observedHolder: string;
  observedRenewTime: string;
  observedAt: number;
  /** When this leader last renewed successfully. */
  lastRenew: number;
  /** The Lease as last read or written (LeaseLock's copy): the leader renews it without a GET. */
  lease?: Lease;
  /** The "attempting to acquire" line is written (once per process start). */
  announced?: boolean;
}
