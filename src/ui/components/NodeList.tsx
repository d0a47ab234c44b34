import { useId, useMemo } from 'react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { nodeRows } from '../store/views';

export function NodeList() {
  const t = useT();
  const objects = useApp((s) => s.cluster.objects);
  const rows = useMemo(() => nodeRows(objects), [objects]);
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId} tabIndex={0}>
      <h2 id={headingId}>{t('nodes.title')}</h2>
      {rows.length === 0 ? (
        <p className="empty">{t('nodes.empty')}</p>
      ) : (
        <table className="kube-table" aria-labelledby={headingId} data-testid="node-list">
          <thead>
            <tr>
              <th scope="col">{t('col.name')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('col.roles')}</th>
              <th scope="col">{t('col.version')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-status={r.status}>
                <th scope="row">{r.name}</th>
                <td className={`status status-${r.status.startsWith('Ready') ? 'ok' : 'problem'}`}>{r.status}</td>
                <td>{r.roles}</td>
                <td>{r.version}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
