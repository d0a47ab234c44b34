/**
 * The World: every bit of simulation state, as plain structured-cloneable data (Maps, Sets,
 * arrays, objects; no closures, no class instances). Behaviour lives in modules that operate
 * on it. Invariant: `structuredClone(world)` is a complete snapshot — restoring it and
 * replaying the same commands reproduces the same trace byte for byte.
 */
import type { Heap } from './core/event-queue';
import type { ComponentId, NodeName, SimMillis } from './core/ids';
import type { RngState } from './core/rng';
import type { TraceLog } from './core/trace';
import type { KObject } from '../k8s/types';
import type { EtcdState } from './etcd/etcd';
import type { ResourceWatchIndex, WatchEvent, WatchRegistration } from './apiserver/watch';
import type { ComponentState } from './components';
import type { ClusterTimings } from './timings';
import type { DecisionLog } from './scheduler/decisions';
import type { MachineSpec, TopologyName } from './topology/topology';

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
}

/** One committed write: `object` is the stored version, or null for a deletion. */
export interface ObjectChangeRecord {
  /** The last trace seq at the moment of the commit (the commit's own record when it was traced). */
  seq: number;
  key: string;
  object: KObject | null;
}

export interface World {
  seed: number;
  topology: TopologyName;
  now: SimMillis;
  /** Orders queue entries scheduled for the same millisecond. */
  queueSeq: number;
  rng: RngState;
  queue: Heap<Message>;
  etcd: EtcdState;
  watches: Map<number, WatchRegistration>;
  /** Derived from `watches`; kept in the world so a snapshot carries it. */
  watchIndex: Map<string, ResourceWatchIndex>;
  nextWatchId: number;
  nextRequestId: number;
  components: Map<ComponentId, ComponentState>;
  /** Ids of the kube-apiserver instances (a per-request lookup must not scan every component). */
  apiServers: ComponentId[];
  /** Nodes that exist as machines (powered on or off), in creation order. */
  machines: NodeName[];
  /** Hardware of each machine (IP, capacity) by name. */
  machineSpecs: Map<string, MachineSpec>;
  trace: TraceLog;
  /** Set while serving a request whose hops are summarised by one record (see handler.ts). */
  traceMuted: boolean;
  decisions: DecisionLog;
  changes: ChangeSet;
  /** Bumped each time a diff is drained; diffs carry `from → to` so a consumer can spot a gap. */
  diffVersion: number;
  timings: ClusterTimings;
  /** When boot finished: the moment the cluster was handed to the user. */
  bootedAt: SimMillis;
  /** Events created so far (their names' sub-millisecond part); absent until the first. */
  eventSeq?: number;
  /** Event recorders' aggregation cache: dedup key → storage key of the Event to bump. */
  eventIndex: Map<string, string>;
  /** Active faults by target name (see faults.ts); values say when each began. */
  faults: Map<string, SimMillis>;
  /** Added delay (ms) of each active `latency/<target>` fault, by target name (see message-faults.ts). */
  latencies?: Map<string, number>;
}

/** Convenience: a stored object by key, read straight from etcd's keyspace (no trace). */
export function peekObject(w: World, resource: string, key: string): KObject | undefined {
  return w.etcd.kv.get(resource)?.get(key);
}
