/**
 * The first minute: over the diagram, for a visitor who has not started anything yet, what this is
 * and the two ways in — a lesson (the catalog, with progress) or the sandbox (type a command and
 * step through what it causes). It goes away as soon as a lesson starts or a command runs, or
 * when dismissed; the terminal below stays usable the whole time.
 */
import { X } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../i18n/react';
import { LessonList } from '../lessons/LessonCatalog';
import { useLessonController, useLessons } from '../lessons/react';
import { useApp } from '../store/react';
import { readChoice, writeChoice } from './remembered';

const SEEN_KEY = 'reconcile.welcomed';

export function Welcome() {
  const t = useT();
  const ctl = useLessonController();
  // Gone from the click on Start: the lesson is on its way (its cluster boots for a moment).
  const lesson = useLessons((s) => s.active !== undefined || s.starting !== undefined);
  const commands = useApp((s) => s.terminal.entries.length);
  const [dismissed, setDismissed] = useState(() => readChoice(SEEN_KEY) === 'yes');
  if (dismissed || lesson || commands > 0 || !ctl) return null;
  const close = (): void => {
    writeChoice(SEEN_KEY, 'yes');
    setDismissed(true);
  };
  return (
    <section className="welcome" aria-labelledby="welcome-title" data-testid="welcome">
      <div className="welcome-head">
        <h2 id="welcome-title">{t('welcome.title')}</h2>
        <button type="button" className="icon-button" onClick={close} aria-label={t('welcome.close')} data-testid="welcome-close">
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <p>{t('welcome.what')}</p>
      <div className="welcome-ways">
        <div className="welcome-way">
          <h3>{t('welcome.learn')}</h3>
          <LessonList compact />
          <button type="button" className="link" onClick={() => ctl.openCatalog()}>
            {t('welcome.allLessons')}
          </button>
        </div>
        <div className="welcome-way">
          <h3>{t('welcome.sandbox')}</h3>
          <p>
            {t('welcome.sandboxHow')} <code>kubectl apply -f go-api.yaml</code>
          </p>
          <p>{t('welcome.sandboxStep')}</p>
          <button type="button" onClick={close} data-testid="open-sandbox">
            {t('lessons.catalog.sandbox')}
          </button>
        </div>
      </div>
    </section>
  );
}
