/**
 * The front door: every built-in lesson with what it teaches, how long it takes and how far the
 * learner got, beside "open the free sandbox". Also opens a learner's own lesson file, and
 * exports / imports progress. Shown as a dialog over the stage.
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { CatalogEntry } from '../../lesson-runtime/catalog';
import type { LessonRecord } from '../../lesson-runtime/progress';
import { useT } from '../i18n/react';
import { RichText } from './RichText';
import { useLessonController, useLessons, useText } from './react';
import type { LessonsNotice } from './state';
import './lessons.css';

export function LessonCatalog() {
  const open = useLessons((s) => s.catalogOpen);
  if (!open) return null;
  return <CatalogDialog />;
}

function CatalogDialog() {
  const t = useT();
  const ctl = useLessonController();
  const persistent = useLessons((s) => s.persistent);
  const notices = useLessons((s) => s.notices);
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const importInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const openFile = async (f: File | undefined): Promise<void> => {
    if (!f || !ctl) return;
    await ctl.openFile(f.name, await f.text());
  };
  const importFile = async (f: File | undefined): Promise<void> => {
    if (!f || !ctl) return;
    await ctl.importProgress(await f.text());
  };
  const exportProgress = async (): Promise<void> => {
    if (!ctl) return;
    const blob = new Blob([await ctl.exportProgress()], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'reconcile-progress.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <dialog ref={dialog} className="lesson-catalog" aria-labelledby={title} data-testid="lesson-catalog" onCancel={() => ctl?.closeCatalog()}>
      <header className="lesson-catalog-head">
        <div>
          <h2 id={title}>{t('lessons.catalog.title')}</h2>
          <p className="lesson-muted">{t('lessons.catalog.intro')}</p>
        </div>
        <button type="button" onClick={() => ctl?.closeCatalog()} aria-label={t('lessons.catalog.close')}>
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      <Notices notices={notices} persistent={persistent} />
      <div className="lesson-sandbox">
        <div>
          <strong>{t('lessons.catalog.sandbox')}</strong>
          <p className="lesson-muted">{t('lessons.catalog.sandboxHint')}</p>
        </div>
        <button type="button" data-testid="open-sandbox" onClick={() => ctl?.closeCatalog()}>
          {t('lessons.catalog.sandbox')}
        </button>
      </div>
      <LessonList />
      <footer className="lesson-catalog-foot">
        <button type="button" onClick={() => fileInput.current?.click()}>
          {t('lessons.catalog.openFile')}
        </button>
        <span className="lesson-muted">{t('lessons.catalog.dropHint')}</span>
        <span className="spacer" />
        <button type="button" onClick={() => void exportProgress()}>
          {t('lessons.catalog.export')}
        </button>
        <button type="button" onClick={() => importInput.current?.click()}>
          {t('lessons.catalog.import')}
        </button>
        <input ref={fileInput} type="file" accept=".yaml,.yml,text/yaml" hidden data-testid="lesson-file-input" onChange={(e) => void openFile(e.target.files?.[0])} />
        <input ref={importInput} type="file" accept=".json,application/json" hidden data-testid="progress-import-input" onChange={(e) => void importFile(e.target.files?.[0])} />
      </footer>
    </dialog>
  );
}

/** Every built-in lesson as a card (`compact`: one line each, for the welcome on the stage). */
export function LessonList({ compact = false }: { compact?: boolean }) {
  const lessons = useLessons((s) => s.catalog);
  const records = useLessons((s) => s.records);
  return (
    <ol className={compact ? 'lesson-cards compact' : 'lesson-cards'}>
      {lessons.map((l) => (
        <LessonCard key={l.id} lesson={l} record={records[l.id]} compact={compact} />
      ))}
    </ol>
  );
}

function LessonCard({ lesson, record, compact }: { lesson: CatalogEntry; record: LessonRecord | undefined; compact: boolean }) {
  const t = useT();
  const text = useText();
  const ctl = useLessonController();
  const objectives = useLessons((s) => s.syllabus.objectives);
  const current = record && record.version === lesson.version ? record : undefined;
  const step = (current?.progress.index ?? 0) + 1;
  const status = current?.completed ? t('lessons.catalog.done') : current ? t('lessons.catalog.inProgress', { step, total: lesson.steps }) : t('lessons.catalog.notStarted');
  const titleId = useId();
  return (
    <li className={`lesson-card${current?.completed ? ' done' : current ? ' started' : ''}`} aria-labelledby={titleId} data-lesson={lesson.id}>
      <h3 id={titleId}>
        <span className="lesson-number">{lesson.id.slice(0, 2)}</span> {text(lesson.title)}
      </h3>
      {!compact && <RichText text={text(lesson.summary)} className="lesson-muted" />}
      <p className="lesson-meta">
        <span>{t('lessons.catalog.minutes', { minutes: lesson.minutes })}</span>
        <span>{t('lessons.catalog.steps', { count: lesson.steps })}</span>
        <span className="lesson-status">
          <span aria-hidden="true">{current?.completed ? '✓ ' : current ? '◐ ' : '○ '}</span>
          {status}
        </span>
      </p>
      {!compact && lesson.objectives.length > 0 && (
        <details>
          <summary>{t('lessons.catalog.objectives')}</summary>
          <ul>
            {lesson.objectives.map((id) => {
              const o = objectives.find((x) => x.id === id);
              return <li key={id}>{o ? text(o) : id}</li>;
            })}
          </ul>
        </details>
      )}
      <div className="lesson-actions">
        {current && !current.completed ? (
          <>
            <button type="button" className="primary" onClick={() => void ctl?.start(lesson.id)}>
              {t('lessons.catalog.resume', { step })}
            </button>
            <button type="button" onClick={() => void ctl?.start(lesson.id, { restart: true })}>
              {t('lessons.catalog.restart')}
            </button>
          </>
        ) : (
          <button type="button" className="primary" data-testid={`start-${lesson.id}`} onClick={() => void ctl?.start(lesson.id, { restart: true })}>
            {current?.completed ? t('lessons.catalog.review') : t('lessons.catalog.start')}
          </button>
        )}
      </div>
    </li>
  );
}

function Notices({ notices, persistent }: { notices: readonly LessonsNotice[]; persistent: boolean }) {
  const t = useT();
  const ctl = useLessonController();
  return (
    <div className="lesson-notices">
      {!persistent && <p className="notice">{t('lessons.catalog.storageUnavailable')}</p>}
      {persistent && <p className="lesson-muted">{t('lessons.catalog.storageNote')}</p>}
      {notices.map((n, i) => {
        switch (n.type) {
          case 'corrupted':
            return (
              <p key={i} className="notice" role="status">
                {t('lessons.catalog.corrupted', { count: n.dropped })}
              </p>
            );
          case 'unavailable':
            return null;
          case 'imported':
            return (
              <p key={i} className="notice ok" role="status">
                {t('lessons.catalog.imported', { lessons: n.lessons, cards: n.cards })}
              </p>
            );
          case 'import-failed':
            return (
              <p key={i} className="notice problem" role="alert">
                {t('lessons.catalog.importFailed', { error: n.error })}
              </p>
            );
          case 'load-failed':
            return (
              <p key={i} className="notice problem" role="alert" data-testid="lesson-load-failed">
                {t('lessons.catalog.loadFailed', { error: n.error })}
              </p>
            );
          case 'file-errors':
            return (
              <div key={i} className="notice problem" role="alert" data-testid="lesson-file-errors">
                <p>{t('lessons.file.errors')}</p>
                <ul>
                  {n.errors.slice(0, 20).map((e, j) => (
                    <li key={j}>
                      <code>
                        {n.name}:{e.line}
                      </code>{' '}
                      {e.path && <code>{e.path}</code>} {e.message}
                    </li>
                  ))}
                </ul>
                <button type="button" onClick={() => ctl?.dismiss('file-errors')}>
                  {t('lessons.catalog.close')}
                </button>
              </div>
            );
        }
      })}
    </div>
  );
}
