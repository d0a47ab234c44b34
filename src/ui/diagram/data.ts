/**
 * What each kind of diagram box carries: the words and states its React component draws, decided
 * by the pure model (model.ts) so they are unit-tested as data. Types only.
 */
import type { Edge, Node } from '@xyflow/react';
import type { ComponentSummary } from '../../protocol/messages';
import type { Point, Rect } from './route';
import type { PodNodeData, SystemPodsData } from './pods';
import type { GridGeometry } from './grid-layout';
import type { NodeAggregate } from './node-grid-model';

export type { PodNodeData, SystemPodsData };

/** Labels the node translates; everything else is a Kubernetes name, shown as is. */
export type LabelKey = 'diagram.user' | 'diagram.ccm' | 'diagram.csiController' | 'diagram.csiNode' | 'diagram.runtime' | 'diagram.runtimeContainerd' | 'diagram.runtimeCrio' | 'diagram.cni' | 'diagram.oci';

/** A clickable answer to an open prediction. */
export interface ChoiceState {
  option: string;
  selected: boolean;
}

export interface ComponentNodeData extends Record<string, unknown> {
  /** The component whose card opens (the CSI node plugin opens `csi`'s). */
  componentId: string;
  kind: ComponentSummary['kind'] | 'user' | 'cloud-controller-manager';
  label: string;
  labelKey?: LabelKey;
  running: boolean;
  /** Drawn but not running in this cluster (cloud-controller-manager). */
  absent?: boolean;
  /** The latest message was sent or received here. */
  active: boolean;
  /** kube-apiserver: every other component's edge ends here. */
  hub?: boolean;
  /** Leader-elected components: whether this instance holds the Lease. */
  leader?: boolean;
  /** etcd members. */
  raft?: { leader: boolean; term: number };
  /** Faults that keep it down (sim fail target names). */
  faults?: string[];
  focus?: boolean;
  choice?: ChoiceState;
  /** kube-controller-manager while a prediction asks which of its controllers acts. */
  controllerChoices?: ChoiceState[];
}

/**
 * A per-node agent drawn as a small chip: kubelet, the container runtime, its OCI runtime (runc,
 * a binary with no process of its own: its chip opens the runtime's card), CNI, the CSI node
 * plugin, kube-proxy.
 */
export interface AgentNodeData extends Record<string, unknown> {
  componentId: string;
  kind: 'kubelet' | 'container-runtime' | 'oci' | 'cni' | 'csi' | 'kube-proxy';
  /** The short word on the chip (CRI, CNI, CSI); the full name is its accessible name. */
  short: string;
  labelKey?: LabelKey;
  host: string;
  running: boolean;
  active: boolean;
  faults?: string[];
  focus?: boolean;
  choice?: ChoiceState;
}

/** kubectl's STATUS column for a node, as a state with a shape. */
export type NodeCondition = 'Ready' | 'NotReady' | 'Unknown';

/** A machine box's state, before the layout sizes its header. */
export interface MachineState {
  host: string;
  role: 'control-plane' | 'worker' | 'pending';
  /** No fault menu: the box is not a machine (Pods still waiting for one). */
  virtual?: boolean;
  /** From the Node object: its Ready condition, and kubectl's whole STATUS text (`Ready,SchedulingDisabled`). */
  condition?: NodeCondition;
  status?: string;
  poweredOff: boolean;
  partitioned: boolean;
  active: boolean;
  focus?: boolean;
  choice?: ChoiceState;
}

export interface MachineNodeData extends MachineState, Record<string, unknown> {
  /** `key[=value]:effect`, each already broken into lines that fit the box. */
  taints: string[][];
  /** Height of the header (name, status, taints) at the top of the box. */
  headerH: number;
  /** Power and network faults fit on the first line, after STATUS. */
  faultsInline: boolean;
}

export interface CaptionNodeData extends Record<string, unknown> {
  text: string;
  focus?: boolean;
  /** In place of more Pods waiting for a node than a big cluster's picture draws: how many are not drawn. */
  more?: number;
}

/** The workers of a big cluster, aggregated (node-grid-model.ts), and where the grid puts them. */
export interface NodeGridData extends Record<string, unknown> {
  aggregate: NodeAggregate;
  geometry: GridGeometry;
  /** The latest message was sent or received by one of these workers. */
  active: boolean;
  /** Nodes a lesson step points at. */
  focus?: string[];
}

export type DiagramNode =
  | Node<ComponentNodeData, 'component'>
  | Node<AgentNodeData, 'agent'>
  | Node<PodNodeData, 'pod'>
  | Node<SystemPodsData, 'system'>
  | Node<CaptionNodeData, 'caption'>
  | Node<MachineNodeData, 'machine'>
  | Node<NodeGridData, 'grid'>;

export type EdgeKind = 'normal' | 'watch' | 'absent';

export interface RoutedEdgeData extends Record<string, unknown> {
  /** From the source box's side to the target box's side, around every other box. */
  points: Point[];
  kind: EdgeKind;
  lit?: boolean;
  focus?: boolean;
}

export type DiagramEdge = Edge<RoutedEdgeData, 'routed'>;

export interface FlowGraph {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  /** Edge the latest message travels along. */
  activeEdge?: string;
  /** Every box with text in it (absolute), for placing token labels where they hide nothing. */
  texts: Rect[];
  /** Every box in absolute coordinates, by node id. */
  boxes: ReadonlyMap<string, Rect>;
  /** The picture's extent. */
  bounds: Rect;
  /** A lesson step points at something here: the rest is dimmed. */
  focused: boolean;
  /**
   * The box an actor's box is drawn in when it is not drawn itself: a big cluster's worker agents
   * and machines are all drawn as the node grid.
   */
  drawnIn?: (id: string) => string;
}
