/**
 * The live sequence view: the trace as an accessible message table (every row reads as text:
 * step, time, sender → receiver, what the message is — reply, watch event, internal — and the
 * whole message, wrapped), plus copy-as-mermaid and an on-demand mermaid rendering that boxes
 * the current step and the steps a lesson points at (`lessons.focusSeqs`, also marked in the table).
 *
 * Main-thread budget: the projection is memoised on (trace, options); the table renders a
 * window around the cursor, not all 5000 records; mermaid is imported only when the learner
 * asks for the diagram, and once drawn it is redrawn as the learner steps but not while playing
 * (its layout is the expensive part): then it says it is behind and offers a redraw.
 */
import type { Mermaid } from 'mermaid';
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TraceObject } from '../../engine/core/trace';
import { useT } from '../i18n/react';
import { useTimeLabel } from '../playback/use-time-label';
import { useApp, useAppStore } from '../store/react';
import type { AppState } from '../store/store';
import { objectChoices } from './choices';
import { MERMAID_MESSAGE_LIMIT, toMermaid } from './mermaid';
import { cursorIndex, participantLabel, toSequence, type SequenceMessage } from './model';
import './sequence.css';

export interface SequenceViewProps {
  /** Trace seq of the current message (the timeline cursor); the latest message when omitted. */
  cursorSeq?: number;
}

/** Rows kept before and after the current message. */
const ROWS_BEFORE = 200;
const ROWS_AFTER = 50;

const selectTrace = (s: AppState) => s.cluster.trace;
const selectObjects = (s: AppState) => s.cluster.objects;
const selectPlaying = (s: AppState) => s.playback.playing;
/** Trace seqs the current lesson step points at. */
const selectFocus = (s: AppState) => s.lessons.focusSeqs;
/** Shared with stepping, so a step always lands on a row of this table. */
const selectSettings = (s: AppState) => s.sequence;

type CopyState = { status: 'idle' } | { status: 'copied'; count: number } | { status: 'failed' };
type DiagramState =
  | { status: 'hidden' }
  | { status: 'rendering' }
  /** `text` is what was drawn; a redraw keeps the old picture up until the new one is ready. */
  | { status: 'shown'; svg: string; text: string; count: number }
  | { status: 'error'; detail: string };

/** Stepping quickly redraws once, after the last step. */
const REDRAW_DELAY_MS = 200;

let mermaidReady: Promise<Mermaid> | undefined;
let renderCounter = 0;

/** One lazy import and one initialize per page; strict keeps labels HTML-encoded and clicks off. */
function loadMermaid(): Promise<Mermaid> {
  mermaidReady ??= import('mermaid').then((m) => {
    m.default.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
    return m.default;
  });
  return mermaidReady;
}

const selectScaleMode = (s: AppState) => s.cluster.scaleMode;

/** Loaded with the first cluster in scale mode: the classroom's entry JavaScript does not carry it. */
const SequenceRates = lazy(() => import('./SequenceRates').then((m) => ({ default: m.SequenceRates })));

/** In scale mode (more than 100 workers) rates and a sample replace the message table; at classroom size nothing changes. */
export function SequenceView(props: SequenceViewProps) {
  const scaleMode = useApp(selectScaleMode);
  return scaleMode ? (
    <Suspense fallback={null}>
      <SequenceRates />
    </Suspense>
  ) : (
    <SequenceMessages {...props} />
  );
}

function SequenceMessages({ cursorSeq }: SequenceViewProps) {
  const t = useT();
  const trace = useApp(selectTrace);
  const objects = useApp(selectObjects);
  const headingId = useId();
  const store = useAppStore();
  const time = useTimeLabel();
  const playing = useApp(selectPlaying);
  const focusSeqs = useApp(selectFocus);
  const { collapseApiserver, hideBackground } = useApp(selectSettings);
  const setCollapse = (v: boolean): void => store.setState((s) => ({ sequence: { ...s.sequence, collapseApiserver: v } }));
  const setHideBackground = (v: boolean): void => store.setState((s) => ({ sequence: { ...s.sequence, hideBackground: v } }));
  const [followed, setFollowed] = useState('');
  const [copy, setCopy] = useState<CopyState>({ status: 'idle' });
  const [diagram, setDiagram] = useState<DiagramState>({ status: 'hidden' });

  const choices = useMemo(() => objectChoices(objects), [objects]);
  const object: TraceObject | undefined = useMemo(() => choices.find((c) => c.value === followed)?.object, [choices, followed]);
  const sequence = useMemo(() => toSequence(trace, { collapseApiserver, hideBackground, object }), [trace, collapseApiserver, hideBackground, object]);
  const mermaidText = useMemo(() => toMermaid(sequence), [sequence]);

  const current = cursorIndex(sequence.messages, cursorSeq);
  const first = Math.max(0, current - ROWS_BEFORE);
  const last = Math.min(sequence.messages.length, Math.max(current, 0) + ROWS_AFTER + 1);
  const rows = sequence.messages.slice(first, last);
  const currentSeq = sequence.messages[current]?.seq;
  const focus = useMemo(() => new Set(focusSeqs), [focusSeqs]);
  // What the rendered diagram shows: the same text with the current step and the lesson's focus
  // boxed. Only worth building while the diagram is open (it changes on every frame of playing).
  const diagramOpen = diagram.status !== 'hidden';
  const drawnText = useMemo(
    () => (diagramOpen ? toMermaid(sequence, MERMAID_MESSAGE_LIMIT, { current: currentSeq, focus: focusSeqs }) : ''),
    [diagramOpen, sequence, currentSeq, focusSeqs],
  );
  const drawRequest = useRef(0);

  const currentRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    // Scroll only the table's own box: moving the page would pull the learner away from the terminal.
    const row = currentRow.current;
    const box = row?.closest('.sequence-scroll');
    if (!row || !(box instanceof HTMLElement)) return;
    const top = row.offsetTop - box.clientHeight / 2;
    box.scrollTop = Math.max(0, top);
  }, [currentSeq]);

  const onCopy = useCallback(() => {
    const count = Math.min(sequence.messages.length, MERMAID_MESSAGE_LIMIT);
    navigator.clipboard.writeText(mermaidText).then(
      () => setCopy({ status: 'copied', count }),
      () => setCopy({ status: 'failed' }),
    );
  }, [mermaidText, sequence.messages.length]);

  const draw = useCallback(() => {
    setDiagram((d) => (d.status === 'shown' ? d : { status: 'rendering' }));
    const text = toMermaid(sequence, MERMAID_MESSAGE_LIMIT, { current: currentSeq, focus: focusSeqs });
    const count = Math.min(sequence.messages.length, MERMAID_MESSAGE_LIMIT);
    // Only the newest drawing may land: an older one finishing late would show a past step.
    const request = ++drawRequest.current;
    loadMermaid()
      .then((mermaid) => mermaid.render(`reconcile-seq-${++renderCounter}`, text))
      .then(
        ({ svg }) => {
          if (request === drawRequest.current) setDiagram({ status: 'shown', svg, text, count });
        },
        (e: unknown) => {
          if (request === drawRequest.current) setDiagram({ status: 'error', detail: e instanceof Error ? e.message : String(e) });
        },
      );
  }, [sequence, currentSeq, focusSeqs]);

  // Follow the learner's steps in the drawn diagram; while playing, leave it and say it is behind.
  const behind = diagram.status === 'shown' && diagram.text !== drawnText;
  useEffect(() => {
    if (!behind || playing) return;
    const timer = window.setTimeout(draw, REDRAW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [behind, playing, draw]);

  return (
    <section className="panel sequence" aria-labelledby={headingId}>
      <div className="sequence-head">
        <h2 id={headingId}>{t('seq.title')}</h2>
        <div className="sequence-controls" role="group" aria-label={t('seq.controls')}>
          {/* What to show folds away: the rows below are the view, and a side panel is short. */}
          <details className="sequence-options">
            <summary>{t('seq.options', { count: (collapseApiserver ? 1 : 0) + (hideBackground ? 1 : 0) + (followed ? 1 : 0) })}</summary>
            <div className="sequence-options-body">
              <label>
                <input type="checkbox" checked={collapseApiserver} onChange={(e) => setCollapse(e.currentTarget.checked)} /> {t('seq.collapse')}
              </label>
              <label>
                <input type="checkbox" checked={hideBackground} onChange={(e) => setHideBackground(e.currentTarget.checked)} /> {t('seq.hideBackground')}
              </label>
              <label>
                {t('seq.filter')}{' '}
                <select value={followed} onChange={(e) => setFollowed(e.currentTarget.value)}>
                  <option value="">{t('seq.filterAll')}</option>
                  {choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </details>
          <button type="button" onClick={onCopy} disabled={sequence.messages.length === 0}>
            {t('seq.copy')}
          </button>
          {diagram.status === 'hidden' ? (
            <button type="button" onClick={draw} disabled={sequence.messages.length === 0}>
              {t('seq.showDiagram')}
            </button>
          ) : (
            <button
              type="button"
              onClick={() => {
                drawRequest.current++;
                setDiagram({ status: 'hidden' });
              }}
            >
              {t('seq.hideDiagram')}
            </button>
          )}
          <span role="status" className="sequence-copy-status">
            {copy.status === 'copied' ? t('seq.copied', { count: copy.count }) : copy.status === 'failed' ? t('seq.copyFailed') : ''}
          </span>
        </div>
      </div>

      {diagram.status !== 'hidden' && (
        <div className="sequence-diagram">
          {diagram.status === 'rendering' && <p role="status">{t('seq.rendering')}</p>}
          {diagram.status === 'error' && <p role="alert">{t('seq.renderFailed', { detail: diagram.detail })}</p>}
          {diagram.status === 'shown' && (
            <>
              {behind && playing && (
                <p className="sequence-stale">
                  {t('seq.stale')}{' '}
                  <button type="button" onClick={draw}>
                    {t('seq.redraw')}
                  </button>
                </p>
              )}
              {/* mermaid's own output under securityLevel 'strict' (DOMPurify-sanitised), from whitelisted text. */}
              <div role="img" aria-label={t('seq.diagramLabel', { count: diagram.count })} dangerouslySetInnerHTML={{ __html: diagram.svg }} />
            </>
          )}
        </div>
      )}

      {sequence.messages.length === 0 ? (
        <p className="empty">{t('seq.empty')}</p>
      ) : (
        <>
          {(first > 0 || last < sequence.messages.length) && (
            <p className="sequence-window">{t('seq.window', { first: first + 1, last, total: sequence.messages.length })}</p>
          )}
          <div className="sequence-scroll" tabIndex={0} role="group" aria-labelledby={headingId}>
            <table className="kube-table sequence-table" aria-labelledby={headingId} data-testid="sequence">
              <thead>
                <tr>
                  <th scope="col">{t('seq.col.step')}</th>
                  <th scope="col">{t('seq.col.time')}</th>
                  <th scope="col">{t('seq.col.from')}</th>
                  <th scope="col">{t('seq.col.to')}</th>
                  <th scope="col">{t('seq.col.message')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m, i) => {
                  const isCurrent = first + i === current;
                  const isFocus = m.seqs.some((x) => focus.has(x));
                  return (
                    <tr
                      key={m.seq}
                      ref={isCurrent ? currentRow : undefined}
                      className={[isCurrent ? 'current' : '', isFocus ? 'focus' : ''].filter(Boolean).join(' ') || undefined}
                      aria-current={isCurrent ? 'step' : undefined}
                      data-kind={m.kind}
                      data-role={m.role}
                      data-seq={m.seq}
                    >
                      <td>{first + i + 1}</td>
                      <td>{time(m.at)}</td>
                      <td>{participantLabel(m.from)}</td>
                      <td>
                        {/* The arrow points from the sender (From) to the receiver (To): dashed for replies and watch events. */}
                        {m.self ? '↺' : m.dashed ? '⇢ ' : '→ '}
                        {m.self ? '' : participantLabel(m.to)}
                        <Marker m={m} isCurrent={isCurrent} isFocus={isFocus} t={t} />
                      </td>
                      <td className="sequence-text" title={m.text}>
                        {m.text}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function roleWord(m: SequenceMessage, t: ReturnType<typeof useT>): string {
  switch (m.role) {
    case 'self':
      return t('seq.self');
    case 'reply':
      return t('seq.reply');
    case 'watch-event':
      return t('seq.watchEvent');
    case 'call':
      return '';
  }
}

/** The row's nature in words, so neither the arrow glyph nor the highlight colour carries meaning alone. */
function Marker({ m, isCurrent, isFocus, t }: { m: SequenceMessage; isCurrent: boolean; isFocus: boolean; t: ReturnType<typeof useT> }) {
  const words = [roleWord(m, t), isFocus ? t('seq.focus') : '', isCurrent ? t('seq.current') : ''].filter(Boolean);
  return words.length ? <span className="sequence-marker"> ({words.join(', ')})</span> : null;
}
