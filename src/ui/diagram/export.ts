/**
 * Diagram export, after React Flow's download-image example: render `.react-flow__viewport`
 * (nodes and edges, not the controls or panels, which live outside it) with a transform that fits
 * every node into an image of the diagram's own size. The in-flight tokens are left out: a
 * picture of a moment should not catch a message half-way.
 *
 * CSP: html-to-image draws through an `<img src="data:image/svg+xml,…">` and a canvas, which
 * `img-src 'self' data:` allows; skipFonts avoids fetching font files (there are none to embed).
 */
import type { Rect } from '@xyflow/react';
import { getViewportForBounds } from '@xyflow/react';

export type ExportFormat = 'png' | 'svg';

const PADDING = 24;
/** Large clusters get a large image, but not one a browser refuses to allocate. */
const MAX_SIDE = 4096;

export interface ExportFrame {
  width: number;
  height: number;
  x: number;
  y: number;
  zoom: number;
}

/**
 * The image for nodes within `bounds`: the diagram at scale 1 with a margin (scaled down only
 * when a side would pass MAX_SIDE), and the viewport transform that centres it there.
 */
export function exportFrame(bounds: Rect): ExportFrame {
  const width = Math.min(MAX_SIDE, Math.max(1, Math.ceil(bounds.width + 2 * PADDING)));
  const height = Math.min(MAX_SIDE, Math.max(1, Math.ceil(bounds.height + 2 * PADDING)));
  const vp = getViewportForBounds(bounds, width - 2 * PADDING, height - 2 * PADDING, 0.05, 1, 0);
  return { width, height, x: vp.x + PADDING, y: vp.y + PADDING, zoom: vp.zoom };
}

/** What html-to-image should skip: tokens in flight (and anything else marked not for export). */
export function keepInExport(node: Node): boolean {
  if (!(node instanceof Element)) return true;
  return !node.classList.contains('diagram-tokens') && !node.classList.contains('no-export');
}

export function exportFileName(format: ExportFormat): string {
  return `reconcile-architecture.${format}`;
}

/** Renders the viewport element to a data URL of the requested format. */
export async function renderDiagram(viewport: HTMLElement, bounds: Rect, format: ExportFormat): Promise<string> {
  const { toPng, toSvg } = await import('html-to-image');
  const { width, height, x, y, zoom } = exportFrame(bounds);
  const options = {
    backgroundColor: '#ffffff',
    width,
    height,
    skipFonts: true,
    filter: keepInExport,
    style: { width: `${width}px`, height: `${height}px`, transform: `translate(${x}px, ${y}px) scale(${zoom})` },
  };
  return format === 'png' ? toPng(viewport, options) : toSvg(viewport, options);
}

export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
