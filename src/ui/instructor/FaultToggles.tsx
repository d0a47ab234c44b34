/**
 * Every fault target as a one-click toggle, grouped: the control plane open, each machine and
 * the message faults folded (native <details>, so keyboard and screen readers know them). A
 * click runs `sim fail|recover <target>` through the bridge like a typed line, so it is in the
 * replayable command log; the state shown is the one at the moment on screen.
 */
import { useId, useMemo } from 'react';
import type { FaultTargetInfo } from '../../protocol/messages';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import type { FaultSpan } from './faults';
import { groupTargets, targetState, toggleCommand, type TargetGroup } from './targets';
import { toggleLabels } from './toggle-labels';
import { useTimeLabel } from '../playback/use-time-label';
import { useActiveFaults } from './use-moment';

const selectTargets = (s: AppState) => s.cluster.targets;
const selectComponents = (s: AppState) => s.cluster.components;

function Toggle({ target, active }: { target: FaultTargetInfo; active: ReadonlyMap<string, FaultSpan> }) {
  const t = useT();
  const bridge = useBridge();
  const components = useApp(selectComponents);
  const time = useTimeLabel();
  const state = targetState(target, active, components);
  const labels = toggleLabels(t, time, target, state);
  const stateId = useId();
  return (
    <li className="ic-target" data-state={state.kind} data-testid={`ic-target-${target.name}`}>
      <span className="ic-target-name">{target.name}</span>
      <span className="ic-target-state" id={stateId}>
        {labels.state}
      </span>
      <button type="button" className={state.kind === 'failed' ? 'ic-heal' : 'ic-fail'} aria-label={labels.action} aria-describedby={stateId} onClick={() => bridge.run(toggleCommand(target, state), undefined, { laptop: true })}>
        {labels.button}
      </button>
    </li>
  );
}

function groupTitle(t: ReturnType<typeof useT>, g: TargetGroup): string {
  switch (g.kind) {
    case 'control-plane':
      return t('ic.group.control-plane');
    case 'node':
      return t('ic.group.node', { node: g.node });
    case 'messages':
      return t('ic.group.messages');
  }
}

export function FaultToggles() {
  const t = useT();
  const targets = useApp(selectTargets);
  const active = useActiveFaults();
  const groups = useMemo(() => groupTargets(targets), [targets]);
  const headingId = useId();
  const activeList = [...active.keys()];

  return (
    <section className="ic-faults" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ic.faults')}</h3>
      <p className="ic-active" data-testid="ic-active">
        {activeList.length ? t('ic.activeList', { list: activeList.join(', ') }) : t('ic.activeNone')}
      </p>
      <p className="ic-hint">{t('ic.faultsHint')}</p>
      {groups.length === 0 ? <p className="empty">{t('ic.noTargets')}</p> : null}
      {groups.map((g) => {
        const title = groupTitle(t, g);
        const failed = g.targets.filter((x) => active.has(x.name)).length;
        const list = (
          <ul className="ic-targets" aria-label={title}>
            {g.targets.map((x) => (
              <Toggle key={x.name} target={x} active={active} />
            ))}
          </ul>
        );
        const key = g.kind === 'node' ? `node:${g.node}` : g.kind;
        if (g.kind === 'control-plane')
          return (
            <div key={key} className="ic-group">
              <h4>{title}</h4>
              {list}
            </div>
          );
        // Folded groups say in their summary what inside is failed. Their open state is the
        // user's alone: closing a group under a keyboard user's focus would lose the focus.
        return (
          <details key={key} className="ic-group" data-testid={`ic-group-${key}`}>
            <summary>
              {title}
              {failed ? ` — ${activeList.filter((n) => g.targets.some((x) => x.name === n)).join(', ')}` : ''}
            </summary>
            {list}
          </details>
        );
      })}
    </section>
  );
}
