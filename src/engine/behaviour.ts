/**
 * What a component kind does with the messages addressed to it. Implementations are plain
 * objects of functions over the component's data (no classes with hidden state), so the
 * World stays a snapshot-able value.
 */
import type { WatchEvent } from './apiserver/watch';
import type { ComponentKind, StateOf } from './components';
import type { World } from './world';

export interface Behaviour<K extends ComponentKind> {
  /** (Re)boot the process: reset in-memory state, open informers, set timers. */
  start(w: World, self: StateOf<K>): void;
  /** The process was stopped. In-memory state is kept only for inspection; start() resets it. */
  stop?(w: World, self: StateOf<K>): void;
  onWatch?(w: World, self: StateOf<K>, watchId: number, ev: WatchEvent): void;
  onWatchClosed?(w: World, self: StateOf<K>, watchId: number): void;
  onTimer?(w: World, self: StateOf<K>, name: string, arg: string | undefined): void;
}

export type BehaviourTable = { [K in ComponentKind]: Behaviour<K> };
