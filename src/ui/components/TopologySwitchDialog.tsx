/**
 * Asks before switching the topology discards the run. A run on another topology cannot be
 * replayed faithfully (its nodes, control-plane instances and fault targets differ, so the same
 * commands mean something else), so switching starts a new cluster; this says so first, naming
 * what would be lost. Styled like the fork dialog (the app's other confirmation); only shown
 * after a choice in the browser, so it can render into the body.
 */
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { Topology } from '../../protocol/messages';
import { useT } from '../i18n/react';

export interface TopologySwitchDialogProps {
  to: Topology;
  /** Commands in the run that would be discarded. */
  commands: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function TopologySwitchDialog({ to, commands, onConfirm, onCancel }: TopologySwitchDialogProps) {
  const t = useT();
  const titleId = useId();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The safe answer has the focus: Enter keeps the run.
    cancel.current?.focus();
  }, []);
  // On the body: a header with its own stacking or filters must not clip the backdrop.
  return createPortal(
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid="topology-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      >
        <h2 id={titleId}>{t('run.switch.title')}</h2>
        <p id={bodyId}>{t('run.switch.body', { topology: t(to === 'ha' ? 'run.topology.ha' : 'run.topology.basic'), count: commands })}</p>
        <div className="modal-actions">
          <button type="button" onClick={onConfirm} data-testid="topology-confirm">
            {t('run.switch.confirm')}
          </button>
          <button type="button" ref={cancel} onClick={onCancel} data-testid="topology-cancel">
            {t('run.switch.cancel')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
