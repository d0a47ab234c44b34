/**
 * The Deployment controller (`deployment-controller`): owns ReplicaSets through controllerRefs and
 * drives them through rollouts (RollingUpdate or Recreate), scaling, pausing and revision history.
 * A rollback is just the template changing back: the matching old ReplicaSet becomes the new one
 * again and takes the next revision number.
 */
import type { Deployment, Pod, ReplicaSet } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import { componentId } from '../../core/ids';
import { metaKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { claimObjects } from '../util/claim';
import { runSync } from '../util/errors';
import { controllerRefOf } from '../util/meta';
import { indexKeys, indexMove, stateOf, type KeyIndex } from '../util/state';
import { rolloutRecreate } from './recreate';
import { rolloutRolling } from './rolling';
import { checkPausedConditions, getAllReplicaSetsAndSyncRevision, isScalingEvent, sync, syncDeploymentStatus, writeStatus, type DeploymentSync } from './sync';
import { cloneData } from '../../core/clone';

interface DeploymentState {
  /** namespace → Deployment keys. */
  byNamespace: KeyIndex;
  /** Deployment UID → keys of the ReplicaSets it controls. */
  rsByOwner: KeyIndex;
  /** namespace → keys of ReplicaSets without a controller. */
  orphanRs: KeyIndex;
  /** ReplicaSet UID → keys of the Pods it controls (Recreate waits for them). */
  podsByOwner: KeyIndex;
}

function state(ctx: ControllerContext): DeploymentState {
  return stateOf(ctx, () => ({ byNamespace: new Map(), rsByOwner: new Map(), orphanRs: new Map(), podsByOwner: new Map() }));
}

function deploymentFor(ctx: ControllerContext, ns: string, ref: ReturnType<typeof controllerRefOf>): Deployment | undefined {
  if (!ref || ref.kind !== 'Deployment') return undefined;
  const d = ctx.cache('deployments').cache.get(`${ns}/${ref.name}`) as Deployment | undefined;
  return d && d.metadata.uid === ref.uid ? d : undefined;
}

function keysForReplicaSet(ctx: ControllerContext, d: Delta): string[] {
  const s = state(ctx);
  const rs = (d.cur ?? d.old)!;
  const key = metaKey(rs);
  const ns = rs.metadata.namespace ?? '';
  const oldRef = controllerRefOf(d.old);
  const curRef = d.cur ? controllerRefOf(d.cur) : undefined;
  indexMove(s.rsByOwner, key, oldRef?.uid, curRef?.uid);
  indexMove(s.orphanRs, key, d.old && !oldRef ? ns : undefined, d.cur && !curRef ? ns : undefined);
  const keys = new Set<string>();
  for (const ref of [curRef, oldRef]) {
    const owner = deploymentFor(ctx, ns, ref);
    if (owner) keys.add(metaKey(owner));
  }
  if (d.cur && !curRef) {
    for (const dk of indexKeys(s.byNamespace, ns)) {
      const dep = ctx.cache('deployments').cache.get(dk) as Deployment | undefined;
      if (dep && matches(fromLabelSelector(dep.spec.selector), d.cur.metadata.labels)) keys.add(dk);
    }
  }
  return [...keys];
}

/** Pods matter only to Recreate Deployments, which wait for the old ones to finish. */
function keysForPod(ctx: ControllerContext, d: Delta): string[] {
  const s = state(ctx);
  const pod = (d.cur ?? d.old) as Pod;
  const key = metaKey(pod);
  const oldRef = controllerRefOf(d.old);
  const curRef = d.cur ? controllerRefOf(d.cur) : undefined;
  indexMove(s.podsByOwner, key, oldRef?.uid, curRef?.uid);
  const gone = !d.cur || ['Succeeded', 'Failed'].includes((d.cur as Pod).status?.phase ?? '');
  if (!gone) return [];
  const ref = curRef ?? oldRef;
  if (ref?.kind !== 'ReplicaSet') return [];
  const rs = ctx.cache('replicasets').cache.get(`${pod.metadata.namespace}/${ref.name}`) as ReplicaSet | undefined;
  const owner = rs && deploymentFor(ctx, pod.metadata.namespace ?? '', controllerRefOf(rs));
  return owner && owner.spec.strategy?.type === 'Recreate' ? [metaKey(owner)] : [];
}

function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  switch (resource) {
    case 'replicasets':
      return keysForReplicaSet(ctx, d);
    case 'pods':
      return keysForPod(ctx, d);
    default: {
      const dep = (d.cur ?? d.old)!;
      const key = metaKey(dep);
      const ns = dep.metadata.namespace ?? '';
      indexMove(state(ctx).byNamespace, key, d.old ? ns : undefined, d.cur ? ns : undefined);
      return [key];
    }
  }
}

function replicaSetsFor(ctx: ControllerContext, d: Deployment): ReplicaSet[] {
  const s = state(ctx);
  const cache = ctx.cache('replicasets').cache;
  const keys = new Set([...indexKeys(s.rsByOwner, d.metadata.uid ?? ''), ...indexKeys(s.orphanRs, d.metadata.namespace ?? '')]);
  const candidates = [...keys].map((k) => cache.get(k) as ReplicaSet | undefined).filter((x): x is ReplicaSet => !!x);
  return claimObjects(ctx, { owner: d, ownerApiVersion: 'apps/v1', ownerKind: 'Deployment', resource: 'replicasets', selector: fromLabelSelector(d.spec.selector) }, candidates);
}

function podMapFor(ctx: ControllerContext, d: Deployment, rsList: ReplicaSet[]): Map<string, Pod[]> {
  const s = state(ctx);
  const selector = fromLabelSelector(d.spec.selector);
  const pods = ctx.cache('pods').cache;
  const out = new Map<string, Pod[]>();
  for (const rs of rsList) {
    const uid = rs.metadata.uid ?? '';
    const list: Pod[] = [];
    for (const k of indexKeys(s.podsByOwner, uid)) {
      const p = pods.get(k) as Pod | undefined;
      if (p && matches(selector, p.metadata.labels)) list.push(p);
    }
    out.set(uid, list);
  }
  return out;
}

/**
 * deployment.DeepCopy(), except the Pod template: a sync never writes it (a new ReplicaSet's
 * template is cloned from it first) and a stored object is never mutated after commit, so the
 * copy shares it. Its identity then stays the same from sync to sync (a status write shares the
 * spec with the version before), which lets equalIgnoreHash remember its answers. Keys keep
 * their order: the copy may be sent back whole.
 */
function workingCopy(cached: Deployment): Deployment {
  const d = { ...cached };
  for (const k of Object.keys(d) as (keyof Deployment)[]) if (k !== 'spec') (d as Record<string, unknown>)[k] = cloneData(d[k]);
  const spec: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(cached.spec)) spec[k] = k === 'template' ? v : cloneData(v);
  d.spec = spec as unknown as Deployment['spec'];
  return d;
}

function syncDeployment(ctx: ControllerContext, key: string): ReconcileResult {
  const cached = ctx.cache('deployments').cache.get(key) as Deployment | undefined;
  if (!cached) return DONE;
  const d = workingCopy(cached);
  const sel = d.spec.selector;
  if (!sel || (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0)) {
    ctx.record(d, { type: 'Warning', reason: 'SelectingAll', message: 'This deployment is selecting all pods. A non-empty selector is required.' });
    if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
      const s: DeploymentSync = { ctx, d, rsList: [], podMap: new Map(), persisted: cloneData(d.status) };
      s.d.status = { ...(d.status ?? {}), observedGeneration: d.metadata.generation ?? 0 };
      writeStatus(s);
    }
    return DONE;
  }
  const rsList = replicaSetsFor(ctx, d);
  // GetActualReplicaCountForReplicaSets: the Pods the ReplicaSets report, old and new together.
  ctx.observe(d.spec.replicas ?? 1, rsList.reduce((n, rs) => n + (rs.status?.replicas ?? 0), 0));
  const s: DeploymentSync = { ctx, d, rsList: [...rsList], podMap: new Map(), persisted: cloneData(d.status) };
  if (d.metadata.deletionTimestamp) {
    const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(s, false);
    syncDeploymentStatus(s, [...oldRSs, newRS], newRS);
    return DONE;
  }
  s.podMap = d.spec.strategy?.type === 'Recreate' ? podMapFor(ctx, d, rsList) : new Map();
  checkPausedConditions(s);
  if (s.d.spec.paused) sync(s);
  else if (isScalingEvent(s)) sync(s);
  else if (s.d.spec.strategy?.type === 'Recreate') rolloutRecreate(s);
  else rolloutRolling(s);
  return s.requeueAfter !== undefined ? { kind: 'requeueAfter', delay: s.requeueAfter } : DONE;
}

export const deploymentController: ControllerDef = {
  name: 'deployment',
  actor: componentId('deployment-controller'),
  informers: ['deployments', 'replicasets', 'pods'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => syncDeployment(ctx, key)),
};
