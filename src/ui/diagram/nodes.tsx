/**
 * Custom React Flow nodes. Every state is written out (Running/Stopped, leader, raft leader, Pod
 * STATUS, node STATUS) and drawn with a shape cue (dashed border and a power icon when stopped, a
 * shape per Pod state, a check, cross or question mark per node condition), never by colour alone.
 * Components and agents are real buttons: Tab reaches them, Enter opens the card (or, while a
 * prediction asks, chooses the answer), Shift+F10 or the ContextMenu key opens the fault menu.
 * Sizes come from the model (boxes.ts): the CSS must keep to them.
 */
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Check, CircleAlert, Ellipsis } from 'lucide-react';
import { Suspense, lazy, memo, type KeyboardEvent, type ReactNode } from 'react';
import { useT, type Translate } from '../i18n/react';
import { anchorBelow, isMenuKey, useDiagramActions } from './context';
import type { AgentNodeData, CaptionNodeData, ChoiceState, ComponentNodeData, MachineNodeData, NodeGridData } from './data';
import type { PodNodeData, SystemPodsData } from './pods';
import { CONDITION_ICON, KIND_ICON, PENDING_ICON, PodShapeIcon, STOPPED_ICON } from './shapes';
import { storageKey } from '../../k8s/storage-key';

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

function flags(d: { active?: boolean; focus?: boolean; choice?: ChoiceState | undefined }): string[] {
  return [d.active ? 'is-active' : '', d.focus ? 'is-focus' : '', d.choice ? 'is-choice' : '', d.choice?.selected ? 'is-chosen' : ''];
}

/** The words of a component's state line, in the page's language (boxes.ts componentWords sizes them in English). */
function stateWords(t: Translate, data: ComponentNodeData): string {
  const words: string[] = [];
  if (data.absent) words.push(t('diagram.ccmAbsent'));
  else if (data.kind !== 'user') words.push(data.running ? t('diagram.running') : t('diagram.stopped'));
  if (data.leader === true) words.push(t('diagram.leader'));
  if (data.leader === false && data.running) words.push(t('diagram.standby'));
  if (data.raft?.leader) words.push(t('diagram.raftLeader', { term: data.raft.term }));
  else if (data.raft && data.running) words.push(t('diagram.raftFollower'));
  return words.join(' · ');
}

/** A box this tall draws its icon above its words (kube-apiserver at the centre of the hub). */
const TALL = 60;

export const ComponentNode = memo(function ComponentNode({ id, data, height }: NodeProps<Node<ComponentNodeData, 'component'>>) {
  const t = useT();
  const actions = useDiagramActions();
  const label = data.labelKey ? t(data.labelKey) : data.label;
  const onKeyDown = useMenuKey(id, label);
  const stopped = !data.running && !data.absent;
  const Icon = stopped ? STOPPED_ICON : KIND_ICON[data.kind];
  const cls = ['diagram-component', `kind-${data.kind}`, data.hub ? 'is-hub' : '', (height ?? 0) >= TALL ? 'is-tall' : '', data.absent ? 'is-absent' : stopped ? 'is-stopped' : 'is-running', ...flags(data)].filter(Boolean).join(' ');
  const words = stateWords(t, data);
  const body = (
    <>
      <span className="diagram-icon" aria-hidden="true">
        {data.choice?.selected ? <Check size={14} strokeWidth={3} /> : <Icon size={14} strokeWidth={2.25} />}
      </span>
      <span className="diagram-text">
        <span className="diagram-label">{label}</span>
        {words ? <span className="diagram-state">{words}</span> : null}
        {data.faults && stopped ? <span className="diagram-faults">{data.faults.join(', ')}</span> : null}
      </span>
    </>
  );
  const interactive = data.kind !== 'user' && !data.absent;
  const choice = data.choice;
  return (
    <div className={cls} data-testid={`diagram-${id}`} title={data.absent ? t('diagram.ccmWhy') : undefined}>
      <Handles>
        {interactive ? (
          <button
            type="button"
            className="diagram-open nodrag nopan"
            onClick={() => (choice ? actions.choose(choice.option) : actions.openCard(data.componentId))}
            onKeyDown={onKeyDown}
            {...(choice ? { 'aria-pressed': choice.selected, title: t('diagram.choiceHint') } : {})}
          >
            {body}
          </button>
        ) : (
          <div className="diagram-open">{body}</div>
        )}
        {data.controllerChoices ? (
          <span className="diagram-controller-choices">
            {data.controllerChoices.map((c) => (
              <button
                key={c.option}
                type="button"
                className={`diagram-controller-choice nodrag nopan${c.selected ? ' is-chosen' : ''}`}
                aria-pressed={c.selected}
                aria-label={t('diagram.choose', { name: c.option })}
                onClick={() => actions.choose(c.option)}
              >
                {c.option}
              </button>
            ))}
          </span>
        ) : null}
      </Handles>
    </div>
  );
});

export const AgentNode = memo(function AgentNode({ id, data }: NodeProps<Node<AgentNodeData, 'agent'>>) {
  const t = useT();
  const actions = useDiagramActions();
  // The chip's word first, so its accessible name contains what it shows (WCAG 2.5.3).
  const label = data.labelKey ? `${data.short}: ${t(data.labelKey)}` : data.short;
  const onKeyDown = useMenuKey(id, id);
  const state = data.running ? t('diagram.running') : t('diagram.stopped');
  const name = `${t('diagram.agentName', { label, host: data.host })} · ${state}${data.faults?.length && !data.running ? ` (${data.faults.join(', ')})` : ''}`;
  const cls = ['diagram-agent', `kind-${data.kind}`, data.running ? 'is-running' : 'is-stopped', ...flags(data)].filter(Boolean).join(' ');
  const choice = data.choice;
  return (
    <div className={cls} data-testid={`diagram-${id}`}>
      <Handles>
        <button
          type="button"
          className="diagram-chip-button nodrag nopan"
          aria-label={choice ? t('diagram.choose', { name }) : name}
          title={name}
          onClick={() => (choice ? actions.choose(choice.option) : actions.openCard(data.componentId))}
          onKeyDown={onKeyDown}
          {...(choice ? { 'aria-pressed': choice.selected } : {})}
        >
          {data.running ? null : <STOPPED_ICON size={13} strokeWidth={2.5} aria-hidden="true" />}
          {choice?.selected ? <Check size={12} strokeWidth={3} aria-hidden="true" /> : null}
          {data.short}
        </button>
      </Handles>
    </div>
  );
});

export const PodNode = memo(function PodNode({ data }: NodeProps<Node<PodNodeData, 'pod'>>) {
  const t = useT();
  const actions = useDiagramActions();
  const details = [
    t('diagram.podDetails', { name: `${data.namespace}/${data.name}`, ready: data.ready, status: data.status }),
    data.readyFalse ? t('diagram.readyFalse') : '',
    t('diagram.containerList', { list: data.containers.map((c) => `${c.name}: ${c.state}`).join(', ') }),
  ].filter(Boolean);
  return (
    <div className={`diagram-pod shape-${data.shape}${data.readyFalse ? ' is-ready-false' : ''}${data.focus ? ' is-focus' : ''}`} title={`${details.join('\n')}\n${t('diagram.podInspect')}`} data-status={data.status}>
      <Handles>
        <button type="button" className="diagram-pod-open nodrag nopan" onClick={() => actions.inspect(storageKey('pods', data.namespace, data.name))}>
          <PodShapeIcon shape={data.shape} />
          <span className="diagram-pod-name" aria-hidden="true">
            {data.label}
          </span>
          {data.quiet ? null : (
            <span className="diagram-pod-status" aria-hidden="true">
              {data.status}
            </span>
          )}
          {data.readyFalse ? <CircleAlert className="diagram-ready-false" size={13} strokeWidth={2.5} aria-hidden="true" /> : null}
          <span className="visually-hidden">{`${details.join('. ')}. ${t('diagram.podInspect')}`}</span>
        </button>
      </Handles>
    </div>
  );
});

export const SystemPodsNode = memo(function SystemPodsNode({ data }: NodeProps<Node<SystemPodsData, 'system'>>) {
  const t = useT();
  const title = [t('diagram.systemPodsTitle', { host: data.host, names: data.names.join(', ') }), data.unwell ? t('diagram.systemUnwell', { count: data.unwell }) : ''].filter(Boolean).join('. ');
  return (
    <div className={`diagram-system shape-${data.shape}${data.focus ? ' is-focus' : ''}`} title={title}>
      <Handles>
        <PodShapeIcon shape={data.shape} />
        <span aria-hidden="true">{t('diagram.systemPods', { count: data.count })}</span>
        <span className="visually-hidden">{title}</span>
      </Handles>
    </div>
  );
});

export const CaptionNode = memo(function CaptionNode({ data }: NodeProps<Node<CaptionNodeData, 'caption'>>) {
  const t = useT();
  const text = data.more === undefined ? data.text : t('grid.morePods', { count: data.more });
  return (
    <div className={`diagram-caption${data.focus ? ' is-focus' : ''}${data.more === undefined ? '' : ' is-more'}`}>
      <Handles>{text}</Handles>
    </div>
  );
});

export const MachineNode = memo(function MachineNode({ id, data }: NodeProps<Node<MachineNodeData, 'machine'>>) {
  const t = useT();
  const actions = useDiagramActions();
  const onKeyDown = useMenuKey(id, data.host);
  const pending = data.role === 'pending';
  const Icon = pending ? PENDING_ICON : CONDITION_ICON[data.condition ?? 'Unknown'];
  const faults = [data.poweredOff ? t('diagram.group.poweredOff') : '', data.partitioned ? t('diagram.group.partitioned') : ''].filter(Boolean).join(' · ');
  const cls = [
    'diagram-machine',
    `role-${data.role}`,
    pending ? '' : `cond-${data.condition ?? 'Unknown'}`,
    data.poweredOff ? 'is-powered-off' : '',
    data.partitioned ? 'is-partitioned' : '',
    ...flags(data),
  ]
    .filter(Boolean)
    .join(' ');
  const title = (
    <>
      <Icon className="diagram-condition" size={14} strokeWidth={2.5} aria-hidden="true" />
      {pending ? (
        <span className="diagram-machine-status">{t('diagram.group.unscheduled')}</span>
      ) : (
        <>
          <span className="diagram-machine-name">{data.host}</span>
          <span className="diagram-machine-status">{data.status ?? 'Unknown'}</span>
          {faults && data.faultsInline ? <span className="diagram-machine-faults">· {faults}</span> : null}
        </>
      )}
    </>
  );
  const choice = data.choice;
  return (
    <div className={cls} data-testid={`diagram-${id}`}>
      <div className="diagram-machine-header" style={{ height: data.headerH }}>
        <div className="diagram-machine-line">
          {choice ? (
            <button
              type="button"
              className="diagram-machine-title diagram-machine-choose nodrag nopan"
              aria-pressed={choice.selected}
              title={t('diagram.choiceHint')}
              onClick={() => actions.choose(choice.option)}
            >
              {choice.selected ? <Check size={14} strokeWidth={3} aria-hidden="true" /> : null}
              {title}
            </button>
          ) : (
            <span className="diagram-machine-title">{title}</span>
          )}
          {data.virtual ? null : (
            <button
              type="button"
              className="diagram-machine-menu nodrag nopan"
              aria-label={t('diagram.faultsButton', { name: data.host })}
              aria-haspopup="menu"
              onClick={(e) => actions.openMenu(id, data.host, anchorBelow(e.currentTarget))}
              onKeyDown={onKeyDown}
            >
              <Ellipsis size={16} aria-hidden="true" />
            </button>
          )}
        </div>
        {data.taints.map((lines) => (
          <div key={lines.join('')} className="diagram-taint">
            {lines.map((l) => (
              <span key={l}>{l}</span>
            ))}
          </div>
        ))}
        {pending ? <div className="diagram-taint">{t('diagram.group.unscheduledWhy')}</div> : null}
        {faults && !data.faultsInline ? <div className="diagram-machine-faults">{faults}</div> : null}
      </div>
    </div>
  );
});

/** Module scope: a new object per render would make React Flow rebuild every node. */
// Only a cluster with more workers than are drawn one by one shows the node grid: its code (and
// its zoom's) stays out of the first paint's JavaScript and loads with the first big cluster.
const NodeGrid = lazy(() => import('./NodeGrid').then((m) => ({ default: m.NodeGridNode })));

function NodeGridNode(props: NodeProps<Node<NodeGridData, 'grid'>>) {
  return (
    <Suspense fallback={null}>
      <NodeGrid {...props} />
    </Suspense>
  );
}

export const NODE_TYPES = { component: ComponentNode, agent: AgentNode, pod: PodNode, system: SystemPodsNode, caption: CaptionNode, machine: MachineNode, grid: NodeGridNode };
