/**
 * Custom React Flow nodes. Every state is written out (Running/Stopped, leader, Pod STATUS) and
 * drawn with a shape cue (dashed border when stopped), never by colour alone.
 */
import { Handle, Position, type NodeProps, type Node } from '@xyflow/react';
import { memo } from 'react';
import { useT } from '../i18n/react';
import type { ComponentNodeData, GroupNodeData, PodNodeData } from './model';

const hidden = { opacity: 0 };

export const ComponentNode = memo(function ComponentNode({ data }: NodeProps<Node<ComponentNodeData, 'component'>>) {
  const t = useT();
  const cls = ['diagram-component', `kind-${data.kind}`, data.running ? 'is-running' : 'is-stopped', data.active ? 'is-active' : ''].join(' ');
  return (
    <div className={cls} data-testid={`diagram-${data.componentId}`}>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      <span className="diagram-label">{data.label}</span>
      <span className="diagram-state">
        {data.running ? t('diagram.running') : t('diagram.stopped')}
        {data.leader ? ` · ${t('diagram.leader')}` : ''}
      </span>
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </div>
  );
});

export const PodNode = memo(function PodNode({ data }: NodeProps<Node<PodNodeData, 'pod'>>) {
  const ok = data.status === 'Running' && data.ready.split('/')[0] === data.ready.split('/')[1];
  return (
    <div className={`diagram-pod ${ok ? 'is-ok' : 'is-problem'}`} title={`${data.namespace}/${data.name}`}>
      <span className="diagram-pod-name">{data.name}</span>
      <span className="diagram-pod-status">
        {data.ready} {data.status}
      </span>
    </div>
  );
});

export const GroupNode = memo(function GroupNode({ data }: NodeProps<Node<GroupNodeData, 'group'>>) {
  return <div className="diagram-group-label">{data.label}</div>;
});

/** Module scope: a new object per render would make React Flow rebuild every node. */
export const NODE_TYPES = { component: ComponentNode, pod: PodNode, group: GroupNode };
