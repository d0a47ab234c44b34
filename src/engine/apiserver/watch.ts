/**
 * Watches: kube-apiserver's fan-out of committed changes to every registered watcher whose
 * filter matches. As in the real watch cache, an object that starts matching a filter arrives
 * as ADDED and one that stops matching arrives as DELETED — which is how a kubelet's
 * `spec.nodeName=<me>` watch first sees a Pod the moment it is bound.
 */
import type { ComponentId } from '../core/ids';
import type { KObject } from '../../k8s/types';
import { matches } from '../../k8s/labels';
import { fieldsMatch } from '../../k8s/field-labels';
import { schedule, jitter } from '../runtime';
import { seedRng } from '../core/rng';
import { fnv1a } from '../../k8s/sha256';
import { traceDroppedWatch, watchDelivery } from '../message-faults';
import type { World } from '../world';
import type { ResourceWatchIndex, WatchEvent, WatchFilter, WatchRegistration } from './watch-types';
import { servedResource } from '../apiextensions/served';
import { countWatchEnd } from './request-metrics';

export { parseFieldSelector } from '../../k8s/field-selector';

/** Field selectors name a handful of paths; splitting each on every read was a boot hot spot. */
const PATH_PARTS = new Map<string, readonly string[]>();

function pathParts(path: string): readonly string[] {
  let parts = PATH_PARTS.get(path);
  if (!parts) PATH_PARTS.set(path, (parts = path.split('.')));
  return parts;
}

/** Reads a dotted field path (`spec.nodeName`, `metadata.name`, `status.phase`) from an object. */
export function fieldValue(obj: KObject, path: string): string {
  let cur: unknown = obj;
  for (const part of pathParts(path)) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur === undefined || cur === null ? '' : String(cur);
}

/** Field requirements read the kind's field set (src/k8s/field-labels.ts), as the registry's GetAttrs does. */
export function filterMatches(f: WatchFilter, obj: KObject): boolean {
  if (f.namespace && obj.metadata.namespace !== f.namespace) return false;
  if (f.labelSelector && !matches(f.labelSelector, obj.metadata.labels)) return false;
  return !f.fieldSelector || fieldsMatch(obj, f.fieldSelector);
}


/** Fields whose `=` selectors are indexed, so 1,000 kubelets do not each test every Pod write. */
const INDEXED_FIELDS = ['spec.nodeName', 'metadata.name'] as const;

function indexKey(f: WatchFilter): string | undefined {
  for (const field of INDEXED_FIELDS) {
    const req = f.fieldSelector?.find((r) => r.field === field && r.op === '=');
    if (req) return `${field}=${req.value}`;
  }
  return undefined;
}

function resourceIndex(w: World, resource: string): ResourceWatchIndex {
  let idx = w.watchIndex.get(resource);
  if (!idx) {
    idx = { unindexed: new Set(), byField: new Map() };
    w.watchIndex.set(resource, idx);
  }
  return idx;
}

/**
 * Resources served after runs began to be recorded. A watch on one draws its delivery jitter from
 * a stream of its own (seeded by the resource, the watcher and the watch), so the informers that start
 * watching them, the garbage collector's among them, leave every other draw of the world's PRNG
 * where it was and a seed keeps its cluster.
 */
const OWN_STREAM_RESOURCES: ReadonlySet<string> = new Set(['servicecidrs', 'ipaddresses', 'ingresses', 'ingressclasses', 'runtimeclasses', 'replicationcontrollers', 'podtemplates', 'validatingadmissionpolicies', 'validatingadmissionpolicybindings', 'validatingwebhookconfigurations', 'mutatingwebhookconfigurations', 'certificatesigningrequests', 'flowschemas', 'prioritylevelconfigurations']);
const WATCH_STREAM = 0x3a7c_4e11;

export function registerWatch(w: World, reg: Omit<WatchRegistration, 'id' | 'lastDelivery' | 'rng'>): WatchRegistration {
  const full: WatchRegistration = { ...reg, id: w.nextWatchId++, lastDelivery: 0 };
  if (OWN_STREAM_RESOURCES.has(reg.resource)) full.rng = seedRng((w.seed ^ WATCH_STREAM ^ fnv1a(`${reg.resource}:${reg.watcher}:${full.id}`)) >>> 0);
  w.watches.set(full.id, full);
  const idx = resourceIndex(w, full.resource);
  const k = indexKey(full.filter);
  if (k === undefined) idx.unindexed.add(full.id);
  else {
    let set = idx.byField.get(k);
    if (!set) idx.byField.set(k, (set = new Set()));
    set.add(full.id);
  }
  return full;
}

export function unregisterWatch(w: World, id: number): void {
  const reg = w.watches.get(id);
  if (!reg) return;
  w.watches.delete(id);
  const idx = resourceIndex(w, reg.resource);
  const k = indexKey(reg.filter);
  if (k === undefined) idx.unindexed.delete(id);
  else idx.byField.get(k)?.delete(id);
}

/**
 * The watches a change may concern, in ascending id order. Ids are handed out ascending and each
 * index set is filled in registration order, so `unindexed` alone is already sorted, and a watch
 * is in `unindexed` or in one indexed set, never both: the indexed ids found are merged in, not
 * sorted together with the rest. A field the change kept (a status write keeps both) is looked
 * up once.
 */
function candidates(w: World, resource: string, oldObj: KObject | undefined, newObj: KObject | undefined): number[] {
  const idx = w.watchIndex.get(resource);
  if (!idx) return [];
  let found: number[] | undefined;
  for (const field of INDEXED_FIELDS) {
    const was = oldObj && fieldValue(oldObj, field);
    const is = newObj && fieldValue(newObj, field);
    for (const value of is === was ? [was] : [was, is]) {
      const set = value === undefined ? undefined : idx.byField.get(`${field}=${value}`);
      if (set) for (const id of set) (found ??= []).push(id);
    }
  }
  return found ? mergeIds(idx.unindexed, found) : [...idx.unindexed];
}

/** The ascending `sorted` and `more` (any order, maybe repeating itself; disjoint from `sorted`) as one ascending list without repeats. */
function mergeIds(sorted: Iterable<number>, more: number[]): number[] {
  more.sort((a, b) => a - b);
  const out: number[] = [];
  let j = 0;
  const takeBelow = (limit: number): void => {
    for (; j < more.length && more[j]! < limit; j++) if (out[out.length - 1] !== more[j]) out.push(more[j]!);
  };
  for (const id of sorted) {
    takeBelow(id);
    out.push(id);
  }
  takeBelow(Infinity);
  return out;
}

/**
 * Queues the watch events a committed change produces. `oldObj`/`newObj` are the stored states
 * before and after (undefined for create/delete). An active message fault (message-faults.ts)
 * may delay an event or drop it, the watch staying open.
 */
export function fanOut(w: World, resource: string, oldObj: KObject | undefined, newObj: KObject | undefined, tombstone?: KObject, commitDelayMs = 0): void {
  for (const id of candidates(w, resource, oldObj, newObj)) {
    const reg = w.watches.get(id)!;
    const was = oldObj !== undefined && filterMatches(reg.filter, oldObj);
    const is = newObj !== undefined && filterMatches(reg.filter, newObj);
    let event: WatchEvent | undefined;
    if (is && was) event = { type: 'MODIFIED', object: newObj!, resource };
    else if (is) event = { type: 'ADDED', object: newObj!, resource };
    else if (was) event = { type: 'DELETED', object: newObj ?? tombstone ?? oldObj!, resource };
    if (!event) continue;
    let extra = commitDelayMs;
    if (w.faults.size > 0) {
      const d = watchDelivery(w, reg);
      if (d.kind === 'drop') {
        traceDroppedWatch(w, reg, event);
        continue;
      }
      extra += d.extraDelayMs;
    }
    const due = Math.max(w.now + deliveryJitter(w, reg) + extra, reg.lastDelivery);
    reg.lastDelivery = due;
    schedule(w, due - w.now, reg.watcher, { type: 'watch', epoch: reg.epoch, watchId: reg.id, event });
  }
}

/**
 * The watch-delivery delay. A watch or watcher with a stream of its own (OWN_STREAM_RESOURCES;
 * a CNI plugin's policy agent, cni-state.ts) draws from it, so adding it to a cluster leaves
 * every other draw in place.
 */
function deliveryJitter(w: World, reg: WatchRegistration): number {
  if (reg.rng) return jitter({ rng: reg.rng }, w.timings.watchDelay);
  const c = w.components.get(reg.watcher);
  if (c?.kind === 'cni') return jitter({ rng: c.watchRng }, w.timings.watchDelay);
  return jitter(w, w.timings.watchDelay);
}

/** Ends every watch served by `server` and tells each watcher, so its reflector relists. */
export function closeWatchesOf(w: World, server: ComponentId): void {
  for (const [id, reg] of [...w.watches]) {
    if (reg.server !== server) continue;
    unregisterWatch(w, id);
    schedule(w, 0, reg.watcher, { type: 'watch-closed', epoch: reg.epoch, watchId: id });
  }
}

/**
 * Ends every watch a component holds (it stopped). Its kube-apiserver sees the connection close:
 * the watch handler returns and the route's instrumentation counts the WATCH (request-metrics.ts).
 */
export function dropWatchesBy(w: World, watcher: ComponentId): void {
  for (const [id, reg] of [...w.watches]) {
    if (reg.watcher !== watcher) continue;
    unregisterWatch(w, id);
    const server = w.components.get(reg.server);
    const info = servedResource(w, reg.resource);
    if (server?.kind === 'kube-apiserver' && server.running && info) countWatchEnd(server, info, reg.filter.namespace !== undefined);
  }
}
