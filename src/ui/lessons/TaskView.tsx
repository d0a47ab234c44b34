/** A task: the learner types commands until the cluster reaches the goal; hints on request. */
import type { Task } from '../../lesson-runtime/schema';
import { useT } from '../i18n/react';
import { RichText } from './RichText';
import { useText } from './react';

export interface TaskViewProps {
  task: Task;
  phase: string;
  hints: number;
  attempts: number;
  onHint: () => void;
  onCheck: () => void;
  onSolve: () => void;
}

export function TaskView({ task, phase, hints, attempts, onHint, onCheck, onSolve }: TaskViewProps) {
  const t = useT();
  const text = useText();
  const done = phase === 'solved' || phase === 'review';
  const busy = phase === 'checking' || phase === 'solving' || phase === 'finishing';
  return (
    <section className="lesson-widget lesson-task">
      <h3 className="lesson-widget-label">{t('lessons.task.label')}</h3>
      <RichText text={text(task.goal)} className="lesson-ask" />
      {done ? (
        <p className="lesson-verdict right" role="status">
          <span aria-hidden="true">✓ </span>
          {t('lessons.task.done')}
        </p>
      ) : (
        <>
          {attempts > 0 && !busy && (
            <p className="lesson-muted" role="status">
              {t('lessons.task.notYet', { attempts })}
            </p>
          )}
          {task.hints.slice(0, hints).map((h, i) => (
            <RichText key={i} text={text(h)} className="lesson-hint" />
          ))}
          <div className="lesson-actions">
            <button type="button" onClick={onCheck} disabled={busy}>
              {t('lessons.task.check')}
            </button>
            <button type="button" onClick={onHint} disabled={hints >= task.hints.length}>
              {hints >= task.hints.length ? t('lessons.task.noMoreHints') : t('lessons.task.hint')}
            </button>
            {(hints >= task.hints.length || attempts >= 2) && (
              <button type="button" onClick={onSolve} disabled={busy}>
                {t('lessons.task.solution')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
