/** The node columns of `kubectl get nodes` (printers.go printNode): STATUS and ROLES. */
import type { KObject, Node } from '../types';

const ROLE_PREFIX = 'node-role.kubernetes.io/';

/** ROLES: `node-role.kubernetes.io/<role>` labels, or the legacy `kubernetes.io/role`; sorted. */
export function nodeRoles(node: KObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(ROLE_PREFIX)) {
      const r = k.slice(ROLE_PREFIX.length);
      if (r) roles.add(r);
    } else if (k === 'kubernetes.io/role' && v !== '') roles.add(v);
  }
  return [...roles].sort();
}

/** STATUS: the Ready condition only (`Unknown` without one), plus SchedulingDisabled when cordoned. */
export function nodeStatus(node: Node): string {
  const ready = (node.status?.conditions ?? []).find((c) => c.type === 'Ready');
  const status = ready ? [ready.status === 'True' ? 'Ready' : 'NotReady'] : ['Unknown'];
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}
