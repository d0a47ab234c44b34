/**
 * Taints and tolerations (k8s.io/api/core/v1 toleration.go, pkg/util/taints, and
 * controller.AddOrUpdateTaintOnNode / RemoveTaintOffNode as node controllers use them).
 */
import type { KObject, Node, Taint, Toleration } from '../../../k8s/types';
import { rfc3339 } from '../../../k8s/time';
import { toleratesTaint } from '../../../k8s/tolerations';
import type { SimMillis } from '../../core/ids';
import type { ControllerContext } from '../framework';
import { SyncError, statusCode } from './errors';
import { FROM_CACHE } from '../../../k8s/read-consistency';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** MatchTaint: same key and effect. */
export function sameTaint(a: Pick<Taint, 'key' | 'effect'>, b: Pick<Taint, 'key' | 'effect'>): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function hasTaint(node: Node, t: Pick<Taint, 'key' | 'effect'>): boolean {
  return (node.spec.taints ?? []).some((x) => sameTaint(x, t));
}

export function noExecuteTaints(node: Node | undefined): Taint[] {
  return (node?.spec.taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/** GetMatchingTolerations: whether every taint is tolerated, and the tolerations used. */
export function matchingTolerations(taints: Taint[], tolerations: Toleration[]): { all: boolean; used: Toleration[] } {
  if (taints.length === 0) return { all: true, used: [] };
  const used: Toleration[] = [];
  for (const taint of taints) {
    const tol = tolerations.find((t) => toleratesTaint(t, taint));
    if (!tol) return { all: false, used: [] };
    used.push(tol);
  }
  return { all: true, used };
}

/**
 * Adds `add` (stamped with timeAdded) and removes `remove` from a Node's taints: a GET of the
 * current Node, then one PATCH of spec.taints. Taints already present are left as they are.
 * Returns false when there was nothing to do.
 */
export function swapNodeTaints(ctx: ControllerContext, nodeName: string, add: Taint[], remove: Pick<Taint, 'key' | 'effect'>[], cached?: Node): boolean {
  // The cached Node says there is nothing to do: no request at all (most monitor passes).
  if (cached && add.every((a) => hasTaint(cached, a)) && remove.every((r) => !hasTaint(cached, r))) return false;
  // AddOrUpdateTaintOnNode's first try reads the Node at resourceVersion "0" (the watch cache).
  const got = ctx.request({ verb: 'get', resource: 'nodes', name: nodeName, read: FROM_CACHE });
  if (statusCode(got) === 404) return false;
  if (!got.ok) throw new SyncError(got.error.message);
  const node = got.object as Node;
  const now = rfc3339(ctx.w.now as SimMillis);
  let taints = [...(node.spec.taints ?? [])];
  let changed = false;
  for (const r of remove) {
    const next = taints.filter((t) => !sameTaint(t, r));
    if (next.length !== taints.length) changed = true;
    taints = next;
  }
  for (const a of add) {
    if (taints.some((t) => sameTaint(t, a))) continue;
    taints.push({ ...a, timeAdded: now });
    changed = true;
  }
  if (!changed) return false;
  const res = ctx.request({ verb: 'patch', resource: 'nodes', name: nodeName, body: { spec: { taints: taints.length ? taints : null } } as unknown as KObject });
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
  return res.ok;
}
