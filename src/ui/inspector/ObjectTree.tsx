/**
 * The object tree as a WAI-ARIA tree view: one tab stop (roving tabindex), arrow keys per
 * tree-nav.ts, Enter/Space or a click to select. The items are one flat list carrying
 * aria-level/posinset/setsize (the pattern allows it), so each item's accessible name is its own
 * row and not its whole subtree; children of collapsed items are not rendered.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT, type Translate } from '../i18n/react';
import type { TreeNode } from './tree';
import { treeKey, visibleItems, type VisibleItem } from './tree-nav';

export interface ObjectTreeProps {
  tree: readonly TreeNode[];
  selectedId: string | undefined;
  onSelect: (node: TreeNode) => void;
  /** Items to open so that the last one shows, scrolled into view (an object asked for from elsewhere); a new `seq` reveals again. */
  reveal?: { ids: readonly string[]; seq: number };
}

export function ObjectTree({ tree, selectedId, onSelect, reveal }: ObjectTreeProps) {
  const t = useT();
  const [overrides, setOverrides] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isExpanded = useCallback((n: TreeNode) => overrides.get(n.id) ?? n.expanded, [overrides]);
  const items = useMemo(() => visibleItems(tree, isExpanded), [tree, isExpanded]);
  const byId = useMemo(() => new Map(items.map((it) => [it.node.id, it])), [items]);
  const [focusedId, setFocusedId] = useState<string>();
  const tabId = focusedId !== undefined && byId.has(focusedId) ? focusedId : selectedId !== undefined && byId.has(selectedId) ? selectedId : items[0]?.node.id;
  const refs = useRef(new Map<string, HTMLLIElement>());
  const moveFocus = useRef(false);
  const revealed = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!reveal || revealed.current === reveal.seq) return;
    revealed.current = reveal.seq;
    const opens = reveal.ids.slice(0, -1);
    if (opens.length) setExpanded(opens, true);
    setFocusedId(reveal.ids.at(-1));
  }, [reveal]);

  useEffect(() => {
    const last = reveal?.ids.at(-1);
    if (last !== undefined && revealed.current === reveal?.seq) refs.current.get(last)?.scrollIntoView({ block: 'nearest' });
  }, [reveal, items]);

  useEffect(() => {
    if (!moveFocus.current || tabId === undefined) return;
    moveFocus.current = false;
    refs.current.get(tabId)?.focus();
  }, [tabId, items]);

  const setExpanded = (ids: readonly string[], value: boolean): void =>
    setOverrides((prev) => {
      const next = new Map(prev);
      for (const id of ids) next.set(id, value);
      return next;
    });

  /** Selects an object; a group, or an object already selected, opens or closes instead. */
  const activate = (node: TreeNode): void => {
    setFocusedId(node.id);
    if (node.key !== undefined && node.id !== selectedId) onSelect(node);
    else if (node.children.length) setExpanded([node.id], !isExpanded(node));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || tabId === undefined) return;
    const action = treeKey(items, tabId, e.key, (n) => labelText(t, n));
    if (!action) return;
    e.preventDefault();
    switch (action.type) {
      case 'focus':
        moveFocus.current = true;
        setFocusedId(action.id);
        return;
      case 'expand':
        setExpanded(action.ids, true);
        return;
      case 'collapse':
        setExpanded([action.id], false);
        return;
      case 'select': {
        const it = byId.get(action.id);
        if (it) activate(it.node);
        return;
      }
    }
  };

  if (!items.length) return <p className="empty">{t('insp.empty')}</p>;
  return (
    <ul role="tree" aria-label={t('insp.treeLabel')} className="insp-tree" onKeyDown={onKeyDown} data-testid="object-tree">
      {items.map((it) => {
        const node = it.node;
        return (
          <li
            key={node.id}
            role="treeitem"
            aria-level={it.level}
            aria-posinset={it.posInSet}
            aria-setsize={it.setSize}
            aria-selected={node.id === selectedId}
            {...(it.expanded === undefined ? {} : { 'aria-expanded': it.expanded })}
            tabIndex={node.id === tabId ? 0 : -1}
            data-key={node.key}
            data-parent={it.parentId}
            ref={(el) => {
              if (el) refs.current.set(node.id, el);
              else refs.current.delete(node.id);
            }}
            onFocus={() => setFocusedId(node.id)}
          >
            <Row item={it} t={t} onActivate={() => activate(node)} onToggle={() => setExpanded([node.id], !it.expanded)} />
          </li>
        );
      })}
    </ul>
  );
}

function Row({ item, t, onActivate, onToggle }: { item: VisibleItem; t: Translate; onActivate: () => void; onToggle: () => void }) {
  const { node, expanded } = item;
  const l = node.label;
  return (
    // Clicks are the mouse path; the keyboard path is the tree's own keydown handler.
    <div className="insp-row" onClick={onActivate}>
      <span
        className="insp-twisty"
        aria-hidden="true"
        onClick={(e) => {
          if (expanded === undefined) return;
          e.stopPropagation();
          onToggle();
        }}
      >
        {expanded === undefined ? '' : expanded ? '▾' : '▸'}
      </span>
      {l.type === 'group' ? (
        <span className="insp-group">{groupText(t, l.group)}</span>
      ) : (
        <>
          <span className="insp-kind">{l.type === 'namespace' ? 'Namespace' : l.kind}</span> <span className="insp-name">{l.name}</span>
        </>
      )}
      {node.status ? (
        <>
          {' '}
          <span className={`insp-status tone-${node.tone}`}>{node.status}</span>
        </>
      ) : null}
      {node.renewed !== undefined ? (
        <>
          {' '}
          <span className="insp-status">{t('insp.renewed', { age: node.renewed })}</span>
        </>
      ) : null}
    </div>
  );
}

function groupText(t: Translate, g: 'nodes' | 'leases' | 'other' | 'cluster'): string {
  switch (g) {
    case 'nodes':
      return t('insp.group.nodes');
    case 'leases':
      return t('insp.group.leases');
    case 'other':
      return t('insp.group.other');
    case 'cluster':
      return t('insp.group.cluster');
  }
}

/** What type-ahead matches: the object's name, not its kind (nearly every item is a Pod). */
function labelText(t: Translate, n: TreeNode): string {
  const l = n.label;
  return l.type === 'group' ? groupText(t, l.group) : l.name;
}
