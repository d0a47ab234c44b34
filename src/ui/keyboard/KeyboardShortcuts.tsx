/**
 * Mount once per page: installs the shortcuts, renders the help dialog, and confirms changes the
 * page does not otherwise announce (play/pause, the new speed) in a polite live region.
 */
import { useCallback, useState } from 'react';
import { useT } from '../i18n/react';
import { ShortcutHelp } from './ShortcutHelp';
import { useShortcuts, type Confirm } from './useShortcuts';
import './a11y.css';

export function KeyboardShortcuts() {
  const t = useT();
  const [status, setStatus] = useState({ n: 0, text: '' });
  const confirm = useCallback<Confirm>((key, params) => setStatus((s) => ({ n: s.n + 1, text: t(key, params) })), [t]);
  useShortcuts(confirm);
  return (
    <>
      <ShortcutHelp />
      <div className="a11y-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="shortcut-status">
        <span key={status.n}>{status.text}</span>
      </div>
    </>
  );
}
