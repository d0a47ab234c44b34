/**
 * How the diagram sits in its canvas: which strip the controls take (right on wide canvases,
 * bottom on narrow ones), the frame left for the picture, and the default view — the whole
 * picture as large as fits, but never smaller than READABLE_ZOOM: a picture bigger than the
 * canvas is shown from its top-left at a readable size, with the overview map to move around. Pure.
 */
import { READABLE_ZOOM } from './boxes';
import type { Frame } from './arrange';
import type { Rect } from './route';

export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Width of the controls' strip (zoom, fit, export). */
export const CONTROLS = 42;
const MARGIN = 6;
/** Below this canvas width the controls run along the bottom. */
export const NARROW = 600;

export function canvasInsets(canvas: Frame): Insets {
  return canvas.width < NARROW ? { top: MARGIN, right: MARGIN, bottom: CONTROLS + MARGIN, left: MARGIN } : { top: MARGIN, right: CONTROLS + MARGIN, bottom: MARGIN, left: MARGIN };
}

/** The layout is redone only every this many px of a resize (dragging a splitter re-routes less). */
const STEP = 8;

/** The room left for the picture: what the layout arranges for (arrange.ts). */
export function layoutFrame(canvas: Frame): Frame {
  const i = canvasInsets(canvas);
  const snap = (v: number, min: number): number => Math.max(min, Math.floor(v / STEP) * STEP);
  return { width: snap(canvas.width - i.left - i.right, 200), height: snap(canvas.height - i.top - i.bottom, 150) };
}

export interface View {
  x: number;
  y: number;
  zoom: number;
  /** The whole picture is in view. */
  whole: boolean;
}

/** Largest zoom the default view uses: a small cluster on a big screen should not look bloated. */
const MAX_ZOOM = 1.5;

export function defaultView(bounds: Rect, canvas: Frame, readable = READABLE_ZOOM): View {
  const i = canvasInsets(canvas);
  const w = canvas.width - i.left - i.right;
  const h = canvas.height - i.top - i.bottom;
  if (bounds.w <= 0 || bounds.h <= 0) return { x: i.left, y: i.top, zoom: 1, whole: true };
  const fit = Math.min(w / bounds.w, h / bounds.h);
  const zoom = Math.min(MAX_ZOOM, Math.max(fit, readable));
  const dw = bounds.w * zoom;
  const dh = bounds.h * zoom;
  // Centred when it fits that way, else from its top or left edge.
  const x = (dw <= w ? i.left + (w - dw) / 2 : i.left) - bounds.x * zoom;
  const y = (dh <= h ? i.top + (h - dh) / 2 : i.top) - bounds.y * zoom;
  return { x: Math.round(x), y: Math.round(y), zoom, whole: fit >= readable - 1e-9 };
}
