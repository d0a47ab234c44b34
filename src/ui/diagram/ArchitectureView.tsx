/**
 * The cluster's architecture, live at the moment shown: every component where it runs, the Pods
 * on each node, the message in flight and the edge the latest one travelled along. It fills its
 * parent; the picture is laid out for the canvas's size and shown as large as fits, never below a
 * readable size (a bigger picture gets an overview map). Clicking a component opens its card;
 * right-clicking a box (or Shift+F10 on it) opens its fault menu. While a lesson step points at
 * something it is highlighted and the rest dimmed; while a prediction asks for a component or a
 * node, clicking one answers. A cluster with more workers than can be drawn one by one shows them
 * as the node grid (NodeGrid.tsx); clicking a node there zooms into its machine (NodeZoom.tsx).
 */
import { Background, Controls, MiniMap, ReactFlow, type Edge, type NodeMouseHandler, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { SLOW_BOOT, useRebuilding } from '../components/ScaleDial';
import { useLocale, useT } from '../i18n/react';
import { useLessonController } from '../lessons/react';
import { openPrediction, stageFocus } from '../lessons/state';
import { useApp } from '../store/react';
import type { Frame } from './arrange';
import { ComponentCard } from './ComponentCard';
import { DiagramActionsContext, ZoomedNodeContext, type DiagramActions, type MenuAnchor } from './context';
import type { DiagramEdge, DiagramNode, NodeGridData } from './data';
import './diagram.css';
import { EDGE_TYPES } from './edges';
import { ExportButtons } from './ExportButtons';
import type { DiagramChoice } from './focus';
import { FaultMenu } from './FaultMenu';
import { HelpButton } from './HelpButton';
import { leaderIds } from './leaders';
import { DEFAULT_FRAME, litHopKey, toFlowGraph, withGridAggregate } from './model';
import type { NodeAggregate } from './node-grid-model';
import { drawnComponents, gridShape, pictureObjects, type DrawnComponents, type PictureObjects } from './picture-inputs';
import { NODE_TYPES } from './nodes';
import { aggregates, GRID_ID, machineHosts } from './scene';
import type { TraceRecord } from '../../engine/core/trace';
import { activeFaults, faultActions } from './targets';
import { useReducedMotion } from '../components/use-reduced-motion';
import { NARROW, defaultView, layoutFrame } from './viewport';
import { inspectObject } from '../layout/layout-store';

// The travelling tokens bring the animation library; the picture draws without waiting for it.
const Tokens = lazy(() => import('./Tokens').then((m) => ({ default: m.Tokens })));
// Only a cluster drawn as the node grid zooms into a node: the zoom loads when first opened.
const NodeZoom = lazy(() => import('./NodeZoom').then((m) => ({ default: m.NodeZoom })));

/**
 * React Flow gives a node pointer events only when it is selectable, draggable or has a mouse
 * handler; ours are neither, and the buttons inside them handle clicks themselves.
 */
const keepPointerEvents: NodeMouseHandler<DiagramNode> = () => undefined;

type MenuState = { diagramId: string; name: string; at: { x: number; y: number }; anchor: MenuAnchor };

function nameOf(node: DiagramNode): string {
  if (node.type === 'machine') return node.data.host;
  if (node.type === 'component' || node.type === 'agent') return node.data.componentId;
  return node.id;
}

const MINIMAP_STYLE = { width: 120, height: 80 };

export function ArchitectureView() {
  const t = useT();
  const [locale] = useLocale();
  const rebuilding = useRebuilding();
  const headingId = useId();
  const hintId = useId();
  // The picture follows the moment at transition priority: its layout, routing and React Flow
  // update render in interruptible slices behind the playback bar and terminal, so playing at
  // 20× does not block the main thread for a frame's worth of work at a time. The three are
  // deferred together and so always come from the same moment.
  const components = useDeferredValue(useApp((s) => s.cluster.components));
  const targets = useApp((s) => s.cluster.targets);
  const objects = useDeferredValue(useApp((s) => s.cluster.objects));
  const trace = useDeferredValue(useApp((s) => s.cluster.trace));
  const lessons = useApp((s) => s.lessons);
  const lessonController = useLessonController();
  const reduced = useReducedMotion();
  const playing = useApp((s) => s.playback.playing);
  // What the picture draws from the moment, kept while it draws the same (picture-inputs.ts): at
  // a thousand nodes most moments change no drawn object or component, so the picture stays.
  const drawn = useRef<DrawnComponents | undefined>(undefined);
  const drawnComps = useMemo(() => (drawn.current = drawnComponents(components, drawn.current)).components, [components]);
  const hosts = useMemo(() => machineHosts(drawnComps), [drawnComps]);
  const inputs = useRef<PictureObjects | undefined>(undefined);
  const picture = useMemo(() => (inputs.current = pictureObjects(objects, hosts.controlPlanes, hosts.workers, aggregates(hosts.workers.length), inputs.current)), [objects, hosts]);
  const pictureObjs = picture.objects;
  // A big cluster's workers, aggregated once per moment; an unchanged picture keeps the previous
  // aggregate, so the grid's thousands of cells do not even re-render.
  const nodes = picture.nodes;
  const lastLeaders = useRef<ReadonlySet<string>>(new Set());
  const leaders = useMemo(() => {
    const next = leaderIds(pictureObjs, drawnComps);
    const prev = lastLeaders.current;
    return (lastLeaders.current = prev.size === next.size && [...next].every((id) => prev.has(id)) ? prev : next);
  }, [pictureObjs, drawnComps]);
  // The picture reads the trace only for the latest message's edge (litHop): keep the trace it was
  // drawn from while that edge is the same.
  const hopKey = useMemo(() => litHopKey(trace, drawnComps, leaders), [trace, drawnComps, leaders]);
  const lit = useRef<{ key: string; trace: readonly TraceRecord[] } | undefined>(undefined);
  if (!lit.current || lit.current.key !== hopKey) lit.current = { key: hopKey, trace };
  const litTrace = lit.current.trace;

  // The canvas's size decides the arrangement (wide frames put workers in a row, narrow ones stack them).
  const canvas = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Frame | undefined>();
  useEffect(() => {
    const el = canvas.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const measure = (): void => {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return;
      const next = { width: Math.round(r.width), height: Math.round(r.height) };
      setSize((cur) => (cur && cur.width === next.width && cur.height === next.height ? cur : next));
    };
    measure();
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    ro.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, []);
  const frameW = size ? layoutFrame(size).width : DEFAULT_FRAME.width;
  const frameH = size ? layoutFrame(size).height : DEFAULT_FRAME.height;
  const layoutFor = useMemo<Frame>(() => ({ width: frameW, height: frameH }), [frameW, frameH]);

  const focus = useMemo(() => stageFocus(lessons), [lessons]);
  const prediction = useMemo(() => openPrediction(lessons), [lessons]);
  const choice = useMemo<DiagramChoice | undefined>(() => {
    if (!prediction || prediction.form === 'choice') return undefined;
    return lessons.choice === undefined ? { form: prediction.form, options: prediction.options } : { form: prediction.form, options: prediction.options, chosen: lessons.choice };
  }, [prediction, lessons.choice]);
  // Laid out from the grid's shape; its cells then draw the moment's aggregate (gridShape).
  const lastShape = useRef<NodeAggregate | undefined>(undefined);
  const shape = useMemo(() => (lastShape.current = gridShape(nodes, lastShape.current)), [nodes]);
  const laidOut = useMemo(() => toFlowGraph(drawnComps, pictureObjs, litTrace, leaders, { frame: layoutFor, focus, choice, ...(shape ? { nodes: shape } : {}) }), [drawnComps, pictureObjs, litTrace, leaders, layoutFor, focus, choice, shape]);
  const graph = useMemo(() => (nodes ? withGridAggregate(laidOut, nodes) : laidOut), [laidOut, nodes]);
  // The lit edge stays; its dashes march only while the cluster plays. Paused (how a learner reads
  // a moment) or with less motion asked for, it rests: an endless CSS animation on a paused page
  // kept a third of a core busy restyling and repainting an SVG path for nothing.
  const marching = playing && !reduced;
  const edges = useMemo<DiagramEdge[]>(() => (marching ? graph.edges : graph.edges.map((e) => (e.animated ? { ...e, animated: false } : e))), [graph.edges, marching]);

  const [selected, setSelected] = useState<string | undefined>();
  const [zoomed, setZoomed] = useState<string | undefined>();
  const [menu, setMenu] = useState<MenuState | undefined>();
  const panel = useRef<HTMLElement>(null);
  const comps = useRef(components);
  comps.current = components;
  const faultTargets = useRef(targets);
  faultTargets.current = targets;
  const lessonRef = useRef(lessonController);
  lessonRef.current = lessonController;

  const actions = useMemo<DiagramActions>(
    () => ({
      openCard: (id) => setSelected(id),
      openMenu: (diagramId, name, anchor) => {
        if (faultActions(diagramId, comps.current, faultTargets.current, activeFaults(comps.current)).length === 0) return;
        const r = panel.current?.getBoundingClientRect();
        setMenu({ diagramId, name, anchor, at: { x: anchor.x - (r?.left ?? 0), y: anchor.y - (r?.top ?? 0) } });
      },
      choose: (option) => lessonRef.current?.choose(option),
      openNode: (host) => setZoomed(host),
      inspect: (key) => inspectObject(key),
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

  // The default view follows the picture (boot, Pods arriving, a resize) until the learner pans or zooms.
  const flow = useRef<ReactFlowInstance<DiagramNode, Edge> | null>(null);
  const moved = useRef(false);
  // A new cluster (another topology) starts from the default view again.
  const machines = useMemo(
    () =>
      graph.nodes
        .filter((n) => n.id.startsWith('node:') || n.id === GRID_ID)
        .map((n) => (n.id === GRID_ID ? `grid:${(n.data as NodeGridData).aggregate.counts.nodes}` : n.id))
        .join(' '),
    [graph.nodes],
  );
  useEffect(() => {
    moved.current = false;
    setZoomed(undefined);
  }, [machines]);
  const view = useMemo(() => defaultView(graph.bounds, size ?? { width: DEFAULT_FRAME.width + 56, height: DEFAULT_FRAME.height + 16 }), [graph.bounds, size]);
  const applyView = useCallback(() => {
    if (!moved.current) void flow.current?.setViewport({ x: view.x, y: view.y, zoom: view.zoom });
  }, [view]);
  useEffect(applyView, [applyView]);

  const ariaLabelConfig = useMemo(
    () => ({
      'controls.ariaLabel': t('diagram.controls'),
      'controls.zoomIn.ariaLabel': t('diagram.zoomIn'),
      'controls.zoomOut.ariaLabel': t('diagram.zoomOut'),
      'controls.fitView.ariaLabel': t('diagram.fitView'),
      'minimap.ariaLabel': t('diagram.overview'),
    }),
    [t],
  );
  const narrow = (size?.width ?? 1000) < NARROW;

  return (
    <section ref={panel} className="panel diagram-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('diagram.title')}
      </h2>
      <p id={hintId} className="visually-hidden">
        {t(choice ? 'diagram.choiceHint' : 'diagram.hint')}
      </p>
      <DiagramActionsContext.Provider value={actions}>
        <ZoomedNodeContext.Provider value={zoomed}>
        <div className={`diagram-canvas${graph.focused ? ' has-focus' : ''}${choice ? ' has-choice' : ''}`} data-testid="architecture" aria-describedby={hintId} ref={canvas}>
          <ReactFlow<DiagramNode, DiagramEdge>
            nodes={graph.nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            onNodeClick={keepPointerEvents}
            onNodeContextMenu={onNodeContextMenu}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            onInit={(instance) => {
              flow.current = instance as unknown as ReactFlowInstance<DiagramNode, Edge>;
              applyView();
            }}
            onMoveStart={(event) => {
              // Only the learner's own pans and zooms (programmatic moves carry no event).
              if (event) moved.current = true;
            }}
            minZoom={0.1}
            maxZoom={3}
            proOptions={{ hideAttribution: true }}
            ariaLabelConfig={ariaLabelConfig}
            aria-label={t('diagram.title')}
          >
            <Background gap={24} />
            <Controls
              showInteractive={false}
              position={narrow ? 'bottom-left' : 'top-right'}
              orientation={narrow ? 'horizontal' : 'vertical'}
              fitViewOptions={{ padding: '8px' }}
              onFitView={() => {
                moved.current = true;
                void flow.current?.fitView({ padding: '8px' });
              }}
            />
            <ExportButtons narrow={narrow} />
            <HelpButton narrow={narrow} text={t(choice ? 'diagram.choiceHint' : 'diagram.hint')} />
            {/* On a phone the overview would cover a third of the canvas's width over the machines
                it summarises; a finger pans the diagram itself. */}
            {view.whole || narrow ? null : <MiniMap position="bottom-right" pannable zoomable style={MINIMAP_STYLE} nodeStrokeWidth={2} className="diagram-overview no-export" />}
            <Suspense fallback={null}>
              <Tokens trace={trace} graph={graph} components={components} leaders={leaders} />
            </Suspense>
          </ReactFlow>
        </div>
        {zoomed ? (
          <Suspense fallback={null}>
            <NodeZoom host={zoomed} components={components} objects={objects} trace={trace} leaders={leaders} room={size ?? { width: DEFAULT_FRAME.width, height: DEFAULT_FRAME.height }} onClose={() => setZoomed(undefined)} />
          </Suspense>
        ) : null}
        {selected ? <ComponentCard id={selected} leaders={leaders} onClose={() => setSelected(undefined)} /> : null}
        {menu ? <FaultMenu {...menu} onClose={closeMenu} /> : null}
        {rebuilding ? (
          <div className="diagram-rebuilding" role="status" data-testid="diagram-rebuilding">
            <Loader2 className="scale-spinner" size={18} aria-hidden="true" />
            {rebuilding.nodes !== undefined ? t('scale.busy', { nodes: rebuilding.nodes.toLocaleString(locale) }) : t('scale.busyAny')}
            {rebuilding.nodes !== undefined && rebuilding.nodes >= SLOW_BOOT ? <span className="diagram-rebuilding-why">{t('scale.bootSlow')}</span> : null}
          </div>
        ) : null}
        </ZoomedNodeContext.Provider>
      </DiagramActionsContext.Provider>
    </section>
  );
}
