/**
 * "Skip to terminal": the page's first focusable element, shown only while focused. Activating
 * it puts the focus in the terminal's input (wherever the terminal panel is on the page).
 */
import type { MouseEvent } from 'react';
import { useT } from '../i18n/react';
import { focusRegion } from './focus';
import './a11y.css';

export function SkipLink() {
  const t = useT();
  const onClick = (e: MouseEvent<HTMLAnchorElement>): void => {
    if (focusRegion(document, 'terminal')) e.preventDefault();
  };
  return (
    <a className="a11y-skip-link" href="#terminal" onClick={onClick} data-testid="skip-to-terminal">
      {t('keys.skip.terminal')}
    </a>
  );
}
