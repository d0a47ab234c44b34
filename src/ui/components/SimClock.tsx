import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { elapsed, utcStamp } from './format-time';

export function SimClock() {
  const t = useT();
  const now = useApp((s) => s.cluster.now);
  const epochMs = useApp((s) => s.connection.epochMs);
  if (epochMs === undefined) return null;
  const unix = epochMs + now;
  return (
    <div className="sim-clock" role="group" aria-label={t('clock.label')}>
      <span className="sim-clock-label">{t('clock.label')}</span>{' '}
      <time className="sim-clock-time" dateTime={new Date(unix).toISOString()} data-testid="sim-clock">
        {utcStamp(unix)}
      </time>{' '}
      <span className="sim-clock-elapsed">{t('clock.elapsed', { elapsed: elapsed(now) })}</span>
    </div>
  );
}
