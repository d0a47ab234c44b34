/**
 * The architecture diagram as a pure projection of the store, after the syllabus's picture: the
 * user and kubectl; the control plane (kube-apiserver, etcd, kube-scheduler,
 * kube-controller-manager with its controllers, the optional cloud-controller-manager drawn as
 * absent, the CSI controller); one box per node with kubelet, container runtime, kube-proxy, CNI,
 * the CSI node plugin and its Pods. Laid out deterministically with explicit sizes on every node,
 * so geometry.ts can compute where a message travels without asking the DOM.
 * No React here, so it is unit-tested as data.
 */
import type { Edge, Node } from '@xyflow/react';
import type { KObject, Pod } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';
import { KCM_CONTROLLERS, USER_ID, csiNodeId, hopEndpoints, lastHop, machineGroupId, nodeGroupId } from './actors';
import { POD_W, podHeight, podView, type PodNodeData } from './pods';
import { activeFaults } from './targets';

export type { PodNodeData };

/** Labels the node translates; everything else is a Kubernetes name, shown as is. */
export type LabelKey = 'diagram.user' | 'diagram.ccm' | 'diagram.csiController' | 'diagram.csiNode' | 'diagram.runtime' | 'diagram.cni';

export type ComponentNodeData = {
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
  /** Leader-elected components: whether this instance holds the Lease. */
  leader?: boolean;
  /** etcd members. */
  raft?: { leader: boolean; term: number };
  /** kube-controller-manager's control loops. */
  controllers?: readonly string[];
  /** Faults that keep it down (sim fail target names). */
  faults?: string[];
};

export type GroupNodeData = {
  host: string;
  labelKey: 'diagram.group.controlPlane' | 'diagram.group.node' | 'diagram.group.unscheduled';
  /** No fault menu: the box is not a machine (Pods still waiting for one). */
  virtual?: boolean;
  poweredOff: boolean;
  partitioned: boolean;
  active: boolean;
};

export type DiagramNode = Node<ComponentNodeData, 'component'> | Node<PodNodeData, 'pod'> | Node<GroupNodeData, 'group'>;

export const W = 196;
const H = 44;
const GAP = 16;
const POD_COLS = 2;

function heightOf(d: ComponentNodeData): number {
  if (d.controllers) return H + 16 + d.controllers.length * 12;
  if (d.raft || d.absent || d.faults) return H + 14;
  return H;
}

export interface FlowGraph {
  nodes: DiagramNode[];
  edges: Edge[];
  /** Edge the latest message travels along, if it is drawn. */
  activeEdge?: string;
}

/**
 * Edge strokes travel inline on the path, not through CSS classes: html-to-image (1.11.12+) deep-
 * clones an `<svg>` without copying computed styles, so class-styled edges vanish from exports.
 */
export const EDGE_STYLE = {
  normal: { stroke: '#8792a8', strokeWidth: 1.5 },
  /** Watch-only traffic (kube-proxy follows Services and EndpointSlices). */
  watch: { stroke: '#8792a8', strokeWidth: 1.5, strokeDasharray: '2 3' },
  /** cloud-controller-manager is not running in this cluster. */
  absent: { stroke: '#a0a0a0', strokeWidth: 1.5, strokeDasharray: '6 4' },
  /** The latest message's edge. */
  lit: { stroke: '#c98f00', strokeWidth: 4 },
} as const;

function byName(a: Pod, b: Pod): number {
  return `${a.metadata.namespace}/${a.metadata.name}` < `${b.metadata.namespace}/${b.metadata.name}` ? -1 : 1;
}

export function edgeId(a: string, b: string): string {
  return a < b ? `${a}~${b}` : `${b}~${a}`;
}

export function toFlowGraph(
  components: ReadonlyMap<string, ComponentSummary>,
  objects: ReadonlyMap<string, KObject>,
  trace: readonly TraceRecord[],
  leaders: ReadonlySet<string> = new Set(),
): FlowGraph {
  const hop = lastHop(trace);
  const ends = hop ? hopEndpoints(hop, components, leaders) : undefined;
  const isActive = (id: string): boolean => ends !== undefined && (ends.from === id || ends.to === id);
  const faults = activeFaults(components);
  const nodes: DiagramNode[] = [];
  const edges: Edge[] = [];
  const all = [...components.values()];

  const box = (id: string, data: ComponentNodeData, x: number, y: number, parentId?: string): number => {
    const height = heightOf(data);
    const n: Node<ComponentNodeData, 'component'> = { id, type: 'component', position: { x, y }, width: W, height, data };
    if (parentId) {
      n.parentId = parentId;
      n.extent = 'parent';
    }
    nodes.push(n);
    return height;
  };
  const comp = (c: ComponentSummary, x: number, y: number, parentId?: string, extra: Partial<ComponentNodeData> = {}): number => {
    const data: ComponentNodeData = { componentId: c.id, kind: c.kind, label: c.id, running: c.running, active: isActive(c.id), ...extra };
    if (c.kind === 'kube-scheduler' || c.kind === 'kube-controller-manager') data.leader = leaders.has(c.id);
    if (c.kind === 'etcd' && c.details?.raftTerm !== undefined) data.raft = { leader: c.details.raftLeader === true, term: c.details.raftTerm };
    if (c.kind === 'kube-controller-manager') data.controllers = KCM_CONTROLLERS;
    if (c.details?.faults?.length) data.faults = c.details.faults;
    return box(c.id, data, x, y, parentId);
  };
  const link = (a: string, b: string, kind: 'normal' | 'watch' | 'absent' = 'normal'): void => {
    const id = edgeId(a, b);
    if (edges.some((e) => e.id === id)) return;
    edges.push({ id, source: a, target: b, type: 'straight', className: `diagram-edge-${kind}`, style: EDGE_STYLE[kind] });
  };
  const machineState = (host: string, active: boolean): GroupNodeData => ({
    host,
    labelKey: 'diagram.group.node',
    poweredOff: faults.has(`node/${host}`),
    partitioned: faults.has(`network/${host}`),
    active,
  });

  // The user and kubectl, left of the control plane.
  box(USER_ID, { componentId: USER_ID, kind: 'user', label: 'User / CI', labelKey: 'diagram.user', running: true, active: isActive(USER_ID) || hop?.from === 'kubectl' }, 0, 40);
  const kubectl = all.find((c) => c.kind === 'kubectl');
  if (kubectl) {
    comp(kubectl, 0, 40 + H + GAP * 2);
    link(USER_ID, kubectl.id);
  }

  // Control plane: one column per control-plane machine, then the optional and cluster-wide parts.
  const cpKinds: ComponentSummary['kind'][] = ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager'];
  const cpHosts = [...new Set(all.filter((c) => cpKinds.includes(c.kind)).map((c) => c.host))];
  const cpX = W + GAP * 6;
  const colW = W + GAP * 4;
  let cpBottom = 0;
  cpHosts.forEach((host, i) => {
    const groupId = machineGroupId(host);
    const at = nodes.length;
    let y = GAP * 2;
    for (const kind of cpKinds) {
      const c = all.find((x2) => x2.host === host && x2.kind === kind);
      if (c) y += comp(c, GAP * 2, y, groupId) + GAP;
    }
    const data = { ...machineState(host, isActive(groupId)), labelKey: 'diagram.group.controlPlane' as const };
    // Parents must precede their children in React Flow's node array.
    nodes.splice(at, 0, { id: groupId, type: 'group', position: { x: cpX + i * (colW + GAP * 3), y: 0 }, width: colW, height: y, data });
    cpBottom = Math.max(cpBottom, y);
  });
  const extraX = cpX + cpHosts.length * (colW + GAP * 3);
  const ccmH = box('cloud-controller-manager', { componentId: 'cloud-controller-manager', kind: 'cloud-controller-manager', label: 'cloud-controller-manager', labelKey: 'diagram.ccm', running: false, absent: true, active: false }, extraX, GAP * 2);
  const csi = all.find((c) => c.kind === 'csi');
  const csiH = csi ? comp(csi, extraX, GAP * 4 + ccmH, undefined, { labelKey: 'diagram.csiController' }) + GAP * 2 : 0;

  // Pods no node has been chosen for yet wait beside the control plane, where the scheduler works.
  const pods = [...objects.entries()].filter(([k]) => k.startsWith('pods/')).map(([, o]) => o as Pod);
  const waiting = pods.filter((p) => !p.spec.nodeName).sort(byName);
  if (waiting.length) {
    const groupId = 'group:unscheduled';
    let y = GAP * 2;
    const at = nodes.length;
    for (const p of waiting) {
      const data = podView(p);
      nodes.push({ id: `pod:${data.namespace}/${data.name}`, type: 'pod', parentId: groupId, extent: 'parent', position: { x: GAP, y }, width: POD_W, height: podHeight(data), data });
      y += podHeight(data) + 6;
    }
    const data: GroupNodeData = { host: '', labelKey: 'diagram.group.unscheduled', virtual: true, poweredOff: false, partitioned: false, active: false };
    nodes.splice(at, 0, { id: groupId, type: 'group', position: { x: extraX, y: GAP * 4 + ccmH + csiH }, width: POD_W + GAP * 2, height: y + GAP, data });
  }

  // Every machine with a kubelet (the control plane's too: kubeadm runs its static Pods there).
  const machines = [...new Set(all.filter((c) => c.kind === 'kubelet').map((c) => c.host))];
  const rowY = cpBottom + GAP * 4;
  const nodeW = 2 * W + GAP * 3;
  machines.forEach((host, i) => {
    const groupId = nodeGroupId(host);
    const at = nodes.length;
    const agents: [ComponentSummary | undefined, Partial<ComponentNodeData>][] = [
      [all.find((c) => c.host === host && c.kind === 'kubelet'), { label: 'kubelet' }],
      [all.find((c) => c.host === host && c.kind === 'container-runtime'), { label: 'container-runtime', labelKey: 'diagram.runtime' }],
      [all.find((c) => c.host === host && c.kind === 'kube-proxy'), { label: 'kube-proxy' }],
      [all.find((c) => c.host === host && c.kind === 'cni'), { label: 'cni', labelKey: 'diagram.cni' }],
    ];
    const rowH: number[] = [];
    agents.forEach(([c, extra], j) => {
      const y = GAP * 2 + Math.floor(j / 2) * (H + 14 + GAP);
      if (c) rowH[Math.floor(j / 2)] = Math.max(rowH[Math.floor(j / 2)] ?? 0, comp(c, GAP + (j % 2) * (W + GAP), y, groupId, extra));
    });
    let y = GAP * 2 + 2 * (H + 14 + GAP);
    if (csi) {
      // One `csi` process serves every node in the engine; its node plugin dies with its machine.
      const down = [...(csi.details?.faults ?? []), ...(faults.has(`node/${host}`) ? [`node/${host}`] : [])];
      const plugin: ComponentNodeData = { componentId: csi.id, kind: 'csi', label: 'csi', labelKey: 'diagram.csiNode', running: csi.running && down.length === 0, active: isActive(csiNodeId(host)) };
      if (down.length) plugin.faults = down;
      box(csiNodeId(host), plugin, GAP, y, groupId);
      y += H + 14 + GAP;
    }
    const mine = pods.filter((p) => p.spec.nodeName === host).sort(byName);
    for (let r = 0; r < mine.length; r += POD_COLS) {
      const views = mine.slice(r, r + POD_COLS).map(podView);
      views.forEach((data, j) => {
        nodes.push({ id: `pod:${data.namespace}/${data.name}`, type: 'pod', parentId: groupId, extent: 'parent', position: { x: GAP + j * (POD_W + GAP), y }, width: POD_W, height: podHeight(data), data });
      });
      y += Math.max(...views.map(podHeight)) + 6;
    }
    const groupNode: DiagramNode = { id: groupId, type: 'group', position: { x: i * (nodeW + GAP * 2), y: rowY }, width: nodeW, height: y + GAP, data: machineState(host, isActive(groupId)) };
    nodes.splice(at, 0, groupNode);
    if (csi) link(`kubelet/${host}`, csiNodeId(host));
  });

  // Hub and spoke: everyone talks to kube-apiserver; the node-local edges are the real direct ones.
  const has = (id: string): boolean => components.has(id);
  const apiservers = all.filter((c) => c.kind === 'kube-apiserver');
  for (const a of apiservers) {
    if (kubectl) link(kubectl.id, a.id);
    for (const c of all) {
      if (c.kind === 'etcd' && c.host === a.host) link(a.id, c.id);
      if ((c.kind === 'kube-scheduler' || c.kind === 'kube-controller-manager') && c.host === a.host) link(c.id, a.id);
    }
  }
  const api0 = apiservers[0];
  if (api0) link('cloud-controller-manager', api0.id, 'absent');
  for (const c of all) {
    if (api0 && (c.kind === 'kubelet' || c.kind === 'csi')) link(c.id, api0.id);
    if (api0 && c.kind === 'kube-proxy') link(c.id, api0.id, 'watch');
    if (c.kind === 'kubelet' && has(`container-runtime/${c.host}`)) link(c.id, `container-runtime/${c.host}`);
    if (c.kind === 'container-runtime' && has(`cni/${c.host}`)) link(c.id, `cni/${c.host}`);
  }
  const active = ends && ends.from !== ends.to ? edgeId(ends.from, ends.to) : undefined;
  const activeEdge = active && edges.some((e) => e.id === active) ? active : undefined;
  for (const e of edges) {
    if (e.id !== activeEdge) continue;
    e.animated = true;
    e.className = 'diagram-edge-lit';
    e.style = EDGE_STYLE.lit;
  }
  return activeEdge ? { nodes, edges, activeEdge } : { nodes, edges };
}
