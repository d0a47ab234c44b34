import type { ComponentBase } from '../core/component';

/**
 * The node's CNI plugin (a ptp/bridge plugin with host-local IPAM over the node's podCIDR).
 * It has no configuration until the kubelet hands the runtime the Node's spec.podCIDR; until
 * then the runtime reports NetworkReady=false and the node stays NotReady.
 */
export interface CniState extends ComponentBase {
  kind: 'cni';
  /** `10.244.1.0/24`, once configured. */
  subnet: string | undefined;
  /** host-local's allocations: pod IP → sandbox id. */
  allocations: Map<string, string>;
  /** host-local hands out addresses round-robin after the last one reserved. */
  lastReserved: number | undefined;
}
