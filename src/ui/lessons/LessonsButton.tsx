/** The header's way to the lesson catalog. */
import { useT } from '../i18n/react';
import { useLessonController } from './react';

export function LessonsButton() {
  const t = useT();
  const ctl = useLessonController();
  if (!ctl) return null;
  return (
    <button type="button" data-testid="open-lessons" onClick={() => ctl.openCatalog()}>
      {t('lessons.catalog.title')}
    </button>
  );
}
