import { humanDuration } from '../../k8s/time';
import type { ReplayRefusal } from '../../protocol/messages';
import { useBridge } from '../bridge/react';
import { useT, type Translate } from '../i18n/react';
import { useApp } from '../store/react';

/**
 * Worker health, in words: booting (and how far a replayed run has got), restarting after a
 * crash, or given up — a run that keeps failing or one past the replay bounds — with a way out.
 */
export function ConnectionBanner() {
  const t = useT();
  const bridge = useBridge();
  const status = useApp((s) => s.connection.status);
  const notice = useApp((s) => s.connection.notice);
  const replay = useApp((s) => s.connection.replay);
  return (
    <div className="connection" aria-live="polite">
      {status === 'starting' && (
        <p className="banner banner-info" data-testid="connection-starting">
          {replay ? t('conn.replayProgress', { done: replay.done, total: replay.total }) : t('conn.starting')}
        </p>
      )}
      {status === 'restarting' && <p className="banner banner-info">{t('conn.restarting')}</p>}
      {notice?.kind === 'recovered' && status !== 'failed' && (
        <p className="banner banner-warn" role="status">
          {t('conn.recovered', { detail: firstLine(notice.detail), replayed: notice.replayed })}
        </p>
      )}
      {notice?.kind === 'error' && (
        <p className="banner banner-warn" role="status">
          {t('conn.error', { detail: firstLine(notice.detail) })}
        </p>
      )}
      {status === 'failed' && (
        <div className="banner banner-error" role="alert" data-testid="connection-failed">
          <p>{notice?.kind === 'refused' ? t('conn.refused', { reason: refusalText(t, notice.refusal) }) : t('conn.failed', { detail: notice?.kind === 'failed' ? firstLine(notice.detail) : '' })}</p>
          <button type="button" onClick={() => bridge.reset()}>
            {t('conn.reset')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The bound a refused run passes, in words (inputs are counted from 1, as a learner would). */
export function refusalText(t: Translate, r: ReplayRefusal): string {
  switch (r.limit) {
    case 'entries':
      return t('conn.refused.entries', { entries: r.entries, max: r.max });
    case 'advance':
      return t('conn.refused.advance', { index: r.index + 1, time: humanDuration(r.ms), max: humanDuration(r.max) });
    case 'simulated-time':
      return t('conn.refused.simulated-time', { max: humanDuration(r.max) });
  }
}

function firstLine(s: string): string {
  const i = s.indexOf('\n');
  return i < 0 ? s : s.slice(0, i);
}
