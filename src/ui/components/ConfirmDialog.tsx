/**
 * The app's confirmation: a modal alert dialog with a question, a confirm and a cancel button,
 * Escape to cancel, and the focus on the answer the caller names as safe for Enter. Rendered into
 * the body, so a header with its own stacking or filters cannot clip the backdrop.
 */
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Which button has the focus when the dialog opens. */
  focus: 'confirm' | 'cancel';
  testId: string;
  confirmTestId?: string;
  cancelTestId?: string;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    (p.focus === 'confirm' ? confirm : cancel).current?.focus();
  }, [p.focus]);
  return createPortal(
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid={p.testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') p.onCancel();
        }}
      >
        <h2 id={titleId}>{p.title}</h2>
        <p id={bodyId}>{p.body}</p>
        <div className="modal-actions">
          <button type="button" ref={confirm} onClick={p.onConfirm} data-testid={p.confirmTestId}>
            {p.confirmLabel}
          </button>
          <button type="button" ref={cancel} onClick={p.onCancel} data-testid={p.cancelTestId}>
            {p.cancelLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
