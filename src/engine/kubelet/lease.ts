/**
 * The node heartbeat: Lease kube-node-lease/<node>, holder = node name, 40 s duration, renewed
 * every 10 s (a quarter of the duration). kube-controller-manager's node-lifecycle controller
 * reads its renewTime to decide whether the node is alive. The kubelet keeps the Lease it last
 * wrote and updates that copy, re-reading only after a conflict, as client-go's lease controller does.
 */
import type { Lease, Node } from '../../k8s/types';
import { isConflict, isNotFound } from '../client/client';
import { rfc3339Micro } from '../../k8s/time';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { api } from './client';
import type { KubeletState } from './state';

const NAMESPACE = 'kube-node-lease';

function ownerRef(self: KubeletState): Lease['metadata']['ownerReferences'] {
  const node = self.informers['nodes']?.cache.get(self.host) as Node | undefined;
  const uid = node?.metadata.uid;
  return uid ? [{ apiVersion: 'v1', kind: 'Node', name: self.host, uid }] : undefined;
}

function fresh(w: World, self: KubeletState): Lease {
  const owners = ownerRef(self);
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: self.host, namespace: NAMESPACE, ...(owners ? { ownerReferences: owners } : {}) },
    spec: { holderIdentity: self.host, leaseDurationSeconds: w.timings.nodeLeaseDurationSeconds, renewTime: rfc3339Micro(w.now) },
  };
}

function tryRenew(w: World, self: KubeletState): boolean {
  if (!self.lease) {
    const got = api(w, self, { verb: 'get', resource: 'leases', namespace: NAMESPACE, name: self.host });
    if (isNotFound(got)) {
      const res = api(w, self, { verb: 'create', resource: 'leases', namespace: NAMESPACE, body: fresh(w, self) });
      if (res.ok && res.object) self.lease = res.object as Lease;
      return res.ok;
    }
    if (!got.ok || !got.object) return false;
    self.lease = got.object as Lease;
  }
  // A copy of what changes only: the held Lease is a stored object (never mutated) and
  // kube-apiserver copies the body it decodes.
  const cur = self.lease;
  const next: Lease = { ...cur, metadata: { ...cur.metadata }, spec: { ...cur.spec, holderIdentity: self.host, leaseDurationSeconds: w.timings.nodeLeaseDurationSeconds, renewTime: rfc3339Micro(w.now) } };
  const owners = ownerRef(self);
  if (owners && !next.metadata.ownerReferences) next.metadata.ownerReferences = owners;
  const res = api(w, self, { verb: 'update', resource: 'leases', namespace: NAMESPACE, name: self.host, body: next });
  if (res.ok && res.object) {
    self.lease = res.object as Lease;
    return true;
  }
  if (isConflict(res) || isNotFound(res)) self.lease = undefined;
  return false;
}

/** One renewal; on failure client-go retries after 200 ms, doubling up to 7 s. */
export function leaseTick(w: World, self: KubeletState, failures: number): void {
  if (tryRenew(w, self)) {
    setTimer(w, self, w.timings.nodeLeaseRenewInterval, 'lease', '0');
    return;
  }
  setTimer(w, self, Math.min(200 * 2 ** failures, 7000), 'lease', String(failures + 1));
}
