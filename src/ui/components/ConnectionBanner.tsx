import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';

/** Worker health, in words: booting, restarting after a crash, or given up (with a way out). */
export function ConnectionBanner() {
  const t = useT();
  const bridge = useBridge();
  const status = useApp((s) => s.connection.status);
  const notice = useApp((s) => s.connection.notice);
  return (
    <div className="connection" aria-live="polite">
      {status === 'starting' && <p className="banner banner-info">{t('conn.starting')}</p>}
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
        <div className="banner banner-error" role="alert">
          <p>{t('conn.failed', { detail: notice ? firstLine(notice.detail) : '' })}</p>
          <button type="button" onClick={() => bridge.reset()}>
            {t('conn.reset')}
          </button>
        </div>
      )}
    </div>
  );
}

function firstLine(s: string): string {
  const i = s.indexOf('\n');
  return i < 0 ? s : s.slice(0, i);
}
