/**
 * The node grid: a big cluster's workers as one React Flow node (never one node per machine),
 * one small square per node coloured by state — Ready, NotReady (striped, so it reads without
 * colour), Ready under pressure (a notch) — and shaded by how many Pods run there, with a legend,
 * the counts and, when nodes carry zones, one block per zone. A square is a button: clicking it
 * (or Enter on it) zooms into that node; the arrow keys move between squares with one tab stop
 * for the whole grid; Shift+F10 or a right-click opens the node's fault menu. Cells re-render only
 * when their own node changes (memo on plain props).
 */
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo, useCallback, useContext, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocale, useT, type Translate } from '../i18n/react';
import { anchorBelow, isMenuKey, useDiagramActions, ZoomedNodeContext } from './context';
import type { NodeGridData } from './data';
import { nodeGroupId } from './actors';
import type { GridGeometry, ZoneBlock } from './grid-layout';
import { shade, type CellState, type NodeAggregate, type ZoneGroup } from './node-grid-model';
import * as gridMessages from '../i18n/messages/node-grid';
import { addMessages } from '../i18n/catalog';

// This feature's strings load with its chunk, not with the page (i18n/catalog.ts).
addMessages(gridMessages);

const hidden = { opacity: 0 };

interface CellProps {
  name: string;
  state: CellState;
  status: string;
  pressure: string;
  pods: number;
  shade: number;
  label: boolean;
  first: boolean;
  focus: boolean;
  zoomed: boolean;
  t: Translate;
}

const Cell = memo(function Cell({ name, state, status, pressure, pods, shade: s, label, first, focus, zoomed, t }: CellProps) {
  const words = t('grid.cell', { name, status: pressure ? `${status} (${pressure})` : status, count: pods });
  return (
    <button
      type="button"
      className={`node-cell state-${state} shade-${s}${focus ? ' is-focus' : ''}${zoomed ? ' is-zoomed' : ''}`}
      data-testid="node-cell"
      data-node={name}
      data-state={state}
      data-pods={pods}
      tabIndex={first ? 0 : -1}
      aria-label={words}
      title={words}
    >
      {label ? pods : null}
    </button>
  );
});

interface ZoneProps {
  group: ZoneGroup;
  block: ZoneBlock;
  geometry: GridGeometry;
  zoned: boolean;
  maxPods: number;
  first: boolean;
  focus: ReadonlySet<string> | undefined;
  zoomed: string | undefined;
  t: Translate;
  fmt: (n: number) => string;
}

const Zone = memo(function Zone({ group, block, geometry, zoned, maxPods, first, focus, zoomed, t, fmt }: ZoneProps) {
  const head = group.zone ? t('grid.zone', { zone: group.zone, count: group.nodes }) : t('grid.noZone', { count: group.nodes });
  return (
    <div className="node-grid-zone" style={{ left: block.x, top: block.y - geometry.headH, width: block.w }}>
      {zoned ? (
        <div className="node-grid-zone-head" style={{ height: geometry.headH }}>
          {head}
          {group.notReady ? <span className="node-grid-zone-bad"> · {t('grid.zoneNotReady', { count: fmt(group.notReady) })}</span> : null}
        </div>
      ) : null}
      <div className="node-grid-cells" style={{ gridTemplateColumns: `repeat(${block.cols}, ${geometry.cell}px)`, gridAutoRows: `${geometry.cell}px`, gap: geometry.gap }}>
        {group.cells.map((c, i) => (
          <Cell
            key={c.name}
            name={c.name}
            state={c.state}
            status={c.status}
            pressure={c.pressure.join(', ')}
            pods={c.pods}
            shade={shade(c.pods, maxPods)}
            label={geometry.labels}
            first={first && i === 0}
            focus={focus?.has(c.name) ?? false}
            zoomed={zoomed === c.name}
            t={t}
          />
        ))}
      </div>
    </div>
  );
});

function Legend({ aggregate, height, t, fmt }: { aggregate: NodeAggregate; height: number; t: Translate; fmt: (n: number) => string }) {
  const c = aggregate.counts;
  return (
    <div className="node-grid-legend" style={{ minHeight: height }}>
      <span className="node-grid-key">
        <span className="node-cell-swatch state-ready shade-2" aria-hidden="true" />
        {t('grid.ready', { count: fmt(c.ready) })}
      </span>
      <span className={`node-grid-key${c.notReady ? ' is-bad' : ''}`}>
        <span className="node-cell-swatch state-notready shade-2" aria-hidden="true" />
        {t('grid.notReady', { count: fmt(c.notReady) })}
      </span>
      <span className="node-grid-key">
        <span className="node-cell-swatch state-pressure shade-2" aria-hidden="true" />
        {t('grid.pressure', { count: fmt(c.pressure) })}
      </span>
      <span className="node-grid-key">{t('grid.pods', { count: fmt(c.pods) })}</span>
      <span className="node-grid-key">
        <span className="node-grid-scale" aria-hidden="true">
          {[0, 1, 2, 3].map((s) => (
            <span key={s} className={`node-cell-swatch state-ready shade-${s}`} />
          ))}
        </span>
        {t('grid.shade', { max: fmt(aggregate.maxPods) })}
      </span>
    </div>
  );
}

/** The cell a keyboard or pointer event happened on. */
function cellOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof HTMLElement ? target.closest<HTMLElement>('[data-node]') : null;
}

/** Moves the grid's one tab stop to `cell` and focuses it. */
function rove(from: HTMLElement, cell: HTMLElement | null | undefined): void {
  if (!cell) return;
  from.tabIndex = -1;
  cell.tabIndex = 0;
  cell.focus();
}

function step(cell: HTMLElement, e: KeyboardEvent<HTMLElement>): HTMLElement | null | undefined {
  const zone = cell.parentElement!;
  const cells = zone.children;
  const i = Array.prototype.indexOf.call(cells, cell) as number;
  const cols = getComputedStyle(zone).gridTemplateColumns.split(' ').length;
  const at = (k: number): HTMLElement | undefined => (k >= 0 && k < cells.length ? (cells[k] as HTMLElement) : undefined);
  switch (e.key) {
    case 'ArrowRight':
      return at(i + 1) ?? (zone.parentElement?.nextElementSibling?.querySelector<HTMLElement>('[data-node]') ?? null);
    case 'ArrowLeft':
      return at(i - 1) ?? null;
    case 'ArrowDown':
      return at(i + cols) ?? null;
    case 'ArrowUp':
      return at(i - cols) ?? null;
    case 'Home':
      return at(0);
    case 'End':
      return at(cells.length - 1);
    default:
      return undefined;
  }
}

export const NodeGridNode = memo(function NodeGridNode({ data }: NodeProps<Node<NodeGridData, 'grid'>>) {
  const t = useT();
  const [locale] = useLocale();
  const actions = useDiagramActions();
  const zoomed = useContext(ZoomedNodeContext);
  const fmt = useCallback((n: number) => n.toLocaleString(locale), [locale]);
  const { aggregate, geometry } = data;
  const focus = data.focus?.length ? new Set(data.focus) : undefined;
  const onClick = (e: MouseEvent<HTMLElement>): void => {
    const cell = cellOf(e.target);
    if (cell?.dataset.node) actions.openNode(cell.dataset.node);
  };
  const onContextMenu = (e: MouseEvent<HTMLElement>): void => {
    const cell = cellOf(e.target);
    if (!cell?.dataset.node) return;
    e.preventDefault();
    e.stopPropagation();
    actions.openMenu(nodeGroupId(cell.dataset.node), cell.dataset.node, { x: e.clientX, y: e.clientY, returnFocus: cell });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    const cell = cellOf(e.target);
    if (!cell?.dataset.node) return;
    if (isMenuKey(e)) {
      e.preventDefault();
      actions.openMenu(nodeGroupId(cell.dataset.node), cell.dataset.node, anchorBelow(cell));
      return;
    }
    const next = step(cell, e);
    if (next === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    rove(cell, next);
  };
  const label = t('grid.label', { count: aggregate.counts.nodes });
  return (
    <div className={`node-grid${data.active ? ' is-active' : ''}${focus ? ' is-focus' : ''}`} data-testid="node-grid" role="group" aria-label={label} title={t('grid.hint')}>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      <Legend aggregate={aggregate} height={geometry.legendH} t={t} fmt={fmt} />
      {/* One listener for every cell: thousands of buttons share it. */}
      <div className="node-grid-body nodrag" onClick={onClick} onContextMenu={onContextMenu} onKeyDown={onKeyDown}>
        {aggregate.zones.map((z, i) => (
          <Zone key={z.zone} group={z} block={geometry.zones[i]!} geometry={geometry} zoned={aggregate.zoned} maxPods={aggregate.maxPods} first={i === 0} focus={focus} zoomed={zoomed !== undefined && z.cells.some((c) => c.name === zoomed) ? zoomed : undefined} t={t} fmt={fmt} />
        ))}
      </div>
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </div>
  );
});
