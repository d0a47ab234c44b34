/**
 * The node IPAM controller (`node-ipam-controller`, range allocator): gives each Node a /24 out of
 * the cluster CIDR (10.244.0.0/14; 10.224.0.0/11 past 1,024 machines: topology/pod-network.ts) as
 * spec.podCIDR(s) — the node's CNI plugin hands Pod IPs out of it and waits until it is set. CIDRs
 * are taken in order (10.244.0.0/24, 10.244.1.0/24, …, 10.245.0.0/24 for the 257th node) and
 * released when a Node is deleted.
 */
import type { KObject, Node } from '../../k8s/types';
import { componentId } from '../core/ids';
import type { Delta } from '../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';
import { stateOf } from './util/state';
import { cidrForIndex, DEFAULT_POD_NETWORK, indexOfCidr, podNetworkFor, type PodNetwork } from '../topology/pod-network';

/** --cluster-cidr=10.244.0.0/14 with --node-cidr-mask-size=24: 1,024 node ranges (clusters up to 1,024 machines). */
export const CLUSTER_CIDR = DEFAULT_POD_NETWORK.cidr;

function network(ctx: ControllerContext): PodNetwork {
  return podNetworkFor(ctx.w.machines.length);
}

interface IpamState {
  /** Allocated range index → node name. */
  used: Map<number, string>;
  /** Where the next search starts (cidrset's nextCandidate). */
  next: number;
}

function state(ctx: ControllerContext): IpamState {
  return stateOf(ctx, () => ({ used: new Map(), next: 0 }));
}

function keysFor(ctx: ControllerContext, _resource: string, d: Delta): string[] {
  const s = state(ctx);
  const node = (d.cur ?? d.old) as Node;
  const name = node.metadata.name ?? '';
  const net = network(ctx);
  const oldIdx = indexOfCidr(net, (d.old as Node | undefined)?.spec.podCIDR);
  const curIdx = indexOfCidr(net, (d.cur as Node | undefined)?.spec.podCIDR);
  if (oldIdx !== undefined && oldIdx !== curIdx && s.used.get(oldIdx) === name) s.used.delete(oldIdx);
  // Ranges already on Nodes are occupied before anything is allocated.
  if (curIdx !== undefined) s.used.set(curIdx, name);
  return d.cur && !(d.cur as Node).spec.podCIDR ? [name] : [];
}

function allocate(s: IpamState, name: string, capacity: number): number | undefined {
  for (let n = 0; n < capacity; n++) {
    const i = (s.next + n) % capacity;
    if (s.used.has(i)) continue;
    s.used.set(i, name);
    s.next = (i + 1) % capacity;
    return i;
  }
  return undefined;
}

function syncNode(ctx: ControllerContext, name: string): ReconcileResult {
  const node = ctx.cache('nodes').cache.get(name) as Node | undefined;
  if (!node || node.spec.podCIDR) return DONE;
  const s = state(ctx);
  const net = network(ctx);
  const idx = allocate(s, name, net.capacity);
  if (idx === undefined) {
    ctx.record(node, { type: 'Normal', reason: 'CIDRNotAvailable', message: `Node ${name} status is now: CIDRNotAvailable` });
    return { kind: 'error', message: `failed to allocate cidr from cluster cidr at idx:0: CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range` };
  }
  const cidr = cidrForIndex(net, idx);
  const res = ctx.request({ verb: 'patch', resource: 'nodes', name, body: { spec: { podCIDR: cidr, podCIDRs: [cidr] } } as unknown as KObject });
  if (res.ok) return DONE;
  s.used.delete(idx);
  if (statusCode(res) === 404) return DONE;
  ctx.record(node, { type: 'Normal', reason: 'CIDRAssignmentFailed', message: `Node ${name} status is now: CIDRAssignmentFailed` });
  return { kind: 'error', message: res.error.message };
}

export const nodeIpamController: ControllerDef = {
  name: 'nodeipam',
  actor: componentId('node-ipam-controller'),
  serviceAccount: 'node-controller',
  informers: ['nodes'],
  keysFor,
  reconcile: syncNode,
};
