/**
 * The kernel's IPv4 route lookup over a namespace's table (netns-types.ts): the longest matching
 * prefix, and the source address it gives a packet that has none yet — the route's `src`, else
 * the first IPv4 address of its device, else the first global one of any link (inet_select_addr's
 * fallback). `ip route get` prints it; MASQUERADE rewrites a packet's source to it.
 */
import type { NetNs, NetRoute } from './netns-types';
import { ipv4ToInt, parseCidr } from '../../k8s/ipv4';

/** The route for `dst` (IPv4, as an integer), undefined when none matches. */
export function bestRoute(ns: NetNs, n: number): NetRoute | undefined {
  let best: { rt: NetRoute; bits: number } | undefined;
  for (const rt of ns.routes) {
    if (rt.family === 6) continue;
    const c = rt.dst === 'default' ? { base: 0, bits: 0 } : parseCidr(rt.dst.includes('/') ? rt.dst : `${rt.dst}/32`);
    if (!c) continue;
    const size = 2 ** (32 - c.bits);
    if (Math.floor(n / size) * size !== c.base) continue;
    if (!best || c.bits > best.bits) best = { rt, bits: c.bits };
  }
  return best?.rt;
}

/** The source address the kernel picks for a packet leaving by `rt`. */
export function routeSource(ns: NetNs, rt: NetRoute): string | undefined {
  const dev = ns.links.find((l) => l.name === rt.dev);
  return rt.src ?? dev?.addrs.find((a) => a.family === 4)?.local ?? ns.links.flatMap((l) => l.addrs).find((a) => a.family === 4 && a.scope === 'global')?.local;
}

/** The source address a packet to `dst` leaves with (undefined: no route, or a blackhole). */
export function sourceFor(ns: NetNs, dst: string): string | undefined {
  const n = ipv4ToInt(dst);
  if (n === undefined) return undefined;
  const rt = bestRoute(ns, n);
  return rt && rt.type !== 'blackhole' ? routeSource(ns, rt) : undefined;
}
