/**
 * The cluster's architecture, live: every component where it runs, the Pods on each node, and
 * the edge the latest message travelled along. Clicking a component opens its card.
 */
import { Background, Controls, ReactFlow, type Edge, type NodeMouseHandler, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { ComponentCard } from './ComponentCard';
import { leaderIds } from './leaders';
import { toFlowGraph, type DiagramNode } from './model';
import { NODE_TYPES } from './nodes';

export function ArchitectureView() {
  const t = useT();
  const headingId = useId();
  const components = useApp((s) => s.cluster.components);
  const objects = useApp((s) => s.cluster.objects);
  const trace = useApp((s) => s.cluster.trace);
  const leaders = useMemo(() => leaderIds(objects, components), [objects, components]);
  const graph = useMemo(() => toFlowGraph(components, objects, trace, leaders), [components, objects, trace, leaders]);
  const [selected, setSelected] = useState<string | undefined>();
  // Refit when the picture's shape changes (boot, Pods arriving), not on every status update.
  const flow = useRef<ReactFlowInstance<DiagramNode, Edge> | null>(null);
  const shape = graph.nodes.length;
  useEffect(() => {
    void flow.current?.fitView({ padding: 0.05 });
  }, [shape]);
  const onNodeClick: NodeMouseHandler = (_e, node) => {
    if (node.type === 'component' && node.id !== 'user') setSelected(node.id);
  };
  return (
    <section className="panel diagram-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('diagram.title')}</h2>
      <div className="diagram-canvas" data-testid="architecture">
        <ReactFlow
          nodes={graph.nodes}
          edges={graph.edges}
          nodeTypes={NODE_TYPES}
          onNodeClick={onNodeClick}
          nodesDraggable={false}
          nodesConnectable={false}
          fitView
          onInit={(instance) => {
            flow.current = instance;
          }}
          minZoom={0.2}
          proOptions={{ hideAttribution: true }}
          aria-label={t('diagram.title')}
        >
          <Background gap={24} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {selected ? <ComponentCard id={selected} onClose={() => setSelected(undefined)} /> : null}
    </section>
  );
}
