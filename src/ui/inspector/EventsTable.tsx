/**
 * A live `kubectl get events`, at the moment the timeline shows: LAST SEEN is the age at that
 * moment, so scrubbing back makes the table younger. Oldest first, as `--sort-by=.lastTimestamp`
 * orders it (the command line above the table says so); an OBJECT that still exists opens in
 * the inspector. No props.
 */
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { eventNamespaces, eventRows, eventsCommand } from './events';
import { inspectObject } from '../layout/layout-store';
import './inspector.css';

const selectObjects = (s: AppState) => s.cluster.objects;
const selectNow = (s: AppState) => s.cluster.now;
const selectEpoch = (s: AppState) => s.connection.epochMs;

/** The selector's value for `-A` (not a valid namespace name). */
const ALL = '*';

export function EventsTable() {
  const t = useT();
  const objects = useApp(selectObjects);
  const now = useApp(selectNow);
  const epochMs = useApp(selectEpoch);
  const [ns, setNs] = useState('default');
  const headingId = useId();
  const selectId = useId();
  const namespaces = useMemo(() => eventNamespaces(objects), [objects]);
  const rows = useMemo(() => eventRows(objects, ns === ALL ? undefined : ns, epochMs === undefined ? undefined : now), [objects, ns, epochMs, now]);
  const all = ns === ALL;

  // Follow new rows (they arrive at the bottom) while the reader is at the bottom.
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [rows]);

  return (
    <section className="panel insp-events" aria-labelledby={headingId} data-testid="events">
      <div className="insp-events-head">
        <h2 id={headingId}>{t('events.title')}</h2>
        <label htmlFor={selectId}>{t('events.namespace')}</label>
        <select id={selectId} value={ns} onChange={(e) => setNs(e.target.value)} data-testid="events-namespace">
          <option value={ALL}>{t('events.allNamespaces')}</option>
          {(namespaces.includes(ns) || all ? namespaces : [...namespaces, ns]).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <p className="insp-command">
        {t('events.command')} <code>{eventsCommand(all ? undefined : ns)}</code>
      </p>
      {rows.length === 0 ? (
        <p className="empty" data-testid="events-empty">
          {all ? 'No resources found' : `No resources found in ${ns} namespace.`}
        </p>
      ) : (
        <div
          className="insp-events-scroll"
          ref={scroller}
          tabIndex={0}
          role="region"
          aria-label={t('events.tableLabel', { scope: all ? t('events.allNamespaces') : ns })}
          onScroll={(e) => {
            const el = e.currentTarget;
            atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
          }}
        >
          <table className="kube-table" data-testid="events-table">
            <thead>
              <tr>
                {all ? <th scope="col">NAMESPACE</th> : null}
                <th scope="col">LAST SEEN</th>
                <th scope="col">TYPE</th>
                <th scope="col">REASON</th>
                <th scope="col">OBJECT</th>
                <th scope="col">MESSAGE</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className={r.warning ? 'insp-warning' : undefined} data-type={r.type} data-reason={r.reason}>
                  {all ? <td>{r.namespace}</td> : null}
                  <td>{r.lastSeen}</td>
                  <td>
                    {r.warning ? (
                      <span className="insp-warning-icon" aria-hidden="true">
                        ⚠{' '}
                      </span>
                    ) : null}
                    {r.type}
                  </td>
                  <td>{r.reason}</td>
                  <td>
                    {r.target ? (
                      <button type="button" className="insp-object-link" onClick={() => inspectObject(r.target!)} title={t('events.inspect')}>
                        {r.object}
                      </button>
                    ) : (
                      r.object
                    )}
                  </td>
                  <td className="insp-message">{r.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
