/**
 * Keyboard behaviour of the object tree, per the WAI-ARIA tree view pattern: the items a reader
 * can reach (children of collapsed items are skipped) and what each key does. Pure, so the
 * component only applies the resulting action.
 */
import type { TreeNode } from './tree';

export interface VisibleItem {
  node: TreeNode;
  /** 1-based, as aria-level. */
  level: number;
  parentId: string | undefined;
  posInSet: number;
  setSize: number;
  /** undefined for an item without children (it must not carry aria-expanded). */
  expanded: boolean | undefined;
}

export function visibleItems(tree: readonly TreeNode[], isExpanded: (n: TreeNode) => boolean): VisibleItem[] {
  const out: VisibleItem[] = [];
  const walk = (list: readonly TreeNode[], level: number, parentId: string | undefined): void => {
    list.forEach((node, i) => {
      const expanded = node.children.length ? isExpanded(node) : undefined;
      out.push({ node, level, parentId, posInSet: i + 1, setSize: list.length, expanded });
      if (expanded) walk(node.children, level + 1, node.id);
    });
  };
  walk(tree, 1, undefined);
  return out;
}

export type TreeAction = { type: 'focus'; id: string } | { type: 'expand'; ids: string[] } | { type: 'collapse'; id: string } | { type: 'select'; id: string };

/** What `key` does with focus on `focusedId` (undefined: not a tree key, let it through). */
export function treeKey(items: readonly VisibleItem[], focusedId: string, key: string, labelOf: (n: TreeNode) => string): TreeAction | undefined {
  const i = items.findIndex((it) => it.node.id === focusedId);
  const cur = items[i];
  if (!cur) return items[0] ? { type: 'focus', id: items[0].node.id } : undefined;
  const focus = (j: number): TreeAction | undefined => (items[j] ? { type: 'focus', id: items[j].node.id } : undefined);
  switch (key) {
    case 'ArrowDown':
      return focus(i + 1);
    case 'ArrowUp':
      return focus(i - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(items.length - 1);
    case 'ArrowRight':
      if (cur.expanded === false) return { type: 'expand', ids: [cur.node.id] };
      if (cur.expanded === true) return focus(i + 1);
      return undefined;
    case 'ArrowLeft':
      if (cur.expanded === true) return { type: 'collapse', id: cur.node.id };
      return cur.parentId === undefined ? undefined : { type: 'focus', id: cur.parentId };
    case 'Enter':
    case ' ':
      return { type: 'select', id: cur.node.id };
    case '*': {
      const ids = items.filter((it) => it.parentId === cur.parentId && it.expanded === false).map((it) => it.node.id);
      return ids.length ? { type: 'expand', ids } : undefined;
    }
    default:
      return typeAhead(items, i, key, labelOf);
  }
}

/** A printable character moves to the next item whose label starts with it, wrapping around. */
function typeAhead(items: readonly VisibleItem[], from: number, key: string, labelOf: (n: TreeNode) => string): TreeAction | undefined {
  if (key.length !== 1 || key === ' ') return undefined;
  const ch = key.toLowerCase();
  for (let k = 1; k <= items.length; k++) {
    const it = items[(from + k) % items.length]!;
    if (labelOf(it.node).toLowerCase().startsWith(ch)) return { type: 'focus', id: it.node.id };
  }
  return undefined;
}

/** The items from a root down to the object with storage key `key` (the object last), or undefined when the tree does not hold it. */
export function pathTo(tree: readonly TreeNode[], key: string): TreeNode[] | undefined {
  for (const n of tree) {
    if (n.key === key) return [n];
    const below = pathTo(n.children, key);
    if (below) return [n, ...below];
  }
  return undefined;
}
