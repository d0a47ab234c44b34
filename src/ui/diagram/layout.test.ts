import { describe, expect, it } from 'vitest';
import { measure, place, type LayoutBox } from './layout';

const leaf = (id: string, w: number, h: number, extra: Partial<Extract<LayoutBox, { type: 'leaf' }>> = {}): LayoutBox => ({ type: 'leaf', id, w, h, ...extra });
const at = (placed: ReturnType<typeof place>, id: string) => placed.find((p) => p.id === id);

describe('measure and place', () => {
  it('lays a row left to right and a column top to bottom, with gaps and padding', () => {
    const box: LayoutBox = { type: 'stack', id: 'g', dir: 'column', gap: 10, pad: { t: 20, r: 5, b: 5, l: 5 }, children: [{ type: 'stack', dir: 'row', gap: 4, children: [leaf('a', 30, 10), leaf('b', 20, 16)] }, leaf('c', 40, 8)] };
    expect(measure(box)).toEqual({ w: 5 + 54 + 5, h: 20 + 16 + 10 + 8 + 5 });
    const placed = place(box, 100, 200);
    expect(placed.map((p) => p.id)).toEqual(['g', 'a', 'b', 'c']);
    expect(at(placed, 'g')).toEqual({ id: 'g', x: 100, y: 200, w: 64, h: 59 });
    expect(at(placed, 'a')).toEqual({ id: 'a', x: 105, y: 220, w: 30, h: 10, parent: 'g' });
    expect(at(placed, 'b')).toMatchObject({ x: 139, y: 220 });
    expect(at(placed, 'c')).toMatchObject({ x: 105, y: 246, parent: 'g' });
  });

  it('aligns across the stack and stretches leaves to a column’s width', () => {
    const row: LayoutBox = { type: 'stack', dir: 'row', gap: 0, align: 'center', children: [leaf('tall', 10, 40), leaf('short', 10, 10)] };
    expect(at(place(row), 'short')).toMatchObject({ y: 15 });
    const col: LayoutBox = { type: 'stack', dir: 'column', gap: 0, align: 'end', minW: 100, children: [leaf('s', 10, 10, { stretch: true }), leaf('e', 10, 10)] };
    expect(at(place(col), 's')).toMatchObject({ x: 0, w: 100 });
    expect(at(place(col), 'e')).toMatchObject({ x: 90, w: 10 });
  });

  it('wraps a flow into rows no wider than its limit, keeping a glued child with the next', () => {
    const flow: LayoutBox = { type: 'flow', maxW: 100, gap: 5, rowGap: 3, children: [leaf('a', 40, 10), leaf('b', 40, 10), leaf('c', 40, 12), leaf('cap', 30, 10, { glue: true }), leaf('d', 40, 10)] };
    const placed = place(flow);
    expect(at(placed, 'a')).toMatchObject({ x: 0, y: 0 });
    expect(at(placed, 'b')).toMatchObject({ x: 45, y: 0 });
    expect(at(placed, 'c')).toMatchObject({ x: 0, y: 13 });
    // `cap` would fit after `c` but `d` would not: both go to the next row.
    expect(at(placed, 'cap')).toMatchObject({ x: 0, y: 28 });
    expect(at(placed, 'd')).toMatchObject({ x: 35, y: 28 });
    expect(measure(flow)).toEqual({ w: 85, h: 38 });
  });

  it('widens a stack to its minimum size and names the innermost drawn stack as each box’s parent', () => {
    const inner: LayoutBox = { type: 'stack', id: 'm', dir: 'column', gap: 0, minW: 80, minH: 50, children: [leaf('x', 10, 10)] };
    const outer: LayoutBox = { type: 'stack', dir: 'row', gap: 0, children: [inner] };
    expect(measure(outer)).toEqual({ w: 80, h: 50 });
    expect(at(place(outer), 'x')?.parent).toBe('m');
    expect(at(place(outer), 'm')?.parent).toBeUndefined();
  });
});
