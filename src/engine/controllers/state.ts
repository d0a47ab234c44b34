import type { ComponentBase } from '../core/component';
import type { InformerState, LeaderElectionState, WorkQueueState } from '../client/types';

/** The two controller managers: kube-controller-manager, and the optional cloud-controller-manager. */
export type ManagerKind = 'kube-controller-manager' | 'cloud-controller-manager';

/** A controller manager: leader election, shared informers and one workqueue per controller. */
export interface ManagerState<K extends ManagerKind = ManagerKind> extends ComponentBase {
  kind: K;
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
  /**
   * Terms of leadership so far: periodic timers carry the term that armed them, so a manager
   * that lost and regained the lease before one fired does not run two chains of it.
   */
  leadingTerm?: number;
  /**
   * The client builder's cached tokens (client-builder.ts): ServiceAccount → when its token is
   * renewed. A process's memory: a restart starts without any.
   */
  tokens?: Record<string, number>;
}

export type ControllerManagerState = ManagerState<'kube-controller-manager'>;

/** cloud-controller-manager (controllers/cloud/): the cloud's service, node and route controllers. */
export type CloudControllerManagerState = ManagerState<'cloud-controller-manager'>;
