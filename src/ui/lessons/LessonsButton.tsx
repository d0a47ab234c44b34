/** The header's way to the lesson catalog. */
import { GraduationCap } from 'lucide-react';
import { useT } from '../i18n/react';
import { useLessonController } from './react';

export function LessonsButton() {
  const t = useT();
  const ctl = useLessonController();
  if (!ctl) return null;
  return (
    <button type="button" className="lessons-button header-labelled" data-testid="open-lessons" aria-label={t('lessons.catalog.title')} onClick={() => ctl.openCatalog()}>
      <GraduationCap size={16} aria-hidden="true" /> <span className="header-label">{t('lessons.catalog.title')}</span>
    </button>
  );
}
