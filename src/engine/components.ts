/**
 * Every simulated process, as data: the closed union of the component states, one per kind.
 * Type-only, like world.ts: it names each kind's state module, which are themselves type-only
 * leaves. A component's behaviour (what it does with messages) lives in its own module and is
 * looked up by `kind` in behaviours.ts.
 */
import type { ComponentBase, ComponentKind } from './core/component';
import type { ApiServerState } from './apiserver/state';
import type { EtcdMemberState } from './etcd/member';
import type { SchedulerState } from './scheduler/state';
import type { CloudControllerManagerState, ControllerManagerState } from './controllers/state';
import type { KubeletState } from './kubelet/state';
import type { RuntimeState } from './node/runtime-state';
import type { CniState } from './node/cni-state';
import type { CsiState } from './node/csi-state';
import type { KubeProxyState } from './node/proxy-state';

export interface KubectlState extends ComponentBase {
  kind: 'kubectl';
}

export type ComponentState =
  | KubectlState
  | ApiServerState
  | EtcdMemberState
  | SchedulerState
  | ControllerManagerState
  | CloudControllerManagerState
  | KubeletState
  | RuntimeState
  | CniState
  | CsiState
  | KubeProxyState;

export type StateOf<K extends ComponentKind> = Extract<ComponentState, { kind: K }>;
