import type { ComponentId, NodeName } from '../core/ids';
import { baseState, type ComponentBase } from '../components';
import type { InformerState } from '../client/informer';
import type { WorkQueueState } from '../client/workqueue';
import { newLeaderElection, type LeaderElectionState } from '../client/leaderelection';

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

export function newControllerManagerState(id: ComponentId, host: NodeName, identity: string): ControllerManagerState {
  return {
    ...baseState(id, 'kube-controller-manager', host),
    leader: newLeaderElection('kube-controller-manager', identity),
    informers: {},
    queues: {},
    scheduled: {},
    data: {},
    reconciles: {},
  };
}
