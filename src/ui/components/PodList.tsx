import { useId, useMemo } from 'react';
import { useT } from '../i18n/react';
import { useApp } from '../store/react';
import { podRows } from '../store/views';

export function PodList() {
  const t = useT();
  const objects = useApp((s) => s.cluster.objects);
  const rows = useMemo(() => podRows(objects), [objects]);
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId} tabIndex={0}>
      <h2 id={headingId}>{t('pods.title')}</h2>
      {rows.length === 0 ? (
        <p className="empty">{t('pods.empty')}</p>
      ) : (
        <table className="kube-table" aria-labelledby={headingId} data-testid="pod-list">
          <thead>
            <tr>
              <th scope="col">{t('col.namespace')}</th>
              <th scope="col">{t('col.name')}</th>
              <th scope="col">{t('col.ready')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('col.restarts')}</th>
              <th scope="col">{t('col.node')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-status={r.status}>
                <td>{r.namespace}</td>
                <th scope="row">{r.name}</th>
                <td>{r.ready}</td>
                <td className={`status status-${statusClass(r.status)}`}>{r.status}</td>
                <td>{r.restarts}</td>
                <td>{r.node}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A coarse class for styling only; the text itself carries the meaning. */
function statusClass(status: string): string {
  if (status === 'Running' || status === 'Completed') return 'ok';
  if (status === 'Pending' || status === 'ContainerCreating' || status === 'Terminating' || status.startsWith('Init:')) return 'progress';
  return 'problem';
}
