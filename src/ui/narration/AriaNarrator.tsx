/**
 * Speaks the current message to screen readers: a polite live region that says, in a plain
 * sentence, what the message the page shows is and, where it is not obvious, why it exists
 * (narrate.ts, why.ts). Stepping and seeking speak at once; playing speaks at most once per
 * 1.5 s, the latest message (announcer.ts). Loading the page says nothing: only a change of the
 * moment shown does.
 *
 * With `visible`, the last steps up to the moment are also listed in a "Narration" panel (newest
 * last, log.ts): a projection of the moment, so walking back and forth never repeats or reorders
 * a line. The panel is not itself live, so nothing is read twice. It fills its container.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocale, useT } from '../i18n/react';
import { useTimeLabel } from '../playback/use-time-label';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { decide, type AnnouncerState } from './announcer';
import { loadSentences, sentencesLoaded } from './load-sentences';
import { WHY_LOOKAHEAD } from './lookahead';
import { useTapeThrough } from '../store/use-tape';
import '../keyboard/a11y.css';
import './narration.css';

export interface AriaNarratorProps {
  /** Also show the sentences as a "Narration" panel. */
  visible?: boolean;
  /** How many sentences the panel keeps. */
  historySize?: number;
}

const selectSeq = (s: AppState) => s.cluster.seq;
const selectPlaying = (s: AppState) => s.playback.playing;
/** Shared with the sequence view and stepping: a line is a row the learner can see. */
const selectSettings = (s: AppState) => s.sequence;

export function AriaNarrator({ visible = false, historySize = 8 }: AriaNarratorProps) {
  const t = useT();
  const [locale] = useLocale();
  const headingId = useId();
  const time = useTimeLabel();
  // A sentence reads its record and up to WHY_LOOKAHEAD after it: diffs beyond those leave it be.
  const tape = useTapeThrough(WHY_LOOKAHEAD + 1);
  const seq = useApp(selectSeq);
  const playing = useApp(selectPlaying);
  const settings = useApp(selectSettings);
  // The sentences load just after first paint (load-sentences.ts); until then there is nothing to say.
  const [sentences, setSentences] = useState(sentencesLoaded);
  useEffect(() => {
    if (sentences) return;
    let live = true;
    void loadSentences().then((m) => live && setSentences(m));
    return () => {
      live = false;
    };
  }, [sentences]);
  const log = useMemo(() => (tape && sentences ? sentences.narrationLog(tape, seq, settings, historySize, locale) : []), [tape, sentences, seq, settings, historySize, locale]);
  const last = log[log.length - 1];

  const [spoken, setSpoken] = useState('');
  const state = useRef<AnnouncerState>({ lastSeq: undefined, lastAt: undefined });
  const started = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  // The timer speaks whatever is current when it fires, not what was current when it was set.
  const latest = useRef(last);
  latest.current = last;

  // The moment shown when the sentences arrive is not news either: the first change after it is.
  const loaded = tape !== undefined && sentences !== undefined;
  useEffect(() => {
    if (!loaded) return;
    if (!started.current) {
      // The moment the page opened on is not news; the first message after it is.
      started.current = true;
      state.current.lastSeq = last?.seq;
      return;
    }
    if (last === undefined) return;
    const speak = (): void => {
      const line = latest.current;
      if (!line || line.seq === state.current.lastSeq) return;
      state.current = { lastSeq: line.seq, lastAt: performance.now() };
      setSpoken(line.text);
    };
    const d = decide(state.current, last.seq, playing, performance.now());
    if (d.kind === 'now') {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      speak();
    } else if (d.kind === 'wait' && timer.current === undefined) {
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        speak();
      }, d.ms);
    }
  }, [loaded, last, playing]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <>
      <div className="a11y-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="narration-live">
        {spoken}
      </div>
      {visible ? (
        <section className="panel narration" aria-labelledby={headingId} data-testid="narration">
          <h2 id={headingId}>{t('narration.title')}</h2>
          {log.length === 0 ? (
            <p className="empty">{t('narration.empty')}</p>
          ) : (
            // Focusable because it scrolls: keyboard users must be able to scroll it too.
            <ol className="narration-log" tabIndex={0} aria-labelledby={headingId}>
              {log.map((e) => (
                <li key={e.seq} data-seq={e.seq} aria-current={e === last ? 'step' : undefined}>
                  <span className="narration-time">{time(e.at)}</span> {e.text}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </>
  );
}
