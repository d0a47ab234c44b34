/**
 * A small box-layout engine (rows, columns and wrapping flows, like a subset of flexbox) so the
 * diagram is arranged from the topology rather than from hand-placed coordinates: the model
 * describes the picture as nested boxes with their content sizes, and this places them. Pure:
 * unit-tested as data.
 */

export interface Pad {
  t: number;
  r: number;
  b: number;
  l: number;
}

export type LayoutBox =
  /**
   * A drawn box of fixed size; `stretch` takes its column's full inner width; in a flow, `glue`
   * keeps it on the same row as the next child (a caption with its first item).
   */
  | { type: 'leaf'; id: string; w: number; h: number; stretch?: boolean; glue?: boolean }
  /**
   * Children one after another. A stack with an `id` is drawn (a machine box): its padding holds
   * its header. `align` places children across the stack's direction; `minW`/`minH` widen it.
   */
  | { type: 'stack'; id?: string; dir: 'row' | 'column'; gap: number; align?: 'start' | 'center' | 'end'; pad?: Pad; minW?: number; minH?: number; children: LayoutBox[] }
  /** Children left to right, wrapping into rows no wider than `maxW`. */
  | { type: 'flow'; maxW: number; gap: number; rowGap: number; children: LayoutBox[] };

export interface Placed {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The innermost drawn stack around it. */
  parent?: string;
}

export interface Size {
  w: number;
  h: number;
}

const NO_PAD: Pad = { t: 0, r: 0, b: 0, l: 0 };

/** Rows of a flow: each child's index and its row. */
function flowRows(b: Extract<LayoutBox, { type: 'flow' }>): LayoutBox[][] {
  const rows: LayoutBox[][] = [];
  let row: LayoutBox[] = [];
  let w = 0;
  b.children.forEach((c, i) => {
    let cw = measure(c).w;
    const next = b.children[i + 1];
    if (c.type === 'leaf' && c.glue && next) cw += b.gap + measure(next).w;
    if (row.length && w + b.gap + cw > b.maxW) {
      rows.push(row);
      row = [];
      w = 0;
    }
    w += (row.length ? b.gap : 0) + measure(c).w;
    row.push(c);
  });
  if (row.length) rows.push(row);
  return rows;
}

/** Boxes are immutable once built: each is measured once. */
const sizes = new WeakMap<LayoutBox, Size>();

export function measure(b: LayoutBox): Size {
  let size = sizes.get(b);
  if (!size) {
    size = measureOnce(b);
    sizes.set(b, size);
  }
  return size;
}

function measureOnce(b: LayoutBox): Size {
  switch (b.type) {
    case 'leaf':
      return { w: b.w, h: b.h };
    case 'flow': {
      const rows = flowRows(b);
      let w = 0;
      let h = 0;
      rows.forEach((row, i) => {
        const sizes = row.map(measure);
        w = Math.max(w, sizes.reduce((s, x, j) => s + x.w + (j ? b.gap : 0), 0));
        h += (i ? b.rowGap : 0) + Math.max(...sizes.map((x) => x.h));
      });
      return { w, h };
    }
    case 'stack': {
      const pad = b.pad ?? NO_PAD;
      const sizes = b.children.map(measure);
      const gaps = Math.max(0, sizes.length - 1) * b.gap;
      const main = sizes.reduce((s, x) => s + (b.dir === 'row' ? x.w : x.h), 0) + gaps;
      const cross = Math.max(0, ...sizes.map((x) => (b.dir === 'row' ? x.h : x.w)));
      const w = (b.dir === 'row' ? main : cross) + pad.l + pad.r;
      const h = (b.dir === 'row' ? cross : main) + pad.t + pad.b;
      return { w: Math.max(w, b.minW ?? 0), h: Math.max(h, b.minH ?? 0) };
    }
    default: {
      const never: never = b;
      return never;
    }
  }
}

/** Absolute positions of every drawn box (leaves and stacks with an id), parents before children. */
export function place(root: LayoutBox, x = 0, y = 0): Placed[] {
  const out: Placed[] = [];
  const walk = (b: LayoutBox, bx: number, by: number, parent: string | undefined, avail?: number): void => {
    const size = measure(b);
    switch (b.type) {
      case 'leaf': {
        const w = b.stretch && avail !== undefined ? avail : size.w;
        out.push(parent ? { id: b.id, x: bx, y: by, w, h: size.h, parent } : { id: b.id, x: bx, y: by, w, h: size.h });
        return;
      }
      case 'flow': {
        let cy = by;
        for (const row of flowRows(b)) {
          let cx = bx;
          const rowH = Math.max(...row.map((c) => measure(c).h));
          for (const c of row) {
            walk(c, cx, cy, parent);
            cx += measure(c).w + b.gap;
          }
          cy += rowH + b.rowGap;
        }
        return;
      }
      case 'stack': {
        const w = avail !== undefined && b.id === undefined ? Math.max(size.w, avail) : size.w;
        if (b.id !== undefined) out.push(parent ? { id: b.id, x: bx, y: by, w, h: size.h, parent } : { id: b.id, x: bx, y: by, w, h: size.h });
        const inner = b.id ?? parent;
        const pad = b.pad ?? NO_PAD;
        const innerW = w - pad.l - pad.r;
        const innerH = size.h - pad.t - pad.b;
        let cx = bx + pad.l;
        let cy = by + pad.t;
        for (const c of b.children) {
          const cs = measure(c);
          if (b.dir === 'row') {
            const off = b.align === 'center' ? (innerH - cs.h) / 2 : b.align === 'end' ? innerH - cs.h : 0;
            walk(c, cx, cy + Math.round(off), inner);
            cx += cs.w + b.gap;
          } else {
            const stretched = c.type === 'leaf' && c.stretch;
            const off = stretched ? 0 : b.align === 'center' ? (innerW - cs.w) / 2 : b.align === 'end' ? innerW - cs.w : 0;
            walk(c, cx + Math.round(off), cy, inner, innerW);
            cy += cs.h + b.gap;
          }
        }
        return;
      }
      default: {
        const never: never = b;
        return never;
      }
    }
  };
  walk(root, x, y, undefined);
  return out;
}
