/**
 * The scheduling framework's contracts (pkg/scheduler/framework): what a plugin sees and returns
 * at each extension point. A plugin's PreFilter/PreScore computes its per-cycle state and hands
 * back a Filter/Score bound to it — the CycleState of the real framework, kept in a closure that
 * lives only for one synchronous cycle and never enters the World.
 */
import type { KObject, Namespace, PersistentVolume, PersistentVolumeClaim, Pod, Service, StorageClass } from '../../k8s/types';
import type { NodeChanges, NodeInfo } from './nodeinfo';
import type { PodResources } from './resources';

/** fwk.Code, minus Success (represented by `undefined`) and Skip (by a `skip` outcome). */
/** One score per node, in the order of the nodes scored (the cycle hands plugins a reused column). */
export type Scores = number[] | Float64Array;

export type RejectCode = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface Rejection {
  code: RejectCode;
  /** The FitError histogram counts each reason separately. */
  reasons: string[];
}

export function unschedulable(...reasons: string[]): Rejection {
  return { code: 'Unschedulable', reasons };
}

export function unresolvable(...reasons: string[]): Rejection {
  return { code: 'UnschedulableAndUnresolvable', reasons };
}

/** The Pod being scheduled, with what every plugin needs computed once. */
export interface PodInfo {
  pod: Pod;
  key: string;
  namespace: string;
  res: PodResources;
  priority: number;
}

/** The controllers PodTopologySpread's default selector looks up by ownerReference. */
export type WorkloadResource = 'replicasets' | 'statefulsets' | 'replicationcontrollers';

/** Read-only view of the scheduler's cache and listers for one cycle (the framework Handle). */
export interface ClusterView {
  /** Every node that exists, in the node tree's order. */
  nodes: readonly NodeInfo[];
  nodeInfo(name: string): NodeInfo | undefined;
  /** How many nodes hold an image (ImageStateSummary.NumNodes). */
  imageNumNodes(image: string): number;
  /**
   * Placed Pods with any pod (anti-)affinity, and with required anti-affinity, over the whole
   * cluster; absent in views that do not keep the totals (then plugins walk every node).
   */
  affinityPods?(): { withAffinity: number; withRequiredAntiAffinity: number };
  /**
   * The nodes holding such Pods (`required`: with required anti-affinity), in node-tree order;
   * absent in views that do not keep them (then plugins walk every node).
   */
  affinityNodes?(required: boolean): readonly NodeInfo[];
  /** The cache's log of NodeInfos that changed (nodeinfo.ts NodeChanges); absent in views without one. */
  nodeChanges?(): NodeChanges;
  pvc(namespace: string, name: string): PersistentVolumeClaim | undefined;
  pv(name: string): PersistentVolume | undefined;
  pvs(): readonly PersistentVolume[];
  storageClass(name: string): StorageClass | undefined;
  namespace(name: string): Namespace | undefined;
  /** The Service lister, for one namespace. */
  services(namespace: string): readonly Service[];
  /** A controller by namespace/name; undefined when missing or when the scheduler does not watch its kind. */
  workload(resource: WorkloadResource, namespace: string, name: string): KObject | undefined;
}

export type NodeFilter = (node: NodeInfo) => Rejection | undefined;

export type PreFilterOutcome =
  /** The plugin has nothing to check for this Pod: its Filter is not run. */
  | { kind: 'skip' }
  | { kind: 'reject'; rejection: Rejection }
  /** `nodeNames` narrows the nodes Filter is run on (PreFilterResult). */
  | { kind: 'filter'; filter: NodeFilter; nodeNames?: ReadonlySet<string> };

/** Cluster events that can make an unschedulable Pod schedulable (fwk.ClusterEvent). */
export type ClusterEvent =
  | { kind: 'NodeAdd'; node: NodeInfo }
  | { kind: 'NodeUpdate'; node: NodeInfo; labels: boolean; taints: boolean; allocatable: boolean; unschedulable: boolean }
  | { kind: 'AssignedPodAdd' | 'AssignedPodUpdate' | 'AssignedPodDelete'; pod: Pod }
  | { kind: 'PvcChange' | 'PvChange' | 'StorageClassAdd' };

export interface FilterPlugin {
  name: string;
  preFilter(pod: PodInfo, view: ClusterView): PreFilterOutcome;
  /**
   * QueueingHint: could `event` make a Pod this plugin rejected schedulable? Events a plugin
   * does not register for return false.
   */
  isSchedulableAfter(event: ClusterEvent, pod: PodInfo): boolean;
}

export interface NodeScorer {
  score(node: NodeInfo): number;
  /** NormalizeScore, in place; scores[i] belongs to nodes[i]. */
  normalize?(scores: Scores, nodes: readonly NodeInfo[]): void;
}

export interface ScorePlugin {
  name: string;
  weight: number;
  /** PreScore; undefined means Skip (the plugin does not score this Pod). */
  preScore(pod: PodInfo, feasible: readonly NodeInfo[], view: ClusterView): NodeScorer | undefined;
}

export const MAX_NODE_SCORE = 100;
