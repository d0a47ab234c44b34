/**
 * Which kube-scheduler / kube-controller-manager / cloud-controller-manager instances lead. The worker's own view
 * (ComponentDetails.leader, from the instance's leader-election state) wins; without it the
 * Lease object decides: holderIdentity is `<hostname>_<uuid>`.
 */
import type { KObject, Lease } from '../../k8s/types';
import type { ComponentSummary } from '../../protocol/messages';

export function leaderIds(objects: ReadonlyMap<string, KObject>, components: ReadonlyMap<string, ComponentSummary>): Set<string> {
  const out = new Set<string>();
  for (const kind of ['kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager'] as const) {
    const instances = [...components.values()].filter((c) => c.kind === kind);
    if (instances.some((c) => c.details?.leader !== undefined)) {
      for (const c of instances) if (c.details?.leader) out.add(c.id);
      continue;
    }
    const holder = (objects.get(`leases/kube-system/${kind}`) as Lease | undefined)?.spec.holderIdentity;
    if (!holder) continue;
    const host = holder.slice(0, holder.lastIndexOf('_'));
    for (const c of instances) if (c.host === host) out.add(c.id);
  }
  return out;
}
