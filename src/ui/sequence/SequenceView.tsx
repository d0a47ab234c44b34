/**
 * The live sequence view: the trace as an accessible message table (every row reads as text:
 * step, time, sender → receiver, reply/internal marker, message), plus copy-as-mermaid and an
 * on-demand mermaid rendering.
 *
 * Main-thread budget: the projection is memoised on (trace, options); the table renders a
 * window around the cursor, not all 5000 records; mermaid is imported only when the learner
 * asks for the diagram and is redrawn only on request (its layout is the expensive part).
 */
import type { Mermaid } from 'mermaid';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TraceObject } from '../../engine/core/trace';
import { useT } from '../i18n/react';
import { useApp, useAppStore } from '../store/react';
import type { AppState } from '../store/store';
import { objectChoices } from './choices';
import { MERMAID_MESSAGE_LIMIT, toMermaid } from './mermaid';
import { cursorIndex, participantLabel, toSequence, type SequenceMessage } from './model';

export interface SequenceViewProps {
  /** Trace seq of the current message (the timeline cursor); the latest message when omitted. */
  cursorSeq?: number;
}

/** Rows kept before and after the current message. */
const ROWS_BEFORE = 200;
const ROWS_AFTER = 50;

const selectTrace = (s: AppState) => s.cluster.trace;
const selectObjects = (s: AppState) => s.cluster.objects;
/** Shared with stepping, so a step always lands on a row of this table. */
const selectSettings = (s: AppState) => s.sequence;

type CopyState = { status: 'idle' } | { status: 'copied'; count: number } | { status: 'failed' };
type DiagramState =
  | { status: 'hidden' }
  | { status: 'rendering' }
  | { status: 'shown'; svg: string; text: string; count: number }
  | { status: 'error'; detail: string };

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

export function timeLabel(at: number): string {
  return `T+${(at / 1000).toFixed(3)}s`;
}

export function SequenceView({ cursorSeq }: SequenceViewProps) {
  const t = useT();
  const trace = useApp(selectTrace);
  const objects = useApp(selectObjects);
  const headingId = useId();
  const store = useAppStore();
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
    setDiagram({ status: 'rendering' });
    const text = mermaidText;
    const count = Math.min(sequence.messages.length, MERMAID_MESSAGE_LIMIT);
    loadMermaid()
      .then((mermaid) => mermaid.render(`reconcile-seq-${++renderCounter}`, text))
      .then(
        ({ svg }) => setDiagram({ status: 'shown', svg, text, count }),
        (e: unknown) => setDiagram({ status: 'error', detail: e instanceof Error ? e.message : String(e) }),
      );
  }, [mermaidText, sequence.messages.length]);

  return (
    <section className="panel sequence" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('seq.title')}</h2>
      <div className="sequence-controls" role="group" aria-label={t('seq.controls')}>
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
        <button type="button" onClick={onCopy} disabled={sequence.messages.length === 0}>
          {t('seq.copy')}
        </button>
        {diagram.status === 'hidden' ? (
          <button type="button" onClick={draw} disabled={sequence.messages.length === 0}>
            {t('seq.showDiagram')}
          </button>
        ) : (
          <button type="button" onClick={() => setDiagram({ status: 'hidden' })}>
            {t('seq.hideDiagram')}
          </button>
        )}
        <span role="status" className="sequence-copy-status">
          {copy.status === 'copied' ? t('seq.copied', { count: copy.count }) : copy.status === 'failed' ? t('seq.copyFailed') : ''}
        </span>
      </div>

      {diagram.status !== 'hidden' && (
        <div className="sequence-diagram">
          {diagram.status === 'rendering' && <p role="status">{t('seq.rendering')}</p>}
          {diagram.status === 'error' && <p role="alert">{t('seq.renderFailed', { detail: diagram.detail })}</p>}
          {diagram.status === 'shown' && (
            <>
              {diagram.text !== mermaidText && (
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
                  return (
                    <tr
                      key={m.seq}
                      ref={isCurrent ? currentRow : undefined}
                      className={isCurrent ? 'current' : undefined}
                      aria-current={isCurrent ? 'step' : undefined}
                      data-kind={m.kind}
                    >
                      <td>{first + i + 1}</td>
                      <td>{timeLabel(m.at)}</td>
                      <td>{participantLabel(m.from)}</td>
                      <td>
                        {m.self ? '↺' : m.dashed ? '⇠ ' : '→ '}
                        {m.self ? '' : participantLabel(m.to)}
                        <Marker m={m} isCurrent={isCurrent} t={t} />
                      </td>
                      <td>{m.text}</td>
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

/** The row's nature in words, so neither the arrow glyph nor the highlight colour carries meaning alone. */
function Marker({ m, isCurrent, t }: { m: SequenceMessage; isCurrent: boolean; t: ReturnType<typeof useT> }) {
  const words = [m.self ? t('seq.self') : m.dashed ? t('seq.reply') : '', isCurrent ? t('seq.current') : ''].filter(Boolean);
  return words.length ? <span className="sequence-marker"> ({words.join(', ')})</span> : null;
}
