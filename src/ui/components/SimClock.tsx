import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { elapsed, utcStamp } from './format-time';

export function SimClock() {
  const t = useT();
  const now = useApp((s) => s.cluster.now);
  const epochMs = useApp((s) => s.connection.epochMs);
  // "Since start" counts from the handover, like every T+ label and `sim trace`.
  const bootedAt = useApp((s) => s.cluster.bootedAt);
  // Before boot: the clock's frame with a placeholder, so the header does not reflow when it starts.
  if (epochMs === undefined) return <div className="sim-clock" aria-hidden="true" />;
  const unix = epochMs + now;
  return (
    <div className="sim-clock" role="group" aria-label={t('clock.label')}>
      <span className="sim-clock-label visually-hidden">{t('clock.label')}</span>{' '}
      <time className="sim-clock-time" dateTime={new Date(unix).toISOString()} data-testid="sim-clock">
        <span className="sim-clock-date">{utcStamp(unix).slice(0, 11)}</span>
        {utcStamp(unix).slice(11)}
      </time>{' '}
      <span className="sim-clock-elapsed">{t('clock.elapsed', { elapsed: elapsed(Math.max(0, now - bootedAt)) })}</span>
    </div>
  );
}
