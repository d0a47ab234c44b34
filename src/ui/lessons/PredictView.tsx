/**
 * A prediction: the learner commits to an answer while the cluster is paused; then the lesson
 * runs the reveal and every option is shown beside what the cluster actually did (each option's
 * check, evaluated by the engine), with why, the misconception it stands for and its evidence.
 */
import { useId } from 'react';
import type { Answer } from '../../lesson-runtime/machine';
import type { Predict } from '../../lesson-runtime/schema';
import type { SyllabusEntry } from '../../lesson-runtime/catalog';
import { useT } from '../i18n/react';
import { RichText } from './RichText';
import { useText } from './react';

export interface PredictViewProps {
  stepId: string;
  predict: Predict;
  phase: string;
  answer: Answer | undefined;
  choice: string | undefined;
  misconceptions: readonly SyllabusEntry[];
  /** Presenter mode with the answer not yet revealed to the room. */
  hidden: boolean;
  onChoose: (id: string) => void;
  onCommit: (id: string) => void;
  onReveal: () => void;
  onEvidence: (seq: number) => void;
}

export function PredictView({ stepId, predict, phase, answer, choice, misconceptions, hidden, onChoose, onCommit, onReveal, onEvidence }: PredictViewProps) {
  const t = useT();
  const text = useText();
  const legend = useId();
  const asking = phase === 'asking';
  // A prediction in review with no answer was played for a learner who opened the lesson at a
  // later step: it shows what happened, without a verdict.
  const skipped = phase === 'review' && answer === undefined;
  const answered = ((phase === 'answered' || phase === 'review') && answer !== undefined) || skipped;
  return (
    <section className="lesson-widget lesson-predict" aria-labelledby={legend}>
      <h3 className="lesson-widget-label">{t('lessons.predict.label')}</h3>
      <RichText text={text(predict.ask)} className="lesson-ask" />
      {asking && (
        <>
          <p className="lesson-muted">{predict.form === 'component' ? t('lessons.predict.pickComponent') : t('lessons.predict.hint')}</p>
          <fieldset className="lesson-options">
            <legend id={legend} className="visually-hidden">
              {text(predict.ask)}
            </legend>
            {predict.options.map((o) => (
              <label key={o.id} className={`lesson-option${choice === o.id ? ' selected' : ''}`}>
                <input type="radio" name={`predict-${stepId}`} value={o.id} checked={choice === o.id} onChange={() => onChoose(o.id)} />
                <RichText text={text(o.text)} as="span" />
              </label>
            ))}
          </fieldset>
          <button type="button" className="primary" disabled={choice === undefined} onClick={() => choice !== undefined && onCommit(choice)}>
            {t('lessons.predict.commit')}
          </button>
        </>
      )}
      {phase === 'revealing' && (
        <p className="lesson-muted" role="status">
          {t('lessons.predict.revealing')}
        </p>
      )}
      {/* Not data-answer (presenter mode hides those): `hidden` already keeps the key from the room,
          and the instructor needs this notice and the reveal button, then the revealed answer. */}
      {answered && hidden && (
        <div className="lesson-hidden">
          <p>{t('lessons.predict.hidden')}</p>
          <button type="button" onClick={onReveal}>
            {t('lessons.predict.revealNow')}
          </button>
        </div>
      )}
      {answered && !hidden && (
        <div data-testid="predict-answer">
          {answer ? (
            <p className={`lesson-verdict ${answer.correct ? 'right' : 'wrong'}`} role="status">
              <span aria-hidden="true">{answer.correct ? '✓ ' : '✗ '}</span>
              {answer.correct ? t('lessons.predict.right') : t('lessons.predict.wrong')}
            </p>
          ) : (
            <p className="lesson-muted" data-testid="predict-skipped">
              {t('lessons.predict.skipped')}
            </p>
          )}
          <ul className="lesson-results">
            {predict.options.map((o) => {
              const v = answer?.verdicts?.find((x) => x.id === o.id);
              const m = o.misconception ? misconceptions.find((x) => x.id === o.misconception) : undefined;
              const mine = answer?.choice === o.id;
              const key = predict.key === o.id;
              return (
                <li key={o.id} className={`lesson-result${key ? ' key' : ''}${mine ? ' mine' : ''}`} data-option={o.id}>
                  <div className="lesson-result-head">
                    <RichText text={text(o.text)} as="span" className="lesson-result-text" />
                    {mine && <span className="tag mine">{t('lessons.predict.yours')}</span>}
                    {key && <span className="tag key">{t('lessons.predict.key')}</span>}
                    {v && (
                      <span className={`tag ${v.holds ? 'held' : 'not-held'}`}>
                        <span aria-hidden="true">{v.holds ? '● ' : '○ '}</span>
                        {v.holds ? t('lessons.predict.held') : t('lessons.predict.notHeld')}
                      </span>
                    )}
                  </div>
                  <RichText text={text(o.why)} className="lesson-why" />
                  {m && <p className="lesson-misconception">{t('lessons.predict.misconception', { name: text(m) })}</p>}
                  {v && v.holds && v.records.length > 0 && (
                    <button type="button" className="link" onClick={() => onEvidence(v.records[0]!)}>
                      {t('lessons.predict.evidence')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <RichText text={text(predict.explain)} className="lesson-explain" />
        </div>
      )}
    </section>
  );
}
