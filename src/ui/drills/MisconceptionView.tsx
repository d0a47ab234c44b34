/**
 * A misconception card: a belief stated as fact, to judge true or false. The verdict (it is always
 * false), what is true instead and why, then the grade, with the first judgement's suggestion
 * (right: Good, wrong: Again) that the learner may change.
 */
import { useId, type RefObject } from 'react';
import type { Grade } from '../../lesson-runtime/srs';
import { useT } from '../i18n/react';
import { RichText } from '../lessons/RichText';
import { useText } from '../lessons/react';
import { CardHeading } from './CardHeading';
import { suggestedGrade, type DeckCard } from './deck';
import { DemoButton } from './DemoButton';
import type { Graded } from './drills-store';
import { GradeBar } from './GradeBar';
import { LessonLinks } from './LessonLinks';
import { useFocusWhen } from './focus';

export interface MisconceptionViewProps {
  card: Extract<DeckCard, { kind: 'card' }>;
  /** The learner's first judgement: true if they said the statement is true. */
  judged: boolean | undefined;
  graded: Graded | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onJudge: (saidTrue: boolean) => void;
  onGrade: (g: Grade) => void;
  onNext: () => void;
}

export function MisconceptionView({ card, judged, graded, headingRef, onJudge, onGrade, onNext }: MisconceptionViewProps) {
  const t = useT();
  const text = useText();
  const id = useId();
  const { card: m } = card;
  const right = judged === false;
  const verdict = useFocusWhen<HTMLParagraphElement>(judged !== undefined);
  return (
    <article className="drills-card" aria-labelledby={`${id}-h`} data-testid="misconception-card" data-card={card.id}>
      <CardHeading card={card} id={`${id}-h`} headingRef={headingRef}>
        {t('drills.judge')}
      </CardHeading>
      <blockquote className="drills-statement">
        <RichText text={text(m.statement)} />
      </blockquote>
      <div className="lesson-actions">
        {judged === undefined && (
          <div role="group" aria-label={t('drills.judge')} className="drills-judge">
            <button type="button" onClick={() => onJudge(true)} data-testid="judge-true">
              {t('drills.true')}
            </button>
            <button type="button" onClick={() => onJudge(false)} data-testid="judge-false">
              {t('drills.false')}
            </button>
          </div>
        )}
        <DemoButton card={card} />
      </div>
      {judged !== undefined && (
        <div className="drills-answer-revealed" data-testid="misconception-verdict">
          <p className={`lesson-verdict ${right ? 'right' : 'wrong'}`} role="status" tabIndex={-1} ref={verdict}>
            <span aria-hidden="true">{right ? '✓ ' : '✗ '}</span>
            {t(right ? 'drills.verdict.right' : 'drills.verdict.wrong')}
          </p>
          <section>
            <h4>{t('drills.correction')}</h4>
            <RichText text={text(m.correction)} />
          </section>
          <section>
            <h4>{t('drills.explain')}</h4>
            <RichText text={text(m.explain)} />
          </section>
          <section>
            <h4>{t('drills.lessons')}</h4>
            <LessonLinks links={m.lessons} />
          </section>
          <GradeBar id={card.id} suggested={suggestedGrade(right)} graded={graded} onGrade={onGrade} onNext={onNext} />
        </div>
      )}
    </article>
  );
}
