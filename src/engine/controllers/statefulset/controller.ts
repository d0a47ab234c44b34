/**
 * The StatefulSet controller (pkg/controller/statefulset; ServiceAccount and event source
 * `statefulset-controller`): Pods with a stable identity — `<set>-<ordinal>`, a hostname under
 * the governing headless Service, and PersistentVolumeClaims of their own that outlive them.
 * Each sync works out the current and update ControllerRevisions (history.ts), runs one pass of
 * the control loop over the set's Pods (control.ts), writes the status the pass ends with
 * (status.ts) and trims old revisions. A Pod or revision event requeues its controlling set; an
 * orphan Pod requeues the sets of its namespace, which adopt orphans their selector matches and
 * whose names are theirs (`web-1` for `web`), as after `kubectl delete sts --cascade=orphan`.
 * Orphan ControllerRevisions the selector matches are adopted too (adoptOrphanRevisions).
 */
import type { ControllerRevision, Pod, StatefulSet } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import { claimObjects } from '../util/claim';
import { componentId } from '../../core/ids';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, SyncError } from '../util/errors';
import { controllerRefOf } from '../util/meta';
import { indexKeys, indexMove, stateOf, type KeyIndex } from '../util/state';
import { updateStatefulSet, type PassResult } from './control';
import { applyRevision, listRevisions, statefulSetRevisions, truncateHistory } from './history';
import { computeReplicaStatus, toStatus, updateStatefulSetStatus } from './status';
import { parentAndOrdinal } from './identity';

interface StatefulSetState {
  /** StatefulSet UID → keys of the Pods it controls. */
  podsByOwner: KeyIndex;
  /** Namespace → keys of Pods without a controller. */
  orphanPods: KeyIndex;
}

function state(ctx: ControllerContext): StatefulSetState {
  return stateOf(ctx, () => ({ podsByOwner: new Map(), orphanPods: new Map() }));
}

const selects = (set: StatefulSet, o: { metadata: { labels?: Record<string, string> } }): boolean => {
  const sel = fromLabelSelector(set.spec.selector);
  return sel.length > 0 && matches(sel, o.metadata.labels);
};

/** The sets of `ns` whose selector matches an orphan (addPod / updatePod's getStatefulSetsForPod). */
function setsAdopting(ctx: ControllerContext, ns: string, o: { metadata: { labels?: Record<string, string> } }): string[] {
  const out: string[] = [];
  for (const [k, v] of ctx.cache('statefulsets').cache) if ((v as StatefulSet).metadata.namespace === ns && selects(v as StatefulSet, o)) out.push(k);
  return out;
}

function setKeyOf(o: Pod | ControllerRevision | undefined): string | undefined {
  const ref = controllerRefOf(o);
  return o && ref?.kind === 'StatefulSet' ? `${o.metadata.namespace ?? ''}/${ref.name}` : undefined;
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = (d.cur ?? d.old)!;
  switch (resource) {
    case 'statefulsets':
      return [metaKey(obj)];
    case 'controllerrevisions': {
      const key = setKeyOf(obj as ControllerRevision);
      if (key) return [key];
      return d.cur ? setsAdopting(ctx, obj.metadata.namespace ?? '', obj) : [];
    }
    case 'pods': {
      const s = state(ctx);
      const cur = d.cur as Pod | undefined;
      const old = d.old as Pod | undefined;
      const ns = obj.metadata.namespace ?? '';
      indexMove(s.podsByOwner, metaKey(obj), controllerRefOf(old)?.uid, cur ? controllerRefOf(cur)?.uid : undefined);
      indexMove(s.orphanPods, metaKey(obj), old && !controllerRefOf(old) ? ns : undefined, cur && !controllerRefOf(cur) ? ns : undefined);
      const keys = new Set([setKeyOf(cur), setKeyOf(old)].filter((k): k is string => k !== undefined));
      if (cur && !controllerRefOf(cur)) for (const k of setsAdopting(ctx, ns, cur)) keys.add(k);
      return [...keys];
    }
    default:
      // Claims are read from their cache only, as upstream's lister.
      return [];
  }
}

/**
 * getPodsForStatefulSet: the Pods it controls, plus the orphans of its namespace that are its
 * members (selector and name), adopted; a controlled Pod the selector no longer matches is released.
 */
function podsOf(ctx: ControllerContext, set: StatefulSet): Pod[] {
  const s = state(ctx);
  const cache = ctx.cache('pods').cache;
  const candidates: Pod[] = [];
  for (const k of indexKeys(s.podsByOwner, set.metadata.uid ?? '')) {
    const p = cache.get(k) as Pod | undefined;
    if (p) candidates.push(p);
  }
  for (const k of indexKeys(s.orphanPods, set.metadata.namespace ?? '')) {
    const p = cache.get(k) as Pod | undefined;
    if (p && parentAndOrdinal(p).parent === set.metadata.name) candidates.push(p);
  }
  return claimObjects(ctx, { owner: set, ownerApiVersion: 'apps/v1', ownerKind: 'StatefulSet', resource: 'pods', selector: fromLabelSelector(set.spec.selector) }, candidates);
}

/** adoptOrphanRevisions: revisions without a controller that the selector matches become the set's. */
function adoptOrphanRevisions(ctx: ControllerContext, set: StatefulSet): void {
  const orphans: ControllerRevision[] = [];
  for (const o of ctx.cache('controllerrevisions').cache.values()) {
    const cr = o as ControllerRevision;
    if (cr.metadata.namespace === set.metadata.namespace && !controllerRefOf(cr) && selects(set, cr)) orphans.push(cr);
  }
  if (orphans.length) claimObjects(ctx, { owner: set, ownerApiVersion: 'apps/v1', ownerKind: 'StatefulSet', resource: 'controllerrevisions', selector: fromLabelSelector(set.spec.selector) }, orphans);
}

function syncStatefulSet(ctx: ControllerContext, key: string): ReconcileResult {
  const set = ctx.cache('statefulsets').cache.get(key) as StatefulSet | undefined;
  if (!set) return DONE;
  adoptOrphanRevisions(ctx, set);
  const pods = podsOf(ctx, set);
  const replicas = set.spec.replicas ?? 1;
  ctx.observe(replicas, pods.filter((p) => !p.metadata.deletionTimestamp).length);
  const revisions = listRevisions(ctx, set);
  const revs = statefulSetRevisions(ctx, set, revisions);
  const pass = {
    set,
    currentSet: applyRevision(set, revs.current),
    updateSet: applyRevision(set, revs.update),
    currentRevision: revs.current.metadata.name ?? '',
    updateRevision: revs.update.metadata.name ?? '',
  };
  const result: PassResult = { replicas: [], condemned: [] };
  let err: string | undefined;
  try {
    updateStatefulSet(ctx, pass, pods, result);
  } catch (e) {
    if (!(e instanceof SyncError)) throw e;
    err = e.message;
  }
  const minReady = set.spec.minReadySeconds ?? 0;
  const counts = computeReplicaStatus([...result.replicas, ...result.condemned], minReady, ctx.w.now, pass.currentRevision, pass.updateRevision);
  const status = toStatus(set, counts, pass.currentRevision, pass.updateRevision, revs.collisionCount);
  updateStatefulSetStatus(ctx, set, status);
  truncateHistory(ctx, set, pods, revisions, revs);
  if (err !== undefined) return { kind: 'error', message: err };
  // Available only minReadySeconds after Ready: look again then.
  return minReady > 0 && status.availableReplicas !== replicas ? { kind: 'requeueAfter', delay: minReady * 1000 } : DONE;
}

export const statefulSetController: ControllerDef = {
  name: 'statefulset',
  actor: componentId('statefulset-controller'),
  informers: ['statefulsets', 'pods', 'controllerrevisions', 'persistentvolumeclaims'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => syncStatefulSet(ctx, key)),
};
