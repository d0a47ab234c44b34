import type { ComponentId, NodeName } from '../core/ids';
import { baseState, type ComponentBase } from '../components';

/** The node's CRI container runtime (containerd): sandboxes, containers and the image store. */
export interface RuntimeState extends ComponentBase {
  kind: 'container-runtime';
}

export function newRuntimeState(id: ComponentId, host: NodeName): RuntimeState {
  return { ...baseState(id, 'container-runtime', host) };
}
