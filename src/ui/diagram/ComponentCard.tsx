/**
 * A component's card: what it is responsible for and what it is not (in our words, from the
 * syllabus's responsibility table), its live state, kube-controller-manager's controllers (the
 * diagram does not list them), and the last messages it sent or received. The "more" button
 * opens the same fault menu as right-clicking the component in the diagram.
 */
import { Ellipsis } from 'lucide-react';
import { useMemo } from 'react';
import { useLocale, useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { useApp } from '../store/react';
import { CCM_CONTROLLERS, KCM_CONTROLLERS } from './actors';
import { recentSentences } from './card-model';
import { CardState } from './CardState';
import { anchorBelow, useDiagramActions } from './context';

const ROLE_KINDS = ['kubectl', 'kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager', 'kubelet', 'container-runtime', 'cni', 'csi', 'kube-proxy'] as const;
type RoleKind = (typeof ROLE_KINDS)[number];

function isRoleKind(k: string): k is RoleKind {
  return (ROLE_KINDS as readonly string[]).includes(k);
}

export function ComponentCard({ id, leaders, onClose }: { id: string; leaders: ReadonlySet<string>; onClose: () => void }) {
  const t = useT();
  const [locale] = useLocale();
  const actions = useDiagramActions();
  const components = useApp((s) => s.cluster.components);
  const objects = useApp((s) => s.cluster.objects);
  const trace = useApp((s) => s.cluster.trace);
  const c = components.get(id);
  const recent = useMemo(() => recentSentences(trace, id, components, leaders, locale), [trace, id, components, leaders, locale]);
  if (!c) return null;
  const kind = isRoleKind(c.kind) ? c.kind : undefined;
  return (
    <aside className="component-card" aria-label={t('card.label', { name: c.id })} data-testid="component-card">
      <header>
        <h3>{c.id}</h3>
        <span className="card-buttons">
          {c.kind !== 'kubectl' ? (
            <button type="button" aria-haspopup="menu" aria-label={t('card.moreActions', { name: c.id })} onClick={(e) => actions.openMenu(c.id, c.id, anchorBelow(e.currentTarget))}>
              <Ellipsis size={16} aria-hidden="true" />
            </button>
          ) : null}
          <button type="button" onClick={onClose} data-close-on-escape>
            {t('card.close')}
          </button>
        </span>
      </header>
      <p>
        {t('card.state')}: {c.running ? t('diagram.running') : t('diagram.stopped')} · {t('card.host')}: {c.host}
      </p>
      <CardState c={c} objects={objects} />
      {c.kind === 'kube-controller-manager' || c.kind === 'cloud-controller-manager' ? (
        <>
          <h4>{t('diagram.controllers')}</h4>
          <ul className="card-controllers" data-testid="card-controllers">
            {(c.kind === 'cloud-controller-manager' ? CCM_CONTROLLERS : KCM_CONTROLLERS).map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {c.kind === 'container-runtime' ? (
        <>
          <h4>{t('card.criServices')}</h4>
          <ul className="card-cri" data-testid="card-cri">
            <li>{t('card.criRuntime')}</li>
            <li>{t('card.criImage')}</li>
            {c.details?.runtime ? <li>{t('card.criImpl', { impl: c.details.runtime.impl, oci: c.details.runtime.oci })}</li> : null}
          </ul>
        </>
      ) : null}
      {c.kind === 'cni' && c.details?.cni ? (
        <>
          <h4>{t('card.cniPlugin', { plugin: c.details.cni.plugin })}</h4>
          <p data-testid="card-cni-policy">{c.details.cni.enforcesNetworkPolicy ? t('card.cniEnforces', { pods: String(c.details.cni.isolatedPods) }) : t('card.cniIgnores')}</p>
        </>
      ) : null}
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
            <li key={r.seq}>{r.text}</li>
          ))}
        </ol>
      )}
    </aside>
  );
}
