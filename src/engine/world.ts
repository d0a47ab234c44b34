/**
 * The World: every bit of simulation state, as plain structured-cloneable data (Maps, Sets,
 * arrays, objects; no closures, no class instances). Behaviour lives in modules that operate
 * on it. Invariant: `structuredClone(world)` is a complete snapshot — restoring it and
 * replaying the same commands reproduces the same trace byte for byte. The clock, queue, PRNG,
 * trace and change set are the SimCore slice (sim-core.ts) the primitives are typed against.
 */
import type { TrackedFlow } from './node/conntrack-table';
import type { TrafficState } from './metrics/state';
import type { ComponentId, NodeName, SimMillis } from './core/ids';
import type { KObject } from '../k8s/types';
import type { EtcdState } from './etcd/etcd';
import type { ResourceWatchIndex, WatchRegistration } from './apiserver/watch-types';
import type { ComponentState } from './components';
import type { SimCore } from './sim-core';
import type { DecisionLog } from './scheduler/decisions';
import type { MachineSpec, TopologyName } from './topology/topology';
import type { FsLayer } from './images/fs';
import type { Machine } from './images/machine';
import type { ClusterOptions } from './topology/options';
import type { CloudState } from './controllers/cloud/cloud-state';
import type { EventCorrelatorState } from './client/event-correlator';
import type { EventBroadcasterState } from './client/event-series';

export interface World extends SimCore {
  seed: number;
  topology: TopologyName;
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
  decisions: DecisionLog;
  /** Bumped each time a diff is drained; diffs carry `from → to` so a consumer can spot a gap. */
  diffVersion: number;
  /** When boot finished: the moment the cluster was handed to the user. */
  bootedAt: SimMillis;
  /** Events created so far (their names' sub-millisecond part); absent until the first. */
  eventSeq?: number;
  /**
   * Each recorder's EventCorrelator (client/event-correlator.ts), by source (`component` NUL
   * `host`): its caches of occurrences, similar Events and spam-filter token buckets.
   */
  eventIndex: Map<string, EventCorrelatorState>;
  /** Each events.k8s.io recorder's broadcaster (client/event-series.ts), by source (`component` NUL `host`). */
  eventBroadcasters: Map<string, EventBroadcasterState>;
  /** Active faults by target name (see faults.ts); values say when each began. */
  faults: Map<string, SimMillis>;
  /** Added delay (ms) of each active `latency/<target>` fault, by target name (see message-faults.ts). */
  latencies?: Map<string, number>;
  /**
   * Volume contents on the nodes' disks (kubelet/volume-data.ts): `pv/<PV uid>` lives as long as
   * the world (a PV's data outlives its Pods), `pod/<Pod uid>/<volume>` until the Pod's teardown.
   * Containers mount these very objects, so a snapshot keeps them shared.
   */
  volumeData?: Map<string, FsLayer>;
  /**
   * Each node's disk as the learner changed it through its shell (node-shell/host-fs.ts): one
   * overlay layer over the files the simulation generates, by node name; absent until a change.
   */
  nodeFs?: Map<string, FsLayer>;
  /**
   * The learner's interactive login on each node (`sim ssh NODE`, node-shell/node-machine.ts): the
   * interpreter's machine holding the login bash between lines; absent until one opens, gone at `exit`.
   */
  nodeShells?: Map<string, Machine>;
  /** Each node's connection-tracking table (node/conntrack-table.ts), by node name; absent until a connection. */
  conntrack?: Map<string, TrackedFlow[]>;
  /** The options the cluster was built with (topology/options.ts); absent means kubeadm's defaults. */
  cluster?: ClusterOptions;
  /** The simulated cloud's load balancers (controllers/cloud/provider.ts), with --cloud-provider only. */
  cloud?: CloudState;
  /** `sim load` traffic and the CPU it costs (metrics/load.ts); absent until the first load. */
  traffic?: TrafficState;
  /**
   * How many nodes' kube-proxy rule for the cluster DNS address points at each Pod IP (derived
   * from those rules, node/cluster-dns.ts; absent until the first such rule). Kept in the world so
   * a snapshot carries it; it spares every sandbox start and stop a walk over all the nodes' rules.
   */
  dnsRuleTargets?: Map<string, number>;
  /** Scale mode (scale-mode.ts), decided when the cluster is built; absent: off. */
  scaleMode?: true;
  /** Optional controllers the learner started (`sim controller start sample`), by name; absent: none. */
  optionalControllers?: string[];
}

/** Convenience: a stored object by key, read straight from etcd's keyspace (no trace). */
export function peekObject(w: World, resource: string, key: string): KObject | undefined {
  return w.etcd.kv.get(resource)?.get(key);
}
