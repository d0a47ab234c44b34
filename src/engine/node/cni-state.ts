import type { ComponentBase } from '../core/component';
import type { RngState } from '../core/rng';
import type { InformerState } from '../client/types';
import type { CniPlugin } from '../topology/topology';
import type { NodePolicyRules } from './netpol/rules-types';

/**
 * The node's CNI plugin (a ptp/bridge plugin with host-local IPAM over the node's podCIDR).
 * It has no configuration until the kubelet hands the runtime the Node's spec.podCIDR; until
 * then the runtime reports NetworkReady=false and the node stays NotReady.
 *
 * A policy-capable plugin (kindnet, Calico) also runs its node agent here (kindnetd's network
 * policy controller, calico-node's Felix): informers over NetworkPolicies, Pods and Namespaces,
 * and the per-Pod filter rules it last programmed for this node's Pods. flannel has neither.
 */
export interface CniState extends ComponentBase {
  kind: 'cni';
  plugin: CniPlugin;
  /** `10.244.1.0/24`, once configured. */
  subnet: string | undefined;
  /** host-local's allocations: pod IP → sandbox id. */
  allocations: Map<string, string>;
  /** host-local hands out addresses round-robin after the last one reserved. */
  lastReserved: number | undefined;
  /** The policy agent's informers (empty for flannel, and while the agent is down). */
  informers: Record<string, InformerState>;
  /** The rules in the node's dataplane; they stay when the agent stops, stale, like iptables. */
  policy: NodePolicyRules;
  syncPending: boolean;
  lastSyncAt: number | undefined;
  /**
   * The agent's own stream for its watches' delivery jitter: the agent arrived after the world's
   * stream was fixed, so it draws nothing from it and every other draw stays where it was.
   */
  watchRng: RngState;
}
