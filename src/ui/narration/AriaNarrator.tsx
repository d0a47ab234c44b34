/**
 * Speaks the current message to screen readers: a polite live region that says, in a plain
 * sentence, what the message the page shows is (narrate.ts). Stepping and seeking speak at once;
 * playing speaks at most once per 1.5 s, the latest message (announcer.ts). Loading the page says
 * nothing: only a change of the moment shown does.
 *
 * With `visible`, the same sentences are also listed in a small "Narration" panel (newest last),
 * which is not itself live, so nothing is read twice.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TraceRecord } from '../../engine/core/trace';
import { useLocale, useT } from '../i18n/react';
import type { Locale } from '../i18n/catalog';
import { timeLabel } from '../playback/time-label';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { currentIndex, decide, type AnnouncerState } from './announcer';
import { narrateAt } from './narrate';
import '../keyboard/a11y.css';

export interface AriaNarratorProps {
  /** Also show the sentences as a "Narration" panel. */
  visible?: boolean;
  /** How many sentences the panel keeps. */
  historySize?: number;
}

interface Spoken {
  seq: number;
  at: number;
  text: Record<Locale, string>;
}

const selectTrace = (s: AppState) => s.cluster.trace;
const selectPlaying = (s: AppState) => s.playback.playing;
const selectHide = (s: AppState) => s.sequence.hideBackground;

function spoken(trace: readonly TraceRecord[], i: number): Spoken {
  const record = trace[i]!;
  return { seq: record.seq, at: record.at, text: { en: narrateAt(trace, i, 'en'), 'zh-CN': narrateAt(trace, i, 'zh-CN') } };
}

export function AriaNarrator({ visible = false, historySize = 8 }: AriaNarratorProps) {
  const t = useT();
  const [locale] = useLocale();
  const headingId = useId();
  const trace = useApp(selectTrace);
  const playing = useApp(selectPlaying);
  const hideBackground = useApp(selectHide);
  const index = useMemo(() => currentIndex(trace, hideBackground), [trace, hideBackground]);
  const seq = index >= 0 ? trace[index]!.seq : undefined;

  const [log, setLog] = useState<readonly Spoken[]>([]);
  const state = useRef<AnnouncerState>({ lastSeq: undefined, lastAt: undefined });
  const started = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  // The timer speaks whatever is current when it fires, not what was current when it was set.
  const latest = useRef({ trace, index });
  latest.current = { trace, index };

  useEffect(() => {
    if (seq === undefined) return;
    if (!started.current) {
      // The moment the page opened on is not news.
      started.current = true;
      state.current.lastSeq = seq;
      return;
    }
    const speak = (): void => {
      const { trace: tr, index: i } = latest.current;
      if (i < 0 || tr[i]!.seq === state.current.lastSeq) return;
      const entry = spoken(tr, i);
      state.current = { lastSeq: entry.seq, lastAt: performance.now() };
      setLog((l) => [...l.slice(-(historySize - 1)), entry]);
    };
    const d = decide(state.current, seq, playing, performance.now());
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
  }, [seq, playing, historySize]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const last = log[log.length - 1];
  return (
    <>
      <div className="a11y-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="narration-live">
        {last ? last.text[locale] : ''}
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
                <li key={e.seq} aria-current={e === last ? 'step' : undefined}>
                  <span className="narration-time">{timeLabel(e.at)}</span> {e.text[locale]}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </>
  );
}
