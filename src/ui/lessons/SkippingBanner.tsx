/** While a lesson opens at a later step, which step is being played on the cluster for the learner. */
import { useT } from '../i18n/react';
import { useLessons, useText } from './react';

export function SkippingBanner() {
  const t = useT();
  const text = useText();
  const starting = useLessons((s) => s.starting);
  if (!starting?.skipping) return null;
  return (
    <p className="banner banner-info" role="status" data-testid="lesson-skipping">
      {t('lessons.starting.skipping', { title: text(starting.title), step: starting.skipping.step, to: starting.skipping.to })}
    </p>
  );
}
