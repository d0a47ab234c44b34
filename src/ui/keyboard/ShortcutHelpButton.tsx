/** A visible way to the shortcut help, for everyone who does not know to press `?`. */
import { useT } from '../i18n/react';
import { openHelp } from './help-store';
import './a11y.css';

export function ShortcutHelpButton() {
  const t = useT();
  return (
    <button type="button" className="shortcut-help-button" aria-haspopup="dialog" aria-keyshortcuts="?" onClick={openHelp} data-testid="shortcut-help-button">
      {t('keys.help.open')}
    </button>
  );
}
