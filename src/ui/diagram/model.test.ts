import { describe, expect, it } from 'vitest';
import { READABLE_ZOOM } from './boxes';
import type { AgentNodeData, ComponentNodeData, FlowGraph, MachineNodeData } from './data';
import { EDGE_STYLE, edgeId, routeBetween, toFlowGraph } from './model';
import type { PodNodeData, SystemPodsData } from './pods';
import type { Point, Rect } from './route';
import { realRun } from './run.testing';
import { BASIC, HA, node, pod, rec, runningPod, withComponent } from './testkit';

const data = (g: FlowGraph, id: string) => g.nodes.find((n) => n.id === id)?.data;
const box = (g: FlowGraph, id: string): Rect => g.boxes.get(id)!;
const pairs = (g: FlowGraph) => g.edges.map((e) => [e.source, e.target].sort().join(' '));
const pair = (a: string, b: string) => [a, b].sort().join(' ');

/** Whether a segment of the route runs through the inside of `r`. */
function crosses(points: readonly Point[], r: Rect): boolean {
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!;
    const b = points[k]!;
    const x0 = Math.min(a.x, b.x);
    const x1 = Math.max(a.x, b.x);
    const y0 = Math.min(a.y, b.y);
    const y1 = Math.max(a.y, b.y);
    if (x1 > r.x + 0.5 && x0 < r.x + r.w - 0.5 && y1 > r.y + 0.5 && y0 < r.y + r.h - 0.5) return true;
  }
  return false;
}

function onBorder(p: Point, r: Rect): boolean {
  const inX = p.x >= r.x - 0.5 && p.x <= r.x + r.w + 0.5;
  const inY = p.y >= r.y - 0.5 && p.y <= r.y + r.h + 0.5;
  return inX && inY && (Math.abs(p.x - r.x) < 0.5 || Math.abs(p.x - r.x - r.w) < 0.5 || Math.abs(p.y - r.y) < 0.5 || Math.abs(p.y - r.y - r.h) < 0.5);
}

/** Every edge leaves its source's side, enters its target's side and crosses no other box with text. */
function expectRoutedAroundBoxes(g: FlowGraph): void {
  const leafIds = g.nodes.filter((n) => n.type !== 'machine').map((n) => n.id);
  for (const e of g.edges) {
    const points = e.data!.points;
    expect(points.length, e.id).toBeGreaterThanOrEqual(2);
    expect(onBorder(points[0]!, box(g, e.source)), `${e.id} starts on ${e.source}`).toBe(true);
    expect(onBorder(points[points.length - 1]!, box(g, e.target)), `${e.id} ends on ${e.target}`).toBe(true);
    for (let k = 1; k < points.length; k++) expect(points[k]!.x === points[k - 1]!.x || points[k]!.y === points[k - 1]!.y, `${e.id} is orthogonal`).toBe(true);
    for (const id of leafIds) if (id !== e.source && id !== e.target) expect(crosses(points, box(g, id)), `${e.id} crosses ${id}`).toBe(false);
  }
}

describe('toFlowGraph', () => {
  it('draws every component once, the control plane and every worker as a machine box, Pods on their node', () => {
    const g = toFlowGraph(BASIC, new Map([pod('web-1', 'node-1')]), []);
    const ids = g.nodes.map((n) => n.id);
    for (const id of BASIC.keys()) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(g.nodes.find((n) => n.id === 'kubelet/node-1')).toMatchObject({ type: 'agent', parentId: 'node:node-1' });
    expect(g.nodes.find((n) => n.id === 'kube-apiserver')).toMatchObject({ type: 'component', parentId: 'node:control-plane' });
    expect(g.nodes.find((n) => n.id === 'kubelet/control-plane')?.parentId).toBe('node:control-plane');
    const p = g.nodes.find((n) => n.id === 'pod:default/web-1');
    expect(p?.parentId).toBe('node:node-1');
    expect(p?.data).toMatchObject({ label: 'web-1', status: 'Pending', ready: '0/1', shape: 'progress', containers: [{ name: 'c', state: 'Waiting', ready: false }] });
  });

  it('shows replicas by their name suffix after their owner’s name, and kube-system Pods as one chip per machine', () => {
    const objects = new Map([runningPod('web-7d9f-abcde', 'node-1', 'True', 'web-7d9f'), pod('coredns-1', 'node-1', { phase: 'Running' }, ['c'], { namespace: 'kube-system' }), pod('kube-proxy-x', 'node-1', { phase: 'Running' }, ['c'], { namespace: 'kube-system' })]);
    const g = toFlowGraph(BASIC, objects, []);
    expect(data(g, 'pod:default/web-7d9f-abcde')).toMatchObject({ label: 'abcde', owner: 'web-7d9f', status: 'Running', shape: 'ok' });
    expect(data(g, 'caption:node-1/web-7d9f')).toEqual({ text: 'web-7d9f' });
    expect(g.nodes.some((n) => n.id.startsWith('pod:kube-system/'))).toBe(false);
    expect(data(g, 'system:node-1') as SystemPodsData).toMatchObject({ host: 'node-1', count: 2, names: ['coredns-1', 'kube-proxy-x'] });
  });

  it('shows Pods without a node in a Pending box, and on their node once bound', () => {
    const [key, unbound] = pod('web-2', 'node-1');
    delete (unbound as { spec: { nodeName?: string } }).spec.nodeName;
    const g = toFlowGraph(BASIC, new Map([pod('web-1', 'node-1'), [key, unbound]]), []);
    expect(data(g, 'group:unscheduled')).toMatchObject({ role: 'pending', virtual: true });
    expect(g.nodes.find((n) => n.id === 'pod:default/web-2')?.parentId).toBe('group:unscheduled');
    expect(toFlowGraph(BASIC, new Map([pod('web-1', 'node-1')]), []).nodes.some((n) => n.id === 'group:unscheduled')).toBe(false);
  });

  it('keeps the hub picture when a Pod waits for a node (its box sits beside kubectl)', () => {
    const [key, unbound] = pod('too-big', 'node-1');
    delete (unbound as { spec: { nodeName?: string } }).spec.nodeName;
    const frame = { width: 792, height: 368 };
    const g = toFlowGraph(BASIC, new Map([[key, unbound]]), [], new Set(), { frame });
    const api = box(g, 'kube-apiserver');
    expect(box(g, 'kube-scheduler').x + box(g, 'kube-scheduler').w).toBeLessThan(api.x);
    expect(box(g, 'group:unscheduled').x).toBeLessThan(box(g, 'node:control-plane').x);
    expect(Math.min(frame.width / g.bounds.w, frame.height / g.bounds.h)).toBeGreaterThanOrEqual(READABLE_ZOOM);
  });

  it('puts every parent before its children, gives every node a size, and keeps children inside their machine', () => {
    const g = toFlowGraph(BASIC, new Map([pod('a', 'node-1'), pod('b', 'node-1'), pod('c', 'node-2')]), []);
    const seen = new Set<string>();
    for (const n of g.nodes) {
      if (n.parentId) {
        expect(seen.has(n.parentId), `${n.id} after ${n.parentId}`).toBe(true);
        const p = box(g, n.parentId);
        const c = box(g, n.id);
        expect(c.x >= p.x && c.y >= p.y && c.x + c.w <= p.x + p.w && c.y + c.h <= p.y + p.h, `${n.id} inside ${n.parentId}`).toBe(true);
      }
      expect(n.width).toBeGreaterThan(0);
      expect(n.height).toBeGreaterThan(0);
      seen.add(n.id);
    }
  });

  it('never overlaps two boxes that are not parent and child', () => {
    const g = toFlowGraph(HA, new Map([pod('a', 'node-1'), pod('b', 'node-1'), pod('c', 'node-2')]), []);
    const parent = new Map(g.nodes.map((n) => [n.id, n.parentId]));
    const ids = [...g.boxes.keys()];
    for (const a of ids)
      for (const b of ids) {
        if (a >= b || parent.get(a) === b || parent.get(b) === a) continue;
        const p = box(g, a);
        const q = box(g, b);
        expect(p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h, `${a} overlaps ${b}`).toBe(false);
      }
  });

  it('draws the syllabus parts: the user, cloud-controller-manager as absent, the CSI controller, a CSI node plugin chip on every node', () => {
    const g = toFlowGraph(BASIC, new Map(), []);
    expect(data(g, 'user')).toMatchObject({ kind: 'user', labelKey: 'diagram.user' });
    expect(data(g, 'cloud-controller-manager')).toMatchObject({ absent: true, running: false });
    expect(g.edges.find((e) => e.id === 'cloud-controller-manager~kube-apiserver')?.className).toBe('diagram-edge-absent');
    for (const host of ['control-plane', 'node-1', 'node-2']) {
      const n = g.nodes.find((x) => x.id === `csi-node/${host}`);
      expect(n).toMatchObject({ type: 'agent', parentId: `node:${host}` });
      expect(n?.data).toMatchObject({ componentId: 'csi', short: 'CSI', labelKey: 'diagram.csiNode' });
    }
    expect(data(g, 'csi')).toMatchObject({ labelKey: 'diagram.csiController' });
    // Agents are chips in a row, in the order their node-local edges join them.
    const row = ['csi-node/node-1', 'kubelet/node-1', 'container-runtime/node-1', 'cni/node-1', 'kube-proxy/node-1'].map((id) => box(g, id));
    for (let i = 1; i < row.length; i++) expect(row[i]!.x).toBeGreaterThan(row[i - 1]!.x + row[i - 1]!.w);
    expect(new Set(row.map((r) => r.y)).size).toBe(1);
  });

  it('names the runtime on its chip (CRI for containerd, CRI-O) and draws no separate OCI chip, so the basic workers keep one row', () => {
    let comps = withComponent(BASIC, 'container-runtime/node-1', { details: { runtime: { impl: 'containerd', oci: 'runc' } } });
    comps = withComponent(comps, 'container-runtime/node-2', { details: { runtime: { impl: 'cri-o', oci: 'crun' } } });
    const g = toFlowGraph(comps, new Map(), []);
    expect(data(g, 'container-runtime/node-1')).toMatchObject({ short: 'CRI', labelKey: 'diagram.runtimeContainerd' });
    expect(data(g, 'container-runtime/node-2')).toMatchObject({ short: 'CRI-O', labelKey: 'diagram.runtimeCrio' });
    expect(data(g, 'runc/node-1')).toBeUndefined();
    expect(data(g, 'crun/node-2')).toBeUndefined();
  });

  it('lists no controllers on the diagram (the card does), but offers those a prediction asks about as choices in kube-controller-manager', () => {
    expect((data(toFlowGraph(BASIC, new Map(), []), 'kube-controller-manager') as ComponentNodeData).controllerChoices).toBeUndefined();
    const g = toFlowGraph(BASIC, new Map(), [], new Set(), { choice: { form: 'component', options: ['replicaset-controller', 'deployment-controller', 'kube-scheduler', 'kubelet'], chosen: 'deployment-controller' } });
    expect((data(g, 'kube-controller-manager') as ComponentNodeData).controllerChoices).toEqual([
      { option: 'replicaset-controller', selected: false },
      { option: 'deployment-controller', selected: true },
    ]);
    expect(data(g, 'kube-scheduler')).toMatchObject({ choice: { option: 'kube-scheduler', selected: false } });
    // A component name covers every node's copy of an agent.
    for (const host of ['control-plane', 'node-1', 'node-2']) expect((data(g, `kubelet/${host}`) as AgentNodeData).choice).toEqual({ option: 'kubelet', selected: false });
    expect((data(g, 'etcd') as ComponentNodeData).choice).toBeUndefined();
    expect((data(g, 'kube-controller-manager') as ComponentNodeData).choice).toBeUndefined();
  });

  it('offers machine boxes as the choices of a node prediction', () => {
    const g = toFlowGraph(BASIC, new Map(), [], new Set(), { choice: { form: 'node', options: ['control-plane', 'node-1', 'node-3'], chosen: 'node-1' } });
    expect((data(g, 'node:control-plane') as MachineNodeData).choice).toEqual({ option: 'control-plane', selected: false });
    expect((data(g, 'node:node-1') as MachineNodeData).choice).toEqual({ option: 'node-1', selected: true });
    expect((data(g, 'node:node-2') as MachineNodeData).choice).toBeUndefined();
    expect((data(g, 'kube-scheduler') as ComponentNodeData).choice).toBeUndefined();
  });

  it('marks the raft leader and its term on etcd, and the Lease holder', () => {
    const cs = withComponent(BASIC, 'etcd', { details: { raftLeader: true, raftTerm: 3 } });
    const g = toFlowGraph(cs, new Map(), [], new Set(['kube-scheduler']));
    expect(data(g, 'etcd')).toMatchObject({ raft: { leader: true, term: 3 } });
    expect(data(g, 'kube-scheduler')).toMatchObject({ leader: true });
    expect(data(g, 'kube-controller-manager')).toMatchObject({ leader: false });
    expect((data(g, 'kube-apiserver') as ComponentNodeData).leader).toBeUndefined();
  });

  it('is hub and spoke: every component’s edge goes to kube-apiserver, except the real direct node-local ones', () => {
    const g = toFlowGraph(BASIC, new Map(), []);
    const ps = pairs(g);
    for (const id of ['kube-scheduler', 'kube-controller-manager', 'etcd', 'kubectl', 'csi', 'kubelet/node-1', 'kubelet/control-plane', 'kube-proxy/node-2']) expect(ps, id).toContain(pair(id, 'kube-apiserver'));
    expect(ps).toContain(pair('container-runtime/node-1', 'kubelet/node-1'));
    expect(ps).toContain(pair('cni/node-1', 'container-runtime/node-1'));
    expect(ps).toContain(pair('csi-node/node-1', 'kubelet/node-1'));
    expect(ps).not.toContain(pair('kube-scheduler', 'kubelet/node-1'));
    expect(ps).not.toContain(pair('etcd', 'kube-scheduler'));
    const degree = (id: string) => g.edges.filter((e) => e.source === id || e.target === id).length;
    for (const n of g.nodes) if (n.id !== 'kube-apiserver') expect(degree(n.id), n.id).toBeLessThan(degree('kube-apiserver'));
    expect(g.edges.find((e) => e.id === edgeId('kube-proxy/node-1', 'kube-apiserver'))?.data?.kind).toBe('watch');
  });

  it('puts kube-apiserver at the centre of the control plane, kube-scheduler and kube-controller-manager on one side, etcd on the other', () => {
    const g = toFlowGraph(BASIC, new Map(), [], new Set(), { frame: { width: 800, height: 360 } });
    const cp = box(g, 'node:control-plane');
    const api = box(g, 'kube-apiserver');
    const mid = api.x + api.w / 2;
    expect(mid).toBeGreaterThan(cp.x + cp.w / 3);
    expect(mid).toBeLessThan(cp.x + (2 * cp.w) / 3);
    for (const id of ['kube-scheduler', 'kube-controller-manager']) expect(box(g, id).x + box(g, id).w).toBeLessThan(api.x);
    expect(box(g, 'etcd').x).toBeGreaterThan(api.x + api.w);
    // The workers sit below, all in one row.
    const workers = ['node:node-1', 'node:node-2'].map((id) => box(g, id));
    expect(new Set(workers.map((w) => w.y)).size).toBe(1);
    expect(workers[0]!.y).toBeGreaterThan(cp.y + cp.h);
  });

  it('routes every edge around the boxes it does not join, from side to side', () => {
    expectRoutedAroundBoxes(toFlowGraph(BASIC, new Map([pod('a', 'node-1'), pod('b', 'node-2')]), []));
    expectRoutedAroundBoxes(toFlowGraph(HA, new Map([pod('a', 'node-1')]), []));
    expectRoutedAroundBoxes(toFlowGraph(BASIC, new Map(), [], new Set(), { frame: { width: 340, height: 640 } }));
  });

  it('lights the edge of the latest message, drawing controllers as kube-controller-manager', () => {
    const g = toFlowGraph(BASIC, new Map(), [rec(1, 'kubectl', 'kube-apiserver'), rec(2, 'deployment-controller', 'kube-apiserver'), rec(3, 'kube-scheduler', 'kube-apiserver', 'lease')]);
    expect(g.activeEdge).toBe('kube-apiserver~kube-controller-manager');
    expect(g.edges.filter((e) => e.animated).map((e) => e.id)).toEqual(['kube-apiserver~kube-controller-manager']);
    // Strokes are inline so an exported image keeps them (html-to-image copies no CSS into <svg>).
    expect(g.edges.find((e) => e.animated)?.style).toEqual(EDGE_STYLE.lit);
    for (const e of g.edges) expect(e.style?.stroke, e.id).toBeTruthy();
    // The lit edge is drawn last, on top of the others.
    expect(g.edges[g.edges.length - 1]?.id).toBe('kube-apiserver~kube-controller-manager');
    expect(data(g, 'kube-controller-manager')).toMatchObject({ active: true });
    expect(data(g, 'kube-scheduler')).toMatchObject({ active: false });
  });

  it('draws an edge for a message between boxes the picture does not join', () => {
    const g = toFlowGraph(HA, new Map(), [rec(1, 'kubelet/node-1', 'kube-apiserver-2')]);
    expect(g.activeEdge).toBe(edgeId('kube-apiserver-2', 'kubelet/node-1'));
    expectRoutedAroundBoxes(g);
  });

  it('lights the CSI node plugin on the kubelet’s own node for NodePublishVolume', () => {
    const g = toFlowGraph(BASIC, new Map(), [rec(1, 'kubelet/node-2', 'csi', 'csi')]);
    expect(g.activeEdge).toBe('csi-node/node-2~kubelet/node-2');
  });

  it('marks stopped components with the faults that keep them down, and powered-off or partitioned machines', () => {
    let cs = withComponent(BASIC, 'kube-scheduler', { running: false, details: { faults: ['kube-scheduler'] } });
    cs = withComponent(cs, 'kubelet/node-1', { running: false, details: { faults: ['node/node-1'] } });
    cs = withComponent(cs, 'kube-proxy/node-2', { details: { faults: ['network/node-2'] } });
    const g = toFlowGraph(cs, new Map(), []);
    expect(data(g, 'kube-scheduler')).toMatchObject({ running: false, faults: ['kube-scheduler'] });
    expect(data(g, 'kubelet/node-1')).toMatchObject({ running: false, faults: ['node/node-1'] });
    expect(data(g, 'node:node-1') as MachineNodeData).toMatchObject({ poweredOff: true, partitioned: false });
    expect(data(g, 'node:node-2') as MachineNodeData).toMatchObject({ poweredOff: false, partitioned: true });
    // The CSI node plugin is part of the one csi process, but it dies with its machine.
    expect(data(g, 'csi-node/node-1')).toMatchObject({ running: false, faults: ['node/node-1'] });
    expect(data(g, 'csi-node/node-2')).toMatchObject({ running: true });
  });

  it('keeps the machines’ widths when a node’s agents stop (their wider chips wrap instead)', () => {
    let cs = BASIC;
    for (const id of ['kubelet/node-1', 'container-runtime/node-1', 'cni/node-1', 'kube-proxy/node-1']) cs = withComponent(cs, id, { running: false, details: { faults: [id] } });
    const frame = { width: 800, height: 360 };
    const before = toFlowGraph(BASIC, new Map(), [], new Set(), { frame });
    const after = toFlowGraph(cs, new Map(), [], new Set(), { frame });
    for (const id of ['node:node-1', 'node:node-2']) {
      expect(box(after, id).w, id).toBe(box(before, id).w);
      expect(box(after, id).y, id).toBe(box(before, id).y);
    }
    const chips = after.nodes.filter((n) => n.parentId === 'node:node-1' && n.type === 'agent').map((n) => box(after, n.id));
    for (const c of chips) expect(c.x + c.w).toBeLessThanOrEqual(box(after, 'node:node-1').x + box(after, 'node:node-1').w);
  });

  it('shows each machine’s STATUS as kubectl prints it, and its taints, broken to fit the box', () => {
    const unreachable = [
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' as const },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' as const },
    ];
    const objects = new Map([node('control-plane', 'True', [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]), node('node-1', 'Unknown', unreachable), node('node-2', undefined)]);
    const g = toFlowGraph(BASIC, objects, []);
    expect(data(g, 'node:control-plane')).toMatchObject({ condition: 'Ready', status: 'Ready' });
    expect(data(g, 'node:node-1')).toMatchObject({ condition: 'NotReady', status: 'NotReady' });
    expect(data(g, 'node:node-2')).toMatchObject({ condition: 'Unknown', status: 'Unknown' });
    const taints = (data(g, 'node:node-1') as MachineNodeData).taints;
    expect(taints.map((lines) => lines.join(''))).toEqual(['Taints: node.kubernetes.io/unreachable:NoExecute', 'node.kubernetes.io/unreachable:NoSchedule']);
    expect((data(g, 'node:control-plane') as MachineNodeData).taints.flat().join('')).toBe('Taints: node-role.kubernetes.io/control-plane:NoSchedule');
  });

  it('shows a Pod on an unreachable node as kubectl does (1/1 Running) and marks its Ready condition False', () => {
    const g = toFlowGraph(BASIC, new Map([runningPod('web-a', 'node-1', 'False'), runningPod('web-b', 'node-2', 'True')]), []);
    expect(data(g, 'pod:default/web-a') as PodNodeData).toMatchObject({ status: 'Running', ready: '1/1', shape: 'ok', readyFalse: true });
    expect(data(g, 'pod:default/web-b') as PodNodeData).toMatchObject({ readyFalse: false });
  });

  it('draws one control-plane column per machine in the ha topology, each kube-apiserver at its column’s foot', () => {
    const g = toFlowGraph(HA, new Map(), [], new Set(), { frame: { width: 920, height: 480 } });
    const columns = g.nodes.filter((n) => n.id.startsWith('node:control-plane'));
    expect(columns.map((n) => n.id)).toEqual(['node:control-plane-1', 'node:control-plane-2', 'node:control-plane-3']);
    expect(new Set(columns.map((n) => box(g, n.id).x)).size).toBe(3);
    expect(g.nodes.find((n) => n.id === 'etcd-2')?.parentId).toBe('node:control-plane-2');
    const apis = [1, 2, 3].map((i) => box(g, `kube-apiserver-${i}`));
    expect(new Set(apis.map((a) => a.y)).size).toBe(1);
    // Each part talks to its own machine's kube-apiserver; kubectl and kubelets go to the first.
    const ps = pairs(g);
    expect(ps).toContain(pair('kube-scheduler-2', 'kube-apiserver-2'));
    expect(ps).toContain(pair('kube-proxy/control-plane-3', 'kube-apiserver-3'));
    expect(ps).toContain(pair('kubelet/control-plane-3', 'kube-apiserver-1'));
    expect(ps).toContain(pair('kubectl', 'kube-apiserver-1'));
  });

  it('fits the basic cluster, booted and with a Deployment’s Pods, into the stage’s frame at a readable zoom', () => {
    const objects = new Map([runningPod('go-api-5d8f-aaaaa', 'node-1', 'True', 'go-api-5d8f'), runningPod('go-api-5d8f-bbbbb', 'node-2', 'True', 'go-api-5d8f'), runningPod('go-api-5d8f-ccccc', 'node-2', 'True', 'go-api-5d8f')]);
    // The stage's diagram at 1280×720 leaves about 792×368 for the picture.
    for (const frame of [{ width: 800, height: 360 }, { width: 792, height: 368 }])
      for (const o of [new Map(), objects]) {
        const g = toFlowGraph(BASIC, o, [], new Set(), { frame });
        expect(Math.min(frame.width / g.bounds.w, frame.height / g.bounds.h)).toBeGreaterThanOrEqual(READABLE_ZOOM);
      }
    const ha = toFlowGraph(HA, new Map(), [], new Set(), { frame: { width: 920, height: 480 } });
    expect(Math.min(920 / ha.bounds.w, 480 / ha.bounds.h)).toBeGreaterThanOrEqual(READABLE_ZOOM);
  });

  it('keeps ha’s three control-plane machines in one row, and its workers in one row, in the stage’s frame at 1280×720', () => {
    const g = toFlowGraph(HA, new Map(), [], new Set(), { frame: { width: 792, height: 368 } });
    const row = (ids: string[]) => new Set(ids.map((id) => box(g, id).y)).size;
    expect(row(['node:control-plane-1', 'node:control-plane-2', 'node:control-plane-3'])).toBe(1);
    expect(row(['node:node-1', 'node:node-2'])).toBe(1);
    expect(g.bounds.w).toBeLessThanOrEqual(792);
  });

  it('stacks the picture for a narrow frame (a phone) so its width fits at a readable zoom', () => {
    const g = toFlowGraph(BASIC, new Map(), [], new Set(), { frame: { width: 340, height: 640 } });
    expect(g.bounds.w).toBeLessThanOrEqual(340);
    const workers = ['node:node-1', 'node:node-2'].map((id) => box(g, id));
    expect(workers[1]!.y).toBeGreaterThan(workers[0]!.y);
  });

  it('highlights what a lesson step points at: components (a name covers its copies), edges, Pods and nodes', () => {
    const objects = new Map([runningPod('hello-1', 'node-1'), runningPod('other', 'node-2'), pod('coredns-1', 'node-2', { phase: 'Running' }, ['c'], { namespace: 'kube-system' })]);
    const g = toFlowGraph(BASIC, objects, [], new Set(), {
      focus: [
        { component: 'kubelet' },
        { component: 'replicaset-controller' },
        { edge: ['kube-scheduler', 'kube-apiserver'] },
        { object: { kind: 'Pod', namespace: 'default', name: 'hello-*' } },
        { object: { kind: 'Pod', namespace: 'kube-system', name: 'coredns-1' } },
        { object: { kind: 'Node', name: 'node-2' } },
      ],
    });
    expect(g.focused).toBe(true);
    for (const host of ['control-plane', 'node-1', 'node-2']) expect(data(g, `kubelet/${host}`)).toMatchObject({ focus: true });
    expect(data(g, 'kube-controller-manager')).toMatchObject({ focus: true });
    expect((data(g, 'kube-scheduler') as ComponentNodeData).focus).toBeUndefined();
    expect(g.edges.filter((e) => e.data?.focus).map((e) => e.id)).toEqual([edgeId('kube-scheduler', 'kube-apiserver')]);
    expect(g.edges.find((e) => e.data?.focus)?.style).toEqual(EDGE_STYLE.focus);
    expect(data(g, 'pod:default/hello-1')).toMatchObject({ focus: true });
    expect((data(g, 'pod:default/other') as PodNodeData).focus).toBeUndefined();
    expect(data(g, 'system:node-2')).toMatchObject({ focus: true });
    expect(data(g, 'node:node-2')).toMatchObject({ focus: true });
    expect(toFlowGraph(BASIC, objects, []).focused).toBe(false);
  });

  it('draws a focused edge the picture does not have (kubectl to a second kube-apiserver)', () => {
    const g = toFlowGraph(HA, new Map(), [], new Set(), { focus: [{ edge: ['kubectl', 'kube-apiserver-2'] }] });
    expect(g.edges.filter((e) => e.data?.focus).map((e) => e.id)).toEqual([edgeId('kube-apiserver-2', 'kubectl')]);
  });

  it('routes a message between any two drawn boxes, the same way every time', () => {
    const g = toFlowGraph(BASIC, new Map(), []);
    const r = routeBetween(g, 'kubelet/node-2', 'etcd')!;
    expect(onBorder(r[0]!, box(g, 'kubelet/node-2'))).toBe(true);
    expect(onBorder(r[r.length - 1]!, box(g, 'etcd'))).toBe(true);
    expect(routeBetween(toFlowGraph(BASIC, new Map(), []), 'kubelet/node-2', 'etcd')).toEqual(r);
    expect(routeBetween(g, 'etcd', 'kubelet/node-2')).toEqual([...r].reverse());
    expect(routeBetween(g, 'nobody', 'etcd')).toBeUndefined();
  });

  it('draws a real cluster after a node is powered off: NotReady with the unreachable taints, its Pods 1/1 Running with Ready False', () => {
    // The NoExecute taint comes one node-monitor-period after Unknown is first observed (upstream
    // taints on the observed condition): 70 s covers the grace period and both passes.
    const run = realRun(['kubectl apply -f go-api.yaml', 'sim advance 30s', 'sim fail node/node-2', 'sim advance 70s']);
    const g = toFlowGraph(run.components, run.objects, run.trace);
    const m = data(g, 'node:node-2') as MachineNodeData;
    expect(m).toMatchObject({ condition: 'NotReady', status: 'NotReady', poweredOff: true });
    // In the Node's order, as `kubectl describe node` lists them.
    expect(m.taints.map((l) => l.join(''))).toEqual(['Taints: node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    const pods = g.nodes.filter((n) => n.type === 'pod' && n.parentId === 'node:node-2').map((n) => n.data as PodNodeData);
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) expect(p).toMatchObject({ status: 'Running', ready: '1/1', readyFalse: true });
    expectRoutedAroundBoxes(g);
  });
});
