/**
 * The header's way to a served cluster: a button opening a small modal form with the address
 * `reconcile serve --open` printed; attached, the same button detaches (back to this browser's
 * own cluster). Both go through the page's address (`onAttach`, `onDetach` in main.tsx), so a
 * reload keeps the page attached, and an unreachable server ends in the connection banner's
 * notice, not a blank screen.
 */
import { Plug, Unplug } from 'lucide-react';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/react';
import { attachAddress } from '../bridge/socket-transport';
import './attach.css';

export interface AttachControlProps {
  /** The served cluster's WebSocket address, when the page is attached to one. */
  attached: string | undefined;
  onAttach: (input: string) => void;
  onDetach: () => void;
}

export function AttachControl({ attached, onAttach, onDetach }: AttachControlProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  if (attached) {
    return (
      <span className="attach-control attached" data-testid="attached">
        <span className="attach-badge" role="status" title={t('attach.attached')} aria-label={t('attach.attached')}>
          {t('attach.badge')}
        </span>
        <button type="button" className="icon-button" onClick={onDetach} title={t('attach.detach')} aria-label={t('attach.detach')} data-testid="detach">
          <Unplug size={16} aria-hidden="true" />
          <span className="more-label">{t('attach.detach')}</span>
        </button>
      </span>
    );
  }
  const submit = (): void => {
    if (!attachAddress(value, window.location)) return setInvalid(true);
    setOpen(false);
    onAttach(value.trim());
  };
  return (
    <>
      <button type="button" className="icon-button" onClick={() => setOpen(true)} title={`${t('attach.open')} — ${t('attach.hint')}`} aria-label={t('attach.open')} data-testid="attach-open">
        <Plug size={16} aria-hidden="true" />
        <span className="more-label">{t('attach.open')}</span>
      </button>
      {open
        ? createPortal(
            <div className="modal-backdrop">
              <form
                className="modal"
                role="dialog"
                aria-modal="true"
                aria-label={t('attach.open')}
                data-testid="attach-dialog"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit();
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setOpen(false);
                }}
              >
                <h2>{t('attach.open')}</h2>
                <p>{t('attach.hint')}</p>
                <label htmlFor={inputId}>{t('attach.label')}</label>
                <input
                  id={inputId}
                  type="text"
                  autoFocus
                  spellCheck={false}
                  value={value}
                  placeholder={t('attach.placeholder')}
                  aria-invalid={invalid}
                  onChange={(e) => {
                    setValue(e.target.value);
                    setInvalid(false);
                  }}
                  data-testid="attach-address"
                />
                {invalid ? (
                  <p role="alert" className="attach-invalid">
                    {t('attach.invalid')}
                  </p>
                ) : null}
                <div className="modal-actions">
                  <button type="submit" data-testid="attach-connect">
                    {t('attach.connect')}
                  </button>
                  <button type="button" onClick={() => setOpen(false)}>
                    {t('attach.cancel')}
                  </button>
                </div>
              </form>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
