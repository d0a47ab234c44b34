/**
 * Send a request to a Service from a chosen node and see which Pod answered — through that node's
 * kube-proxy rules, stale ones included. Each request is a `sim curl` command in the terminal.
 */
import { useId, useMemo, useState } from 'react';
import { useBridge } from '../bridge/react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { curlCommand, curlResults, nodeChoices, serviceChoices } from './traffic';

const selectObjects = (s: AppState) => s.cluster.objects;
const selectEntries = (s: AppState) => s.terminal.entries;

export function TrafficPanel() {
  const t = useT();
  const bridge = useBridge();
  const objects = useApp(selectObjects);
  const entries = useApp(selectEntries);
  const services = useMemo(() => serviceChoices(objects), [objects]);
  const nodes = useMemo(() => nodeChoices(objects), [objects]);
  const results = useMemo(() => curlResults(entries), [entries]);
  const [svc, setSvc] = useState('');
  const [node, setNode] = useState('');
  const headingId = useId();
  const svcId = useId();
  const nodeId = useId();
  const chosenSvc = services.find((s) => `${s.namespace}/${s.name}` === svc) ?? services[0];
  const chosenNode = nodes.includes(node) ? node : (nodes.find((n) => n !== 'control-plane' && !n.startsWith('control-plane-')) ?? nodes[0]);

  return (
    <section className="panel traffic" aria-labelledby={headingId} data-testid="traffic">
      <h2 id={headingId}>{t('traffic.title')}</h2>
      <p className="hint">{t('traffic.hint')}</p>
      {chosenSvc && chosenNode ? (
        <form
          className="traffic-form"
          onSubmit={(e) => {
            e.preventDefault();
            bridge.run(curlCommand(chosenSvc, chosenNode), undefined, { laptop: true });
          }}
        >
          <label htmlFor={svcId}>{t('traffic.service')}</label>
          <select id={svcId} value={`${chosenSvc.namespace}/${chosenSvc.name}`} onChange={(e) => setSvc(e.target.value)}>
            {services.map((s) => (
              <option key={`${s.namespace}/${s.name}`} value={`${s.namespace}/${s.name}`}>
                {s.namespace}/{s.name}
              </option>
            ))}
          </select>
          <label htmlFor={nodeId}>{t('traffic.from')}</label>
          <select id={nodeId} value={chosenNode} onChange={(e) => setNode(e.target.value)}>
            {nodes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <button type="submit">{t('traffic.send')}</button>
        </form>
      ) : (
        <p className="empty">{t('traffic.noService')}</p>
      )}
      {results.length ? (
        <ol className="traffic-results" aria-label={t('traffic.results')}>
          {results.map((r) => (
            <li key={r.id} className={`traffic-${r.outcome}`} data-outcome={r.outcome}>
              <span className="traffic-badge">{t(`traffic.outcome.${r.outcome}`)}</span>{' '}
              <span className="traffic-route">
                {r.from} → {r.service}
              </span>{' '}
              <code>{r.headline}</code>
              {r.detail ? <div className="traffic-detail">{r.detail}</div> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
