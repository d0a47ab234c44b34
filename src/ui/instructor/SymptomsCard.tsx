/**
 * "What is happening now": symptoms() of the moment shown, in plain words, each with the
 * commands a learner should run to see it — every one a button that runs it in the terminal.
 * Each symptom starts with its tone in words (Fault / Problem / All well), not colour alone.
 * Not a live region: while playing, the numbers change every second.
 */
import { useId, useMemo } from 'react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useTimeLabel } from '../playback/use-time-label';
import { symptoms } from './symptoms';
import { useMoment } from './use-moment';
import './instructor.css';
import * as instructorMessages from '../i18n/messages/instructor';
import { addMessages } from '../i18n/catalog';

// This feature's strings load with its chunk, not with the page (i18n/catalog.ts).
addMessages(instructorMessages);

export function SymptomsCard() {
  const t = useT();
  const bridge = useBridge();
  const moment = useMoment();
  const time = useTimeLabel();
  const list = useMemo(() => (moment ? symptoms(moment) : []), [moment]);
  const headingId = useId();
  return (
    <section className="ic-symptoms" aria-labelledby={headingId} data-testid="symptoms-card">
      <h3 id={headingId}>{t('ic.symptoms')}</h3>
      {moment ? <p className="ic-at">{t('ic.symptomsAt', { time: time(moment.now) })}</p> : <p className="empty">{t('conn.starting')}</p>}
      <ul className="ic-symptom-list">
        {list.map((s) => (
          <li key={s.id} className="ic-symptom" data-tone={s.tone} data-testid={`symptom-${s.id}`}>
            {/* The diagnosis is the answer: presenter mode hides it and leaves the checks to run. */}
            <p data-answer>
              <strong className="ic-tone">{t(`ic.tone.${s.tone}`)}:</strong> {s.says.map((x) => t(x.key, x.params)).join(' ')}
            </p>
            <div className="ic-checks" role="group" aria-label={t('ic.checks')}>
              <span aria-hidden="true">{t('ic.checks')}:</span>
              {s.checks.map((line) => (
                <button key={line} type="button" onClick={() => bridge.run(line, undefined, { laptop: true })} aria-label={t('ic.checkLabel', { line })}>
                  <code>{line}</code>
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
