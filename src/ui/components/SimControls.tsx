import { useId } from 'react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { SPEEDS } from '../store/connection';
import { useApp } from '../store/react';

export function SimControls() {
  const t = useT();
  const bridge = useBridge();
  const running = useApp((s) => s.connection.running);
  const speed = useApp((s) => s.connection.speed);
  const speedId = useId();
  return (
    <div className="sim-controls" role="group" aria-label={t('controls.label')}>
      <button type="button" onClick={() => bridge.setRunning(!running)}>
        {running ? t('controls.pause') : t('controls.resume')}
      </button>
      <label htmlFor={speedId}>{t('controls.speed')}</label>
      <select id={speedId} value={speed} onChange={(e) => bridge.setSpeed(Number(e.target.value))}>
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {s}×
          </option>
        ))}
      </select>
    </div>
  );
}
