/**
 * The four answers to "how well did you know it?", each showing when the card would come back,
 * and after grading, when it will.
 */
import { useId } from 'react';
import { GRADES, previewDue, type Grade } from '../../lesson-runtime/srs';
import { useT } from '../i18n/react';
import { GRADE_LABEL, useDates, useDeckState, useDrills } from './context';
import type { Graded } from './drills-store';
import { useFocusWhen } from './focus';


export function GradeBar({ id, suggested, graded, onGrade, onNext }: { id: string; suggested?: Grade; graded: Graded | undefined; onGrade: (g: Grade) => void; onNext: () => void }) {
  const t = useT();
  const { progress } = useDrills();
  const dates = useDates();
  const label = useId();
  const next = useFocusWhen<HTMLButtonElement>(graded !== undefined);
  // Re-render when the record changes (a grade from another view of the same card).
  useDeckState((s) => s.records[id]);
  if (graded) {
    return (
      <div className="drills-graded">
        <p role="status" data-testid="graded">
          {t('drills.graded', { grade: t(GRADE_LABEL[graded.rating]), date: dates.date(graded.due), when: dates.when(graded.due, graded.at) })}
        </p>
        <button type="button" className="primary" onClick={onNext} data-testid="next-card" ref={next}>
          {t('drills.nextCard')} →
        </button>
      </div>
    );
  }
  const now = Date.now();
  const preview = previewDue(progress.record(id), now);
  return (
    <div className="drills-grade" role="group" aria-labelledby={label}>
      <p id={label} className="drills-grade-label">
        {t('drills.grade.label')}
      </p>
      <div className="drills-grade-buttons">
        {GRADES.map((g) => (
          <button key={g} type="button" className={g === suggested ? 'primary' : undefined} onClick={() => onGrade(g)} data-testid={`grade-${GRADE_LABEL[g].slice('drills.grade.'.length)}`} data-suggested={g === suggested ? 'true' : undefined}>
            <span className="drills-grade-name">
              {t(GRADE_LABEL[g])}
              {g === suggested && <span className="drills-suggested"> ({t('drills.grade.suggested')})</span>}
            </span>
            <span className="drills-grade-when">{t('drills.grade.comesBack', { when: dates.when(preview[g], now) })}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
