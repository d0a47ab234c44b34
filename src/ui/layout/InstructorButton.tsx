/** The header's switch for the instructor console (it opens beside the diagram). */
import { SlidersHorizontal } from 'lucide-react';
import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import { layoutStore, toggleInstructor } from './layout-store';

export function InstructorButton() {
  const t = useT();
  const open = useStore(layoutStore, (l) => l.instructor);
  return (
    <button type="button" aria-pressed={open} onClick={toggleInstructor} data-testid="instructor-toggle" title={t('layout.instructorHint')}>
      <SlidersHorizontal size={16} aria-hidden="true" /> {t('layout.tab.instructor')}
    </button>
  );
}
