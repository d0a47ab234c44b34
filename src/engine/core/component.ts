/**
 * What every simulated process is, whatever its kind: the shared head of every component's state
 * (components.ts unions the kinds). A leaf: state declarations and the low-level primitives
 * (runtime.ts, client/) depend on this, never on the union of every component.
 */
import type { ComponentId, NodeName } from './ids';
import type { ProcessLog } from '../logging/process-log';

export type ComponentKind =
  | 'kubectl'
  | 'kube-apiserver'
  | 'etcd'
  | 'kube-scheduler'
  | 'kube-controller-manager'
  | 'cloud-controller-manager'
  | 'kubelet'
  | 'container-runtime'
  | 'cni'
  | 'csi'
  | 'kube-proxy';

export interface ComponentBase {
  id: ComponentId;
  kind: ComponentKind;
  /** The machine the process runs on (for kubectl: the student's laptop, `workstation`). */
  host: NodeName;
  running: boolean;
  /**
   * Incarnation counter, bumped on every stop. Timers and watch events carry the epoch they
   * were created in; the dispatcher drops any that belong to an earlier incarnation.
   */
  epoch: number;
  /** What the process wrote to stderr, kept for processes that run as static Pods (logging/). */
  log?: ProcessLog;
}

/** A process as it is created: stopped, first incarnation; its `start` message boots it. */
export function baseState<K extends ComponentKind>(id: ComponentId, kind: K, host: NodeName): ComponentBase & { kind: K } {
  return { id, kind, host, running: false, epoch: 0 };
}
