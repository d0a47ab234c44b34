/**
 * Where the diagram's boxes go, decided from the topology and the frame it is shown in (pure):
 *
 * - the control plane on top, kube-apiserver at its centre (one control-plane machine with room
 *   around it: kube-scheduler and kube-controller-manager left of it, etcd and the CSI controller
 *   right, cloud-controller-manager and the machine's agents below either side; several, or a
 *   narrow frame: one column per machine, kube-apiserver at the bottom, nearest the workers);
 * - the user, kubectl, the optional cloud-controller-manager and Pods waiting for a node beside
 *   it (wide frames) or above it (narrow ones);
 * - the workers below, as many per row as the frame's width holds; a big cluster's workers as one
 *   node grid (grid-layout.ts) filling the room under the control plane.
 *
 * Each machine box lists its agents as a row of chips right under its header (their edges leave
 * upwards, towards the control plane), then its Pods grouped under their owner's name.
 * Several arrangements are measured and the one drawn largest in the frame wins.
 */
import { BOX, machineHeader, type MachineHeader } from './boxes';
import type { MachineState } from './data';
import { gridGeometry, type GridGeometry } from './grid-layout';
import { measure, place, type LayoutBox, type Placed } from './layout';

export interface LeafSpec {
  id: string;
  w: number;
  h: number;
}

export interface PodGroupSpec {
  caption?: LeafSpec;
  pods: LeafSpec[];
}

export interface MachineSpec {
  id: string;
  data: MachineState;
  taints: string[];
  agents: LeafSpec[];
  /**
   * The agents' row when all are running: what a machine's width is planned for, so stopping one
   * (a wider chip) wraps the row instead of widening every machine.
   */
  agentsW: number;
  /** Control-plane components, top to bottom in a column (kube-apiserver is `apiserver`). */
  components: LeafSpec[];
  apiserver?: LeafSpec;
  /** The hub arrangement's sides: left of kube-apiserver and right of it. */
  left?: LeafSpec[];
  right?: LeafSpec[];
  groups: PodGroupSpec[];
  /** Pods nobody owns, after the groups. */
  loose: LeafSpec[];
  /** The kube-system Pods' chip: in the header when it fits there, else after the Pods. */
  system?: LeafSpec;
}

export interface SceneSpec {
  user: LeafSpec;
  kubectl?: LeafSpec;
  ccm: LeafSpec;
  /** The CSI driver's controller, and the machine it runs on. */
  csi?: LeafSpec & { host: string };
  pending?: { id: string; data: MachineState; pods: LeafSpec[] };
  controlPlanes: MachineSpec[];
  workers: MachineSpec[];
  /** In place of `workers`: the node grid, with each zone's number of cells and the legend's counts. */
  grid?: { id: string; sizes: number[]; zoned: boolean; counts: number[] };
}

/** The node grid's geometry, as the arrangement that places it decided. */
interface GridOut {
  geometry?: GridGeometry;
}

export interface Frame {
  width: number;
  height: number;
}

/** Machine headers, and the chips placed in them, by machine id. */
export type HeaderMap = Map<string, MachineHeader & { slotted?: string }>;

export interface Arrangement {
  placed: Placed[];
  headers: HeaderMap;
  width: number;
  height: number;
  /** The zoom at which the whole picture fills the frame. */
  fit: number;
  variant: 'wide' | 'tall';
  grid?: GridGeometry;
}

const { MACHINE_PAD: PAD_X, GAP, CHIP_GAP, ROW_GAP } = BOX;
/** Between the control plane and the workers: the channel the long edges run in. */
const TIER_GAP = 26;
const MACHINE_GAP = 10;
const HUB_GAP = 26;
const HUB_W = 130;
const MAX_WORKER_W = 380;
const AGENT_CORRIDOR = 12;

function leaf(s: LeafSpec, stretch = false): LayoutBox {
  return stretch ? { type: 'leaf', id: s.id, w: s.w, h: s.h, stretch } : { type: 'leaf', id: s.id, w: s.w, h: s.h };
}

function flow(items: readonly LeafSpec[], maxW: number): LayoutBox {
  return { type: 'flow', maxW, gap: CHIP_GAP, rowGap: ROW_GAP, children: items.map((i) => leaf(i)) };
}

/** A machine's Pods as one flow: each owner's name, then its Pods; then Pods nobody owns. */
function podFlow(m: Pick<MachineSpec, 'groups' | 'loose'>, inner: number): LayoutBox[] {
  const items: LayoutBox[] = [];
  for (const g of m.groups) {
    if (g.caption) items.push({ type: 'leaf', id: g.caption.id, w: g.caption.w, h: g.caption.h, glue: true });
    items.push(...g.pods.map((p) => leaf(p)));
  }
  items.push(...m.loose.map((p) => leaf(p)));
  return items.length ? [{ type: 'flow', maxW: inner, gap: CHIP_GAP + 2, rowGap: ROW_GAP, children: items }] : [];
}

/** The widest single thing inside a machine that cannot wrap. */
function widest(items: readonly LeafSpec[]): number {
  return Math.max(0, ...items.map((i) => i.w));
}

export function rowWidth(items: readonly { w: number }[]): number {
  return items.reduce((s, i, k) => s + i.w + (k ? CHIP_GAP : 0), 0);
}

/** A machine box: header (sized for the final width), agents, its core (control-plane parts) and its Pods. */
function machineBox(m: MachineSpec, core: LayoutBox | undefined, minW: number, headers: HeaderMap, wantAgentsRow = true, podsFirst = false): LayoutBox {
  const podLeaves = [...m.groups.flatMap((g) => [...(g.caption ? [g.caption] : []), ...g.pods]), ...m.loose];
  let inner = Math.max(minW - 2 * PAD_X, core ? measure(core).w : 0, widest(podLeaves), widest(m.agents), wantAgentsRow && !core ? m.agentsW : 0, m.system?.w ?? 0);
  let header = machineHeader(m.data, m.taints, inner + 2 * PAD_X, m.system?.w);
  if (header.minW > inner + 2 * PAD_X) {
    inner = header.minW - 2 * PAD_X;
    header = machineHeader(m.data, m.taints, inner + 2 * PAD_X, m.system?.w);
  }
  headers.set(m.id, m.system && header.slot ? { ...header, slotted: m.system.id } : header);
  const loose = m.system && !header.slot ? [...m.loose, m.system] : m.loose;
  const pods = podFlow({ groups: m.groups, loose }, inner);
  const children: LayoutBox[] = [];
  if (m.agents.length) children.push(flow(m.agents, inner));
  if (podsFirst) children.push(...pods);
  if (core) children.push(core);
  if (!podsFirst) children.push(...pods);
  // A worker's agents leave a corridor under the header: their edges run along it to the header's open end, then up.
  const corridor = !core && m.agents.length ? AGENT_CORRIDOR : 2;
  return { type: 'stack', id: m.id, dir: 'column', gap: GAP, pad: { t: header.headerH + corridor, r: PAD_X, b: PAD_X, l: PAD_X }, minW: inner + 2 * PAD_X, children };
}

/** Between kube-scheduler and kube-controller-manager: the corridor kubectl's edge runs through to kube-apiserver. */
const CORRIDOR = 22;

/**
 * One control-plane machine with kube-apiserver in the middle of its parts. `corridor` receives
 * the height (from the box's top) of the gap left of kube-apiserver that kubectl's edge runs in.
 */
function hubMachine(m: MachineSpec, headers: HeaderMap, ccm: LeafSpec, csi: LeafSpec | undefined, corridor: { y: number }): LayoutBox {
  const left = m.left ?? [];
  const right = [...(m.right ?? []), ...(csi ? [csi] : [])];
  const col = (items: LeafSpec[], gap: number): LayoutBox => ({ type: 'stack', dir: 'column', gap, align: 'end', children: items.map((i) => leaf(i)) });
  const colH = (items: LeafSpec[], gap: number): number => items.reduce((s, i, k) => s + i.h + (k ? gap : 0), 0);
  const api = m.apiserver!;
  const hubH = Math.max(colH(left, CORRIDOR), colH(right, 10), api.h);
  const leftW = widest(left);
  const rightW = widest(right);
  const hub: LayoutBox = {
    type: 'stack',
    dir: 'row',
    gap: HUB_GAP,
    align: 'center',
    children: [
      { type: 'stack', dir: 'column', gap: 0, minW: leftW, children: [col(left, CORRIDOR)] },
      leaf({ id: api.id, w: Math.max(api.w, HUB_W), h: hubH }),
      { type: 'stack', dir: 'column', gap: 0, minW: rightW, children: [col(right, 10)] },
    ],
  };
  const hubW = measure(hub).w;
  // cloud-controller-manager bottom-left, the machine's agents bottom-right: the middle, under
  // kube-apiserver, stays open for the workers' edges.
  const agents = flow(m.agents, Math.max(m.agentsW, rightW));
  const core: LayoutBox = { type: 'stack', dir: 'column', gap: GAP, children: [hub, { type: 'stack', dir: 'row', gap: Math.max(GAP, hubW - measure(agents).w - ccm.w), align: 'end', children: [leaf(ccm), agents] }] };
  const box = machineBox({ ...m, agents: [] }, core, 0, headers);
  const top = (headers.get(m.id)?.headerH ?? 0) + 2 + Math.round((hubH - colH(left, CORRIDOR)) / 2);
  corridor.y = top + (left[0]?.h ?? 0) + (left.length > 1 ? CORRIDOR / 2 : 0);
  return box;
}

/** One control-plane machine as a column: its parts top to bottom, kube-apiserver last. */
function columnMachine(m: MachineSpec, headers: HeaderMap, minW = 0): LayoutBox {
  const parts = [...m.components, ...(m.apiserver ? [m.apiserver] : [])];
  const core: LayoutBox | undefined = parts.length ? { type: 'stack', dir: 'column', gap: 6, children: parts.map((p) => leaf(p, true)) } : undefined;
  // Pods above the parts: kube-apiserver stays the bottom edge, where the workers' edges arrive.
  return machineBox(m, core, Math.max(minW, widest(parts) + 2 * PAD_X, m.agentsW + 2 * PAD_X), headers, false, true);
}

/** The narrowest a worker can be: its agents in one row, its header, its widest Pod. */
function workerMinW(m: MachineSpec): number {
  const pods = [...m.groups.flatMap((g) => [...(g.caption ? [g.caption] : []), ...g.pods]), ...m.loose, ...(m.system ? [m.system] : [])];
  return Math.max(m.agentsW, widest(m.agents), widest(pods)) + 2 * PAD_X;
}

/** Workers in rows of as many as `width` holds, the boxes of a row equally wide and tall. */
function workerRows(workers: readonly MachineSpec[], width: number, headers: HeaderMap): LayoutBox | undefined {
  if (!workers.length) return undefined;
  const minW = Math.max(...workers.map(workerMinW));
  const perRow = Math.max(1, Math.min(workers.length, Math.floor((width + MACHINE_GAP) / (minW + MACHINE_GAP))));
  const w = Math.max(minW, Math.min(MAX_WORKER_W, Math.floor((width - (perRow - 1) * MACHINE_GAP) / perRow)));
  const rows: LayoutBox[] = [];
  for (let i = 0; i < workers.length; i += perRow) {
    const boxes = workers.slice(i, i + perRow).map((m) => machineBox(m, undefined, w, headers));
    const h = Math.max(...boxes.map((b) => measure(b).h));
    rows.push({ type: 'stack', dir: 'row', gap: MACHINE_GAP, children: boxes.map((b) => (b.type === 'stack' ? { ...b, minH: h } : b)) });
  }
  return { type: 'stack', dir: 'column', gap: MACHINE_GAP, children: rows };
}

/** The node grid as a leaf as wide as `width`, its cells as large as `height` allows. */
function gridBox(s: SceneSpec, width: number, height: number, out: GridOut): LayoutBox | undefined {
  if (!s.grid) return undefined;
  const g = gridGeometry(s.grid.sizes, s.grid.zoned, width, height, s.grid.counts);
  out.geometry = g;
  return { type: 'leaf', id: s.grid.id, w: g.w, h: g.h };
}

function pendingBox(s: SceneSpec, width: number, headers: HeaderMap): LayoutBox | undefined {
  const p = s.pending;
  if (!p) return undefined;
  const spec: MachineSpec = { id: p.id, data: p.data, taints: [], agents: [], agentsW: 0, components: [], groups: [], loose: p.pods };
  return machineBox(spec, undefined, width, headers);
}

/** Control planes in rows that fit `width` (one row unless the frame is narrow). */
function controlPlaneColumns(cps: readonly MachineSpec[], width: number, headers: HeaderMap): LayoutBox {
  if (!cps.length) return { type: 'stack', dir: 'row', gap: 0, children: [] };
  const boxes = cps.map((m) => columnMachine(m, headers));
  const natural = Math.max(...boxes.map((b) => measure(b).w));
  const perRow = Math.max(1, Math.min(boxes.length, Math.floor((width + MACHINE_GAP) / (natural + MACHINE_GAP))));
  // As wide as the row allows (up to a worker's widest), so the columns line up with the workers below.
  const w = Math.max(natural, Math.min(MAX_WORKER_W, Math.floor((width - (perRow - 1) * MACHINE_GAP) / perRow)));
  const equal = cps.map((m) => columnMachine(m, headers, w));
  const rows: LayoutBox[] = [];
  for (let i = 0; i < equal.length; i += perRow) rows.push({ type: 'stack', dir: 'row', gap: MACHINE_GAP, align: 'end', children: equal.slice(i, i + perRow) });
  return rows.length === 1 ? rows[0]! : { type: 'stack', dir: 'column', gap: MACHINE_GAP, children: rows };
}

function wide(s: SceneSpec, frame: Frame, headers: HeaderMap, hub: boolean, out: GridOut): LayoutBox {
  const cp0 = s.controlPlanes[0];
  const csiInHub = hub && s.csi !== undefined && cp0?.data.host === s.csi.host;
  const side: LeafSpec[] = [s.user, ...(s.kubectl ? [s.kubectl] : []), ...(hub ? [] : [s.ccm]), ...(s.csi && !csiInHub ? [s.csi] : [])];
  const sideW = Math.max(widest(side), s.pending ? Math.max(...s.pending.pods.map((p) => p.w)) + 2 * PAD_X : 0);
  const pending = pendingBox(s, sideW, headers);
  const corridor = { y: -1 };
  const cp = hub && cp0 ? hubMachine(cp0, headers, s.ccm, csiInHub ? s.csi : undefined, corridor) : controlPlaneColumns(s.controlPlanes, frame.width - sideW - 20, headers);
  // With a hub, kubectl faces the corridor beside kube-apiserver, so its edge runs straight in.
  const kubectlMid = s.kubectl ? s.user.h + 12 + s.kubectl.h / 2 : 0;
  const padT = corridor.y >= 0 && s.kubectl ? Math.max(0, Math.round(corridor.y - kubectlMid)) : 0;
  const sideCol: LayoutBox = { type: 'stack', dir: 'column', gap: 12, pad: { t: padT, r: 0, b: 0, l: 0 }, children: [...side.map((l) => leaf(l, true)), ...(pending ? [pending] : [])] };
  const top: LayoutBox = { type: 'stack', dir: 'row', gap: 20, align: padT ? 'start' : 'center', children: [sideCol, cp] };
  const width = Math.max(frame.width, measure(top).w);
  const workers = gridBox(s, width, frame.height - measure(top).h - TIER_GAP, out) ?? workerRows(s.workers, width, headers);
  return { type: 'stack', dir: 'column', gap: TIER_GAP, children: [top, ...(workers ? [workers] : [])] };
}

function tall(s: SceneSpec, frame: Frame, headers: HeaderMap, out: GridOut): LayoutBox {
  const side: LeafSpec[] = [s.user, ...(s.kubectl ? [s.kubectl] : []), s.ccm, ...(s.csi ? [s.csi] : [])];
  const head: LayoutBox = { type: 'flow', maxW: frame.width, gap: 12, rowGap: 10, children: side.map((l) => leaf(l)) };
  const pending = pendingBox(s, Math.min(frame.width, 260), headers);
  const cp = controlPlaneColumns(s.controlPlanes, frame.width, headers);
  const width = Math.max(frame.width, measure(cp).w);
  const above = measure(head).h + 18 + (pending ? measure(pending).h + 18 : 0) + measure(cp).h + TIER_GAP;
  const workers = gridBox(s, width, frame.height - above, out) ?? workerRows(s.workers, width, headers);
  return { type: 'stack', dir: 'column', gap: 18, children: [head, ...(pending ? [pending] : []), cp, ...(workers ? [{ type: 'stack', dir: 'column', gap: 0, pad: { t: TIER_GAP - 18, r: 0, b: 0, l: 0 }, children: [workers] } as LayoutBox] : [])] };
}

/** Chips that sit in their machine's header, placed after the rest (each right after its machine, so parents still come first). */
function withSlots(placed: Placed[], headers: HeaderMap): Placed[] {
  const out: Placed[] = [];
  for (const p of placed) {
    out.push(p);
    const h = headers.get(p.id);
    if (h?.slot && h.slotted) out.push({ id: h.slotted, x: p.x + h.slot.x, y: p.y + h.slot.y, w: h.slot.w, h: h.slot.h, parent: p.id });
  }
  return out;
}

/**
 * The arrangement drawn largest in `frame` (CSS px of the canvas, minus its margins). Among those
 * that fit at `readable` zoom the first listed wins (the hub picture first); when none does, the
 * one that fits the frame's width at that zoom (so only vertical panning is needed), else the
 * largest.
 */
export function arrange(s: SceneSpec, frame: Frame, readable = 1): Arrangement {
  const candidates: { variant: Arrangement['variant']; build: (h: HeaderMap, g: GridOut) => LayoutBox }[] = [
    ...(s.controlPlanes.length === 1 && s.controlPlanes[0]!.apiserver ? [{ variant: 'wide' as const, build: (h: HeaderMap, g: GridOut) => wide(s, frame, h, true, g) }] : []),
    { variant: 'wide', build: (h, g) => wide(s, frame, h, false, g) },
    { variant: 'tall', build: (h, g) => tall(s, frame, h, g) },
  ];
  let best: Arrangement | undefined;
  let bestScore = -Infinity;
  for (const c of candidates) {
    const headers: HeaderMap = new Map();
    const grid: GridOut = {};
    const root = c.build(headers, grid);
    const size = measure(root);
    const fit = Math.min(frame.width / size.w, frame.height / size.h);
    const widthFits = frame.width / size.w >= readable;
    // Fits whole at a readable zoom > fits the width (pan down) > the largest.
    const score = fit >= readable ? 2 : widthFits ? 1 + Math.min(fit, 1) / 2 : Math.min(fit, 1) / 2;
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = { placed: withSlots(place(root), headers), headers, width: size.w, height: size.h, fit, variant: c.variant, ...(grid.geometry ? { grid: grid.geometry } : {}) };
    }
  }
  return best!;
}

/** One worker's machine on its own, at most `width` wide: the node grid's zoom into a node. */
export function arrangeMachine(m: MachineSpec, width: number): Arrangement {
  const headers: HeaderMap = new Map();
  const root = workerRows([m], width, headers)!;
  const size = measure(root);
  return { placed: withSlots(place(root), headers), headers, width: size.w, height: size.h, fit: 1, variant: 'wide' };
}
