/** The header's way to the lesson catalog. */
import { GraduationCap } from 'lucide-react';
import { useT } from '../i18n/react';
import { useLessonController } from './react';

export function LessonsButton() {
  const t = useT();
  const ctl = useLessonController();
  if (!ctl) return null;
  return (
    <button type="button" className="lessons-button" data-testid="open-lessons" onClick={() => ctl.openCatalog()}>
      <GraduationCap size={16} aria-hidden="true" /> {t('lessons.catalog.title')}
    </button>
  );
}
