/**
 * The keyboard shortcut help: a modal <dialog> (showModal makes the page behind it inert), named
 * by its heading, closed by Escape or its Close button. Tab and Shift+Tab wrap inside it; focus
 * returns to the element that had it before it opened.
 */
import { Fragment, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useT, type Translate } from '../i18n/react';
import { closeHelp, useHelpOpen } from './help-store';
import { focusIsLost } from './focus';
import { SHORTCUTS, type KeySpec, type Shortcut } from './keymap';
import { HELP_DIALOG_ATTR } from './typing';
import './a11y.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function KeyCaps({ keys, t }: { keys: readonly KeySpec[]; t: Translate }) {
  return (
    <>
      {keys.map((k, i) => (
        <Fragment key={`${k.key}-${String(k.shift)}`}>
          {i > 0 ? ` ${t('keys.help.or')} ` : null}
          <kbd>{k.label ? t(k.label) : k.key}</kbd>
        </Fragment>
      ))}
    </>
  );
}

function Group({ title, items, t }: { title: string; items: readonly Shortcut[]; t: Translate }) {
  return (
    <table className="shortcut-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('keys.help.key')}</th>
          <th scope="col">{t('keys.help.action')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((s) => (
          <tr key={s.action} data-action={s.action}>
            <td>
              <KeyCaps keys={s.keys} t={t} />
            </td>
            <td>{t(`keys.action.${s.action}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every shortcut, grouped, as two tables (the dialog's body). */
export function ShortcutList() {
  const t = useT();
  return (
    <>
      <Group title={t('keys.group.playback')} items={SHORTCUTS.filter((s) => s.group === 'playback')} t={t} />
      <Group title={t('keys.group.views')} items={SHORTCUTS.filter((s) => s.group === 'views')} t={t} />
    </>
  );
}

export function ShortcutHelp() {
  const t = useT();
  const open = useHelpOpen();
  const titleId = useId();
  const introId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement;
      d.showModal();
      closeButton.current?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  // However it closed (Escape, the button, the `close` shortcut), the store follows and focus goes
  // back — unless it has moved on already: close() gives the focus back itself, and the close event
  // comes a task later, after any key pressed in between (input runs first), whose focus move wins.
  const onClose = (): void => {
    closeHelp();
    const back = returnTo.current;
    returnTo.current = null;
    if (!focusIsLost(document.activeElement, dialog.current, document.body)) return;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>): void => {
    if (e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="shortcut-help"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={introId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      data-testid="shortcut-help"
      {...{ [HELP_DIALOG_ATTR]: '' }}
    >
      {open ? (
        <>
          <div className="shortcut-help-header">
            <h2 id={titleId}>{t('keys.help.title')}</h2>
            <button type="button" ref={closeButton} onClick={() => closeHelp()}>
              {t('keys.help.close')}
            </button>
          </div>
          <p id={introId}>{t('keys.help.intro')}</p>
          <ShortcutList />
        </>
      ) : null}
    </dialog>
  );
}
