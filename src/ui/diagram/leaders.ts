/**
 * Which scheduler / controller-manager instance holds its Lease, read from the Lease objects the
 * store already has (holderIdentity is `<hostname>_<uuid>`).
 */
import type { KObject, Lease } from '../../engine/api/types';
import type { ComponentSummary } from '../../protocol/messages';

export function leaderIds(objects: ReadonlyMap<string, KObject>, components: ReadonlyMap<string, ComponentSummary>): Set<string> {
  const out = new Set<string>();
  for (const [kind, lease] of [
    ['kube-scheduler', 'leases/kube-system/kube-scheduler'],
    ['kube-controller-manager', 'leases/kube-system/kube-controller-manager'],
  ] as const) {
    const holder = (objects.get(lease) as Lease | undefined)?.spec.holderIdentity;
    if (!holder) continue;
    const host = holder.slice(0, holder.lastIndexOf('_'));
    for (const c of components.values()) if (c.kind === kind && c.host === host) out.add(c.id);
  }
  return out;
}
