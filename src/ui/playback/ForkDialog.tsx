/**
 * Asks before a command typed in the past discards the future (the bridge holds the command in
 * `playback.pendingFork` until the learner answers).
 */
import { useEffect, useId, useRef } from 'react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { useTimeLabel } from './use-time-label';

export function ForkDialog() {
  const t = useT();
  const bridge = useBridge();
  const pending = useApp((s) => s.playback.pendingFork);
  const time = useTimeLabel();
  const titleId = useId();
  const bodyId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) confirm.current?.focus();
  }, [pending]);
  if (!pending) return null;
  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid="fork-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') bridge.cancelFork();
        }}
      >
        <h2 id={titleId}>{t('fork.title')}</h2>
        <p id={bodyId}>{t('fork.body', { time: time(pending.atMs), line: pending.line })}</p>
        <div className="modal-actions">
          <button type="button" ref={confirm} onClick={() => bridge.confirmFork()}>
            {t('fork.confirm')}
          </button>
          <button type="button" onClick={() => bridge.cancelFork()}>
            {t('fork.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
