/** The header's way to the interview drills. */
import { Repeat } from 'lucide-react';
import { useT } from '../i18n/react';
import { useLessonController } from '../lessons/react';
import { openDrills } from './drills-store';

export function DrillsButton() {
  const t = useT();
  const ctl = useLessonController();
  if (!ctl) return null;
  return (
    <button type="button" className="header-labelled" data-testid="open-drills" title={t('drills.buttonHint')} aria-label={t('drills.button')} onClick={() => openDrills()}>
      <Repeat size={16} aria-hidden="true" /> <span className="header-label">{t('drills.button')}</span>
    </button>
  );
}
