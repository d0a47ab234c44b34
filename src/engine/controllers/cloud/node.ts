/**
 * The cloud node controller (k8s.io/cloud-provider/controllers/node), run by
 * cloud-controller-manager: a Node registered by a kubelet with `--cloud-provider=external`
 * carries the `node.cloudprovider.kubernetes.io/uninitialized` taint, so nothing but tolerant
 * Pods is scheduled to it until this controller has asked the cloud for the instance and
 * written what it answered: spec.providerID (`sim://node-1`), the instance-type, region and zone
 * labels. Then it removes the taint. Node addresses are left as the kubelet reports them.
 */
import type { Node } from '../../../k8s/types';
import { INSTANCE_TYPE_LABEL, REGION_LABEL, UNINITIALIZED_TAINT, ZONE_LABEL } from '../../../k8s/cloud';
import { componentId } from '../../core/ids';
import { cloneData } from '../../core/clone';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { runSync, statusCode, SyncError } from '../util/errors';
import { instanceMetadata } from './provider';

function uninitialized(node: Node): boolean {
  return (node.spec?.taints ?? []).some((t) => t.key === UNINITIALIZED_TAINT);
}

function syncNode(ctx: ControllerContext, name: string): ReconcileResult {
  const cached = ctx.cache('nodes').cache.get(name) as Node | undefined;
  if (!cached || !uninitialized(cached)) return DONE;
  const meta = instanceMetadata(ctx.w, name);
  if (!meta) return { kind: 'error', message: `failed to get instance metadata for node ${name}: instance not found` };
  const got = ctx.request({ verb: 'get', resource: 'nodes', name });
  if (!got.ok) {
    if (statusCode(got) === 404) return DONE;
    throw new SyncError(got.error.message);
  }
  const node = cloneData(got.object as Node);
  if (!uninitialized(node)) return DONE;
  node.spec = node.spec ?? {};
  if (!node.spec.providerID) node.spec.providerID = meta.providerID;
  node.metadata.labels = { ...node.metadata.labels, [INSTANCE_TYPE_LABEL]: meta.instanceType, [REGION_LABEL]: meta.region, [ZONE_LABEL]: meta.zone };
  const taints = (node.spec.taints ?? []).filter((t) => t.key !== UNINITIALIZED_TAINT);
  if (taints.length) node.spec.taints = taints;
  else delete node.spec.taints;
  const res = ctx.request({ verb: 'update', resource: 'nodes', name, body: node });
  if (!res.ok && statusCode(res) !== 404) throw new SyncError(res.error.message);
  return DONE;
}

export const cloudNodeController: ControllerDef = {
  name: 'cloud-node',
  actor: componentId('cloud-node-controller'),
  serviceAccount: 'cloud-controller-manager',
  informers: ['nodes'],
  keysFor: (_ctx, _resource, d) => {
    const cur = d.cur as Node | undefined;
    return cur && uninitialized(cur) ? [cur.metadata.name ?? ''] : [];
  },
  reconcile: (ctx, key) => runSync(() => syncNode(ctx, key)),
};
