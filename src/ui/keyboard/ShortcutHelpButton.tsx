/** A visible way to the shortcut help, for everyone who does not know to press `?`. */
import { Keyboard } from 'lucide-react';
import { useT } from '../i18n/react';
import { openHelp } from './help-store';
import './a11y.css';

export function ShortcutHelpButton() {
  const t = useT();
  return (
    <button type="button" className="shortcut-help-button icon-button" aria-haspopup="dialog" aria-keyshortcuts="?" aria-label={t('keys.help.open')} title={t('keys.help.open')} onClick={openHelp} data-testid="shortcut-help-button">
      <Keyboard size={16} aria-hidden="true" /> <span className="more-hide">?</span>
      <span className="more-label">{t('keys.help.open')}</span>
    </button>
  );
}
