/**
 * The cluster's architecture, live at the moment shown: every component where it runs, the Pods
 * on each node, the message in flight and the edge the latest one travelled along. Clicking a
 * component opens its card; right-clicking a box (or Shift+F10 on it) opens its fault menu.
 */
import { Background, Controls, ReactFlow, type Edge, type NodeMouseHandler, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useReducedMotion } from 'framer-motion';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { ComponentCard } from './ComponentCard';
import { DiagramActionsContext, type DiagramActions, type MenuAnchor } from './context';
import './diagram.css';
import { ExportButtons } from './ExportButtons';
import { FaultMenu } from './FaultMenu';
import { leaderIds } from './leaders';
import { toFlowGraph, type DiagramNode } from './model';
import { NODE_TYPES } from './nodes';
import { activeFaults, faultActions } from './targets';
import { Tokens } from './Tokens';

/**
 * React Flow gives a node pointer events only when it is selectable, draggable or has a mouse
 * handler; ours are neither, and the buttons inside them handle clicks themselves.
 */
const keepPointerEvents: NodeMouseHandler<DiagramNode> = () => undefined;

type MenuState = { diagramId: string; name: string; at: { x: number; y: number }; anchor: MenuAnchor };

function nameOf(node: DiagramNode): string {
  if (node.type === 'group') return node.data.host;
  if (node.type === 'component') return node.data.componentId;
  return node.id;
}

export function ArchitectureView() {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const components = useApp((s) => s.cluster.components);
  const targets = useApp((s) => s.cluster.targets);
  const objects = useApp((s) => s.cluster.objects);
  const trace = useApp((s) => s.cluster.trace);
  const reduced = useReducedMotion() === true;
  const leaders = useMemo(() => leaderIds(objects, components), [objects, components]);
  const graph = useMemo(() => toFlowGraph(components, objects, trace, leaders), [components, objects, trace, leaders]);
  // The lit edge stays; only its marching dashes go when the learner asked for less motion.
  const edges = useMemo<Edge[]>(
    () => (reduced ? graph.edges.map((e) => (e.animated ? { ...e, animated: false } : e)) : graph.edges),
    [graph.edges, reduced],
  );
  const [selected, setSelected] = useState<string | undefined>();
  const [menu, setMenu] = useState<MenuState | undefined>();
  const panel = useRef<HTMLElement>(null);
  const comps = useRef(components);
  comps.current = components;
  const faultTargets = useRef(targets);
  faultTargets.current = targets;

  const actions = useMemo<DiagramActions>(
    () => ({
      openCard: (id) => setSelected(id),
      openMenu: (diagramId, name, anchor) => {
        if (faultActions(diagramId, comps.current, faultTargets.current, activeFaults(comps.current)).length === 0) return;
        const r = panel.current?.getBoundingClientRect();
        setMenu({ diagramId, name, anchor, at: { x: anchor.x - (r?.left ?? 0), y: anchor.y - (r?.top ?? 0) } });
      },
    }),
    [],
  );
  const closeMenu = useCallback(() => setMenu(undefined), []);
  const onNodeContextMenu: NodeMouseHandler<DiagramNode> = (e, node) => {
    if (faultActions(node.id, components, targets, activeFaults(components)).length === 0) return;
    e.preventDefault();
    const focusable = (e.currentTarget as HTMLElement).querySelector<HTMLElement>('button');
    actions.openMenu(node.id, nameOf(node), { x: e.clientX, y: e.clientY, returnFocus: focusable });
  };

  // Refit when the picture's shape changes (boot, Pods arriving), not on every status update.
  const flow = useRef<ReactFlowInstance<DiagramNode, Edge> | null>(null);
  const shape = graph.nodes.length;
  useEffect(() => {
    void flow.current?.fitView({ padding: 0.05 });
  }, [shape]);
  // …and when the canvas itself changes size (window resize, presenter mode's taller canvas).
  const canvas = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => void flow.current?.fitView({ padding: 0.05 }));
    });
    ro.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, []);

  const ariaLabelConfig = useMemo(
    () => ({
      'controls.ariaLabel': t('diagram.controls'),
      'controls.zoomIn.ariaLabel': t('diagram.zoomIn'),
      'controls.zoomOut.ariaLabel': t('diagram.zoomOut'),
      'controls.fitView.ariaLabel': t('diagram.fitView'),
    }),
    [t],
  );

  return (
    <section ref={panel} className="panel diagram-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('diagram.title')}</h2>
      <p id={hintId} className="diagram-hint">
        {t('diagram.hint')}
      </p>
      <DiagramActionsContext.Provider value={actions}>
        <div className="diagram-canvas" data-testid="architecture" aria-describedby={hintId} ref={canvas}>
          <ReactFlow<DiagramNode, Edge>
            nodes={graph.nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodeClick={keepPointerEvents}
            onNodeContextMenu={onNodeContextMenu}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            fitView
            fitViewOptions={{ padding: 0.05 }}
            onInit={(instance) => {
              flow.current = instance;
            }}
            minZoom={0.1}
            proOptions={{ hideAttribution: true }}
            ariaLabelConfig={ariaLabelConfig}
            aria-label={t('diagram.title')}
          >
            <Background gap={24} />
            <Controls showInteractive={false} fitViewOptions={{ padding: 0.05 }} />
            <ExportButtons />
            <Tokens trace={trace} nodes={graph.nodes} components={components} leaders={leaders} />
          </ReactFlow>
        </div>
        {selected ? <ComponentCard id={selected} leaders={leaders} onClose={() => setSelected(undefined)} /> : null}
        {menu ? <FaultMenu {...menu} onClose={closeMenu} /> : null}
      </DiagramActionsContext.Provider>
    </section>
  );
}
