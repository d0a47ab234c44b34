/**
 * What the architecture picture actually reads from the moment shown, kept stable between moments
 * so an unchanged picture is not rebuilt. Playing a big cluster shows a new moment several times a
 * second, and each brings new `objects` and `components` Maps even when nothing drawn changed
 * (a kubelet's Lease renewed, a worker Pod's status, a queue depth). These helpers return the
 * previous value when what the picture draws from it is the same, so the view's memos (toFlowGraph,
 * the node grid's aggregate) hold:
 * - drawnComponents: the component fields the scene draws (not queue depths or cache sizes);
 * - pictureObjects: with the node grid, only the objects drawn one by one (control-plane machines'
 *   Nodes and Pods, Pods waiting for a node, the leader Leases), plus the grid's aggregate from one
 *   pass over the rest; without it (the classroom sizes) the objects Map itself, as before.
 * Pure apart from the caller-held `prev`; unit-tested as data.
 */
import type { KObject, Node, Pod } from '../../k8s/types';
import type { ComponentSummary } from '../../protocol/messages';
import { aggregateFrom, collectGridInput, sameAggregate, type NodeAggregate } from './node-grid-model';

/** The fields of a component the scene draws (scene.ts buildScene, leaders.ts, actors.ts). */
function drawnKey(c: ComponentSummary): string {
  const d = c.details;
  return `${c.id}\u0000${c.kind}\u0000${c.host}\u0000${c.running}\u0000${d?.leader}\u0000${d?.raftLeader}\u0000${d?.raftTerm}\u0000${d?.faults?.join(',') ?? ''}\u0000${d?.runtime?.impl ?? ''}`;
}

export interface DrawnComponents {
  key: string;
  components: ReadonlyMap<string, ComponentSummary>;
}

/** `components`, or `prev`'s Map when every drawn field of every component is the same. */
export function drawnComponents(components: ReadonlyMap<string, ComponentSummary>, prev: DrawnComponents | undefined): DrawnComponents {
  if (prev && prev.components === components) return prev;
  let key = '';
  for (const c of components.values()) key += `${drawnKey(c)}\u0001`;
  return prev && prev.key === key ? prev : { key, components };
}

/** The Leases leaderIds reads when no instance reports its own leadership. */
const LEADER_LEASES = new Set(['leases/kube-system/kube-scheduler', 'leases/kube-system/kube-controller-manager', 'leases/kube-system/cloud-controller-manager']);

export interface PictureObjects {
  /** The objects the picture reads (a subset of the moment's when the workers are aggregated). */
  objects: ReadonlyMap<string, KObject>;
  /** The node grid's aggregate; undefined when every worker is drawn as its own machine. */
  nodes?: NodeAggregate;
  /** The moment's objects these were taken from. */
  from: ReadonlyMap<string, KObject>;
}

function sameEntries(a: ReadonlyMap<string, KObject>, b: ReadonlyMap<string, KObject>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/**
 * The objects the picture reads and, with `grid`, the workers' aggregate, each the previous one
 * when it draws the same. `controlPlanes`: the machines drawn in the control plane.
 */
export function pictureObjects(objects: ReadonlyMap<string, KObject>, controlPlanes: readonly string[], workers: readonly string[], grid: boolean, prev: PictureObjects | undefined): PictureObjects {
  if (prev && prev.from === objects) return prev;
  if (!grid) return { objects, from: objects };
  const cp = new Set(controlPlanes);
  const drawn = new Map<string, KObject>();
  const nodes = new Map<string, Node>();
  const pods = new Map<string, number>();
  for (const [key, o] of objects) {
    if (key.startsWith('pods/')) {
      const on = (o as Pod).spec?.nodeName;
      if (!on || cp.has(on)) drawn.set(key, o);
    } else if (key.startsWith('nodes/')) {
      if (cp.has((o as Node).metadata.name ?? key.slice(6))) drawn.set(key, o);
    } else if (LEADER_LEASES.has(key)) drawn.set(key, o);
    collectGridInput(key, o, cp, nodes, pods);
  }
  const next = aggregateFrom(nodes, pods, cp, workers);
  const aggregate = prev?.nodes && sameAggregate(prev.nodes, next) ? prev.nodes : next;
  return { objects: prev && sameEntries(prev.objects, drawn) ? prev.objects : drawn, nodes: aggregate, from: objects };
}

/** A count as wide in the legend: every digit is as wide (text.ts), so 1,234 takes the room of 1,000. */
function digits(n: number): number {
  return n <= 0 ? n : 10 ** (String(n).length - 1);
}

function sameShape(a: NodeAggregate, b: NodeAggregate): boolean {
  const ca = a.counts;
  const cb = b.counts;
  if (a.zoned !== b.zoned || a.zones.length !== b.zones.length) return false;
  if (digits(ca.ready) !== digits(cb.ready) || digits(ca.notReady) !== digits(cb.notReady) || digits(ca.pressure) !== digits(cb.pressure) || digits(ca.pods) !== digits(cb.pods)) return false;
  return a.zones.every((z, i) => {
    const y = b.zones[i]!;
    return z.zone === y.zone && z.cells.length === y.cells.length && z.cells.every((c, k) => c.name === y.cells[k]!.name);
  });
}

/**
 * The aggregate the picture is laid out from: the previous one while the grid keeps its shape
 * (the same cells in the same zones, legend counts of the same widths), so a Pod landing on a
 * node re-renders the grid's cells (model.ts withGridAggregate) without laying out and routing
 * the whole picture again.
 */
export function gridShape(aggregate: NodeAggregate | undefined, prev: NodeAggregate | undefined): NodeAggregate | undefined {
  if (!aggregate) return undefined;
  return prev && (prev === aggregate || sameShape(prev, aggregate)) ? prev : aggregate;
}
