/**
 * For a Pod whose node is not Ready: why kubectl still shows it Running and 1/1, what the node
 * lifecycle controller changed, and when eviction comes (facts from src/k8s/node-away, the same
 * ones `sim why` prints). Upstream is right to leave the container statuses alone; this note is
 * how the stage explains it instead of hiding it.
 */
import { nodeAwayFacts } from '../../k8s/node-away';
import type { KObject, Node, Pod } from '../../k8s/types';
import { useT } from '../i18n/react';
import type { TimeLabel } from '../playback/use-time-label';

export function NodeAwayNote({ pod, objects, time }: { pod: Pod; objects: ReadonlyMap<string, KObject>; time: TimeLabel }) {
  const t = useT();
  const f = nodeAwayFacts(pod, objects.get(`nodes/${pod.spec.nodeName ?? ''}`) as Node | undefined);
  if (!f) return null;
  const lines: string[] = [];
  lines.push(t(f.nodeReady === 'Unknown' ? 'insp.away.unknown' : 'insp.away.false', { node: f.node, time: f.nodeSince === undefined ? '—' : time(f.nodeSince) }));
  lines.push(f.podNotReadySince === undefined ? t('insp.away.podStillReady') : t('insp.away.podNotReady', { time: time(f.podNotReadySince) }));
  if (f.nodeReady === 'Unknown') lines.push(t('insp.away.readyColumn', { ready: f.readyColumn, node: f.node }));
  if (!f.taint) lines.push(t('insp.away.noTaint'));
  else if (f.evictAt === undefined) lines.push(t('insp.away.noEvict', { taint: f.taint.key }));
  else {
    lines.push(t('insp.away.evict', { taint: f.taint.key, seconds: f.tolerationSeconds ?? 0, time: time(f.evictAt) }));
    if (f.nodeReady === 'Unknown') lines.push(t('insp.away.terminating'));
  }
  return (
    <div className="insp-away" role="note" data-testid="node-away">
      <h4>{t('insp.away.title', { node: f.node })}</h4>
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}
