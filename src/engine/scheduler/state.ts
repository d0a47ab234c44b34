import type { ComponentId, NodeName } from '../core/ids';
import { baseState, type ComponentBase } from '../components';
import { newLeaderElection, type LeaderElectionState } from '../client/leaderelection';
import type { InformerState } from '../client/informer';

/** kube-scheduler's in-memory state (owned by src/engine/scheduler). */
export interface SchedulerState extends ComponentBase {
  kind: 'kube-scheduler';
  informers: Record<string, InformerState>;
  leader: LeaderElectionState;
}

export function newSchedulerState(id: ComponentId, host: NodeName, identity: string): SchedulerState {
  return { ...baseState(id, 'kube-scheduler', host), informers: {}, leader: newLeaderElection('kube-scheduler', identity) };
}
