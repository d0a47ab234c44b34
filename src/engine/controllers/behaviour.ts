/**
 * kube-controller-manager: campaigns for the `kube-system/kube-controller-manager` Lease and,
 * once leading, starts the shared informers and runs every controller's workqueue. A standby
 * instance (HA) keeps campaigning and does nothing else. cloud-controller-manager is the same
 * machinery (both are built on controller-manager's app framework) over its own Lease, identity
 * and controllers (cloud/registry.ts).
 */
import type { ComponentId } from '../core/ids';
import type { KObject } from '../../k8s/types';
import type { Behaviour } from '../behaviour';
import { request, type ClientIdentity } from '../client/client';
import { recordEvent } from '../client/events';
import { newInformer, syncInformer, type Delta } from '../client/informer';
import { LEADER_TIMER, leaderElectionTick, newLeaderElection, processIdentity } from '../client/leaderelection';
import { deliver, traceWatch, relistAfterClose } from '../client/watch-host';
import { newWorkQueue, queueAdd, queueDone, queueForget, queueGet, queueLen, rateLimitDelay } from '../client/workqueue';
import { queueAddAfter, takeReady } from '../client/delaying-queue';
import { controllerUser } from '../apiserver/auth';
import { dropWatchesBy } from '../apiserver/watch';
import { markComponentChanged, setTimer, trace } from '../runtime';
import type { World } from '../world';
import type { WatchEvent } from '../apiserver/watch-types';
import type { ControllerContext, ControllerDef } from './framework';
import { CONTROLLERS } from './registry';
import { enabledOptional } from './samplecontroller/registry';
import { isCustomResource } from '../apiextensions/served';
import { CLOUD_CONTROLLERS, CLOUD_MANAGER_USER } from './cloud/registry';
import type { ManagerKind, ManagerState } from './state';
import type { WorkQueueState } from '../client/types';
import { configureClient, ensureClientToken } from './client-builder';

const KCM_WHO: ClientIdentity = { user: { name: 'system:kube-controller-manager', groups: ['system:authenticated'] }, actor: 'kube-controller-manager' as ComponentId };
const CCM_WHO: ClientIdentity = { user: CLOUD_MANAGER_USER, actor: 'cloud-controller-manager' as ComponentId };

/** The manager's own client (leader election, shared informers). */
function managerWho(self: ManagerState): ClientIdentity {
  return self.kind === 'cloud-controller-manager' ? CCM_WHO : KCM_WHO;
}

function controllersOf(w: World, self: ManagerState): ControllerDef[] {
  if (self.kind === 'cloud-controller-manager') return CLOUD_CONTROLLERS;
  // The optional controllers the learner started run beside kube-controller-manager's own.
  return w.optionalControllers?.length ? [...CONTROLLERS, ...enabledOptional(w)] : CONTROLLERS;
}

function serviceAccountOf(def: ControllerDef): string {
  return def.serviceAccount ?? def.actor;
}

function who(self: ManagerState, def: ControllerDef): ClientIdentity {
  return { user: def.rootClient ? managerWho(self).user : controllerUser(serviceAccountOf(def)), actor: def.actor };
}

/**
 * kube-controller-manager runs each controller with a ServiceAccount's credentials
 * (--use-service-account-credentials, client-builder.ts); cloud-controller-manager's controllers
 * share its own identity here.
 */
function withServiceAccount(self: ManagerState, def: ControllerDef): boolean {
  return self.kind === 'kube-controller-manager' && !def.rootClient;
}

/** Before a controller's client sends anything (a request, an Event): the token its ServiceAccount needs. */
function authorizeClient(w: World, self: ManagerState, def: ControllerDef): void {
  if (withServiceAccount(self, def)) ensureClientToken(w, self, managerWho(self), serviceAccountOf(def));
}

type Observed = { desired: number; actual: number };

function context(w: World, self: ManagerState, def: ControllerDef, observed?: (o: Observed) => void): ControllerContext {
  const id = who(self, def);
  return {
    w,
    self,
    who: id,
    cache: (resource) => self.informers[resource] ?? (self.informers[resource] = newInformer(resource)),
    request: (req) => {
      authorizeClient(w, self, def);
      return request(w, self, id, req);
    },
    record: (obj: KObject, e) => {
      authorizeClient(w, self, def);
      recordEvent(w, self, id, obj, { ...e, component: def.eventSource ?? def.actor });
    },
    data: (self.data[def.name] ??= {}),
    enqueue: (key, after) => enqueueAfter(w, self, def, key, after ?? 0),
    observe: (desired, actual) => observed?.({ desired, actual }),
    ensureInformer: (resource) => {
      if (self.informers[resource]) return;
      self.informers[resource] = newInformer(resource);
      syncAndDispatch(w, self, resource);
    },
  };
}

/**
 * The context watch deliveries hand to keysFor, one per controller and manager instead of one
 * per watch event and controller (a Pod event reaches a dozen controllers). It is rebuilt when
 * the World or the controller's data object is no longer the one it closed over (a restore, a
 * reset of the manager).
 */
const dispatchContexts = new WeakMap<ManagerState, Map<string, ControllerContext>>();

function dispatchContext(w: World, self: ManagerState, def: ControllerDef): ControllerContext {
  let byDef = dispatchContexts.get(self);
  if (!byDef) dispatchContexts.set(self, (byDef = new Map()));
  const ctx = byDef.get(def.name);
  if (ctx && ctx.w === w && ctx.data === (self.data[def.name] ??= {})) return ctx;
  const fresh = context(w, self, def);
  byDef.set(def.name, fresh);
  return fresh;
}

function queueOf(self: ManagerState, def: ControllerDef): WorkQueueState {
  return (self.queues[def.name] ??= newWorkQueue(def.name));
}

function enqueue(w: World, self: ManagerState, def: ControllerDef, key: string): void {
  const q = queueOf(self, def);
  queueAdd(q, key);
  if (queueLen(q) > 0 && !self.scheduled[def.name]) {
    self.scheduled[def.name] = true;
    setTimer(w, self, w.timings.reconcileCost, `process:${def.name}`);
  }
  markComponentChanged(w, self.id);
}

/**
 * AddAfter on the controller's delaying queue (client/delaying-queue.ts), the one path for every
 * delayed requeue: ctx.enqueue with a delay, `requeueAfter`, and the rate-limited requeue after
 * an `error` (AddRateLimited is AddAfter(key, When(key))). A key already waiting at least as
 * soon arms nothing, so it wakes, and syncs, once.
 */
export function enqueueAfter(w: World, self: ManagerState, def: ControllerDef, key: string, delay: number): void {
  const outcome = queueAddAfter(queueOf(self, def), key, w.now, delay);
  if (outcome === 'add') enqueue(w, self, def, key);
  else if (outcome === 'arm') setTimer(w, self, delay, `requeue:${def.name}`, key);
}

/**
 * The controllers that watch a resource, in the list's order, once per (list, resource): every
 * watch delivery asked each of ~30 controllers. A list with optional controllers is a new array
 * per call and misses the memo, costing what it always did.
 */
const WATCHERS = new WeakMap<readonly ControllerDef[], Map<string, readonly ControllerDef[]>>();
function watchersOf(all: readonly ControllerDef[], resource: string): readonly ControllerDef[] {
  let byResource = WATCHERS.get(all);
  if (!byResource) WATCHERS.set(all, (byResource = new Map()));
  let defs = byResource.get(resource);
  if (!defs) byResource.set(resource, (defs = all.filter((def) => def.informers.includes(resource) || (def.customResources && isCustomResource(resource)))));
  return defs;
}

function dispatchDeltas(w: World, self: ManagerState, resource: string, deltas: Delta[], watch?: { id: number; ev: Parameters<typeof traceWatch>[3] }): void {
  for (const def of watchersOf(controllersOf(w, self), resource)) {
    const ctx = dispatchContext(w, self, def);
    let queued = false;
    for (const d of deltas) {
      for (const key of def.keysFor(ctx, resource, d)) {
        enqueue(w, self, def, key);
        queued = true;
      }
    }
    if (queued && watch) traceWatch(w, watch.id, def.actor, watch.ev);
  }
}

function startControllers(w: World, self: ManagerState): void {
  const controllers = controllersOf(w, self);
  // Each controller's client is built as it starts, before the shared informers list anything.
  for (const def of controllers) if (withServiceAccount(self, def)) configureClient(w, self, managerWho(self), serviceAccountOf(def));
  const resources = [...new Set(controllers.flatMap((c) => c.informers))];
  for (const r of resources) self.informers[r] = newInformer(r);
  for (const r of resources) syncAndDispatch(w, self, r);
  self.leadingTerm = (self.leadingTerm ?? 0) + 1;
  for (const def of controllers) {
    for (const task of def.periodic ?? []) setTimer(w, self, task.every(w), `periodic:${def.name}:${task.name}`, String(self.leadingTerm));
  }
  armResync(w, self);
}

/**
 * Starts one controller on a leading manager (an optional one switched on while it runs): its
 * missing informers LIST and WATCH, and every object the shared caches already hold is handed
 * to it, as a new process's informers would deliver them on their first sync.
 */
export function startController(w: World, self: ManagerState, def: ControllerDef): void {
  if (!self.leader.isLeader) return;
  if (withServiceAccount(self, def)) configureClient(w, self, managerWho(self), serviceAccountOf(def));
  for (const r of def.informers) {
    const inf = self.informers[r];
    if (!inf) {
      self.informers[r] = newInformer(r);
      syncAndDispatch(w, self, r);
      continue;
    }
    const ctx = context(w, self, def);
    for (const o of inf.cache.values()) for (const key of def.keysFor(ctx, r, { old: undefined, cur: o })) enqueue(w, self, def, key);
  }
}

const RESYNC_TIMER = 'resync';

/**
 * The shared informer factory's resync period, ResyncPeriod(): --min-resync-period times a factor
 * drawn from [1, 2). The factor is fixed at 1.5 here, because drawing it from w.rng at start-up
 * would shift every later draw and so change every recorded run.
 */
function armResync(w: World, self: ManagerState): void {
  const period = Math.round(w.timings.minResyncPeriod * 1.5);
  self.resyncAt = w.now + period;
  setTimer(w, self, period, RESYNC_TIMER);
}

/**
 * A resync hands every object in every informer's cache to the handlers again as an update with
 * old = new, so each controller requeues its keys. It asks kube-apiserver nothing: a change the
 * cache never received stays unseen; only a relist (a new LIST) repairs the cache.
 */
function resync(w: World, self: ManagerState): void {
  const informers = Object.entries(self.informers).filter(([, inf]) => inf.synced);
  const objects = informers.reduce((n, [, inf]) => n + inf.cache.size, 0);
  trace(w, { from: self.id, to: self.id, kind: 'reconcile', detail: { type: 'resync', controller: self.id, objects } });
  for (const [resource, inf] of informers) dispatchDeltas(w, self, resource, [...inf.cache.values()].map((o) => ({ old: o, cur: o })));
  armResync(w, self);
}

function syncAndDispatch(w: World, self: ManagerState, resource: string): void {
  const inf = self.informers[resource];
  if (!inf) return;
  const deltas = syncInformer(w, self, managerWho(self), inf);
  if (deltas) dispatchDeltas(w, self, resource, deltas);
}

function reset(w: World, self: ManagerState): void {
  dropWatchesBy(w, self.id);
  self.informers = {};
  // The delaying queues' waiting entries go too: a new process has none (their wakes turn stale).
  self.queues = {};
  self.scheduled = {};
  self.data = {};
  self.resyncAt = undefined;
  self.tokens = undefined;
}

function processOne(w: World, self: ManagerState, def: ControllerDef): void {
  self.scheduled[def.name] = false;
  const q = self.queues[def.name];
  if (!q || !self.leader.isLeader) return;
  const key = queueGet(q);
  if (key === undefined) return;
  const observed: { last?: Observed } = {};
  const ctx = context(w, self, def, (o) => (observed.last = o));
  self.reconciles[def.name] = (self.reconciles[def.name] ?? 0) + 1;
  const rec = trace(w, { from: def.actor, to: def.actor, kind: 'reconcile', detail: { type: 'sync', controller: def.name, key } });
  const res = def.reconcile(ctx, key);
  // The record goes first, so the requests the reconcile makes follow it; what it counted is
  // known only now, and is filled in before anything can read the record (same seq, same place).
  if (observed.last && rec?.kind === 'reconcile' && rec.detail.type === 'sync') Object.assign(rec.detail, observed.last);
  queueDone(q, key);
  switch (res.kind) {
    case 'done':
      queueForget(q, key);
      break;
    case 'requeueAfter':
      queueForget(q, key);
      enqueueAfter(w, self, def, key, res.delay);
      break;
    case 'error': {
      const delay = rateLimitDelay(w, q, key);
      trace(w, { from: def.actor, to: def.actor, kind: 'reconcile', detail: { type: 'error', controller: def.name, key, error: res.message, requeueAfterMs: delay } });
      enqueueAfter(w, self, def, key, delay);
      break;
    }
    default: {
      const never: never = res;
      throw new Error(`unknown result ${String(never)}`);
    }
  }
  // An immediate Add during the sync (ctx.enqueue, a requeue with no delay) may have armed it already.
  if (queueLen(q) > 0 && !self.scheduled[def.name]) {
    self.scheduled[def.name] = true;
    setTimer(w, self, w.timings.reconcileCost, `process:${def.name}`);
  }
  markComponentChanged(w, self.id);
}

/** Both managers' behaviour: each method takes any manager's state, so one object serves either kind. */
function managerBehaviour(kind: ManagerKind): Behaviour<'kube-controller-manager'> & Behaviour<'cloud-controller-manager'> {
  return {
    start(w: World, self: ManagerState) {
      reset(w, self);
      self.leader = newLeaderElection(kind, processIdentity(w, self.leader.identity, self.epoch));
      setTimer(w, self, 0, LEADER_TIMER);
    },
    stop(w: World, self: ManagerState) {
      reset(w, self);
      self.leader.isLeader = false;
    },
    onWatch(w: World, self: ManagerState, watchId: number, ev: WatchEvent) {
      const got = deliver(self.informers, watchId, ev);
      if (!got) return;
      dispatchDeltas(w, self, got.inf.resource, [got.delta], { id: watchId, ev });
    },
    onWatchClosed(w: World, self: ManagerState, watchId: number) {
      relistAfterClose(w, self, self.informers, watchId);
    },
    onTimer(w: World, self: ManagerState, name: string, arg: string | undefined) {
      if (name === LEADER_TIMER) {
        leaderElectionTick(w, self, managerWho(self), self.leader, {
          onStartedLeading: () => startControllers(w, self),
          onStoppedLeading: () => reset(w, self),
        });
        return;
      }
      if (name === RESYNC_TIMER) {
        // A timer armed in an earlier term of leadership is stale (resyncAt moved on or was cleared).
        if (self.leader.isLeader && self.resyncAt === w.now) resync(w, self);
        return;
      }
      const [kind, ctrl, task] = name.split(':');
      if (kind === 'relist' && ctrl) {
        if (self.leader.isLeader) syncAndDispatch(w, self, ctrl);
        return;
      }
      const def = controllersOf(w, self).find((c) => c.name === ctrl);
      if (!def || !self.leader.isLeader) return;
      if (kind === 'process') processOne(w, self, def);
      else if (kind === 'requeue' && arg !== undefined) {
        // Only the wake of the key's waiting entry adds it; a superseded one leaves no trace.
        const q = self.queues[def.name];
        if (q && takeReady(q, arg, w.now)) enqueue(w, self, def, arg);
      }
      else if (kind === 'periodic') {
        const p = def.periodic?.find((t) => t.name === task);
        if (!p || arg !== String(self.leadingTerm)) return;
        p.run(context(w, self, def));
        setTimer(w, self, p.every(w), name, arg);
      }
    },
  };
}

export const controllerManagerBehaviour = managerBehaviour('kube-controller-manager');
export const cloudControllerManagerBehaviour = managerBehaviour('cloud-controller-manager');
