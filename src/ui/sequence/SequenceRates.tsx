/**
 * The sequence view in scale mode: messages per second on each arrow (rates.ts) and a short
 * sample of recent messages, instead of a row per message. What the learner stepped through at
 * classroom size is still there in the engine (`sim trace`); here the page shows the shape of
 * the traffic, which is what a thousand nodes reporting looks like.
 *
 * Main-thread budget: the rates are recomputed when the second shown changes or its counts grow,
 * from per-second groupings computed once (rates.ts); the sample is the last SAMPLE_ROWS records
 * the page already holds.
 */
import { useId, useMemo } from 'react';
import type { TraceRecord } from '../../engine/core/trace';
import { useLocale, useT } from '../i18n/react';
import { useTimeLabel } from '../playback/use-time-label';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { participantLabel } from './model';
import { RATE_WINDOW_SECONDS, toRates, type RateParticipant } from './rates';
import './sequence.css';
import * as ratesMessages from '../i18n/messages/sequence-rates';
import { addMessages } from '../i18n/catalog';

// This feature's strings load with its chunk, not with the page (i18n/catalog.ts).
addMessages(ratesMessages);

/** Recent messages shown under the rates. */
const SAMPLE_ROWS = 12;

/** The tape's per-second counts: one Map for the tape's life, so a diff alone does not re-render the view. */
const selectRates = (s: AppState) => s.cluster.tape?.rates;
/** The simulated second shown: the window of rates moves by whole seconds. */
const selectSecond = (s: AppState) => Math.floor(s.cluster.now / 1000);
/** Counts for the second shown (replaced as diffs add to it), so the current second's rates stay live. */
const selectCurrent = (s: AppState) => s.cluster.tape?.rates.get(Math.floor(s.cluster.now / 1000));
const selectTrace = (s: AppState) => s.cluster.trace;

/** How a node role reads in a participant's name (as the per-node labels say it). */
const ROLE: Readonly<Record<string, string>> = { 'container-runtime': 'CRI runtime', cni: 'CNI', csi: 'CSI' };

/** A rate as the page writes numbers (8,444 beside the grid's 5,000): whole from 10 up, else one decimal. */
export function rate(n: number, locale: string): string {
  const digits = n >= 10 ? 0 : 1;
  return n.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function SequenceRates() {
  const t = useT();
  const [locale] = useLocale();
  const headingId = useId();
  const perSecond = useApp(selectRates);
  const second = useApp(selectSecond);
  const current = useApp(selectCurrent);
  const time = useTimeLabel();
  const trace = useApp(selectTrace);
  const rates = useMemo(() => toRates(perSecond ?? new Map(), second * 1000), [perSecond, second, current]);
  const sample: readonly TraceRecord[] = useMemo(() => trace.slice(-SAMPLE_ROWS).reverse(), [trace]);
  const label = (p: RateParticipant): string => (p.group ? t('seqRates.group', { role: ROLE[p.group.role] ?? p.group.role, count: p.group.members }) : participantLabel(p.id));

  return (
    <section className="panel sequence sequence-scale" aria-labelledby={headingId}>
      <div className="sequence-head">
        <h2 id={headingId}>{t('seq.title')}</h2>
        <span className="sequence-total" role="status">
          {t('seqRates.total', { rate: rate(rates.totalPerSecond, locale) })}
        </span>
      </div>
      <p className="sequence-window">{t('seqRates.note', { seconds: RATE_WINDOW_SECONDS })}</p>
      <div className="sequence-scroll" tabIndex={0} role="group" aria-labelledby={headingId}>
        {rates.arrows.length === 0 ? (
          <p className="empty">{t('seqRates.empty', { seconds: RATE_WINDOW_SECONDS })}</p>
        ) : (
          <table className="kube-table sequence-table sequence-rates" aria-label={t('seqRates.label')} data-testid="sequence-rates">
            <thead>
              <tr>
                <th scope="col">{t('seqRates.col.from')}</th>
                <th scope="col">{t('seqRates.col.to')}</th>
                <th scope="col">{t('seqRates.col.kind')}</th>
                <th scope="col">{t('seqRates.col.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {rates.arrows.map((a) => (
                <tr key={`${a.kind} ${a.from.id} ${a.to.id}`} data-kind={a.kind}>
                  <td>{label(a.from)}</td>
                  <td>{a.from.id === a.to.id ? '↺' : `→ ${label(a.to)}`}</td>
                  <td>{a.kind}</td>
                  <td className="sequence-rate">{rate(a.perSecond, locale)}</td>
                </tr>
              ))}
              {rates.others.arrows > 0 && (
                <tr className="sequence-others">
                  <td colSpan={3}>{t('seqRates.others', { count: rates.others.arrows })}</td>
                  <td className="sequence-rate">{rate(rates.others.perSecond, locale)}</td>
                </tr>
              )}
            </tbody>
          </table>
        )}
        {sample.length > 0 && (
          <>
            <h3 className="sequence-sample-title">{t('seqRates.sample')}</h3>
            <p className="sequence-window">{t('seqRates.sampleNote')}</p>
            <table className="kube-table sequence-table" aria-label={t('seqRates.sample')} data-testid="sequence-sample">
              <tbody>
                {sample.map((r) => (
                  <tr key={r.seq} data-kind={r.kind} data-seq={r.seq}>
                    <td>{time(r.at)}</td>
                    <td>{participantLabel(r.from)}</td>
                    <td>{r.from === r.to ? '↺' : `→ ${participantLabel(r.to)}`}</td>
                    <td className="sequence-text" title={r.summary}>
                      {r.summary}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </section>
  );
}
