/**
 * Every simulated process, as data. A component's behaviour (what it does with messages) lives
 * in its own module and is looked up by `kind` in behaviours.ts.
 */
import type { ComponentId, NodeName } from './core/ids';
import type { ApiServerState } from './apiserver/state';
import type { EtcdMemberState } from './etcd/member';
import type { SchedulerState } from './scheduler/state';
import type { ControllerManagerState } from './controllers/state';
import type { KubeletState } from './kubelet/state';
import type { RuntimeState } from './node/runtime-state';
import type { CniState } from './node/cni-state';
import type { CsiState } from './node/csi-state';
import type { KubeProxyState } from './node/proxy-state';

export type ComponentKind =
  | 'kubectl'
  | 'kube-apiserver'
  | 'etcd'
  | 'kube-scheduler'
  | 'kube-controller-manager'
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
}

export interface KubectlState extends ComponentBase {
  kind: 'kubectl';
}

export type ComponentState =
  | KubectlState
  | ApiServerState
  | EtcdMemberState
  | SchedulerState
  | ControllerManagerState
  | KubeletState
  | RuntimeState
  | CniState
  | CsiState
  | KubeProxyState;

export type StateOf<K extends ComponentKind> = Extract<ComponentState, { kind: K }>;

export function baseState<K extends ComponentKind>(id: ComponentId, kind: K, host: NodeName): ComponentBase & { kind: K } {
  return { id, kind, host, running: false, epoch: 0 };
}
