import type { ComponentId, NodeName } from '../core/ids';
import { baseState, type ComponentBase } from '../components';
import type { InformerState } from '../client/informer';

/** kube-proxy on one node: its informers and the Service rules it last programmed. */
export interface KubeProxyState extends ComponentBase {
  kind: 'kube-proxy';
  informers: Record<string, InformerState>;
}

export function newKubeProxyState(id: ComponentId, host: NodeName): KubeProxyState {
  return { ...baseState(id, 'kube-proxy', host), informers: {} };
}
