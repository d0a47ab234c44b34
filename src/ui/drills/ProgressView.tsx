/** Where the learner stands, per syllabus topic: cards learned, due today, still new. No streaks. */
import { useT } from '../i18n/react';
import { TOPIC_LABEL, useDeckState, useDrills } from './context';
import { topicProgress } from './deck';

export function ProgressView() {
  const t = useT();
  const { progress } = useDrills();
  const records = useDeckState((s) => s.records);
  const reviews = useDeckState((s) => s.reviews.length);
  const rows = topicProgress(progress.deck, records, Date.now());
  const sum = (k: 'total' | 'learned' | 'due' | 'fresh'): number => rows.reduce((n, r) => n + r[k], 0);
  return (
    <section className="drills-progress">
      <table className="drills-table" data-testid="drills-progress">
        <caption>{t('drills.progress.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('drills.progress.topic')}</th>
            <th scope="col">{t('drills.progress.total')}</th>
            <th scope="col">{t('drills.progress.learned')}</th>
            <th scope="col">{t('drills.progress.due')}</th>
            <th scope="col">{t('drills.progress.new')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.topic} data-topic={r.topic}>
              <th scope="row">{t(TOPIC_LABEL[r.topic])}</th>
              <td>{r.total}</td>
              <td data-col="learned">{r.learned}</td>
              <td data-col="due">{r.due}</td>
              <td data-col="new">{r.fresh}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-topic="all">
            <th scope="row">{t('drills.progress.all')}</th>
            <td>{sum('total')}</td>
            <td data-col="learned">{sum('learned')}</td>
            <td data-col="due">{sum('due')}</td>
            <td data-col="new">{sum('fresh')}</td>
          </tr>
        </tfoot>
      </table>
      <p className="lesson-muted">{t('drills.progress.explain')}</p>
      <p>{t('drills.progress.reviews', { count: reviews })}</p>
    </section>
  );
}
