import type { ComponentId, NodeName } from '../core/ids';
import { baseState, type ComponentBase } from '../components';

/** The node's CNI plugin: IPAM over the node's podCIDR. */
export interface CniState extends ComponentBase {
  kind: 'cni';
}

export function newCniState(id: ComponentId, host: NodeName): CniState {
  return { ...baseState(id, 'cni', host) };
}
