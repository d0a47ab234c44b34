/**
 * How big each diagram box is, from the words it shows (text.ts estimates their width), so the
 * layout is decided as data. Every size here matches the CSS in diagram.css: change both.
 *
 * Invariant: no text in the diagram is set below TEXT_PX, so at zoom 1 nothing reads smaller than
 * 12 CSS px (ArchitectureView never fits the picture below READABLE_ZOOM).
 */
import type { AgentNodeData, ComponentNodeData, MachineNodeData } from './data';
import type { PodNodeData, SystemPodsData } from './pods';
import type { Rect } from './route';
import { textWidth, wrapText } from './text';

/** Component names. */
export const NAME_PX = 13;
/** Everything else: states, chips, Pods, taints, token labels. */
export const TEXT_PX = 12;
/** The smallest zoom at which the diagram is drawn by default: TEXT_PX stays ≥ 12 px on screen. */
export const READABLE_ZOOM = 12 / TEXT_PX;

const LINE_H = 15;
const NAME_H = 16;
const STATE_H = 14;
const PAD_X = 8;
const ICON = 14;
const ICON_GAP = 5;
export const CHIP_H = 22;
const CHIP_PAD = 6;
const AGENT_PAD = 5;
const SHAPE = 10;

/** English words of a component's state line (the widest locale; the model sizes boxes by them). */
export function componentWords(d: ComponentNodeData): string {
  if (d.kind === 'user') return '';
  if (d.absent) return 'optional · not running';
  const words = [d.running ? 'Running' : 'Stopped'];
  if (d.leader === true) words.push('leader');
  if (d.leader === false && d.running) words.push('standby');
  if (d.raft?.leader) words.push(`raft leader · term ${d.raft.term}`);
  else if (d.raft && d.running) words.push('raft follower');
  return words.join(' · ');
}

export function componentSize(d: ComponentNodeData, label: string): { w: number; h: number } {
  const words = componentWords(d);
  const faults = d.faults && !d.running && !d.absent ? d.faults.join(', ') : '';
  const text = Math.max(textWidth(label, NAME_PX, true), textWidth(words, TEXT_PX), textWidth(faults, TEXT_PX));
  let h = 3 + NAME_H + (words ? STATE_H : 0) + (faults ? STATE_H : 0) + 3;
  if (d.controllerChoices?.length) h += controllerChipsHeight(d.controllerChoices.map((c) => c.option), text) + 4;
  return { w: PAD_X * 2 + ICON + ICON_GAP + text, h: Math.max(h, 28) };
}

/** Rows of controller chips (a prediction's answers) inside kube-controller-manager's box. */
function controllerChipsHeight(options: readonly string[], width: number): number {
  let rows = 1;
  let x = 0;
  for (const o of options) {
    const w = textWidth(o, TEXT_PX) + 2 * CHIP_PAD;
    if (x && x + 4 + w > width) {
      rows++;
      x = 0;
    }
    x += (x ? 4 : 0) + w;
  }
  return rows * CHIP_H + (rows - 1) * 4;
}

export function agentSize(d: AgentNodeData): { w: number; h: number } {
  const stopped = !d.running;
  // A stopped agent's word is bold, after a power icon.
  return { w: 2 * AGENT_PAD + textWidth(d.short, TEXT_PX, stopped) + (stopped ? ICON + 3 : 0), h: CHIP_H };
}

/** The chip's content width: shape, name suffix, STATUS, and the Ready=False marker. */
export function podWidth(d: PodNodeData): number {
  return 2 * CHIP_PAD + SHAPE + 4 + textWidth(d.label, TEXT_PX) + (d.quiet ? 0 : 6 + textWidth(d.status, TEXT_PX, true)) + (d.readyFalse ? 4 + ICON : 0);
}

/** English words of the kube-system chip. */
export function systemWords(d: Pick<SystemPodsData, 'count'>): string {
  return `kube-system: ${d.count}`;
}

export function systemWidth(d: SystemPodsData): number {
  return 2 * CHIP_PAD + SHAPE + 4 + textWidth(systemWords(d), TEXT_PX);
}

/** An owner's name before its Pods, on their row. */
export function captionSize(text: string): { w: number; h: number } {
  return { w: textWidth(text, TEXT_PX), h: CHIP_H };
}

/** English words after a machine's name in its header. */
function machineWords(d: Pick<MachineNodeData, 'status' | 'role'>): string {
  if (d.role === 'pending') return 'Pending';
  return d.status ?? 'Unknown';
}

/** The line under a header that says what a box of Pods without a node is. */
export const PENDING_WHY = 'no node yet';

export interface MachineHeader {
  headerH: number;
  /** The width the header's first line needs. */
  minW: number;
  /** Taints broken into lines that fit `width`. */
  taints: string[][];
  /** The header's text, relative to the box's top-left corner (route labels avoid it). */
  texts: Rect[];
  /** Where a chip of the width asked for sits on the first line, right-aligned before the menu, if it fits there. */
  slot?: Rect;
  /** The power and network faults are on the first line, after STATUS (else on a line of their own). */
  faultsInline: boolean;
}

const MENU_W = 24;

/**
 * A machine box's header: name and STATUS on the first line (and a chip of `slotW`, the
 * kube-system Pods, when it fits beside them), then taints, then power and network faults.
 */
export function machineHeader(d: Pick<MachineNodeData, 'host' | 'role' | 'status' | 'poweredOff' | 'partitioned' | 'virtual'>, taints: readonly string[], width: number, slotW = 0): MachineHeader {
  const name = d.role === 'pending' ? '' : d.host;
  const inner = width - 2 * PAD_X;
  const menu = d.virtual ? 0 : MENU_W + 4;
  const faults = [d.poweredOff ? 'powered off' : '', d.partitioned ? 'network partitioned' : ''].filter(Boolean).join(' · ');
  const title = ICON + 5 + textWidth(name, NAME_PX, true) + 6 + textWidth(machineWords(d), TEXT_PX, true);
  // Power and network faults follow STATUS on the first line when they fit there.
  const withFaults = faults ? title + 6 + textWidth(`· ${faults}`, TEXT_PX, true) : title;
  const faultsInline = faults !== '' && withFaults + menu <= inner;
  const first = faultsInline ? withFaults : title;
  const lines = taints.map((t) => wrapText(t, inner, TEXT_PX));
  const texts: Rect[] = [{ x: PAD_X, y: 4, w: first, h: 20 }];
  const why = d.role === 'pending' ? textWidth(PENDING_WHY, TEXT_PX) : 0;
  if (!d.virtual) texts.push({ x: width - PAD_X - MENU_W + 2, y: 3, w: MENU_W, h: 20 });
  let slot: Rect | undefined;
  if (slotW > 0 && first + 8 + slotW + menu <= inner) slot = { x: width - PAD_X - menu - slotW, y: 3, w: slotW, h: CHIP_H };
  let y = 4 + 20;
  if (slot) y = Math.max(y, 3 + CHIP_H + 1);
  if (why) {
    texts.push({ x: PAD_X, y, w: why, h: LINE_H });
    y += LINE_H;
  }
  for (const l of lines.flat()) {
    texts.push({ x: PAD_X, y, w: textWidth(l, TEXT_PX), h: LINE_H });
    y += LINE_H;
  }
  if (faults && !faultsInline) {
    texts.push({ x: PAD_X, y, w: textWidth(faults, TEXT_PX, true), h: LINE_H });
    y += LINE_H;
  }
  const out: MachineHeader = { headerH: y + 2, minW: Math.max(title + menu, why) + 2 * PAD_X, taints: lines, texts, faultsInline };
  if (slot) out.slot = slot;
  return out;
}

/** Spacing inside machine boxes (arrange.ts): padding, gaps between parts, between chips and their rows. */
export const BOX = { MACHINE_PAD: 7, GAP: 8, CHIP_GAP: 4, ROW_GAP: 5 } as const;
