/**
 * The instructor console panel (issue #4 point 4): the symptoms card, every fault as a toggle,
 * and the presets. Everything it changes goes through the terminal language (`sim fail`,
 * `kubectl ...`) via the bridge, so a run driven from here replays like a typed one.
 */
import { useId } from 'react';
import { useT } from '../i18n/react';
import { FaultToggles } from './FaultToggles';
import { PresetList } from './PresetList';
import { SymptomsCard } from './SymptomsCard';
import './instructor.css';
import * as instructorMessages from '../i18n/messages/instructor';
import { addMessages } from '../i18n/catalog';

// This feature's strings load with its chunk, not with the page (i18n/catalog.ts).
addMessages(instructorMessages);

export interface InstructorConsoleProps {
  /** Leave the symptoms card out (when the page shows it elsewhere). */
  symptoms?: boolean;
}

export function InstructorConsole({ symptoms = true }: InstructorConsoleProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="panel instructor" aria-labelledby={headingId} data-testid="instructor-console">
      <h2 id={headingId}>{t('ic.title')}</h2>
      {symptoms ? <SymptomsCard /> : null}
      <FaultToggles />
      <PresetList />
    </section>
  );
}
