/**
 * The running lesson: step text, progress, Back / Next, and the step's widget (prediction, task,
 * quiz, or the status of what the step runs). Renders nothing when no lesson is running.
 */
import { List, LogOut } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { stepKind, stepLines } from '../../lesson-runtime/steps';
import type { Step } from '../../lesson-runtime/schema';
import { useBridge } from '../bridge/react';
import { useDrillBundle } from '../drills/bundle';
import { openDrills } from '../drills/drills-store';
import { cardNumber, resolveDrillRef } from '../drills/refs';
import { useT } from '../i18n/react';
import { PredictView } from './PredictView';
import { QuizView } from './QuizView';
import { RichText } from './RichText';
import { TaskView } from './TaskView';
import { useLessonController, useLessons, useText } from './react';
import type { ActiveLesson } from './state';
import './lessons.css';

const BUSY = new Set(['entering', 'marking', 'act', 'revealing', 'checking', 'solving', 'finishing']);

export function LessonPanel({ presenter = false }: { presenter?: boolean }) {
  const active = useLessons((s) => s.active);
  if (!active) return null;
  return <ActivePanel active={active} presenter={presenter} />;
}

function ActivePanel({ active, presenter }: { active: ActiveLesson; presenter: boolean }) {
  const t = useT();
  const text = useText();
  const ctl = useLessonController();
  const { lesson } = active.entry;
  const finished = active.phase === 'finished';
  const index = active.context.index;
  const step = lesson.steps[index]!;
  const total = lesson.steps.length;
  const busy = BUSY.has(active.phase);
  const done = finished || ['ready', 'answered', 'solved', 'review'].includes(active.phase);
  const heading = useRef<HTMLHeadingElement>(null);
  // Whether the progress shown is saved yet (a reload before then resumes a step earlier).
  const saved = useLessons((s) => s.saving === 0);
  const saveError = useLessons((s) => s.saveError);
  // Move focus to the new step's heading so screen readers and keyboards follow the lesson.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [index, finished]);

  return (
    <section className="panel lesson-panel" aria-label={t('lessons.panel.label')} data-testid="lesson-panel" data-step={finished ? 'finished' : step.id} data-phase={active.phase} data-saved={saved}>
      <header className="lesson-head">
        <p className="lesson-title">
          {text(lesson.title)}
          <span className="lesson-muted"> · {finished ? t('lessons.panel.finished') : t('lessons.panel.stepOf', { step: index + 1, total })}</span>
        </p>
        <div className="lesson-head-actions">
          <button type="button" className="icon-button" onClick={() => ctl?.openCatalog()} aria-label={t('lessons.panel.catalog')} title={t('lessons.panel.catalog')}>
            <List size={16} aria-hidden="true" />
          </button>
          <button type="button" className="icon-button" onClick={() => ctl?.exit()} aria-label={t('lessons.panel.exit')} title={t('lessons.panel.exit')}>
            <LogOut size={16} aria-hidden="true" />
          </button>
        </div>
      </header>
      {saveError !== undefined && (
        <p className="notice problem" role="alert" data-testid="lesson-save-failed">
          {t('lessons.panel.saveFailed', { error: saveError })}
        </p>
      )}
      <progress className="lesson-progress" max={total} value={finished ? total : index + (done ? 1 : 0)} aria-label={t('lessons.panel.stepOf', { step: index + 1, total })} />
      <div className="lesson-body">
        {finished ? (
          <Finished active={active} headingRef={heading} />
        ) : (
          <>
            {/* A step without a title keeps a heading for focus and screen readers, but the header
                already shows "step N of M", so sighted learners do not read it twice. */}
            <h2 className={step.title ? 'lesson-step-title' : 'lesson-step-title visually-hidden'} tabIndex={-1} ref={heading}>
              {step.title ? text(step.title) : t('lessons.panel.stepOf', { step: index + 1, total })}
            </h2>
            {step.say && <RichText text={text(step.say)} className="lesson-say" />}
            <StepWidget active={active} step={step} presenter={presenter} />
            {active.phase === 'failed' && (
              <div className="lesson-failed" role="alert">
                <p>{t('lessons.panel.failed', { error: active.context.error ?? '' })}</p>
                <button type="button" onClick={() => ctl?.send({ type: 'RETRY' })}>
                  {t('lessons.panel.retry')}
                </button>
              </div>
            )}
          </>
        )}
      </div>
      <footer className="lesson-nav">
        <button type="button" onClick={() => ctl?.send({ type: 'BACK' })} disabled={busy || (index === 0 && !finished)}>
          ← {t('lessons.panel.back')}
        </button>
        {!finished && (
          <button type="button" className="primary" data-testid="lesson-next" onClick={() => ctl?.send({ type: 'NEXT' })} disabled={!done}>
            {index === total - 1 ? t('lessons.panel.finish') : t('lessons.panel.next')} →
          </button>
        )}
      </footer>
    </section>
  );
}

function StepWidget({ active, step, presenter }: { active: ActiveLesson; step: Step; presenter: boolean }) {
  const ctl = useLessonController();
  const bridge = useBridge();
  const choice = useLessons((s) => s.choice);
  const revealed = useLessons((s) => s.revealed);
  const misconceptions = useLessons((s) => s.syllabus.misconceptions);
  const { phase, context } = active;
  const kind = stepKind(step);
  if (kind === 'predict') {
    return (
      <PredictView
        stepId={step.id}
        predict={step.predict!}
        phase={phase}
        answer={context.answers[step.id]}
        choice={choice}
        misconceptions={misconceptions}
        hidden={presenter && !revealed[step.id]}
        onChoose={(id) => ctl?.choose(id)}
        onCommit={(id) => ctl?.send({ type: 'ANSWER', choice: id })}
        onReveal={() => ctl?.reveal(step.id)}
        onEvidence={(seq) => bridge.seek(seq)}
      />
    );
  }
  if (kind === 'task') {
    return <TaskView task={step.task!} phase={phase} hints={context.hints[step.id] ?? 0} attempts={context.attempts[step.id] ?? 0} onHint={() => ctl?.send({ type: 'HINT' })} onCheck={() => ctl?.send({ type: 'CHECK' })} onSolve={() => ctl?.send({ type: 'SOLVE' })} />;
  }
  if (kind === 'quiz') return <QuizView stepId={step.id} quiz={step.quiz!} phase={phase} answer={context.answers[step.id]} onAnswer={(id) => ctl?.send({ type: 'ANSWER', choice: id })} />;
  if (kind === 'act') return <ActStatus step={step} phase={phase} reached={context.records[step.id]?.reached} />;
  return null;
}

function ActStatus({ step, phase, reached }: { step: Step; phase: string; reached: boolean | undefined }) {
  const t = useT();
  const lines = stepLines(step);
  return (
    <div className="lesson-widget lesson-act" role="status">
      {lines.length > 0 && (
        <>
          <p className="lesson-muted">{t('lessons.panel.typed')}</p>
          <pre className="lesson-lines">{lines.map((l) => `$ ${l}`).join('\n')}</pre>
        </>
      )}
      {phase === 'act' && <p className="lesson-muted">{t('lessons.panel.running')}</p>}
      {step.until && phase !== 'act' && <p className="lesson-muted">{reached === false ? t('lessons.panel.notReached', { within: step.until.within }) : t('lessons.panel.reached')}</p>}
    </div>
  );
}

function Finished({ active, headingRef }: { active: ActiveLesson; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const t = useT();
  const ctl = useLessonController();
  const { lesson } = active.entry;
  const predicts = lesson.steps.filter((s) => s.predict);
  const right = predicts.filter((s) => active.context.answers[s.id]?.correct).length;
  const drills = lesson.drills;
  // A drill's demonstration (drill-schema.ts demoLesson) leads back to its card.
  const demoOf = lesson.id.startsWith(DEMO_PREFIX) ? lesson.id.slice(DEMO_PREFIX.length) : undefined;
  return (
    <div className="lesson-finished">
      <h2 className="lesson-step-title" tabIndex={-1} ref={headingRef}>
        {t('lessons.panel.finished')}
      </h2>
      {predicts.length > 0 && <p>{t('lessons.panel.finishedScore', { right, total: predicts.length })}</p>}
      {drills.length > 0 && <PreparesFor refs={drills} />}
      {demoOf !== undefined && (
        <button type="button" onClick={() => openDrills(demoOf)} data-testid="back-to-card">
          {t('drills.backToCard')}
        </button>
      )}
      <button type="button" className="primary" onClick={() => ctl?.openCatalog()}>
        {t('lessons.panel.catalog')}
      </button>
    </div>
  );
}

const DEMO_PREFIX = '00-demo-';

/** The interview drills a finished lesson prepares for, as links that open the drills page at each card. */
function PreparesFor({ refs }: { refs: readonly string[] }) {
  const t = useT();
  const text = useText();
  const { bundle } = useDrillBundle();
  const deck = bundle ? [...bundle.drills.map((d) => ({ id: d.id, label: d.question })), ...bundle.cards.map((c) => ({ id: c.id, label: c.statement }))] : [];
  return (
    <div className="lesson-prepares">
      <p className="lesson-muted">{t('lessons.panel.prepares')}</p>
      <ul>
        {refs.map((ref) => {
          const card = resolveDrillRef(ref, deck);
          return (
            <li key={ref}>
              <button type="button" className="link" onClick={() => openDrills(card?.id ?? ref)} data-drill={ref}>
                <span className="lesson-number">{cardNumber(card?.id ?? ref)}</span> {card ? text(card.label) : ref}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
