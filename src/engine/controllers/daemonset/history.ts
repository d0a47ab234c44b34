/**
 * A DaemonSet's ControllerRevisions (pkg/controller/daemon/update.go: constructHistory,
 * snapshot, dedupCurHistories, cleanupHistory). Each stores the patch that restores its
 * template (src/k8s/controller-revision); the current one is the revision whose data equals the
 * DaemonSet's own patch, and its `controller-revision-hash` label is the hash the Pods carry.
 *
 * Approximate: dedupCurHistories keeps the newest duplicate and deletes the rest without
 * relabelling Pods (duplicates only arise from races the simulation does not have).
 */
import { daemonSetPatch, matchesRevision } from '../../../k8s/daemonset-history';
import type { ControllerRevision, DaemonSet, KObject, Pod } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { SyncError } from '../util/errors';
import { controllerRefOf, newControllerRef } from '../util/meta';
import { revisionHash } from './pods';

export const REVISION_HASH_LABEL = 'controller-revision-hash';

/** The ControllerRevisions this DaemonSet controls, from the informer cache. */
export function controlledHistories(ctx: ControllerContext, ds: DaemonSet): ControllerRevision[] {
  const out: ControllerRevision[] = [];
  for (const o of ctx.cache('controllerrevisions').cache.values()) {
    const cr = o as ControllerRevision;
    if (cr.metadata.namespace !== ds.metadata.namespace) continue;
    if (controllerRefOf(cr)?.uid === ds.metadata.uid) out.push(cr);
  }
  return out.sort((a, b) => a.revision - b.revision);
}

function snapshot(ctx: ControllerContext, ds: DaemonSet, revision: number): ControllerRevision {
  const hash = revisionHash(ds);
  const name = `${ds.metadata.name ?? ''}-${hash}`;
  const metadata: KObject['metadata'] = {
    name,
    namespace: ds.metadata.namespace,
    labels: { ...(ds.spec.template.metadata?.labels ?? {}), [REVISION_HASH_LABEL]: hash },
    ownerReferences: [newControllerRef(ds, 'apps/v1', 'DaemonSet')],
  };
  if (ds.metadata.annotations) metadata.annotations = { ...ds.metadata.annotations };
  const body: ControllerRevision = { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata, data: daemonSetPatch(ds), revision };
  const res = ctx.request({ verb: 'create', resource: 'controllerrevisions', namespace: ds.metadata.namespace, body });
  if (res.ok) return res.object as ControllerRevision;
  if (!('code' in res.error) || res.error.reason !== 'AlreadyExists') throw new SyncError(res.error.message);
  const got = ctx.request({ verb: 'get', resource: 'controllerrevisions', namespace: ds.metadata.namespace, name });
  if (got.ok && matchesRevision(ds, got.object as ControllerRevision)) return got.object as ControllerRevision;
  // A hash collision with a different template: bump collisionCount so the next sync hashes anew.
  const status = { ...(ds.status ?? {}), collisionCount: (ds.status?.collisionCount ?? 0) + 1 };
  ctx.request({ verb: 'update', resource: 'daemonsets', subresource: 'status', namespace: ds.metadata.namespace, name: ds.metadata.name, body: { ...ds, status } as KObject });
  throw new SyncError(res.error.message);
}

/**
 * constructHistory: the current revision (created, or renumbered to the top after a rollback
 * to an older template) and the old ones.
 */
export function constructHistory(ctx: ControllerContext, ds: DaemonSet): { cur: ControllerRevision; old: ControllerRevision[] } {
  const current: ControllerRevision[] = [];
  const old: ControllerRevision[] = [];
  for (const cr of controlledHistories(ctx, ds)) (matchesRevision(ds, cr) ? current : old).push(cr);
  const next = old.reduce((m, cr) => Math.max(m, cr.revision), 0) + 1;
  if (current.length === 0) return { cur: snapshot(ctx, ds, next), old };
  const keep = current[current.length - 1]!;
  for (const dup of current.slice(0, -1)) ctx.request({ verb: 'delete', resource: 'controllerrevisions', namespace: dup.metadata.namespace, name: dup.metadata.name });
  if (keep.revision >= next) return { cur: keep, old };
  const res = ctx.request({ verb: 'update', resource: 'controllerrevisions', namespace: keep.metadata.namespace, name: keep.metadata.name, body: { ...keep, revision: next } as KObject });
  if (!res.ok) throw new SyncError(res.error.message);
  return { cur: res.object as ControllerRevision, old };
}

/**
 * cleanupHistory: beyond revisionHistoryLimit (default 10), delete the oldest revisions that no
 * live Pod still runs.
 */
export function cleanupHistory(ctx: ControllerContext, ds: DaemonSet, old: ControllerRevision[], pods: Iterable<Pod>): void {
  let toKill = old.length - (ds.spec.revisionHistoryLimit ?? 10);
  if (toKill <= 0) return;
  const live = new Set<string>();
  for (const p of pods) {
    const h = p.metadata.labels?.[REVISION_HASH_LABEL];
    if (h) live.add(h);
  }
  for (const cr of [...old].sort((a, b) => a.revision - b.revision)) {
    if (toKill <= 0) break;
    if (live.has(cr.metadata.labels?.[REVISION_HASH_LABEL] ?? '')) continue;
    const res = ctx.request({ verb: 'delete', resource: 'controllerrevisions', namespace: cr.metadata.namespace, name: cr.metadata.name });
    if (!res.ok) throw new SyncError(res.error.message);
    toKill--;
  }
}
