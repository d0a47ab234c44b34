/**
 * While a lesson opens at a later step: which step is being played on the cluster for the
 * learner (a big lesson's steps take tens of seconds), and a way to stop there and keep the
 * cluster as it is.
 */
import { useT } from '../i18n/react';
import { useLessonController, useLessons, useText } from './react';

export function SkippingBanner() {
  const t = useT();
  const text = useText();
  const ctl = useLessonController();
  const starting = useLessons((s) => s.starting);
  if (!starting?.skipping) return null;
  return (
    <div className="banner banner-info" role="status" data-testid="lesson-skipping">
      <p>{t('lessons.starting.skipping', { title: text(starting.title), step: starting.skipping.step, to: starting.skipping.to })}</p>
      <button type="button" onClick={() => ctl?.exit()}>
        {t('lessons.panel.exit')}
      </button>
    </div>
  );
}
