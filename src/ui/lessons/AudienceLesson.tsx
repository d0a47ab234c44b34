/**
 * The audience window's lesson: the presenter's current step, read-only. Only the step's place
 * (lesson id, index, phase, revealed) comes over the classroom channel; the text is the same
 * built-in lesson the presenter runs, loaded here through the lesson controller's bundle.
 *
 * Invariant: a step's key (which option was right, the explanations) is rendered only when the
 * presenter has revealed it and the step is past its answer; before that it is not in the DOM at
 * all, so neither CSS nor a screen reader can give it away. Nothing here acts on the lesson.
 */
import { useEffect, useState } from 'react';
import type { BundledLesson } from '../../lesson-runtime/catalog';
import type { Predict, Quiz, Step } from '../../lesson-runtime/schema';
import { stepKind, stepLines } from '../../lesson-runtime/steps';
import type { ClassroomLesson } from '../classroom/messages';
import { useT } from '../i18n/react';
import { RichText } from './RichText';
import { useLessonController, useLessons, useText } from './react';
import './lessons.css';

/** The built-in lesson `id` once loaded (undefined while loading or when the bundle has none). */
function useBundledLesson(id: string | undefined): BundledLesson | undefined {
  const ctl = useLessonController();
  const [entry, setEntry] = useState<BundledLesson>();
  useEffect(() => {
    if (id === undefined || !ctl) return;
    let live = true;
    void ctl.lesson(id).then((e) => {
      if (live) setEntry(e);
    });
    return () => {
      live = false;
    };
  }, [id, ctl]);
  return entry?.lesson.id === id ? entry : undefined;
}

/** Whether the room may see the step's answer. */
const answerShown = (f: ClassroomLesson): boolean => f.revealed && (f.phase === 'answered' || f.phase === 'review');

export function AudienceLesson() {
  const followed = useLessons((s) => s.followed);
  const entry = useBundledLesson(followed?.id);
  if (!followed || !entry) return null;
  return <FollowedStep followed={followed} entry={entry} />;
}

function FollowedStep({ followed, entry }: { followed: ClassroomLesson; entry: BundledLesson }) {
  const t = useT();
  const text = useText();
  const { lesson } = entry;
  const total = lesson.steps.length;
  const finished = followed.phase === 'finished';
  const step = lesson.steps[followed.index];
  const position = t('lessons.panel.stepOf', { step: followed.index + 1, total });
  return (
    <section className="panel lesson-panel" aria-label={t('lessons.audience.label')} data-testid="audience-lesson" data-step={finished ? 'finished' : step?.id} data-phase={followed.phase}>
      <header className="lesson-head">
        <p className="lesson-title">
          {text(lesson.title)}
          <span className="lesson-muted"> · {finished ? t('lessons.panel.finished') : position}</span>
        </p>
      </header>
      <progress className="lesson-progress" max={total} value={finished ? total : followed.index} aria-label={position} />
      {!finished && step && (
        <div className="lesson-body">
          <h2 className={step.title ? 'lesson-step-title' : 'lesson-step-title visually-hidden'}>{step.title ? text(step.title) : position}</h2>
          {step.say && <RichText text={text(step.say)} className="lesson-say" />}
          <FollowedWidget step={step} followed={followed} />
        </div>
      )}
    </section>
  );
}

function FollowedWidget({ step, followed }: { step: Step; followed: ClassroomLesson }) {
  const t = useT();
  const text = useText();
  const kind = stepKind(step);
  if (kind === 'predict') return <Question label={t('lessons.predict.label')} q={step.predict!} followed={followed} />;
  if (kind === 'quiz') return <Question label={t('lessons.quiz.label')} q={step.quiz!} followed={followed} />;
  if (kind === 'task') {
    return (
      <section className="lesson-widget lesson-task">
        <h3 className="lesson-widget-label">{t('lessons.task.label')}</h3>
        <RichText text={text(step.task!.goal)} className="lesson-ask" />
        {(followed.phase === 'solved' || followed.phase === 'review') && (
          <p className="lesson-verdict right" role="status">
            <span aria-hidden="true">✓ </span>
            {t('lessons.task.done')}
          </p>
        )}
      </section>
    );
  }
  const lines = stepLines(step);
  if (!lines.length) return null;
  return (
    <div className="lesson-widget lesson-act">
      <p className="lesson-muted">{t('lessons.panel.typed')}</p>
      <pre className="lesson-lines">{lines.map((l) => `$ ${l}`).join('\n')}</pre>
    </div>
  );
}

/** A prediction or a quiz: the question and its options; the key and the why once revealed. */
function Question({ label, q, followed }: { label: string; q: Predict | Quiz; followed: ClassroomLesson }) {
  const t = useT();
  const text = useText();
  const shown = answerShown(followed);
  return (
    <section className="lesson-widget lesson-predict">
      <h3 className="lesson-widget-label">{label}</h3>
      <RichText text={text(q.ask)} className="lesson-ask" />
      <ul className="lesson-results" data-testid="audience-options">
        {q.options.map((o) => {
          const key = shown && q.key === o.id;
          return (
            <li key={o.id} className={`lesson-result${key ? ' key' : ''}`} data-option={o.id}>
              <div className="lesson-result-head">
                <RichText text={text(o.text)} as="span" className="lesson-result-text" />
                {key && <span className="tag key">{t('lessons.audience.right')}</span>}
              </div>
              {shown && o.why && <RichText text={text(o.why)} className="lesson-why" />}
            </li>
          );
        })}
      </ul>
      {shown ? (
        <div data-testid="audience-answer">
          <RichText text={text(q.explain)} className="lesson-explain" />
        </div>
      ) : (
        <p className="lesson-muted" role="status">
          {followed.phase === 'asking' ? t('lessons.audience.asking') : t('lessons.predict.hidden')}
        </p>
      )}
    </section>
  );
}
