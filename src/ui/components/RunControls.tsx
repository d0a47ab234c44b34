/**
 * The run's identity in the header: which topology it uses (switching starts a new run) and a
 * button that copies a link reproducing exactly what is on screen.
 */
import { useId, useState } from 'react';
import type { Topology } from '../../protocol/messages';
import { useT } from '../i18n/react';

export interface RunControlsProps {
  topology: Topology;
  onTopology: (t: Topology) => void;
  shareLink: () => string;
}

type CopyState = { status: 'idle' } | { status: 'copied' } | { status: 'manual'; link: string };

export function RunControls({ topology, onTopology, shareLink }: RunControlsProps) {
  const t = useT();
  const topoId = useId();
  const [copy, setCopy] = useState<CopyState>({ status: 'idle' });
  const share = (): void => {
    const link = shareLink();
    navigator.clipboard.writeText(link).then(
      () => setCopy({ status: 'copied' }),
      () => setCopy({ status: 'manual', link }),
    );
  };
  return (
    <div className="run-controls">
      <label htmlFor={topoId}>{t('run.topology')}</label>
      <select id={topoId} value={topology} onChange={(e) => onTopology(e.target.value === 'ha' ? 'ha' : 'basic')} data-testid="topology">
        <option value="basic">{t('run.topology.basic')}</option>
        <option value="ha">{t('run.topology.ha')}</option>
      </select>
      <button type="button" onClick={share} data-testid="share">
        {t('run.share')}
      </button>
      <span role="status" className="run-share-status">
        {copy.status === 'copied' ? t('run.copied') : null}
        {copy.status === 'manual' ? (
          <>
            {t('run.copyManually')} <input readOnly value={copy.link} aria-label={t('run.share')} onFocus={(e) => e.currentTarget.select()} />
          </>
        ) : null}
      </span>
    </div>
  );
}
