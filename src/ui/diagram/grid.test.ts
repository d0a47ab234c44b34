/**
 * The picture of a big cluster through the real engine: the control plane as at classroom size,
 * the workers as one node grid joined to kube-apiserver by one edge, and the zoom into a node.
 */
import { describe, expect, it } from 'vitest';
import type { FlowGraph, MachineNodeData, NodeGridData } from './data';
import { flightFor } from './geometry';
import { toFlowGraph, toMachineGraph } from './model';
import { GRID_ID, PENDING_DRAWN } from './scene';
import { realRun } from './run.testing';
import { BASIC, comps, node, pod, rec } from './testkit';

const gridOf = (g: FlowGraph): NodeGridData => g.nodes.find((n) => n.id === GRID_ID)!.data as NodeGridData;

/** BASIC with `n` workers. */
function workers(n: number) {
  const list: [string, 'kubelet' | 'container-runtime' | 'cni' | 'kube-proxy', string][] = [];
  for (let i = 1; i <= n; i++) for (const kind of ['kubelet', 'container-runtime', 'cni', 'kube-proxy'] as const) list.push([`${kind}/node-${i}`, kind, `node-${i}`]);
  const base = [...BASIC.values()].filter((c) => !c.host.startsWith('node-')).map((c): [string, typeof c.kind, string] => [c.id, c.kind, c.host]);
  return comps([...base, ...list]);
}

describe('the node grid', () => {
  it('draws up to GRID_ABOVE workers one by one, more as one grid node', () => {
    const small = toFlowGraph(workers(12), new Map(), []);
    expect(small.nodes.some((n) => n.id === GRID_ID)).toBe(false);
    expect(small.nodes.filter((n) => n.type === 'machine')).toHaveLength(13);
    const big = toFlowGraph(workers(13), new Map([node('node-1', 'True'), node('node-2', 'Unknown')]), []);
    expect(big.nodes.filter((n) => n.type === 'machine').map((n) => (n.data as MachineNodeData).host)).toEqual(['control-plane']);
    expect(big.nodes.some((n) => n.id.startsWith('kubelet/node-'))).toBe(false);
    const grid = gridOf(big);
    expect(grid.aggregate.counts).toMatchObject({ nodes: 13, ready: 1, notReady: 12 });
    // One edge for all the workers' kubelets and kube-proxies.
    expect(big.edges.filter((e) => e.source === GRID_ID || e.target === GRID_ID).map((e) => [e.source, e.target].sort())).toEqual([['kube-apiserver', GRID_ID].sort()]);
  });

  it("lights the grid and its edge for a worker's message, and flies its token from the grid", () => {
    const comps = workers(20);
    const trace = [rec(1, 'kubelet/node-7', 'kube-apiserver')];
    const g = toFlowGraph(comps, new Map(), trace);
    expect(gridOf(g).active).toBe(true);
    expect(g.activeEdge).toBe(g.edges.find((e) => e.source === GRID_ID || e.target === GRID_ID)!.id);
    expect(flightFor(trace[0]!, g, comps, new Set())).toMatchObject({ kind: 'travel' });
    // kubelet → its runtime: both inside the grid, a pulse on it.
    expect(flightFor(rec(2, 'kubelet/node-7', 'container-runtime/node-7', 'cri'), g, comps, new Set())).toMatchObject({ kind: 'pulse', box: g.boxes.get(GRID_ID) });
  });

  it('draws a few of many Pods waiting for a node and counts the rest', () => {
    const objects = new Map(Array.from({ length: 30 }, (_, i) => pod(`web-${String(i).padStart(2, '0')}`, '')));
    const g = toFlowGraph(workers(20), objects, []);
    expect(g.nodes.filter((n) => n.type === 'pod')).toHaveLength(PENDING_DRAWN);
    expect(g.nodes.find((n) => n.id === 'caption:unscheduled/more')?.data).toMatchObject({ more: 30 - PENDING_DRAWN });
    // At classroom size every waiting Pod is drawn, as before.
    expect(toFlowGraph(BASIC, objects, []).nodes.filter((n) => n.type === 'pod')).toHaveLength(30);
  });

  it('zooms into one node of a real 20-node cluster: its agents, its Pods, its STATUS', () => {
    const run = realRun(['sim topology basic --nodes 20', 'kubectl create deployment web --image=nginx --replicas=40', 'sim advance 20s']);
    const g = toFlowGraph(run.components, run.objects, run.trace);
    const grid = gridOf(g);
    expect(grid.aggregate.counts).toEqual({ nodes: 20, ready: 20, notReady: 0, pressure: 0, pods: grid.aggregate.counts.pods });
    expect(grid.aggregate.counts.pods).toBeGreaterThanOrEqual(40);
    const busiest = grid.aggregate.zones[0]!.cells.find((c) => c.pods === grid.aggregate.maxPods)!;
    const zoom = toMachineGraph(busiest.name, run.components, run.objects, run.trace)!;
    expect(zoom.nodes[0]).toMatchObject({ id: `node:${busiest.name}`, type: 'machine', data: { host: busiest.name, status: 'Ready' } });
    const ids = zoom.nodes.map((n) => n.id);
    for (const part of ['kubelet', 'container-runtime', 'cni', 'kube-proxy']) expect(ids.some((id) => id.startsWith(part) && id.endsWith(busiest.name))).toBe(true);
    const webPods = [...run.objects.values()].filter((o) => o.kind === 'Pod' && (o as { spec: { nodeName?: string } }).spec.nodeName === busiest.name && o.metadata.namespace === 'default');
    expect(zoom.nodes.filter((n) => n.type === 'pod')).toHaveLength(webPods.length);
    // The node-local edges are drawn; nothing leaves the machine.
    expect(zoom.edges.length).toBeGreaterThan(0);
    for (const e of zoom.edges) expect(zoom.boxes.has(e.source) && zoom.boxes.has(e.target)).toBe(true);
    expect(toMachineGraph('no-such-node', run.components, run.objects, run.trace)).toBeUndefined();
  });

  it('shows a node NotReady once the node controller says so after its kubelet stops', () => {
    const run = realRun(['sim topology basic --nodes 20', 'sim fail kubelet/node-3', 'sim advance 20s']);
    let cell = gridOf(toFlowGraph(run.components, run.objects, run.trace)).aggregate.zones[0]!.cells.find((c) => c.name === 'node-3')!;
    // Within node-monitor-grace-period (40 s) the node is still Ready.
    expect(cell.state).toBe('ready');
    const later = realRun(['sim topology basic --nodes 20', 'sim fail kubelet/node-3', 'sim advance 60s']);
    const agg = gridOf(toFlowGraph(later.components, later.objects, later.trace)).aggregate;
    cell = agg.zones[0]!.cells.find((c) => c.name === 'node-3')!;
    expect(cell).toMatchObject({ state: 'notready', status: 'NotReady' });
    expect(agg.counts).toMatchObject({ ready: 19, notReady: 1 });
  });
});
