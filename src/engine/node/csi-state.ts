import type { ComponentId, NodeName } from '../core/ids';
import { baseState, type ComponentBase } from '../components';

/** The CSI driver (controller plugin + node plugins). */
export interface CsiState extends ComponentBase {
  kind: 'csi';
}

export function newCsiState(id: ComponentId, host: NodeName): CsiState {
  return { ...baseState(id, 'csi', host) };
}
