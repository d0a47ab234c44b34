/**
 * A component's card: what it is responsible for and what it is not (in our words, from the
 * syllabus's responsibility table), its live state, and the last messages it sent or received.
 */
import { useMemo } from 'react';
import type { TraceRecord } from '../../engine/core/trace';
import { useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { useApp } from '../store/react';

const ROLE_KINDS = ['kubectl', 'kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'kubelet', 'container-runtime', 'cni', 'csi', 'kube-proxy'] as const;
type RoleKind = (typeof ROLE_KINDS)[number];

function isRoleKind(k: string): k is RoleKind {
  return (ROLE_KINDS as readonly string[]).includes(k);
}

export function recentMessages(trace: readonly TraceRecord[], id: string, n = 6): TraceRecord[] {
  const out: TraceRecord[] = [];
  for (let i = trace.length - 1; i >= 0 && out.length < n; i--) {
    const r = trace[i]!;
    // Lease renewals and Events would crowd out the messages that explain what happened.
    if ((r.from === id || r.to === id) && r.from !== r.to && r.kind !== 'lease' && r.kind !== 'event') out.push(r);
  }
  return out;
}

export function ComponentCard({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const c = useApp((s) => s.cluster.components.get(id));
  const trace = useApp((s) => s.cluster.trace);
  const recent = useMemo(() => recentMessages(trace, id), [trace, id]);
  if (!c) return null;
  const kind = isRoleKind(c.kind) ? c.kind : undefined;
  return (
    <aside className="component-card" aria-label={t('card.label', { name: c.id })} data-testid="component-card">
      <header>
        <h3>{c.id}</h3>
        <button type="button" onClick={onClose}>
          {t('card.close')}
        </button>
      </header>
      <p>
        {t('card.state')}: {c.running ? t('diagram.running') : t('diagram.stopped')} · {t('card.host')}: {c.host}
      </p>
      {kind ? (
        <>
          <h4>{t('card.does')}</h4>
          <p>{t(`role.${kind}.does` as MessageKey)}</p>
          <h4>{t('card.doesNot')}</h4>
          <p>{t(`role.${kind}.not` as MessageKey)}</p>
        </>
      ) : null}
      <h4>{t('card.recent')}</h4>
      {recent.length === 0 ? (
        <p>{t('card.noMessages')}</p>
      ) : (
        <ol className="card-messages">
          {recent.map((r) => (
            <li key={r.seq}>
              {r.from} → {r.to}: {r.summary}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
