/**
 * A policy-capable CNI plugin's node agent (kindnetd's network-policy controller, calico-node's
 * Felix): Reflectors over NetworkPolicies, Pods and Namespaces, and a level-based sync that
 * recomputes this node's rules from the caches at most once per MIN_SYNC_PERIOD, like
 * kube-proxy's. A sync that changes the rules is a `cni` hop. Its watch hops are drawn for
 * NetworkPolicies only: the Pod and Namespace events it hears are the same ones every other
 * watcher hears, and drawing them all would bury the policy's path. flannel runs no agent.
 *
 * Approximation: the Pod informer opens with the first NetworkPolicy the agent sees (and then
 * stays). With no policy there is nothing to resolve, and a thousand agents each watching every
 * Pod from boot would multiply a big cluster's watch fan-out a thousandfold.
 */
import type { Namespace, NetworkPolicy, Pod } from '../../../k8s/types';
import type { ClientIdentity } from '../../client/client';
import { listCache, newInformer, syncInformer } from '../../client/informer';
import { deliver, relistAfterClose, traceWatch } from '../../client/watch-host';
import type { WatchEvent } from '../../apiserver/watch-types';
import { cniAgentUser } from '../../apiserver/cni-rbac';
import { markComponentChanged, setTimer, trace } from '../../runtime';
import type { World } from '../../world';
import type { CniState } from '../cni-state';
import { enforcesNetworkPolicy } from '../cni-plugin';
import { compileNodeRules } from './compile';

const MIN_SYNC_PERIOD = 1000;
const ALWAYS = ['networkpolicies', 'namespaces'] as const;

function who(self: CniState): ClientIdentity {
  return { user: cniAgentUser(self.plugin), actor: self.id };
}

function requestSync(w: World, self: CniState): void {
  if (self.syncPending) return;
  self.syncPending = true;
  const since = self.lastSyncAt === undefined ? Infinity : w.now - self.lastSyncAt;
  setTimer(w, self, since >= MIN_SYNC_PERIOD ? 1 : MIN_SYNC_PERIOD - since, 'policy-sync');
}

/** Opens the Pod informer once a NetworkPolicy exists (see the header). */
function ensurePodInformer(w: World, self: CniState): void {
  const np = self.informers['networkpolicies'];
  if (self.informers['pods'] || !np || np.cache.size === 0) return;
  self.informers['pods'] = newInformer('pods');
  sync(w, self, 'pods');
}

function syncRules(w: World, self: CniState): void {
  self.syncPending = false;
  const np = self.informers['networkpolicies'];
  const ns = self.informers['namespaces'];
  const pods = self.informers['pods'];
  if (!np?.synced || !ns?.synced) return;
  const policies = listCache<NetworkPolicy>(np);
  if (policies.length > 0 && !pods?.synced) return;
  self.lastSyncAt = w.now;
  const next = compileNodeRules(self.host, { policies, pods: policies.length > 0 && pods ? listCache<Pod>(pods) : [], namespaces: listCache<Namespace>(ns) }, self.policy.syncs);
  if (JSON.stringify(next.pods) === JSON.stringify(self.policy.pods) && next.policies === self.policy.policies) return;
  next.syncs = self.policy.syncs + 1;
  self.policy = next;
  markComponentChanged(w, self.id);
  const isolated = Object.values(next.pods).filter((p) => p.ingressPolicies.length > 0 || p.egressPolicies.length > 0).length;
  trace(w, { from: self.id, to: self.id, kind: 'cni', detail: { op: 'policy-sync', plugin: self.plugin, policies: next.policies, isolatedPods: isolated } });
}

function sync(w: World, self: CniState, resource: string): void {
  const inf = self.informers[resource];
  if (inf && syncInformer(w, self, who(self), inf)) requestSync(w, self);
}

export function startPolicyAgent(w: World, self: CniState): void {
  self.syncPending = false;
  self.lastSyncAt = undefined;
  if (!enforcesNetworkPolicy(self.plugin)) {
    self.informers = {};
    return;
  }
  self.informers = Object.fromEntries(ALWAYS.map((r) => [r, newInformer(r)]));
  for (const r of ALWAYS) sync(w, self, r);
  ensurePodInformer(w, self);
}

export function stopPolicyAgent(self: CniState): void {
  // The rules stay in the node's dataplane when the agent dies: enforced, just stale.
  self.informers = {};
  self.syncPending = false;
}

export function policyAgentWatch(w: World, self: CniState, watchId: number, ev: WatchEvent): void {
  if (!deliver(self.informers, watchId, ev)) return;
  if (ev.resource === 'networkpolicies') {
    traceWatch(w, watchId, self.id, ev);
    ensurePodInformer(w, self);
  }
  requestSync(w, self);
}

export function policyAgentWatchClosed(w: World, self: CniState, watchId: number): void {
  relistAfterClose(w, self, self.informers, watchId);
}

export function policyAgentTimer(w: World, self: CniState, name: string): void {
  if (name === 'policy-sync') syncRules(w, self);
  else if (name.startsWith('relist:')) {
    sync(w, self, name.slice('relist:'.length));
    ensurePodInformer(w, self);
  }
}
