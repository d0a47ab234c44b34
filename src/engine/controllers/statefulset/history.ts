/**
 * A StatefulSet's ControllerRevisions (stateful_set_control.go getStatefulSetRevisions and
 * truncateHistory, history.CreateControllerRevision). Each holds the patch that restores one
 * template (src/k8s/daemonset-history.ts, shared with the DaemonSet controller and kubectl);
 * its name `<set>-<hash>` is the `controller-revision-hash` label of the Pods made from it and
 * what status.currentRevision / updateRevision name.
 *
 * Approximate: the hash is the template's (as the DaemonSet controller here computes it), not
 * fnv of the patch's bytes, so names differ from a real cluster's while behaving the same.
 */
import { daemonSetPatch, matchesRevision, revisionTemplate } from '../../../k8s/daemonset-history';
import type { ControllerRevision, KObject, Pod, StatefulSet } from '../../../k8s/types';
import { computeHash } from '../deployment/hash';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';
import { controllerRefOf, newControllerRef } from '../util/meta';
import { REVISION_LABEL, revisionOf } from './identity';

/** The ControllerRevisions this StatefulSet controls, oldest first (SortControllerRevisions). */
export function listRevisions(ctx: ControllerContext, set: StatefulSet): ControllerRevision[] {
  const out: ControllerRevision[] = [];
  for (const o of ctx.cache('controllerrevisions').cache.values()) {
    const cr = o as ControllerRevision;
    if (cr.metadata.namespace === set.metadata.namespace && controllerRefOf(cr)?.uid === set.metadata.uid) out.push(cr);
  }
  return out.sort((a, b) => a.revision - b.revision || ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
}

/** newRevision: the set's patch, its template labels and its annotations. */
function newRevision(set: StatefulSet, revision: number, collisionCount: number): ControllerRevision {
  const hash = computeHash(set.spec.template, collisionCount);
  const metadata: KObject['metadata'] = {
    name: `${set.metadata.name ?? ''}-${hash}`,
    namespace: set.metadata.namespace,
    labels: { ...(set.spec.template.metadata?.labels ?? {}), [REVISION_LABEL]: hash },
    ownerReferences: [newControllerRef(set, 'apps/v1', 'StatefulSet')],
  };
  if (set.metadata.annotations && Object.keys(set.metadata.annotations).length) metadata.annotations = { ...set.metadata.annotations };
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata, data: daemonSetPatch(set), revision };
}

/**
 * CreateControllerRevision: a name already taken by a different template is a hash collision,
 * so collisionCount grows and the hash is taken again.
 */
function createRevision(ctx: ControllerContext, set: StatefulSet, revision: number, collisionCount: number): { cr: ControllerRevision; collisionCount: number } {
  for (let count = collisionCount; ; count++) {
    const body = newRevision(set, revision, count);
    const res = ctx.request({ verb: 'create', resource: 'controllerrevisions', namespace: set.metadata.namespace, body });
    if (res.ok) return { cr: res.object as ControllerRevision, collisionCount: count };
    if (!('code' in res.error) || res.error.reason !== 'AlreadyExists') throw new SyncError(res.error.message);
    const got = ctx.request({ verb: 'get', resource: 'controllerrevisions', namespace: set.metadata.namespace, name: body.metadata.name });
    if (!got.ok) throw new SyncError(got.error.message);
    const existing = got.object as ControllerRevision;
    if (matchesRevision(set, existing) && controllerRefOf(existing)?.uid === set.metadata.uid) return { cr: existing, collisionCount: count };
  }
}

export interface Revisions {
  current: ControllerRevision;
  update: ControllerRevision;
  collisionCount: number;
}

/**
 * getStatefulSetRevisions: the update revision is the current template's (the newest revision
 * if it matches, an older equal one renumbered to the top on a rollback, or a new one); the
 * current revision is the one status names, or the update revision for a new set.
 */
export function statefulSetRevisions(ctx: ControllerContext, set: StatefulSet, revisions: ControllerRevision[]): Revisions {
  let collisionCount = set.status?.collisionCount ?? 0;
  const next = (revisions[revisions.length - 1]?.revision ?? 0) + 1;
  const equal = revisions.filter((cr) => matchesRevision(set, cr));
  let update: ControllerRevision;
  const last = equal[equal.length - 1];
  if (last && last === revisions[revisions.length - 1]) update = last;
  else if (last) {
    const res = ctx.request({ verb: 'update', resource: 'controllerrevisions', namespace: last.metadata.namespace, name: last.metadata.name, body: { ...last, revision: next } as KObject });
    if (!res.ok) throw new SyncError(res.error.message);
    update = res.object as ControllerRevision;
  } else {
    const made = createRevision(ctx, set, next, collisionCount);
    update = made.cr;
    collisionCount = made.collisionCount;
  }
  const current = revisions.find((cr) => cr.metadata.name === set.status?.currentRevision) ?? update;
  return { current, update, collisionCount };
}

/** ApplyRevision: the set as it was at `cr` (its template put back). */
export function applyRevision(set: StatefulSet, cr: ControllerRevision): StatefulSet {
  const template = revisionTemplate(cr);
  return template ? { ...set, spec: { ...set.spec, template: structuredClone(template) } } : set;
}

/**
 * truncateHistory: beyond revisionHistoryLimit, delete the oldest revisions that neither the
 * current nor the update revision is, and no Pod runs.
 */
export function truncateHistory(ctx: ControllerContext, set: StatefulSet, pods: Pod[], revisions: ControllerRevision[], live: Revisions): void {
  const keep = new Set([live.current.metadata.name, live.update.metadata.name, ...pods.map(revisionOf)]);
  const history = revisions.filter((cr) => !keep.has(cr.metadata.name));
  const excess = history.length - (set.spec.revisionHistoryLimit ?? 10);
  for (const cr of history.slice(0, Math.max(0, excess))) {
    const res = ctx.request({ verb: 'delete', resource: 'controllerrevisions', namespace: cr.metadata.namespace, name: cr.metadata.name });
    if (!res.ok && (!('code' in res.error) || res.error.code !== 404)) throw new SyncError(res.error.message);
  }
}
