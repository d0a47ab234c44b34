/**
 * The TTL controller (`ttl-controller`, pkg/controller/ttl): annotates every Node with
 * `node.alpha.kubernetes.io/ttl`, how many seconds its kubelet may cache a Secret or ConfigMap
 * before asking again, from the cluster's size — 0 up to 100 nodes, then 15, 30, 60 and 300 s,
 * with overlapping bounds so a cluster near one does not flap. The node count is the controller's
 * own, kept from its informer's adds and deletes as upstream's handlers keep it, and a Node is
 * reconciled on every update (the kubelet's status reports bring each round in time).
 */
import type { Node } from '../../k8s/types';
import { componentId } from '../core/ids';
import type { Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';

export const NODE_TTL_ANNOTATION = 'node.alpha.kubernetes.io/ttl';

/** ttlBoundaries: the step moves up past sizeMax and down below sizeMin. */
const BOUNDARIES = [
  { sizeMin: 0, sizeMax: 100, ttlSeconds: 0 },
  { sizeMin: 90, sizeMax: 500, ttlSeconds: 15 },
  { sizeMin: 450, sizeMax: 1000, ttlSeconds: 30 },
  { sizeMin: 900, sizeMax: 2000, ttlSeconds: 60 },
  { sizeMin: 1800, sizeMax: Number.MAX_SAFE_INTEGER, ttlSeconds: 300 },
] as const;

interface TtlData {
  nodeCount?: number;
  step?: number;
}

function keysFor(ctx: ControllerContext, _resource: string, d: Delta): string[] {
  const data = ctx.data as TtlData;
  let step = data.step ?? 0;
  if (!d.old && d.cur) {
    data.nodeCount = (data.nodeCount ?? 0) + 1;
    if (data.nodeCount > BOUNDARIES[step]!.sizeMax) step++;
  } else if (d.old && !d.cur) {
    data.nodeCount = (data.nodeCount ?? 0) - 1;
    if (data.nodeCount < BOUNDARIES[step]!.sizeMin) step--;
    data.step = step;
    return [];
  }
  data.step = step;
  return [d.cur!.metadata.name ?? ''];
}

function updateNodeIfNeeded(ctx: ControllerContext, name: string): ReconcileResult {
  const node = ctx.cache('nodes').cache.get(name) as Node | undefined;
  if (!node) return DONE;
  const desired = BOUNDARIES[(ctx.data as TtlData).step ?? 0]!.ttlSeconds;
  const current = node.metadata.annotations?.[NODE_TTL_ANNOTATION];
  // getIntFromAnnotation: a value that is not a whole number counts as absent.
  if (current !== undefined && /^[+-]?\d+$/.test(current) && Number(current) === desired) return DONE;
  const res = ctx.request({ verb: 'patch', resource: 'nodes', name, body: { metadata: { annotations: { [NODE_TTL_ANNOTATION]: String(desired) } } } as never });
  if (res.ok || statusCode(res) === 404) return DONE;
  return { kind: 'error', message: res.error.message };
}

export const ttlController: ControllerDef = {
  name: 'ttl',
  actor: componentId('ttl-controller'),
  informers: ['nodes'],
  keysFor,
  reconcile: updateNodeIfNeeded,
};
