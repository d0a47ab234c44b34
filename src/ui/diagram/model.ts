/**
 * The architecture diagram as a pure projection of the store: the syllabus's picture (the user
 * and kubectl, the control plane around kube-apiserver, one box per node with its agents and
 * Pods) laid out deterministically, plus which edge the latest message travels along.
 * No React here, so it is unit-tested as data.
 */
import type { Edge, Node } from '@xyflow/react';
import type { KObject, Pod } from '../../engine/api/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';
import { podColumns } from '../store/status';

export type ComponentNodeData = {
  componentId: string;
  kind: ComponentSummary['kind'] | 'user';
  label: string;
  running: boolean;
  /** The latest message was sent or received by this component. */
  active: boolean;
  /** Leader of its Lease, for kube-scheduler and kube-controller-manager. */
  leader?: boolean;
};

export type PodNodeData = { name: string; namespace: string; status: string; ready: string };
export type GroupNodeData = { label: string };

export type DiagramNode = Node<ComponentNodeData, 'component'> | Node<PodNodeData, 'pod'> | Node<GroupNodeData, 'group'>;

const W = 180;
const H = 44;
const GAP = 16;
const POD_H = 30;
const POD_COLS = 2;

/** Controllers live inside kube-controller-manager; their messages are drawn from it. */
function drawnAs(actor: string, components: ReadonlyMap<string, ComponentSummary>): string {
  if (components.has(actor)) return actor;
  if (actor.endsWith('-controller') || actor === 'generic-garbage-collector' || actor === 'root-ca-cert-publisher' || actor === 'pod-garbage-collector') {
    for (const c of components.values()) if (c.kind === 'kube-controller-manager' && c.running) return c.id;
    for (const c of components.values()) if (c.kind === 'kube-controller-manager') return c.id;
  }
  return actor;
}

/** The last record worth animating: background chatter (Events, Lease renewals) is skipped. */
export function lastHop(trace: readonly TraceRecord[]): TraceRecord | undefined {
  for (let i = trace.length - 1; i >= 0; i--) {
    const r = trace[i]!;
    if (r.kind !== 'event' && r.kind !== 'lease') return r;
  }
  return undefined;
}

function edgeId(a: string, b: string): string {
  return a < b ? `${a}~${b}` : `${b}~${a}`;
}

export interface FlowGraph {
  nodes: DiagramNode[];
  edges: Edge[];
  /** Edge the latest message travels along, if it is drawn. */
  activeEdge?: string;
}

export function toFlowGraph(
  components: ReadonlyMap<string, ComponentSummary>,
  objects: ReadonlyMap<string, KObject>,
  trace: readonly TraceRecord[],
  leaders: ReadonlySet<string> = new Set(),
): FlowGraph {
  const hop = lastHop(trace);
  const from = hop ? drawnAs(hop.from, components) : undefined;
  const to = hop ? drawnAs(hop.to, components) : undefined;
  const nodes: DiagramNode[] = [];
  const edges: Edge[] = [];
  const all = [...components.values()];
  const comp = (c: ComponentSummary, x: number, y: number, parentId?: string, label = c.id): void => {
    const n: Node<ComponentNodeData, 'component'> = {
      id: c.id,
      type: 'component',
      position: { x, y },
      data: { componentId: c.id, kind: c.kind, label, running: c.running, active: c.id === from || c.id === to, leader: leaders.has(c.id) },
    };
    if (parentId) {
      n.parentId = parentId;
      n.extent = 'parent';
    }
    nodes.push(n);
  };
  const link = (a: string, b: string): void => {
    if (!components.has(a) || !components.has(b)) return;
    const id = edgeId(a, b);
    if (edges.some((e) => e.id === id)) return;
    edges.push({ id, source: a, target: b, type: 'straight' });
  };

  // The user and kubectl, left of the control plane.
  nodes.push({ id: 'user', type: 'component', position: { x: 0, y: 40 }, data: { componentId: 'user', kind: 'user', label: 'User / CI', running: true, active: hop?.from === 'kubectl' } });
  const kubectl = all.find((c) => c.kind === 'kubectl');
  if (kubectl) comp(kubectl, 0, 40 + H + GAP * 2);
  if (kubectl) edges.push({ id: edgeId('user', kubectl.id), source: 'user', target: kubectl.id, type: 'straight' });

  // Control plane: one column per control-plane machine.
  const cpKinds: ComponentSummary['kind'][] = ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager'];
  const cpHosts = [...new Set(all.filter((c) => cpKinds.includes(c.kind)).map((c) => c.host))];
  const cpX = W + GAP * 6;
  cpHosts.forEach((host, i) => {
    const groupId = `machine:${host}`;
    const x = cpX + i * (W + GAP * 3);
    nodes.push({ id: groupId, type: 'group', position: { x, y: 0 }, data: { label: host }, style: { width: W + GAP * 2, height: 4 * (H + GAP) + GAP * 3 } });
    cpKinds.forEach((kind, row) => {
      const c = all.find((x2) => x2.host === host && x2.kind === kind);
      if (c) comp(c, GAP, GAP * 2 + row * (H + GAP), groupId);
    });
  });
  const csi = all.find((c) => c.kind === 'csi');
  if (csi) comp(csi, cpX + cpHosts.length * (W + GAP * 3), GAP * 2);

  // Workers (and the control-plane machines' own agents) below: agents, then their Pods.
  const pods = [...objects.entries()].filter(([k]) => k.startsWith('pods/')).map(([, o]) => o as Pod);
  const machines = [...new Set(all.filter((c) => c.kind === 'kubelet').map((c) => c.host))];
  const rowY = 4 * (H + GAP) + GAP * 6;
  machines.forEach((host, i) => {
    const groupId = `node:${host}`;
    const mine = pods.filter((p) => p.spec.nodeName === host).sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    const podRows = Math.ceil(mine.length / POD_COLS);
    const agents = (['kubelet', 'container-runtime', 'kube-proxy', 'cni'] as const).map((k) => all.find((c) => c.host === host && c.kind === k));
    const width = 2 * W + GAP * 3;
    const height = GAP * 2 + 2 * (H + GAP) + podRows * (POD_H + 6) + GAP;
    nodes.push({ id: groupId, type: 'group', position: { x: i * (width + GAP * 2), y: rowY }, data: { label: host }, style: { width, height } });
    agents.forEach((c, j) => {
      if (c) comp(c, GAP + (j % 2) * (W + GAP), GAP * 2 + Math.floor(j / 2) * (H + GAP), groupId, c.kind);
    });
    mine.forEach((p, j) => {
      const cols = podColumns(p);
      nodes.push({
        id: `pod:${p.metadata.namespace}/${p.metadata.name}`,
        type: 'pod',
        parentId: groupId,
        extent: 'parent',
        position: { x: GAP + (j % POD_COLS) * (W + GAP), y: GAP * 2 + 2 * (H + GAP) + Math.floor(j / POD_COLS) * (POD_H + 6) },
        data: { name: p.metadata.name!, namespace: p.metadata.namespace ?? 'default', status: cols.status, ready: cols.ready },
      });
    });
  });

  // Hub and spoke: everyone talks to kube-apiserver; the node-local edges are the real direct ones.
  const apiservers = all.filter((c) => c.kind === 'kube-apiserver');
  for (const a of apiservers) {
    if (kubectl) link(kubectl.id, a.id);
    for (const c of all) {
      if (c.kind === 'etcd' && c.host === a.host) link(a.id, c.id);
      if ((c.kind === 'kube-scheduler' || c.kind === 'kube-controller-manager') && c.host === a.host) link(c.id, a.id);
    }
  }
  const api0 = apiservers[0];
  for (const c of all) {
    if (api0 && (c.kind === 'kubelet' || c.kind === 'kube-proxy' || c.kind === 'csi')) link(c.id, api0.id);
    if (c.kind === 'kubelet') {
      link(c.id, `container-runtime/${c.host}`);
      if (csi) link(c.id, csi.id);
    }
    if (c.kind === 'container-runtime') link(c.id, `cni/${c.host}`);
  }
  const active = from && to && from !== to ? edgeId(from, to) : undefined;
  const activeEdge = active && edges.some((e) => e.id === active) ? active : undefined;
  for (const e of edges) if (e.id === activeEdge) e.animated = true;
  return activeEdge ? { nodes, edges, activeEdge } : { nodes, edges };
}
