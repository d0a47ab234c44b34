import type { ComponentBase } from '../core/component';
import type { InformerState, LeaderElectionState, WorkQueueState } from '../client/types';

/** kube-controller-manager: leader election, shared informers and one workqueue per controller. */
export interface ControllerManagerState extends ComponentBase {
  kind: 'kube-controller-manager';
  leader: LeaderElectionState;
  informers: Record<string, InformerState>;
  queues: Record<string, WorkQueueState>;
  /** Controllers with a `process` timer pending. */
  scheduled: Record<string, boolean>;
  /** Per-controller private state. */
  data: Record<string, Record<string, unknown>>;
  /** Reconciles run since boot, per controller (shown on the component card). */
  reconciles: Record<string, number>;
  /** When the shared informers' next resync is due (unset while not leading). */
  resyncAt?: number;
}
