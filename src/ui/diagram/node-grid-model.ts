/**
 * The worker machines as one aggregate, for clusters too big to draw machine by machine: one cell
 * per node with its state (Ready, NotReady, or Ready under a pressure condition) and how many
 * non-terminated Pods run there, grouped by the `topology.kubernetes.io/zone` label when nodes
 * carry it, with the counts a legend shows. Everything comes from the Node and Pod objects at the
 * moment shown, so a node turns NotReady exactly when the engine's node controller says so. Pure:
 * unit-tested as data.
 */
import type { KObject, Node, Pod } from '../../k8s/types';
import { ZONE_LABEL } from '../../k8s/cloud';
import { nodeStatus } from '../../k8s/printers/node';

/** Above this many workers the diagram draws the grid: at 1280×720 more machine boxes fall below the readable zoom. */
export const GRID_ABOVE = 12;

export type CellState = 'ready' | 'notready' | 'pressure';

export interface NodeCell {
  name: string;
  state: CellState;
  /** kubectl's STATUS column (`Ready`, `NotReady,SchedulingDisabled`, `Unknown`). */
  status: string;
  /** The pressure conditions that are True (`MemoryPressure`, …). */
  pressure: string[];
  /** Pods bound here that are neither Succeeded nor Failed (describe node's "Non-terminated Pods"). */
  pods: number;
  zone: string;
}

export interface Counts {
  nodes: number;
  ready: number;
  notReady: number;
  pressure: number;
  pods: number;
}

export interface ZoneGroup extends Counts {
  /** The zone label's value; '' for nodes without one. */
  zone: string;
  cells: NodeCell[];
}

export interface NodeAggregate {
  zones: ZoneGroup[];
  /** Whether any node carries a zone label (the grid then titles each group). */
  zoned: boolean;
  counts: Counts;
  /** The most Pods on one node: the top of the shade scale. */
  maxPods: number;
}

const PRESSURES = ['MemoryPressure', 'DiskPressure', 'PIDPressure'] as const;
const CONTROL_PLANE_ROLE = 'node-role.kubernetes.io/control-plane';

export function cellState(node: Node | undefined): { state: CellState; status: string; pressure: string[] } {
  if (!node) return { state: 'notready', status: 'Unknown', pressure: [] };
  const conditions = node.status?.conditions ?? [];
  const status = nodeStatus(node);
  const ready = conditions.find((c) => c.type === 'Ready')?.status === 'True';
  const pressure = PRESSURES.filter((p) => conditions.some((c) => c.type === p && c.status === 'True'));
  return { state: !ready ? 'notready' : pressure.length ? 'pressure' : 'ready', status, pressure };
}

const collator = new Intl.Collator('en', { numeric: true });

function emptyCounts(): Counts {
  return { nodes: 0, ready: 0, notReady: 0, pressure: 0, pods: 0 };
}

function add(c: Counts, cell: NodeCell): void {
  c.nodes++;
  c.pods += cell.pods;
  if (cell.state === 'ready') c.ready++;
  else if (cell.state === 'notready') c.notReady++;
  else c.pressure++;
}

/**
 * The workers at this moment: every Node that is not a control-plane machine, and every worker
 * whose kubelet runs without a Node object yet (`Unknown`). `controlPlanes` are the machines the
 * diagram draws in the control plane; `workers` the hosts with a worker kubelet.
 */
export function aggregateNodes(objects: ReadonlyMap<string, KObject>, controlPlanes: ReadonlySet<string>, workers: readonly string[] = []): NodeAggregate {
  const nodes = new Map<string, Node>();
  const pods = new Map<string, number>();
  for (const [key, o] of objects) collectGridInput(key, o, controlPlanes, nodes, pods);
  return aggregateFrom(nodes, pods, controlPlanes, workers);
}

/**
 * One object's part in the aggregate: a worker's Node object into `nodes`, a non-terminated
 * bound Pod into its node's count in `pods`. Callers that already walk the objects use it to
 * build aggregateFrom's inputs in the same pass.
 */
export function collectGridInput(key: string, o: KObject, controlPlanes: ReadonlySet<string>, nodes: Map<string, Node>, pods: Map<string, number>): void {
  if (key.startsWith('pods/')) {
    const p = o as Pod;
    const on = p.spec?.nodeName;
    const phase = p.status?.phase;
    if (on && phase !== 'Succeeded' && phase !== 'Failed') pods.set(on, (pods.get(on) ?? 0) + 1);
  } else if (key.startsWith('nodes/')) {
    const n = o as Node;
    const name = n.metadata.name ?? key.slice(6);
    if (!controlPlanes.has(name) && n.metadata.labels?.[CONTROL_PLANE_ROLE] === undefined) nodes.set(name, n);
  }
}

/** Node objects are never mutated (each version is a new object): their cell state is computed once. */
const cellStates = new WeakMap<Node, ReturnType<typeof cellState>>();
/** The last sorted worker list, reused while the set of names is the same (sorting 5,000 names per moment shows up in profiles). */
let sortedNames: string[] = [];

function sortedOnce(names: ReadonlySet<string>): string[] {
  if (sortedNames.length !== names.size || !sortedNames.every((n) => names.has(n))) sortedNames = [...names].sort(collator.compare);
  return sortedNames;
}

/** The aggregate from the workers' Node objects (by name) and their non-terminated Pod counts. */
export function aggregateFrom(nodes: ReadonlyMap<string, Node>, pods: ReadonlyMap<string, number>, controlPlanes: ReadonlySet<string>, workers: readonly string[] = []): NodeAggregate {
  const names = new Set(nodes.keys());
  for (const w of workers) if (!controlPlanes.has(w)) names.add(w);
  const byZone = new Map<string, ZoneGroup>();
  const counts = emptyCounts();
  let maxPods = 0;
  let zoned = false;
  for (const name of sortedOnce(names)) {
    const node = nodes.get(name);
    const zone = node?.metadata.labels?.[ZONE_LABEL] ?? '';
    if (zone) zoned = true;
    let state = node ? cellStates.get(node) : undefined;
    if (!state) {
      state = cellState(node);
      if (node) cellStates.set(node, state);
    }
    const cell: NodeCell = { name, ...state, pods: pods.get(name) ?? 0, zone };
    let group = byZone.get(zone);
    if (!group) byZone.set(zone, (group = { zone, cells: [], ...emptyCounts() }));
    group.cells.push(cell);
    add(group, cell);
    add(counts, cell);
    maxPods = Math.max(maxPods, cell.pods);
  }
  // Zones by name; nodes without a zone last.
  const zones = [...byZone.values()].sort((a, b) => (a.zone === '' ? 1 : b.zone === '' ? -1 : collator.compare(a.zone, b.zone)));
  return { zones, zoned, counts, maxPods };
}

function sameCell(a: NodeCell, b: NodeCell): boolean {
  return a.name === b.name && a.state === b.state && a.status === b.status && a.pods === b.pods && a.zone === b.zone && a.pressure.join() === b.pressure.join();
}

/** Whether two aggregates draw the same picture (so the previous one, and its rendered cells, can stay). */
export function sameAggregate(a: NodeAggregate, b: NodeAggregate): boolean {
  if (a.zones.length !== b.zones.length || a.maxPods !== b.maxPods) return false;
  return a.zones.every((z, i) => {
    const y = b.zones[i]!;
    return z.zone === y.zone && z.cells.length === y.cells.length && z.cells.every((c, k) => sameCell(c, y.cells[k]!));
  });
}

/** How dark a cell is drawn: 0 (no Pods) to 3 (near the busiest node). */
export function shade(pods: number, maxPods: number): 0 | 1 | 2 | 3 {
  if (pods <= 0 || maxPods <= 0) return 0;
  const f = pods / maxPods;
  return f > 2 / 3 ? 3 : f > 1 / 3 ? 2 : 1;
}
