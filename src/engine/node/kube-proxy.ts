/**
 * kube-proxy on one node: watches Services and EndpointSlices and re-programs its rules at most
 * once per minSyncPeriod (1 s), like the iptables proxier's BoundedFrequencyRunner. Each sync is
 * a `proxy` hop; it records no Events except `Starting` on its Node.
 */
import type { EndpointSlice, Service } from '../../k8s/types';
import type { Behaviour } from '../behaviour';
import type { ComponentId } from '../core/ids';
import { KUBE_PROXY_USER } from '../apiserver/auth';
import type { ClientIdentity } from '../client/client';
import { EVENT_SERIES_TIMER, eventSeriesTick, recordSeriesEvent } from '../client/event-series';
import { listCache, newInformer, syncInformer } from '../client/informer';
import { deliver, traceWatch, relistAfterClose } from '../client/watch-host';
import { markComponentChanged, setTimer, trace } from '../runtime';
import type { World } from '../world';
import { dnsRuleReplaced, publishClusterDns } from './cluster-dns';
import { rebalanceLoad } from '../metrics/load';
import { buildRules, resolveServiceRequest, ruleStats, serviceIP, type ServiceResolution } from './proxy-rules';
import type { KubeProxyState } from './proxy-state';

const MIN_SYNC_PERIOD = 1000;

function who(self: KubeProxyState): ClientIdentity {
  return { user: KUBE_PROXY_USER, actor: self.id };
}

function requestSync(w: World, self: KubeProxyState): void {
  if (self.syncPending) return;
  self.syncPending = true;
  const since = self.lastSyncAt === undefined ? Infinity : w.now - self.lastSyncAt;
  setTimer(w, self, since >= MIN_SYNC_PERIOD ? 1 : MIN_SYNC_PERIOD - since, 'sync');
}

function syncRules(w: World, self: KubeProxyState): void {
  self.syncPending = false;
  const svcs = self.informers['services'];
  const slices = self.informers['endpointslices'];
  if (!svcs?.synced || !slices?.synced) return;
  const next = buildRules(listCache<Service>(svcs), listCache<EndpointSlice>(slices), self.host);
  self.lastSyncAt = w.now;
  const same = JSON.stringify(next) === JSON.stringify(self.rules) && self.syncs > 0;
  if (!same) {
    dnsRuleReplaced(w, self.rules, next);
    self.rules = next;
  }
  // A Service or EndpointSlice change reaches CoreDNS's watch as it reaches this one: the
  // moment this node's Pods see different DNS (a headless Service's endpoints change no rule).
  publishClusterDns(w, [self.host]);
  if (same) return;
  // Rules decide which Pods a `sim load` reaches: re-share it (nothing to do without one).
  rebalanceLoad(w);
  self.syncs++;
  const st = ruleStats(next);
  trace(w, { from: self.id, to: self.id, kind: 'proxy', detail: { type: 'sync', services: st.services, endpoints: st.endpoints } });
  markComponentChanged(w, self.id);
}

function sync(w: World, self: KubeProxyState, resource: string): void {
  const inf = self.informers[resource];
  if (inf && syncInformer(w, self, who(self), inf)) requestSync(w, self);
}

export const kubeProxyBehaviour: Behaviour<'kube-proxy'> = {
  start(w, self) {
    self.informers = { services: newInformer('services'), endpointslices: newInformer('endpointslices') };
    self.syncPending = false;
    self.lastSyncAt = undefined;
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: self.host, uid: self.host } };
    recordSeriesEvent(w, self, who(self), node, { type: 'Normal', reason: 'Starting', action: 'StartKubeProxy', message: '', component: 'kube-proxy' });
    sync(w, self, 'services');
    sync(w, self, 'endpointslices');
  },
  stop(_w, self) {
    // The rules stay in the kernel when kube-proxy dies: traffic keeps flowing, just stale.
    self.informers = {};
    self.syncPending = false;
  },
  onWatch(w, self, watchId, ev) {
    if (!deliver(self.informers, watchId, ev)) return;
    traceWatch(w, watchId, self.id, ev);
    requestSync(w, self);
  },
  onWatchClosed(w, self, watchId) {
    relistAfterClose(w, self, self.informers, watchId);
  },
  onTimer(w, self, name, arg) {
    if (name === 'sync') syncRules(w, self);
    else if (name === EVENT_SERIES_TIMER && arg !== undefined) eventSeriesTick(w, self, who(self), arg);
    else if (name.startsWith('relist:')) sync(w, self, name.slice('relist:'.length));
  },
};

export function proxyOf(w: World, node: string): KubeProxyState | undefined {
  const c = w.components.get(`kube-proxy/${node}` as ComponentId);
  return c?.kind === 'kube-proxy' ? c : undefined;
}

/**
 * Where a connection from `node` to `host:port` goes, through that node's kube-proxy rules.
 * `host` may be an IP or a Service DNS name; `pick` selects among endpoints (draw it from w.rng).
 * `fromOutside`: the packet came to the node from outside the cluster (a NodePort or load
 * balancer client), which an externalTrafficPolicy Local rule keeps on this node's endpoints.
 */
export function resolveFromNode(w: World, node: string, host: string, port: number, fromNamespace: string, pick: number, fromOutside = false): ServiceResolution | { kind: 'no-proxy' } | { kind: 'unknown-host' } {
  const proxy = proxyOf(w, node);
  if (!proxy) return { kind: 'no-proxy' };
  let ip = host;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    // Names are CoreDNS's business, answered from its own watch of Services: the stored set.
    const svcs = [...(w.etcd.kv.get('services')?.values() ?? [])] as Service[];
    const found = serviceIP(svcs, host, fromNamespace);
    if (!found) return { kind: 'unknown-host' };
    ip = found;
  }
  const nodeIPs = [...w.machineSpecs.values()].map((m) => m.ip);
  return resolveServiceRequest(proxy.rules, { ip, port }, nodeIPs, pick, fromOutside);
}
