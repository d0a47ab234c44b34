/**
 * The node grid's geometry: how large each cell is and how the zones sit, decided from how many
 * cells each zone has and the room under the control plane. The largest cell size whose grid fits
 * that room wins (between MIN_PITCH, still a target for a click, and MAX_PITCH); zones stand side
 * by side when each keeps a few columns, else one under the other. Pure: unit-tested as data.
 * Every size here matches the CSS in diagram.css (.node-grid*): change both.
 */
import { TEXT_PX } from './boxes';
import { textWidth } from './text';

/** Cell plus the gap after it, in CSS px at zoom 1: 4 lets 5,000 nodes fit under the control plane at 1280×720 (zoom in to click one). */
export const MIN_PITCH = 4;
export const MAX_PITCH = 40;
/** Cells this large show their Pod count as a number. */
export const LABEL_PITCH = 24;
const ZONE_GAP = 12;
const ZONE_HEAD = 18;
const LEGEND_ROW = 18;
const LEGEND_GAP = 6;
const PAD = 6;

export interface ZoneBlock {
  x: number;
  y: number;
  cols: number;
  rows: number;
  w: number;
}

export interface GridGeometry {
  pitch: number;
  cell: number;
  gap: number;
  /** Pod counts are written in the cells. */
  labels: boolean;
  legendH: number;
  /** Height of a zone's title line (0 when nodes carry no zone). */
  headH: number;
  zones: ZoneBlock[];
  w: number;
  h: number;
}

/** The legend's words in English (the widest locale): how many rows it wraps to at `width`. */
export function legendRows(width: number, counts: readonly number[]): number {
  const parts = ['Ready', 'NotReady', 'pressure', 'Pods'].map((w, i) => textWidth(`${w} ${(counts[i] ?? 0).toLocaleString('en')}`, TEXT_PX) + 22);
  parts.push(textWidth('darker: more Pods per node (max 110)', TEXT_PX) + 40);
  let rows = 1;
  let x = 0;
  for (const p of parts) {
    if (x && x + p > width) {
      rows++;
      x = 0;
    }
    x += p + 8;
  }
  return rows;
}

function gapFor(pitch: number): number {
  return pitch >= 12 ? 2 : 1;
}

function blocks(sizes: readonly number[], pitch: number, width: number, top: number, headH: number, sideBySide: boolean): { zones: ZoneBlock[]; w: number; h: number } | undefined {
  const gap = gapFor(pitch);
  const zones: ZoneBlock[] = [];
  if (sideBySide) {
    const colW = Math.floor((width - (sizes.length - 1) * ZONE_GAP) / sizes.length);
    const cols = Math.floor((colW + gap) / pitch);
    if (cols < 4 && sizes.length > 1) return undefined;
    let x = 0;
    let rowsMax = 0;
    for (const n of sizes) {
      const c = Math.max(1, Math.min(cols, n));
      const rows = Math.ceil(n / c);
      const w = sizes.length > 1 ? colW : c * pitch - gap;
      zones.push({ x, y: top + headH, cols: c, rows, w });
      x += w + ZONE_GAP;
      rowsMax = Math.max(rowsMax, rows);
    }
    const w = Math.max(...zones.map((z) => z.x + z.w));
    return { zones, w, h: top + headH + rowsMax * pitch - gap };
  }
  const cols = Math.max(1, Math.floor((width + gap) / pitch));
  let y = top;
  let w = 0;
  for (const n of sizes) {
    const c = Math.max(1, Math.min(cols, n));
    const rows = Math.ceil(n / c);
    zones.push({ x: 0, y: y + headH, cols: c, rows, w: c * pitch - gap });
    w = Math.max(w, c * pitch - gap);
    y += headH + rows * pitch - gap + ZONE_GAP;
  }
  return { zones, w, h: y - ZONE_GAP };
}

/**
 * The grid for zones of `sizes` cells within `width` × `height` (CSS px at zoom 1). `zoned`: the
 * zones get a title line. `counts` (Ready, NotReady, pressure, Pods) size the legend.
 */
export function gridGeometry(sizes: readonly number[], zoned: boolean, width: number, height: number, counts: readonly number[] = []): GridGeometry {
  const inner = Math.max(60, width - 2 * PAD);
  const legendH = legendRows(inner, counts) * LEGEND_ROW;
  const top = PAD + legendH + LEGEND_GAP;
  const headH = zoned ? ZONE_HEAD : 0;
  const list = sizes.length ? sizes : [0];
  let chosen: { pitch: number; zones: ZoneBlock[]; w: number; h: number } | undefined;
  for (let pitch = MAX_PITCH; pitch >= MIN_PITCH; pitch--) {
    const candidates = [blocks(list, pitch, inner, top, headH, true), list.length > 1 ? blocks(list, pitch, inner, top, headH, false) : undefined];
    const fits = candidates.find((c) => c !== undefined && c.h + PAD <= height);
    if (fits) {
      chosen = { pitch, ...fits };
      break;
    }
  }
  if (!chosen) {
    const b = blocks(list, MIN_PITCH, inner, top, headH, true) ?? blocks(list, MIN_PITCH, inner, top, headH, false)!;
    chosen = { pitch: MIN_PITCH, ...b };
  }
  const gap = gapFor(chosen.pitch);
  const zones = chosen.zones.map((z) => ({ ...z, x: z.x + PAD }));
  // As wide as the room: the legend was wrapped for it.
  const w = inner + 2 * PAD;
  return { pitch: chosen.pitch, cell: chosen.pitch - gap, gap, labels: chosen.pitch >= LABEL_PITCH, legendH, headH, zones, w, h: chosen.h + PAD };
}
