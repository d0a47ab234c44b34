/**
 * The diagram's one edge type: the route the model computed around the boxes (route.ts), drawn
 * with rounded corners. React Flow's own handle positions are ignored.
 */
import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { DiagramEdge } from './data';
import { pathData } from './polyline';

export const RoutedEdge = memo(function RoutedEdge({ id, data, style }: EdgeProps<DiagramEdge>) {
  if (!data?.points.length) return null;
  return <BaseEdge id={id} path={pathData(data.points)} style={style} interactionWidth={0} />;
});

/** Module scope, like NODE_TYPES. */
export const EDGE_TYPES = { routed: RoutedEdge };
