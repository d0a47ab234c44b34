/**
 * The architecture diagram as a pure projection of the store, after the syllabus's picture: the
 * user and kubectl; the control plane with kube-apiserver as its hub; one box per machine with its
 * STATUS and taints, its agents as chips and its Pods (scene.ts). Every box is sized from its
 * words (boxes.ts), arranged for the frame (arrange.ts) and every edge routed around the boxes
 * (route.ts), so geometry.ts knows where a message travels without asking the DOM. The latest
 * message's edge is lit, and what a lesson step points at is marked.
 * No React here, so it is unit-tested as data.
 */
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';
import { USER_ID, hopEndpoints, lastHop } from './actors';
import { arrange, arrangeMachine, type Frame } from './arrange';
import { READABLE_ZOOM } from './boxes';
import type { ComponentNodeData, DiagramEdge, DiagramNode, FlowGraph, MachineNodeData, NodeGridData } from './data';
import { focusedObjects, namesComponent, nodeFocused } from './focus';
import type { PodNodeData } from './pods';
import { routeEdge, Trunks, type Point, type Rect } from './route';
import type { NodeAggregate } from './node-grid-model';
import { aggregates, buildScene, edgeId, GRID_ID, gridAlias, machineHosts, type Scene, type SceneOptions } from './scene';

export type { ComponentNodeData, DiagramEdge, DiagramNode, FlowGraph, MachineNodeData, PodNodeData };
export { edgeId };

/**
 * Edge strokes travel inline on the path, not through CSS classes: html-to-image (1.11.12+) deep-
 * clones an `<svg>` without copying computed styles, so class-styled edges vanish from exports.
 */
export const EDGE_STYLE = {
  normal: { stroke: '#7b869c', strokeWidth: 1.5 },
  /** Watch-only traffic (kube-proxy follows Services and EndpointSlices). */
  watch: { stroke: '#7b869c', strokeWidth: 1.5, strokeDasharray: '3 3' },
  /** cloud-controller-manager is not running in this cluster. */
  absent: { stroke: '#a0a0a0', strokeWidth: 1.5, strokeDasharray: '6 4' },
  /** The latest message's edge. */
  lit: { stroke: '#c98f00', strokeWidth: 4 },
  /** A lesson step points at it. */
  focus: { stroke: '#1a4fb8', strokeWidth: 3.5 },
} as const;

export interface DiagramOptions extends SceneOptions {
  /** The canvas the picture is fitted into, in CSS px (its margins and the controls already taken off). */
  frame?: Frame;
}

/** The frame before the canvas is measured: the stage's diagram at 1280×720. */
export const DEFAULT_FRAME: Frame = { width: 800, height: 360 };

/**
 * Routes of the last picture drawn, by edge: a new frame of the same geometry reuses them. The
 * node grid's zoom (signatures starting `zoom|`) keeps its own, so the two never evict each other.
 */
const routeCaches: Record<'main' | 'zoom', { sig: string; routes: Map<string, Point[] | null> }> = { main: { sig: '', routes: new Map() }, zoom: { sig: '', routes: new Map() } };

/** The boxes an edge between `from` and `to` must go around: every other box with text, and every machine neither end is in. */
function obstaclesFor(g: Pick<Routing, 'leaves' | 'machines' | 'headers' | 'parents'>, from: string, to: string): Rect[] {
  const ends = new Set([from, to, g.parents.get(from), g.parents.get(to)]);
  const out: Rect[] = [...g.headers];
  for (const [id, r] of g.leaves) if (id !== from && id !== to) out.push(r);
  for (const [id, r] of g.machines) if (!ends.has(id)) out.push(r);
  return out;
}

/** The outlines of the machines an edge leaves or enters: it crosses them, never runs along them. */
function bordersOf(r: Pick<Routing, 'machines' | 'parents'>, from: string, to: string): Rect[] {
  const out: Rect[] = [];
  for (const id of new Set([r.parents.get(from), r.parents.get(to)])) {
    const m = id ? r.machines.get(id) : undefined;
    if (!m) continue;
    out.push({ x: m.x, y: m.y, w: m.w, h: 0 }, { x: m.x, y: m.y + m.h, w: m.w, h: 0 }, { x: m.x, y: m.y, w: 0, h: m.h }, { x: m.x + m.w, y: m.y, w: 0, h: m.h });
  }
  return out;
}

interface Routing {
  sig: string;
  /** The drawn edges' routes so far: later edges join them. */
  trunks: Trunks;
  leaves: ReadonlyMap<string, Rect>;
  machines: ReadonlyMap<string, Rect>;
  headers: readonly Rect[];
  parents: ReadonlyMap<string, string>;
  boxes: ReadonlyMap<string, Rect>;
  texts: Rect[];
}

const ROUTING = new WeakMap<FlowGraph, Routing>();

/**
 * The route between two boxes. The picture's own edges are routed in a fixed order and each joins
 * the trunks of those before it (`bundle`); extra ones (the latest message, a lesson's focus, a
 * token's path) follow the finished trunks without adding to them, so every route depends only on
 * the picture, never on what was asked before.
 */
function routeWith(r: Routing, from: string, to: string, bundle = false): Point[] | undefined {
  const slot = r.sig.startsWith('zoom|') ? 'zoom' : 'main';
  if (routeCaches[slot].sig !== r.sig) routeCaches[slot] = { sig: r.sig, routes: new Map() };
  const routeCache = routeCaches[slot];
  const key = `${from}>${to}`;
  let route: Point[] | undefined;
  const hit = routeCache.routes.get(key);
  const back = routeCache.routes.get(`${to}>${from}`);
  if (hit !== undefined) route = hit ?? undefined;
  else if (back) route = [...back].reverse();
  else {
    const a = r.boxes.get(from);
    const b = r.boxes.get(to);
    route = a && b ? routeEdge(a, b, obstaclesFor(r, from, to), r.trunks, bordersOf(r, from, to)) : undefined;
    routeCache.routes.set(key, route ?? null);
  }
  if (route && bundle) r.trunks.add(route);
  return route;
}

/** The route a message takes from box `from` to box `to` (drawn edge or not), around every other box. */
export function routeBetween(g: FlowGraph, from: string, to: string): Point[] | undefined {
  const r = ROUTING.get(g);
  return r ? routeWith(r, from, to) : undefined;
}

/** React Flow's nodes from the placed boxes (children positioned relative to their machine), and the boxes routing needs. */
function flowNodes(placed: ReturnType<typeof arrange>['placed'], headers: ReturnType<typeof arrange>['headers'], data: Scene['data']): { nodes: DiagramNode[]; routing: Omit<Routing, 'sig' | 'trunks'> } {
  const boxes = new Map<string, Rect>();
  const parents = new Map<string, string>();
  const leaves = new Map<string, Rect>();
  const machines = new Map<string, Rect>();
  const headerRects: Rect[] = [];
  const nodes: DiagramNode[] = [];
  for (const p of placed) {
    const rect = { x: p.x, y: p.y, w: p.w, h: p.h };
    boxes.set(p.id, rect);
    const entry = data.get(p.id);
    const header = headers.get(p.id);
    if (header) {
      machines.set(p.id, rect);
      for (const t of header.texts) headerRects.push({ x: p.x + t.x, y: p.y + t.y, w: t.w, h: t.h });
      const m = { ...(entry?.data as MachineNodeData), headerH: header.headerH, taints: header.taints, faultsInline: header.faultsInline };
      nodes.push({ id: p.id, type: 'machine', position: { x: p.x, y: p.y }, width: p.w, height: p.h, data: m });
      continue;
    }
    if (!entry) continue;
    leaves.set(p.id, rect);
    const parent = p.parent ? boxes.get(p.parent) : undefined;
    const n = { id: p.id, type: entry.type, position: parent ? { x: p.x - parent.x, y: p.y - parent.y } : { x: p.x, y: p.y }, width: p.w, height: p.h, data: entry.data } as DiagramNode;
    if (p.parent && parent) {
      n.parentId = p.parent;
      parents.set(p.id, p.parent);
    }
    nodes.push(n);
  }
  return { nodes, routing: { leaves, machines, headers: headerRects, parents, boxes, texts: [...leaves.values(), ...headerRects] } };
}

/**
 * The edges a lesson step points at (`[from, to]`, names as lessons write them), adding one
 * between the first boxes each names when the picture has none.
 */
function focusLinks(focus: DiagramOptions['focus'], data: Scene['data'], boxes: ReadonlyMap<string, Rect>, links: Scene['links']): Set<string> {
  const named = (pattern: string): string[] =>
    [...data.entries()]
      .filter(([id, e]) => boxes.has(id) && (e.type === 'component' || e.type === 'agent') && namesComponent(pattern, (e.data as ComponentNodeData).componentId, (e.data as ComponentNodeData).kind))
      .map(([id]) => id);
  const focused = new Set<string>();
  for (const [p, q] of (focus ?? []).flatMap((f) => ('edge' in f ? [f.edge] : []))) {
    const ps = named(p);
    const qs = named(q);
    const hits = links.filter((l) => (ps.includes(l.source) && qs.includes(l.target)) || (ps.includes(l.target) && qs.includes(l.source)));
    if (hits.length) for (const h of hits) focused.add(edgeId(h.source, h.target));
    else if (ps[0] && qs[0] && ps[0] !== qs[0]) {
      links.push({ source: ps[0], target: qs[0], kind: 'normal' });
      focused.add(edgeId(ps[0], qs[0]));
    }
  }
  return focused;
}

/**
 * What the latest message lights in the picture: the boxes it travels between (a big cluster's
 * workers drawn in the node grid) and whether kubectl sent it. The picture depends on the trace
 * only through this, so a view can keep its picture while this stays the same (litHopKey).
 */
export function litHop(trace: readonly TraceRecord[], components: ReadonlyMap<string, ComponentSummary>, leaders: ReadonlySet<string>): { ends?: { from: string; to: string }; fromKubectl: boolean; drawnIn?: (id: string) => string } {
  const hop = lastHop(trace);
  const hosts = machineHosts(components);
  // A big cluster's workers are one box: their messages start and end at the node grid.
  const drawnIn = aggregates(hosts.workers.length) ? gridAlias(components, new Set(hosts.workers)) : undefined;
  const hopEnds = hop ? hopEndpoints(hop, components, leaders) : undefined;
  const ends = hopEnds && drawnIn ? { from: drawnIn(hopEnds.from), to: drawnIn(hopEnds.to) } : hopEnds;
  return { ...(ends ? { ends } : {}), fromKubectl: hop?.from === 'kubectl', ...(drawnIn ? { drawnIn } : {}) };
}

/** A key equal for two traces exactly when toFlowGraph draws the same from both (litHop). */
export function litHopKey(trace: readonly TraceRecord[], components: ReadonlyMap<string, ComponentSummary>, leaders: ReadonlySet<string>): string {
  const { ends, fromKubectl } = litHop(trace, components, leaders);
  return ends ? `${ends.from}>${ends.to}>${fromKubectl}` : '';
}

export function toFlowGraph(
  components: ReadonlyMap<string, ComponentSummary>,
  objects: ReadonlyMap<string, KObject>,
  trace: readonly TraceRecord[],
  leaders: ReadonlySet<string> = new Set(),
  opts: DiagramOptions = {},
): FlowGraph {
  const { ends, fromKubectl, drawnIn } = litHop(trace, components, leaders);
  const isActive = (id: string): boolean => ends !== undefined && (ends.from === id || ends.to === id || (id === USER_ID && fromKubectl));
  const { data, scene, links, grid } = buildScene(components, objects, leaders, isActive, opts);
  const { placed, headers, grid: geometry } = arrange(scene, opts.frame ?? DEFAULT_FRAME, READABLE_ZOOM);
  let gridFocus = false;
  if (grid && geometry) {
    const d: NodeGridData = { aggregate: grid, geometry, active: isActive(GRID_ID) };
    const refs = focusedObjects(opts.focus ?? []).filter((o) => o.kind === 'Node');
    if (refs.length) {
      d.focus = grid.zones.flatMap((z) => z.cells.filter((c) => nodeFocused(refs, c.name)).map((c) => c.name));
      gridFocus = d.focus.length > 0;
    }
    data.set(GRID_ID, { type: 'grid', data: d });
  }
  const { nodes, routing: boxesOf } = flowNodes(placed, headers, data);
  const { boxes } = boxesOf;

  // The picture's own edges come first; the latest message's edge is always drawn (a pair the
  // picture does not join, like a kubelet and the second kube-apiserver, gets its own), and so is
  // every edge a lesson step points at: those are extra (routeWith).
  const regular = links.length;
  const active = ends && ends.from !== ends.to && boxes.has(ends.from) && boxes.has(ends.to) ? edgeId(ends.from, ends.to) : undefined;
  if (active && !links.some((l) => edgeId(l.source, l.target) === active)) links.push({ source: ends!.from, target: ends!.to, kind: 'normal' });
  const focused = focusLinks(opts.focus, data, boxes, links);

  const sig = placed.map((p) => `${p.id}:${p.x},${p.y},${p.w},${p.h}`).join(';');
  const routing: Routing = { sig, trunks: new Trunks(), ...boxesOf };
  const edges: DiagramEdge[] = [];
  for (const [k, l] of links.entries()) {
    const points = routeWith(routing, l.source, l.target, k < regular);
    if (!points) continue;
    const id = edgeId(l.source, l.target);
    const lit = id === active;
    const focus = focused.has(id);
    const style = lit ? EDGE_STYLE.lit : focus ? EDGE_STYLE.focus : EDGE_STYLE[l.kind];
    const e: DiagramEdge = { id, source: l.source, target: l.target, type: 'routed', className: `diagram-edge-${lit ? 'lit' : l.kind}${focus ? ' is-focus' : ''}`, style, data: { points, kind: l.kind } };
    if (lit) {
      e.animated = true;
      e.data!.lit = true;
    }
    if (focus) e.data!.focus = true;
    edges.push(e);
  }
  // Later edges paint over earlier ones: the focused, then the lit one, on top.
  const rank = (e: DiagramEdge): number => (e.data?.lit ? 2 : e.data?.focus ? 1 : 0);
  edges.sort((a, b) => rank(a) - rank(b));
  const xs = placed.flatMap((p) => [p.x, p.x + p.w]);
  const ys = placed.flatMap((p) => [p.y, p.y + p.h]);
  const bounds = xs.length ? { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) } : { x: 0, y: 0, w: 0, h: 0 };
  const anyFocus = nodes.some((n) => (n.data as { focus?: boolean }).focus === true) || focused.size > 0 || gridFocus;
  const graph: FlowGraph = { nodes, edges, texts: routing.texts, boxes, bounds, focused: anyFocus };
  if (drawnIn) graph.drawnIn = drawnIn;
  if (active && edges.some((e) => e.id === active)) graph.activeEdge = active;
  ROUTING.set(graph, routing);
  return graph;
}

/**
 * `graph` with its node grid drawing `aggregate`, everything else (and the routes) as it is: for a
 * graph laid out from an aggregate of the same shape (picture-inputs.ts gridShape).
 */
export function withGridAggregate(graph: FlowGraph, aggregate: NodeAggregate): FlowGraph {
  const i = graph.nodes.findIndex((n) => n.id === GRID_ID);
  const grid = graph.nodes[i];
  if (!grid || (grid.data as NodeGridData).aggregate === aggregate) return graph;
  const nodes = graph.nodes.slice();
  nodes[i] = { ...grid, data: { ...(grid.data as NodeGridData), aggregate } } as DiagramNode;
  const out: FlowGraph = { ...graph, nodes };
  const routing = ROUTING.get(graph);
  if (routing) ROUTING.set(out, routing);
  return out;
}

/**
 * One worker's machine as the classroom picture draws it — its agents, their node-local edges and
 * its Pods — for the node grid's zoom. `width`: the most it may take.
 */
export function toMachineGraph(host: string, components: ReadonlyMap<string, ComponentSummary>, objects: ReadonlyMap<string, KObject>, trace: readonly TraceRecord[], leaders: ReadonlySet<string> = new Set(), width = 380): FlowGraph | undefined {
  const hop = lastHop(trace);
  const ends = hop ? hopEndpoints(hop, components, leaders) : undefined;
  const isActive = (id: string): boolean => ends !== undefined && (ends.from === id || ends.to === id);
  const { data, scene, links } = buildScene(components, objects, leaders, isActive, { onlyWorker: host });
  const m = scene.workers[0];
  if (!m) return undefined;
  const { placed, headers } = arrangeMachine(m, width);
  const { nodes, routing: boxesOf } = flowNodes(placed, headers, data);
  const sig = `zoom|${placed.map((p) => `${p.id}:${p.x},${p.y},${p.w},${p.h}`).join(';')}`;
  const routing: Routing = { sig, trunks: new Trunks(), ...boxesOf };
  const edges: DiagramEdge[] = [];
  for (const l of links) {
    if (!boxesOf.boxes.has(l.source) || !boxesOf.boxes.has(l.target)) continue;
    const points = routeWith(routing, l.source, l.target, true);
    if (points) edges.push({ id: edgeId(l.source, l.target), source: l.source, target: l.target, type: 'routed', className: `diagram-edge-${l.kind}`, style: EDGE_STYLE[l.kind], data: { points, kind: l.kind } });
  }
  const root = placed[0]!;
  const graph: FlowGraph = { nodes, edges, texts: routing.texts, boxes: boxesOf.boxes, bounds: { x: root.x, y: root.y, w: root.w, h: root.h }, focused: false };
  ROUTING.set(graph, routing);
  return graph;
}
