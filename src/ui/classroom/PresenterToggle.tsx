/** The presenter-mode switch: a toggle button (aria-pressed), remembered across visits. */
import { Presentation } from 'lucide-react';
import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import { pagePresenterMode, type PresenterMode } from './presenter-mode';

export interface PresenterToggleProps {
  /** Defaults to the page's own (tests pass one with a fake storage). */
  mode?: PresenterMode;
}

export function PresenterToggle({ mode = pagePresenterMode() }: PresenterToggleProps) {
  const t = useT();
  const on = useStore(mode.store, (s) => s.on);
  return (
    <button type="button" className="presenter-toggle" aria-pressed={on} title={t('classroom.presenterHint')} onClick={mode.toggle} data-testid="presenter-toggle">
      <Presentation size={16} aria-hidden="true" /> {t('classroom.presenter')}
    </button>
  );
}
