/**
 * NetworkPolicy rules every layer shares: IPv4 CIDR arithmetic (validation, the CNI plugin's
 * ipBlock match) and SetDefaults_NetworkPolicy. The simulated pod network is IPv4 only.
 */
import type { NetworkPolicy, NetworkPolicyPort } from './types';

/** `10.244.1.0/24` → its first address and prefix length; undefined when it is no IPv4 CIDR. */
export function parseCidr(cidr: string): { base: number; bits: number } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const bits = Number(m[5]);
  if (octets.some((o) => o > 255) || bits > 32) return undefined;
  const ip = octets.reduce((acc, o) => acc * 256 + o, 0);
  const size = 2 ** (32 - bits);
  // ParseCIDRSloppy masks the host bits away: 10.0.0.5/24 is the network 10.0.0.0/24.
  return { base: Math.floor(ip / size) * size, bits };
}

export function ipv4ToInt(ip: string): number | undefined {
  const parsed = parseCidr(`${ip}/32`);
  return parsed?.base;
}

export function cidrContains(cidr: { base: number; bits: number }, ip: number): boolean {
  const size = 2 ** (32 - cidr.bits);
  return ip >= cidr.base && ip < cidr.base + size;
}

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
