/**
 * The live half of a component card: health and active faults, who leads (Lease holder, or raft
 * leader and term for etcd), workqueue depth and informer cache size — all at the moment shown.
 */
import type { KObject } from '../../k8s/types';
import type { ComponentSummary } from '../../protocol/messages';
import { useT } from '../i18n/react';
import { leaseOf } from './card-model';

export function CardState({ c, objects }: { c: ComponentSummary; objects: ReadonlyMap<string, KObject> }) {
  const t = useT();
  const d = c.details ?? {};
  const lease = leaseOf(c, objects);
  return (
    <>
      <h4>{t('card.live')}</h4>
      <ul className="card-live">
        <li data-testid="card-health">
          {t('card.health')}: {c.running ? t('diagram.running') : t('diagram.stopped')}
          {' · '}
          {d.faults?.length ? t('card.faults', { list: d.faults.join(', ') }) : t('card.noFaults')}
        </li>
        {d.raftTerm !== undefined ? <li>{d.raftLeader ? t('card.raftLeader', { term: d.raftTerm }) : t('card.raftFollower', { term: d.raftTerm })}</li> : null}
        {d.leader !== undefined ? <li>{d.leader ? t('card.isLeader') : t('card.isStandby')}</li> : null}
        {lease === 'none' ? <li>{t('card.noLease')}</li> : null}
        {lease && lease !== 'none' ? (
          <li data-testid="card-lease">
            {lease.namespace === 'kube-system' ? t('card.lease', { name: lease.name }) : t('card.nodeLease', { name: lease.name })}
            <br />
            <code>{t('card.holder', { holder: lease.holder ?? '' })}</code>
            <br />
            <code>{t('card.renewed', { time: lease.renewTime ?? '' })}</code>
          </li>
        ) : null}
        {d.queueDepth !== undefined ? (
          <li data-testid="card-queue">{c.kind === 'kube-scheduler' ? t('card.schedQueue', { n: d.queueDepth }) : t('card.workqueue', { n: d.queueDepth })}</li>
        ) : null}
        {d.cachedObjects !== undefined ? <li>{t('card.cached', { n: d.cachedObjects })}</li> : null}
      </ul>
    </>
  );
}
