/**
 * What a node's policy agent programs, as data: for each Pod on the node that some NetworkPolicy
 * selects, whether it is isolated per direction and the peers and ports each allowing rule lets
 * through (selectors already resolved to Pod IPs, as Calico's ipsets and kindnet's caches hold them).
 */
import type { NamespacedName } from '../../core/trace';

export type CompiledPeer =
  /** Pods a podSelector/namespaceSelector matched, by IP. */
  | { kind: 'pods'; ips: string[] }
  | { kind: 'cidr'; cidr: string; except: string[] };

export type CompiledPort =
  | { kind: 'number'; protocol: string; port: number; endPort?: number }
  /** A named port on an egress rule: `ip:port` of every Pod whose container names that port. */
  | { kind: 'named'; protocol: string; name: string; endpoints: string[] }
  /** `protocol` only: every port. */
  | { kind: 'any'; protocol: string };

export interface CompiledRule {
  /** `namespace/name` of the policy the rule comes from. */
  policy: string;
  /** Undefined: every peer (no from/to). */
  peers?: CompiledPeer[];
  /** Undefined: every port. */
  ports?: CompiledPort[];
}

export interface PodPolicy {
  pod: NamespacedName;
  /** Policies that select the Pod for this direction (sorted), empty when it is not isolated. */
  ingressPolicies: string[];
  egressPolicies: string[];
  ingress: CompiledRule[];
  egress: CompiledRule[];
}

export interface NodePolicyRules {
  /** Pod IP → its rules; only Pods on this node that at least one policy selects. */
  pods: Record<string, PodPolicy>;
  /** How many NetworkPolicies the agent knew of at its last sync. */
  policies: number;
  syncs: number;
}
