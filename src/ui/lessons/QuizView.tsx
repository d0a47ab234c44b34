/** A recall question after the fact, with immediate feedback. */
import { useId, useState } from 'react';
import type { Answer } from '../../lesson-runtime/machine';
import type { Quiz } from '../../lesson-runtime/schema';
import { useT } from '../i18n/react';
import { RichText } from './RichText';
import { useText } from './react';

export function QuizView({ stepId, quiz, phase, answer, onAnswer }: { stepId: string; quiz: Quiz; phase: string; answer: Answer | undefined; onAnswer: (id: string) => void }) {
  const t = useT();
  const text = useText();
  const legend = useId();
  const [choice, setChoice] = useState<string>();
  const answered = answer !== undefined && phase !== 'asking';
  // In review with no answer: played for a learner who opened the lesson at a later step.
  const skipped = phase === 'review' && answer === undefined;
  return (
    <section className="lesson-widget lesson-quiz">
      <h3 className="lesson-widget-label">{t('lessons.quiz.label')}</h3>
      <RichText text={text(quiz.ask)} className="lesson-ask" />
      <fieldset className="lesson-options" disabled={answered || skipped}>
        <legend id={legend} className="visually-hidden">
          {text(quiz.ask)}
        </legend>
        {quiz.options.map((o) => {
          const picked = answered ? answer.choice === o.id : choice === o.id;
          return (
            <label key={o.id} className={`lesson-option${picked ? ' selected' : ''}${(answered || skipped) && o.id === quiz.key ? ' key' : ''}`}>
              <input type="radio" name={`quiz-${stepId}`} value={o.id} checked={picked} onChange={() => setChoice(o.id)} />
              <RichText text={text(o.text)} as="span" />
              {answered && o.why && answer.choice === o.id && o.id !== quiz.key && <RichText text={text(o.why)} className="lesson-why" />}
            </label>
          );
        })}
      </fieldset>
      {skipped && (
        <div data-answer>
          <p className="lesson-muted">{t('lessons.quiz.skipped')}</p>
          <RichText text={text(quiz.explain)} className="lesson-explain" />
        </div>
      )}
      {!answered && !skipped && (
        <button type="button" className="primary" disabled={choice === undefined} onClick={() => choice !== undefined && onAnswer(choice)}>
          {t('lessons.predict.commit')}
        </button>
      )}
      {answered && (
        <div data-answer>
          <p className={`lesson-verdict ${answer.correct ? 'right' : 'wrong'}`} role="status">
            <span aria-hidden="true">{answer.correct ? '✓ ' : '✗ '}</span>
            {answer.correct ? t('lessons.quiz.right') : t('lessons.quiz.wrong')}
          </p>
          <RichText text={text(quiz.explain)} className="lesson-explain" />
        </div>
      )}
    </section>
  );
}
