/**
 * The zoom into one node of the node grid: the machine as the classroom picture draws it (STATUS
 * and taints, kubelet, container runtime, CNI, CSI node plugin, kube-proxy, its Pods) in a panel
 * over the diagram, live at the moment shown, with a way back. Its chips open the same component
 * cards and its ⋯ button the same fault menu as the full diagram (same DiagramActions context).
 * It is its own small React Flow picture, outside the main one, so the two never share a store.
 */
import { ReactFlow, type Edge } from '@xyflow/react';
import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';
import { useT } from '../i18n/react';
import type { DiagramEdge, DiagramNode } from './data';
import { EDGE_TYPES } from './edges';
import { toMachineGraph } from './model';
import { NODE_TYPES } from './nodes';
import * as gridMessages from '../i18n/messages/node-grid';
import { addMessages } from '../i18n/catalog';

// This feature's strings load with its chunk, not with the page (i18n/catalog.ts).
addMessages(gridMessages);

export interface NodeZoomProps {
  host: string;
  components: ReadonlyMap<string, ComponentSummary>;
  objects: ReadonlyMap<string, KObject>;
  trace: readonly TraceRecord[];
  leaders: ReadonlySet<string>;
  /** The room the panel has (the diagram panel's size). */
  room: { width: number; height: number };
  onClose: () => void;
}

const PAD = 8;
/** The machine's widest: the classroom picture's worker width. */
const MACHINE_W = 380;

export function NodeZoom({ host, components, objects, trace, leaders, room, onClose }: NodeZoomProps) {
  const t = useT();
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const width = Math.max(200, Math.min(MACHINE_W + 2 * PAD, room.width - 16));
  const graph = useMemo(() => toMachineGraph(host, components, objects, trace, leaders, width - 2 * PAD), [host, components, objects, trace, leaders, width]);
  // Focus moves into the panel, and back to where it was (the node's square) when it closes.
  useEffect(() => {
    const back = document.activeElement;
    close.current?.focus();
    return () => {
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [host]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };
  const b = graph?.bounds;
  const zoom = b ? Math.min(1, (width - 2 * PAD) / b.w) : 1;
  const viewport = useMemo(() => (b ? { x: PAD - b.x * zoom, y: PAD - b.y * zoom, zoom } : { x: 0, y: 0, zoom: 1 }), [b, zoom]);
  return (
    <section className="node-zoom" data-testid="node-zoom" data-node={host} role="dialog" aria-labelledby={titleId} style={{ width }} onKeyDown={onKeyDown}>
      <header className="node-zoom-head">
        <h3 id={titleId}>{t('zoom.title', { name: host })}</h3>
        <button ref={close} type="button" className="icon-button node-zoom-close" data-testid="node-zoom-close" aria-label={t('zoom.close')} title={t('zoom.close')} onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      {graph && b ? (
        <div className="node-zoom-scroll">
          <div className="diagram-canvas node-zoom-canvas" style={{ height: Math.ceil(b.h * zoom) + 2 * PAD }}>
            <ReactFlow<DiagramNode, DiagramEdge>
              nodes={graph.nodes}
              edges={graph.edges as Edge[] as DiagramEdge[]}
              nodeTypes={NODE_TYPES}
              edgeTypes={EDGE_TYPES}
              viewport={viewport}
              nodesDraggable={false}
              nodesConnectable={false}
              nodesFocusable={false}
              edgesFocusable={false}
              elementsSelectable={false}
              panOnDrag={false}
              panOnScroll={false}
              zoomOnScroll={false}
              zoomOnPinch={false}
              zoomOnDoubleClick={false}
              preventScrolling={false}
              proOptions={{ hideAttribution: true }}
              aria-label={t('zoom.title', { name: host })}
            />
          </div>
        </div>
      ) : (
        <p className="node-zoom-gone">{t('zoom.gone', { name: host })}</p>
      )}
    </section>
  );
}
