/**
 * Custom React Flow nodes. Every state is written out (Running/Stopped, leader, raft leader, Pod
 * STATUS) and drawn with a shape cue (dashed border when stopped, a glyph and border style per
 * Pod state), never by colour alone. Components are real buttons: Tab reaches them, Enter opens
 * the card, Shift+F10 or the ContextMenu key opens the fault menu.
 */
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n/react';
import { anchorBelow, isMenuKey, useDiagramActions } from './context';
import type { ComponentNodeData, GroupNodeData } from './model';
import { SHAPE_GLYPH, type PodNodeData } from './pods';

const hidden = { opacity: 0 };

function Handles({ children }: { children: ReactNode }) {
  return (
    <>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      {children}
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </>
  );
}

function useMenuKey(id: string, name: string) {
  const actions = useDiagramActions();
  return (e: KeyboardEvent<HTMLElement>) => {
    if (!isMenuKey(e)) return;
    // Cancelling the keydown also stops the browser's own contextmenu event for this key.
    e.preventDefault();
    actions.openMenu(id, name, anchorBelow(e.currentTarget));
  };
}

export const ComponentNode = memo(function ComponentNode({ id, data }: NodeProps<Node<ComponentNodeData, 'component'>>) {
  const t = useT();
  const actions = useDiagramActions();
  const label = data.labelKey ? t(data.labelKey) : data.label;
  const onKeyDown = useMenuKey(id, label);
  const stopped = !data.running && !data.absent;
  const cls = ['diagram-component', `kind-${data.kind}`, data.absent ? 'is-absent' : stopped ? 'is-stopped' : 'is-running', data.active ? 'is-active' : ''].join(' ');
  const words: string[] = [];
  if (data.absent) words.push(t('diagram.ccmAbsent'));
  else if (data.kind !== 'user') words.push(data.running ? t('diagram.running') : t('diagram.stopped'));
  if (data.leader === true) words.push(t('diagram.leader'));
  if (data.leader === false && data.running) words.push(t('diagram.standby'));
  if (data.raft?.leader) words.push(t('diagram.raftLeader', { term: data.raft.term }));
  else if (data.raft && data.running) words.push(t('diagram.raftFollower'));
  const body = (
    <>
      <span className="diagram-label">{label}</span>
      <span className="diagram-state">{words.join(' · ')}</span>
      {data.faults && stopped ? <span className="diagram-faults">{data.faults.join(', ')}</span> : null}
      {data.controllers ? (
        <span className="diagram-controllers" aria-label={t('diagram.controllers')}>
          {data.controllers.map((c) => (
            <span key={c}>{c}</span>
          ))}
        </span>
      ) : null}
    </>
  );
  const interactive = data.kind !== 'user' && !data.absent;
  return (
    <div className={cls} data-testid={`diagram-${id}`}>
      <Handles>
        {interactive ? (
          <button type="button" className="diagram-open nodrag nopan" onClick={() => actions.openCard(data.componentId)} onKeyDown={onKeyDown}>
            {body}
          </button>
        ) : (
          <div className="diagram-open">{body}</div>
        )}
      </Handles>
    </div>
  );
});

export const PodNode = memo(function PodNode({ data }: NodeProps<Node<PodNodeData, 'pod'>>) {
  const t = useT();
  return (
    <div className={`diagram-pod shape-${data.shape}`} title={`${data.namespace}/${data.name}`} data-status={data.status}>
      <div className="diagram-pod-head">
        <span className="diagram-pod-glyph" aria-hidden="true">
          {SHAPE_GLYPH[data.shape]}
        </span>
        <span className="diagram-pod-name">{data.name}</span>
        <span className="diagram-pod-status">
          {data.ready} {data.status}
        </span>
      </div>
      <ul className="diagram-containers" aria-label={t('diagram.containers', { name: data.name })}>
        {data.containers.map((c) => (
          <li key={c.name} className={c.ready ? 'is-ready' : 'is-not-ready'}>
            <span aria-hidden="true">{c.ready ? '▪' : '▫'}</span> {c.name}: {c.state}
          </li>
        ))}
      </ul>
    </div>
  );
});

export const GroupNode = memo(function GroupNode({ id, data }: NodeProps<Node<GroupNodeData, 'group'>>) {
  const t = useT();
  const actions = useDiagramActions();
  const name = t(data.labelKey, { host: data.host });
  const onKeyDown = useMenuKey(id, data.host);
  const state = [data.poweredOff ? t('diagram.group.poweredOff') : '', data.partitioned ? t('diagram.group.partitioned') : ''].filter(Boolean);
  const label = [name, ...state].join(' · ');
  const cls = ['diagram-group', data.poweredOff ? 'is-powered-off' : '', data.partitioned ? 'is-partitioned' : '', data.active ? 'is-active' : ''].join(' ');
  return (
    <div className={cls} data-testid={`diagram-${id}`}>
      <span className="diagram-group-label" title={label}>
        {label}
      </span>
      {data.virtual ? null : (
        <button
          type="button"
          className="diagram-group-menu nodrag nopan"
          aria-label={t('diagram.faultsButton', { name: data.host })}
          aria-haspopup="menu"
          onClick={(e) => actions.openMenu(id, data.host, anchorBelow(e.currentTarget))}
          onKeyDown={onKeyDown}
        >
          ⋯
        </button>
      )}
    </div>
  );
});

/** Module scope: a new object per render would make React Flow rebuild every node. */
export const NODE_TYPES = { component: ComponentNode, pod: PodNode, group: GroupNode };
