/**
 * The drills page, over the stage like the lesson catalog: Practice (today's queue), Mock
 * interview and Progress, with export / import of all saved progress. Loaded on first open (this
 * module, the cards and the scheduler are chunks of their own).
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { dueQueue } from '../../lesson-runtime/srs';
import type { MessageKey } from '../i18n/catalog';
import { useT } from '../i18n/react';
import { useLessonController, useLessons } from '../lessons/react';
import { useDrillBundle } from './bundle';
import { DrillsContext, useDeckState, useDrills } from './context';
import { buildDeck } from './deck';
import { DeckProgress } from './deck-progress';
import { closeDrills, DRILL_VIEWS, drillsStore, showDrillView, type DrillView } from './drills-store';
import { MockInterview } from './MockInterview';
import { PracticeView } from './PracticeView';
import { ProgressView } from './ProgressView';
import '../lessons/lessons.css';
import './drills.css';
import * as drillsMessages from '../i18n/messages/drills';
import { addMessages } from '../i18n/catalog';

// This feature's strings load with its chunk, not with the page (i18n/catalog.ts).
addMessages(drillsMessages);

const VIEW_LABEL: Record<DrillView, MessageKey> = { practice: 'drills.view.practice', mock: 'drills.view.mock', progress: 'drills.view.progress' };

export default function DrillsDialog() {
  const t = useT();
  const ctl = useLessonController();
  const { bundle, error, retry } = useDrillBundle();
  const [progress, setProgress] = useState<DeckProgress>();
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useId();

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  // The learner's cards live in the lessons' progress store (one export, one import for both).
  useEffect(() => {
    if (!bundle || !ctl) return;
    let live = true;
    let made: DeckProgress | undefined;
    void ctl.progressStore().then(async (store) => {
      if (!live) return;
      made = new DeckProgress(store, buildDeck(bundle.drills, bundle.cards));
      await made.load();
      if (live) setProgress(made);
    });
    // A reload or a closed tab writes the answer being typed at once (the store journals it synchronously).
    const leaving = (): void => void made?.flush();
    window.addEventListener('pagehide', leaving);
    return () => {
      live = false;
      window.removeEventListener('pagehide', leaving);
      void made?.flush();
    };
  }, [bundle, ctl]);

  return (
    <dialog
      ref={dialog}
      className="lesson-catalog drills-page"
      aria-labelledby={title}
      data-testid="drills-page"
      onCancel={(e) => {
        e.preventDefault();
        closeDrills();
      }}
    >
      <header className="lesson-catalog-head">
        <div>
          <h2 id={title}>{t('drills.title')}</h2>
          <p className="lesson-muted">{t('drills.intro')}</p>
        </div>
        <button type="button" onClick={closeDrills} aria-label={t('drills.close')} data-testid="drills-close">
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      {error ? (
        <div className="notice problem" role="alert">
          <p>{t('drills.loadFailed', { error })}</p>
          <button type="button" onClick={retry}>
            {t('drills.retry')}
          </button>
        </div>
      ) : bundle && progress ? (
        <DrillsContext.Provider value={{ bundle, progress }}>
          <Views />
        </DrillsContext.Provider>
      ) : (
        <p className="lesson-muted" role="status">
          {t('drills.loading')}
        </p>
      )}
    </dialog>
  );
}

function Views() {
  const t = useT();
  const { progress } = useDrills();
  const view = useStore(drillsStore, (s) => s.view);
  const records = useDeckState((s) => s.records);
  const reviews = useDeckState((s) => s.reviews);
  // Bumped by an import: every view starts again from the imported cards.
  const [epoch, setEpoch] = useState(0);
  const base = useId();
  const tabs = useRef(new Map<DrillView, HTMLButtonElement>());
  const q = dueQueue(progress.deck, records, reviews, Date.now());
  const today = q.due.length + q.fresh.length;

  const select = (v: DrillView, focus = false): void => {
    showDrillView(v);
    if (focus) tabs.current.get(v)?.focus();
  };
  // WAI-ARIA tabs: arrows move between the views, Home / End to the ends.
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const i = DRILL_VIEWS.indexOf(view);
    const n = DRILL_VIEWS.length;
    const next = e.key === 'ArrowRight' ? DRILL_VIEWS[(i + 1) % n] : e.key === 'ArrowLeft' ? DRILL_VIEWS[(i - 1 + n) % n] : e.key === 'Home' ? DRILL_VIEWS[0] : e.key === 'End' ? DRILL_VIEWS[n - 1] : undefined;
    if (next) {
      e.preventDefault();
      select(next, true);
    }
  };

  return (
    <>
      <div className="drills-tabs" role="tablist" aria-label={t('drills.views')} onKeyDown={onKey}>
        {DRILL_VIEWS.map((v) => (
          <button
            key={v}
            ref={(el) => {
              if (el) tabs.current.set(v, el);
              else tabs.current.delete(v);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${v}`}
            aria-selected={v === view}
            aria-controls={`${base}-panel-${v}`}
            tabIndex={v === view ? 0 : -1}
            className="drills-tab"
            data-testid={`drills-tab-${v}`}
            onClick={() => select(v)}
          >
            {t(VIEW_LABEL[v])}
            {v === 'practice' && today > 0 && <span className="tag">{t('drills.dueCount', { count: today })}</span>}
          </button>
        ))}
      </div>
      {DRILL_VIEWS.map((v) => (
        <div key={`${v}-${epoch}`} role="tabpanel" id={`${base}-panel-${v}`} aria-labelledby={`${base}-tab-${v}`} className="drills-panel" hidden={v !== view} data-testid={`drills-panel-${v}`}>
          {v === 'practice' ? <PracticeView /> : v === 'mock' ? <MockInterview /> : <ProgressView />}
        </div>
      ))}
      <Footer onImported={() => setEpoch((e) => e + 1)} />
    </>
  );
}

function Footer({ onImported }: { onImported: () => void }) {
  const t = useT();
  const ctl = useLessonController();
  const { progress } = useDrills();
  const persistent = useLessons((s) => s.persistent);
  const lessonNotices = useLessons((s) => s.notices);
  const notices = useDeckState((s) => s.notices);
  const error = useDeckState((s) => s.error);
  const [imported, setImported] = useState(false);
  const importInput = useRef<HTMLInputElement>(null);

  const exportProgress = async (): Promise<void> => {
    if (!ctl) return;
    await progress.flush();
    const blob = new Blob([await ctl.exportProgress()], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'reconcile-progress.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  const importFile = async (input: HTMLInputElement): Promise<void> => {
    const f = input.files?.[0];
    if (!f || !ctl) return;
    await progress.flush();
    const ok = await ctl.importProgress(await f.text());
    // The same file may be chosen again.
    input.value = '';
    if (ok) {
      await progress.load();
      onImported();
    }
    // Said once the views show the imported cards.
    setImported(true);
  };

  return (
    <footer className="drills-foot">
      <div className="lesson-notices">
        <p className={persistent ? 'lesson-muted' : 'notice'}>{t(persistent ? 'drills.storageNote' : 'drills.storageUnavailable')}</p>
        {error && (
          <p className="notice problem" role="alert">
            {t('drills.storeError', { error })}
          </p>
        )}
        {notices.map((n, i) =>
          n.type === 'corrupted' ? (
            <p key={i} className="notice" role="status">
              {t('lessons.catalog.corrupted', { count: n.dropped })}
            </p>
          ) : null,
        )}
        {imported &&
          lessonNotices.map((n, i) =>
            n.type === 'imported' ? (
              <p key={i} className="notice ok" role="status" data-testid="drills-imported">
                {t('lessons.catalog.imported', { lessons: n.lessons, cards: n.cards })}
              </p>
            ) : n.type === 'import-failed' ? (
              <p key={i} className="notice problem" role="alert">
                {t('lessons.catalog.importFailed', { error: n.error })}
              </p>
            ) : null,
          )}
      </div>
      <div className="drills-foot-actions">
        <button type="button" onClick={() => void exportProgress()} data-testid="drills-export">
          {t('drills.export')}
        </button>
        <button type="button" onClick={() => importInput.current?.click()}>
          {t('drills.import')}
        </button>
        <input ref={importInput} type="file" accept=".json,application/json" hidden data-testid="drills-import-input" onChange={(e) => void importFile(e.currentTarget)} />
      </div>
    </footer>
  );
}
