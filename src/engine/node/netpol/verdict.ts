/**
 * Whether a node's programmed rules let one connection through: a Pod that no policy isolates
 * for the direction accepts (or sends) anything; an isolated one only what some rule of a
 * selecting policy allows — a matching peer (no peers: any) and a matching port (no ports: any).
 * Policies are additive allow-lists, so there is no rule that denies.
 */
import { cidrContains, ipv4ToInt, parseCidr } from '../../../k8s/network-policy';
import type { CompiledPeer, CompiledPort, CompiledRule, PodPolicy } from './rules-types';

export interface Connection {
  /** The other end: the source for ingress, the destination for egress. */
  peerIp: string;
  /** The destination port, after DNAT (0 for ICMP). */
  port: number;
  /** ICMP matches no `ports` entry (they name TCP, UDP or SCTP), so only a rule without ports allows it. */
  protocol: 'TCP' | 'UDP' | 'ICMP';
  /** For egress: the destination `ip:port`, which a named port's endpoints list. */
  endpoint?: string;
}

function peerMatches(p: CompiledPeer, ip: string): boolean {
  switch (p.kind) {
    case 'pods':
      return p.ips.includes(ip);
    case 'cidr': {
      const n = ipv4ToInt(ip);
      const c = parseCidr(p.cidr);
      if (n === undefined || !c || !cidrContains(c, n)) return false;
      return !p.except.some((e) => {
        const x = parseCidr(e);
        return x !== undefined && cidrContains(x, n);
      });
    }
    default: {
      const never: never = p;
      return never;
    }
  }
}

function portMatches(p: CompiledPort, c: Connection): boolean {
  if (p.protocol !== c.protocol) return false;
  switch (p.kind) {
    case 'any':
      return true;
    case 'number':
      return p.endPort === undefined ? c.port === p.port : c.port >= p.port && c.port <= p.endPort;
    case 'named':
      return c.endpoint !== undefined && p.endpoints.includes(c.endpoint);
    default: {
      const never: never = p;
      return never;
    }
  }
}

function ruleAllows(r: CompiledRule, c: Connection): boolean {
  return (r.peers === undefined || r.peers.some((p) => peerMatches(p, c.peerIp))) && (r.ports === undefined || r.ports.some((p) => portMatches(p, c)));
}

export type Verdict = { allowed: true } | { allowed: false; policies: string[] };

export function verdict(pp: PodPolicy | undefined, dir: 'ingress' | 'egress', c: Connection): Verdict {
  if (!pp) return { allowed: true };
  const isolating = dir === 'ingress' ? pp.ingressPolicies : pp.egressPolicies;
  if (isolating.length === 0) return { allowed: true };
  const rules = dir === 'ingress' ? pp.ingress : pp.egress;
  return rules.some((r) => ruleAllows(r, c)) ? { allowed: true } : { allowed: false, policies: isolating };
}
