import { describe, expect, it } from 'vitest';
import type { TreeNode } from './tree';
import { pathTo, treeKey, visibleItems } from './tree-nav';

const node = (id: string, children: TreeNode[] = [], expanded = true): TreeNode => ({ id, label: { type: 'object', kind: 'Pod', name: id }, key: id, status: '', tone: 'none', children, expanded });

// a (expanded) ─ a1, a2 (collapsed) ─ a2x ; b
const tree = [node('a', [node('a1'), node('a2', [node('a2x')], false)]), node('b')];
const items = visibleItems(tree, (n) => n.expanded);
const label = (n: TreeNode) => n.id;
const press = (from: string, key: string) => treeKey(items, from, key, label);

describe('visibleItems', () => {
  it('skips the children of collapsed items and gives ARIA level, position and expansion', () => {
    expect(items.map((it) => [it.node.id, it.level, it.posInSet, it.setSize, it.expanded])).toEqual([
      ['a', 1, 1, 2, true],
      ['a1', 2, 1, 2, undefined],
      ['a2', 2, 2, 2, false],
      ['b', 1, 2, 2, undefined],
    ]);
  });
});

describe('treeKey (WAI-ARIA tree view keyboard interaction)', () => {
  it('moves with Up/Down/Home/End and stops at the ends', () => {
    expect(press('a', 'ArrowDown')).toEqual({ type: 'focus', id: 'a1' });
    expect(press('a1', 'ArrowUp')).toEqual({ type: 'focus', id: 'a' });
    expect(press('a', 'ArrowUp')).toBeUndefined();
    expect(press('b', 'ArrowDown')).toBeUndefined();
    expect(press('a2', 'Home')).toEqual({ type: 'focus', id: 'a' });
    expect(press('a', 'End')).toEqual({ type: 'focus', id: 'b' });
  });

  it('Right expands a closed item, then enters it; Left closes an open item, else goes to the parent', () => {
    expect(press('a2', 'ArrowRight')).toEqual({ type: 'expand', ids: ['a2'] });
    expect(press('a', 'ArrowRight')).toEqual({ type: 'focus', id: 'a1' });
    expect(press('a1', 'ArrowRight')).toBeUndefined();
    expect(press('a', 'ArrowLeft')).toEqual({ type: 'collapse', id: 'a' });
    expect(press('a2', 'ArrowLeft')).toEqual({ type: 'focus', id: 'a' });
    expect(press('b', 'ArrowLeft')).toBeUndefined();
  });

  it('selects with Enter or Space, expands siblings with *, and jumps by first letter', () => {
    expect(press('a1', 'Enter')).toEqual({ type: 'select', id: 'a1' });
    expect(press('a1', ' ')).toEqual({ type: 'select', id: 'a1' });
    expect(press('a1', '*')).toEqual({ type: 'expand', ids: ['a2'] });
    expect(press('a', 'b')).toEqual({ type: 'focus', id: 'b' });
    expect(press('b', 'A')).toEqual({ type: 'focus', id: 'a' });
    expect(press('a', 'z')).toBeUndefined();
    expect(press('a', 'Tab')).toBeUndefined();
  });

  it('recovers when the focused item vanished (the object was deleted at this moment)', () => {
    expect(press('gone', 'ArrowDown')).toEqual({ type: 'focus', id: 'a' });
  });
});

describe('pathTo', () => {
  it('gives the items from the root down to an object, through collapsed ones, or undefined when the tree lacks it', () => {
    expect(pathTo(tree, 'a2x')?.map((n) => n.id)).toEqual(['a', 'a2', 'a2x']);
    expect(pathTo(tree, 'b')?.map((n) => n.id)).toEqual(['b']);
    expect(pathTo(tree, 'nope')).toBeUndefined();
  });
});
