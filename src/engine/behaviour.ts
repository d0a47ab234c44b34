/**
 * What a component kind does with the messages addressed to it. Implementations are plain
 * objects of functions over the component's data (no classes with hidden state), so the
 * World stays a snapshot-able value.
 */
import type { WatchEvent } from './apiserver/watch-types';
import type { ComponentKind } from './core/component';
import type { StateOf } from './components';
import type { KubeletRequest, KubeletResponse } from './kubelet/server-api';
import type { World } from './world';

export interface Behaviour<K extends ComponentKind> {
  /** (Re)boot the process: reset in-memory state, open informers, set timers. */
  start(w: World, self: StateOf<K>): void;
  /** The process was stopped. In-memory state is kept only for inspection; start() resets it. */
  stop?(w: World, self: StateOf<K>): void;
  onWatch?(w: World, self: StateOf<K>, watchId: number, ev: WatchEvent): void;
  onWatchClosed?(w: World, self: StateOf<K>, watchId: number): void;
  onTimer?(w: World, self: StateOf<K>, name: string, arg: string | undefined): void;
  /**
   * The process's own HTTP server (the kubelet's :10250), which kube-apiserver's proxy calls
   * synchronously (apiserver/kubelet-proxy.ts), as it calls the kubelet over HTTP in Kubernetes.
   */
  serve?(w: World, self: StateOf<K>, req: KubeletRequest): KubeletResponse;
}

export type BehaviourTable = { [K in ComponentKind]: Behaviour<K> };
