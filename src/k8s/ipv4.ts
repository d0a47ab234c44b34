/**
 * IPv4 address and CIDR arithmetic every layer shares: NetworkPolicy ipBlocks (validation, the
 * CNI plugin's match), ServiceCIDRs and the ClusterIP allocator, the CNI plugin's IPAM. The
 * simulated cluster is IPv4 single-stack. Addresses are numbers in 0 … 2³²−1 (not int32: no
 * sign trouble above 128.0.0.0).
 */

export interface Cidr {
  /** The network address. */
  base: number;
  /** The prefix length. */
  bits: number;
}

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** `10.244.1.0/24` → its network address and prefix length; undefined when it is no IPv4 CIDR. */
export function parseCidr(cidr: string): Cidr | undefined {
  const slash = cidr.lastIndexOf('/');
  if (slash < 0 || !/^\d{1,2}$/.test(cidr.slice(slash + 1))) return undefined;
  const ip = ipv4ToInt(cidr.slice(0, slash));
  const bits = Number(cidr.slice(slash + 1));
  if (ip === undefined || bits > 32) return undefined;
  const size = 2 ** (32 - bits);
  // ParseCIDRSloppy masks the host bits away: 10.0.0.5/24 is the network 10.0.0.0/24.
  return { base: Math.floor(ip / size) * size, bits };
}

/** Dotted quad → number; undefined when it is not four decimal octets of at most 255 (leading zeros parse, as ParseIPSloppy's do). */
export function ipv4ToInt(ip: string): number | undefined {
  const m = DOTTED.exec(ip);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  return octets.reduce((acc, o) => acc * 256 + o, 0);
}

export function intToIpv4(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

export function cidrSize(cidr: Cidr): number {
  return 2 ** (32 - cidr.bits);
}

export function cidrContains(cidr: Cidr, ip: number): boolean {
  return ip >= cidr.base && ip < cidr.base + cidrSize(cidr);
}

export function formatCidr(cidr: Cidr): string {
  return `${intToIpv4(cidr.base)}/${cidr.bits}`;
}

/** Whether `inner` lies wholly inside `outer` (equal ranges included). */
export function cidrWithin(inner: Cidr, outer: Cidr): boolean {
  return inner.bits >= outer.bits && cidrContains(outer, inner.base);
}

/** Whether two ranges share any address (for CIDRs: one lies inside the other). */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  return cidrWithin(a, b) || cidrWithin(b, a);
}
