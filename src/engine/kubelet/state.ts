import type { ComponentId, NodeName } from '../core/ids';
import { baseState, type ComponentBase } from '../components';
import type { InformerState } from '../client/informer';

/** One node's kubelet (owned by src/engine/kubelet). */
export interface KubeletState extends ComponentBase {
  kind: 'kubelet';
  informers: Record<string, InformerState>;
}

export function newKubeletState(id: ComponentId, host: NodeName): KubeletState {
  return { ...baseState(id, 'kubelet', host), informers: {} };
}
