/**
 * NetworkPolicy rules every layer shares: SetDefaults_NetworkPolicy, and the IPv4 CIDR
 * arithmetic of ipv4.ts that validation and the CNI plugin's ipBlock match read through here.
 */
import type { NetworkPolicy, NetworkPolicyPort } from './types';

export { cidrContains, ipv4ToInt, parseCidr } from './ipv4';

/** SetDefaults_NetworkPolicy and SetDefaults_NetworkPolicyPort (pkg/apis/networking/v1/defaults.go). */
export function defaultNetworkPolicy(np: NetworkPolicy): boolean {
  let changed = false;
  const spec = (np.spec ??= { podSelector: {} });
  const ports: NetworkPolicyPort[] = [...(spec.ingress ?? []).flatMap((r) => r.ports ?? []), ...(spec.egress ?? []).flatMap((r) => r.ports ?? [])];
  for (const p of ports) {
    if (p.protocol === undefined) {
      p.protocol = 'TCP';
      changed = true;
    }
  }
  if (!spec.policyTypes || spec.policyTypes.length === 0) {
    // Any policy that does not specify policyTypes implies at least Ingress.
    spec.policyTypes = spec.egress && spec.egress.length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
    changed = true;
  }
  return changed;
}
