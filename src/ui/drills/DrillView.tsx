/**
 * One interview question: what it tests, the learner's own answer (saved as they type), then on
 * request the model answer — thirty seconds, the five-part version, the key points to tick, the
 * follow-ups, the common mistake and the lesson steps that teach it — and the grade.
 */
import { useId, type RefObject } from 'react';
import type { Drill } from '../../lesson-runtime/drill-schema';
import type { Grade } from '../../lesson-runtime/srs';
import { useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { RichText } from '../lessons/RichText';
import { useText } from '../lessons/react';
import { useDeckState, useDrills } from './context';
import type { DeckCard } from './deck';
import { DemoButton } from './DemoButton';
import type { Graded } from './drills-store';
import { GradeBar } from './GradeBar';
import { LessonLinks } from './LessonLinks';
import { CardHeading } from './CardHeading';
import { useFocusWhen } from './focus';

const PARTS: readonly [keyof Drill['expanded'], MessageKey][] = [
  ['conclusion', 'drills.part.conclusion'],
  ['mechanism', 'drills.part.mechanism'],
  ['scenario', 'drills.part.scenario'],
  ['tradeoff', 'drills.part.tradeoff'],
  ['verification', 'drills.part.verification'],
];

export interface DrillViewProps {
  card: Extract<DeckCard, { kind: 'drill' }>;
  revealed: boolean;
  graded: Graded | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onReveal: () => void;
  onGrade: (g: Grade) => void;
  onNext: () => void;
}

export function DrillView({ card, revealed, graded, headingRef, onReveal, onGrade, onNext }: DrillViewProps) {
  const t = useT();
  const text = useText();
  const { progress } = useDrills();
  const { drill } = card;
  const answerId = useId();
  const hintId = useId();
  useDeckState((s) => s.records[card.id]);
  const pending = useDeckState((s) => s.pending[card.id] === true);
  const { answer, points: ticked } = progress.record(card.id);
  const shortHeading = useFocusWhen<HTMLHeadingElement>(revealed);

  return (
    <article className="drills-card" aria-labelledby={`${answerId}-q`} data-testid="drill-card" data-card={card.id}>
      <CardHeading card={card} id={`${answerId}-q`} headingRef={headingRef}>
        {text(drill.question)}
      </CardHeading>
      <p className="drills-tests">
        <strong>{t('drills.tests')}</strong> {text(drill.tests)}
      </p>
      <label className="drills-answer-label" htmlFor={answerId}>
        {t('drills.yourAnswer')}
      </label>
      <textarea id={answerId} className="drills-answer" rows={6} value={answer} aria-describedby={hintId} onChange={(e) => progress.setAnswer(card.id, e.target.value)} data-testid="drill-answer" />
      <p id={hintId} className="lesson-muted drills-hint">
        {t('drills.answerHint')} <span data-testid="answer-saved">{answer ? (pending ? t('drills.saving') : t('drills.saved')) : ''}</span>
      </p>
      <div className="lesson-actions">
        {!revealed && (
          <button type="button" className="primary" onClick={onReveal} data-testid="reveal">
            {t('drills.reveal')}
          </button>
        )}
        <DemoButton card={card} />
      </div>
      {revealed && (
        <div className="drills-answer-revealed" data-testid="drill-revealed">
          <section>
            <h4 tabIndex={-1} ref={shortHeading}>
              {t('drills.short')}
            </h4>
            <RichText text={text(drill.short)} className="drills-short" />
          </section>
          <section>
            <h4>{t('drills.expanded')}</h4>
            <dl className="drills-parts">
              {PARTS.map(([part, label]) => (
                <div key={part}>
                  <dt>{t(label)}</dt>
                  <dd>
                    <RichText text={text(drill.expanded[part])} as="span" />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <fieldset className="drills-points" data-testid="drill-points">
            <legend>{t('drills.points')}</legend>
            {drill.points.map((p, i) => (
              <label key={i} className="drills-point">
                <input type="checkbox" checked={ticked.includes(i)} onChange={() => progress.togglePoint(card.id, i)} data-point={i} />
                <RichText text={text(p)} as="span" />
              </label>
            ))}
            <p className="lesson-muted">{t('drills.pointsCount', { ticked: ticked.length, total: drill.points.length })}</p>
          </fieldset>
          <section>
            <h4>{t('drills.followups')}</h4>
            <div className="drills-followups">
              {drill.followups.map((f, i) => (
                <details key={i}>
                  <summary>{text(f.q)}</summary>
                  <RichText text={text(f.a)} />
                </details>
              ))}
            </div>
          </section>
          <section>
            <h4>{t('drills.mistake')}</h4>
            <RichText text={text(drill.mistake)} className="drills-mistake" />
          </section>
          <section>
            <h4>{t('drills.lessons')}</h4>
            <LessonLinks links={drill.lessons} />
          </section>
          <GradeBar id={card.id} graded={graded} onGrade={onGrade} onNext={onNext} />
        </div>
      )}
    </article>
  );
}
