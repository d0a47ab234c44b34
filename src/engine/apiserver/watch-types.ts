/**
 * The watch machinery's data: what a watcher registers, what it receives, and the index kube-apiserver
 * keeps to find the watchers of a change. Type-only, so World, the component states and the client
 * library can name these without depending on the fan-out code (watch.ts).
 */
import type { ComponentId } from '../core/ids';
import type { RngState } from '../core/rng';
import type { KObject } from '../../k8s/types';
import type { Selector } from '../../k8s/labels';
import type { FieldRequirement } from '../../k8s/field-selector';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent {
  type: WatchEventType;
  object: KObject;
  resource: string;
}

/** Field selectors kube-apiserver supports on watches (src/k8s: URLs carry them too). */
export type { FieldRequirement };

export interface WatchFilter {
  namespace?: string;
  labelSelector?: Selector;
  fieldSelector?: FieldRequirement[];
}

export interface WatchRegistration {
  id: number;
  /** The watching component. */
  watcher: ComponentId;
  /** The component's epoch when it opened the watch (messages to a later incarnation are stale). */
  epoch: number;
  /** kube-apiserver instance that serves the watch; it closes when that instance stops. */
  server: ComponentId;
  resource: string;
  filter: WatchFilter;
  /** Delivery time of the last event, so per-watch order is FIFO despite jitter. */
  lastDelivery: number;
  /** This watch's own delivery-jitter stream (watch.ts: resources served since recorded runs began). */
  rng?: RngState;
}

/** Per resource: watches with no indexed selector, and watches bucketed by `field=value`. */
export interface ResourceWatchIndex {
  unindexed: Set<number>;
  byField: Map<string, Set<number>>;
}
