/**
 * The run's identity in the header: which topology the cluster has (switching starts a new run,
 * after asking when the run has commands to lose or a lesson to leave), how many worker nodes (the
 * scale dial) and a button that copies a link reproducing exactly what is on screen.
 */
import { useId, useState } from 'react';
import { Link2 } from 'lucide-react';
import type { Topology } from '../../protocol/messages';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { LeaveLessonDialog, useLessonInTheWay } from './LeaveLessonDialog';
import { ScaleDial } from './ScaleDial';
import { TopologySwitchDialog } from './TopologySwitchDialog';

export interface RunControlsProps {
  topology: Topology;
  onTopology: (t: Topology) => void;
  shareLink: () => string;
}

type CopyState = { status: 'idle' } | { status: 'copied' } | { status: 'manual'; link: string };

export function RunControls({ topology: linked, onTopology, shareLink }: RunControlsProps) {
  const t = useT();
  // The cluster's own topology: a `sim topology ha` typed in the terminal (or run by a lesson)
  // changes it without changing the page's link.
  const topology = useApp((s) => s.cluster.topology) ?? linked;
  const topoId = useId();
  const [copy, setCopy] = useState<CopyState>({ status: 'idle' });
  const bridge = useBridge();
  /** A switch waiting for the learner's answer, with the commands it would discard. */
  const [switching, setSwitching] = useState<{ to: Topology; commands: number } | undefined>();
  const lesson = useLessonInTheWay();
  const choose = (to: Topology): void => {
    if (to === topology) return;
    // Time played is not worth a question; typed commands (and a lesson's pause points) are, and
    // so is a running lesson, whose steps describe the cluster it started.
    const commands = bridge.commandLog.filter((e) => e.type === 'command' || e.type === 'until').length;
    if (commands === 0 && !lesson) onTopology(to);
    else setSwitching({ to, commands });
  };
  const share = (): void => {
    const link = shareLink();
    navigator.clipboard.writeText(link).then(
      () => setCopy({ status: 'copied' }),
      () => setCopy({ status: 'manual', link }),
    );
  };
  return (
    <div className="run-controls">
      <label htmlFor={topoId} className="visually-hidden">
        {t('run.topology')}
      </label>
      <select
        id={topoId}
        value={topology}
        onChange={(e) => choose(e.target.value === 'ha' ? 'ha' : 'basic')}
        data-testid="topology"
        title={t(topology === 'ha' ? 'run.topology.ha' : 'run.topology.basic')}
      >
        <option value="basic">{t('run.topology.short.basic')}</option>
        <option value="ha">{t('run.topology.short.ha')}</option>
      </select>
      <ScaleDial topology={topology} />
      <button type="button" className="icon-button" onClick={share} data-testid="share" title={t('run.share')} aria-label={t('run.share')}>
        <Link2 size={16} aria-hidden="true" />
      </button>
      <span role="status" className="run-share-status">
        {copy.status === 'copied' ? t('run.copied') : null}
        {copy.status === 'manual' ? (
          <>
            {t('run.copyManually')} <input readOnly value={copy.link} aria-label={t('run.share')} onFocus={(e) => e.currentTarget.select()} />
          </>
        ) : null}
      </span>
      {switching && lesson ? (
        <LeaveLessonDialog
          lesson={lesson}
          change={{ kind: 'topology', topology: t(switching.to === 'ha' ? 'run.topology.ha' : 'run.topology.basic') }}
          onConfirm={() => {
            setSwitching(undefined);
            onTopology(switching.to);
          }}
          onCancel={() => setSwitching(undefined)}
        />
      ) : switching ? (
        <TopologySwitchDialog
          to={switching.to}
          commands={switching.commands}
          onConfirm={() => {
            setSwitching(undefined);
            onTopology(switching.to);
          }}
          onCancel={() => setSwitching(undefined)}
        />
      ) : null}
    </div>
  );
}
