/**
 * The controller contract inside kube-controller-manager, after controller-runtime:
 * watches map changed objects to workqueue keys; `reconcile(key)` reads the informer caches,
 * compares desired with actual and acts on the difference. Reconcilers are level-based: they
 * never learn whether a key was queued by a create, an update or a delete.
 */
import type { ComponentId } from '../core/ids';
import type { KObject } from '../../k8s/types';
import type { ApiRequest, ApiResponse } from '../apiserver/handler';
import type { ClientIdentity } from '../client/client';
import type { Delta, InformerState } from '../client/types';
import type { EventSpec } from '../client/events';
import type { World } from '../world';
import type { ManagerState } from './state';

export type ReconcileResult =
  | { kind: 'done' }
  /**
   * Reconcile again after a delay even though nothing changed (e.g. a deadline to check): AddAfter,
   * so a key already waiting to be added at least as soon keeps that one wake instead.
   */
  | { kind: 'requeueAfter'; delay: number }
  /** A transient failure: AddRateLimited, i.e. AddAfter the workqueue's rate-limiter delay. */
  | { kind: 'error'; message: string };

export const DONE: ReconcileResult = { kind: 'done' };

export interface ControllerContext {
  w: World;
  self: ManagerState;
  who: ClientIdentity;
  /** The shared informer cache for a resource (must be listed in the controller's `informers`). */
  cache(resource: string): InformerState;
  request(req: Omit<ApiRequest, 'user' | 'from'>): ApiResponse;
  record(obj: KObject, e: Omit<EventSpec, 'component'>): void;
  /** This controller's private, serialisable scratch state (expectations, timers' bookkeeping). */
  data: Record<string, unknown>;
  /**
   * Queue a key on this controller's workqueue (e.g. from a periodic task); with `after` > 0 it
   * is AddAfter on the delaying queue, which keeps one waiting entry per key (the soonest).
   */
  enqueue(key: string, after?: number): void;
  /**
   * What this reconcile wants and found (spec.replicas against the Pods or replicas it counts),
   * shown on its `reconcile` trace record. Outside a reconcile (periodic tasks) it is ignored.
   */
  observe(desired: number, actual: number): void;
  /**
   * Starts (LIST + WATCH) the manager's shared informer for a resource that appeared after start
   * (a custom resource), unless it runs already; its deltas reach controllers with `customResources`.
   */
  ensureInformer?(resource: string): void;
}

export interface PeriodicTask {
  name: string;
  /** Interval in simulated ms. */
  every(w: World): number;
  run(ctx: ControllerContext): void;
}

export interface ControllerDef {
  /** Short name used in --controllers: `deployment`, `replicaset`, `garbage-collector`. */
  name: string;
  /** ServiceAccount and event source: `deployment-controller`. Also its name on the trace. */
  actor: ComponentId;
  /**
   * The event source when upstream's recorder is named otherwise than the ServiceAccount
   * (the DaemonSet controller runs as `daemon-set-controller` and records as `daemonset-controller`).
   */
  eventSource?: string;
  /**
   * The ServiceAccount whose credentials it runs with, when not its own (kube-controller-manager
   * starts the node IPAM controller with the `node-controller` client).
   */
  serviceAccount?: string;
  /**
   * It runs with the manager's own client, as kube-controller-manager starts the token controller
   * (rootClientBuilder "tokens-controller": it mints the tokens the others' clients would need).
   */
  rootClient?: true;
  /** Resources whose shared informers this controller reads. */
  informers: string[];
  /** Also receives the deltas of every custom resource's informer (the garbage collector's monitors). */
  customResources?: boolean;
  /** Keys to reconcile when an object of `resource` changed. */
  keysFor(ctx: ControllerContext, resource: string, d: Delta): string[];
  reconcile(ctx: ControllerContext, key: string): ReconcileResult;
  periodic?: PeriodicTask[];
}
