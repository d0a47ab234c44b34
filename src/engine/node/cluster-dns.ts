/**
 * Cluster DNS as a Pod on a node reaches it. A query to kube-dns's ClusterIP (the kubelet's
 * clusterDNS in every Pod's resolv.conf) goes through that node's kube-proxy rules to one CoreDNS
 * endpoint, as any Service traffic does; the CoreDNS there answers from the Services and
 * EndpointSlices it watches (the stored set stands in for its watch cache, as it does for
 * `sim curl`'s names). Running containers get this view as plain data (images' setClusterDns)
 * whenever it may have changed, so a script's lookups at its own simulated time see that time's
 * DNS: a new Service starts resolving. With kube-dns down, what the client meets decides what it
 * says: kube-proxy's REJECT (no ready endpoint) or a Pod with nothing on 53 refuse at once
 * (ECONNREFUSED); a stale rule to an address nobody holds any more goes unanswered (a timeout).
 */
import type { EndpointSlice, Service } from '../../k8s/types';
import { agentId, type ComponentId } from '../core/ids';
import { CLUSTER_DNS } from '../images/base-fs';
import type { ClusterDns, DnsEndpointState, DnsRoute } from '../images/types';
import { markComponentChanged } from '../runtime';
import type { World } from '../world';
import { listensOn, processExit, processNetAt, setClusterDns } from './app';
import { armExit } from './exits';
import type { ProxyRule } from './proxy-state';
import type { ContainerRecord, RuntimeState, SandboxRecord } from './runtime-state';

const DNS_PORT = 53;
const DNS_RULE_KEY = `${CLUSTER_DNS}:${DNS_PORT}/UDP`;
const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

// Looked up by id rather than through cri.ts/kube-proxy.ts, which call in here.
function runtimeOn(w: World, node: string): RuntimeState | undefined {
  const c = w.components.get(agentId('container-runtime', node));
  return c?.kind === 'container-runtime' ? c : undefined;
}

/** The node's iptables rule for the clusterDNS address, port 53/UDP (kept while kube-proxy is down). */
function dnsRule(w: World, node: string): ProxyRule | undefined {
  const c = w.components.get(`kube-proxy/${node}` as ComponentId);
  return c?.kind === 'kube-proxy' ? c.rules[DNS_RULE_KEY] : undefined;
}

const ipOf = (endpoint: string): string => endpoint.slice(0, endpoint.lastIndexOf(':'));

/** The `i`-th endpoint (`ip:port`) of the node's rule for the cluster DNS: where a query DNAT'ed to it goes. */
export function dnsEndpoint(w: World, node: string, i: number): string | undefined {
  return dnsRule(w, node)?.endpoints[i];
}

/**
 * CoreDNS's kubernetes plugin: `<svc>.<ns>.svc.cluster.local` → ClusterIP, or a headless
 * Service's ready endpoints, and for each of those with a hostname `<hostname>.<svc>.…`.
 */
function records(w: World): Record<string, string[]> {
  const services = [...(w.etcd.kv.get('services')?.values() ?? [])] as Service[];
  const slices = [...(w.etcd.kv.get('endpointslices')?.values() ?? [])] as EndpointSlice[];
  const out: Record<string, string[]> = {};
  for (const svc of services) {
    const ns = svc.metadata.namespace ?? 'default';
    const fqdn = `${svc.metadata.name}.${ns}.svc.cluster.local`;
    // ExternalName answers a CNAME, which the A-record model here leaves out.
    if (svc.spec.type === 'ExternalName') continue;
    const ip = svc.spec.clusterIP;
    if (ip && ip !== 'None') {
      out[fqdn] = [ip];
      continue;
    }
    const ready = new Set<string>();
    for (const slice of slices) {
      if (slice.metadata.namespace !== ns || slice.metadata.labels?.[SERVICE_NAME_LABEL] !== svc.metadata.name || slice.addressType !== 'IPv4') continue;
      for (const ep of slice.endpoints ?? []) {
        if (ep.conditions?.ready === false) continue;
        for (const a of ep.addresses) ready.add(a);
        // A Pod whose hostname and subdomain name this Service (a StatefulSet's) also answers as
        // `<hostname>.<svc>.<ns>.svc.cluster.local`.
        const hostname = (ep as { hostname?: string }).hostname;
        if (hostname) out[`${hostname}.${fqdn}`] = [...ep.addresses].sort();
      }
    }
    // No ready endpoint: the plugin finds no items, which is NXDOMAIN.
    if (ready.size > 0) out[fqdn] = [...ready].sort();
  }
  return out;
}

/** Whether a process in `sb` listens on 53 now (a live CoreDNS). */
function servesDns(w: World, rt: RuntimeState, sb: SandboxRecord): boolean {
  for (const c of rt.containers.values()) {
    if (c.sandboxId === sb.id && c.state === 'CONTAINER_RUNNING' && c.process && listensOn(c.process, w.now, DNS_PORT)) return true;
  }
  return false;
}

/**
 * For each of `ips`, what answers a query there now: a ready sandbox with that address and a live
 * CoreDNS (`serving`), the sandbox alone (`closed`), or nobody (`gone`). One walk over the
 * machines answers every address (each stops being looked for once a ready sandbox holds it);
 * for each address the sandboxes are tried in the same order as a walk of its own would, and
 * listensOn's answer does not depend on the order processes are asked in.
 */
function endpointStates(w: World, ips: readonly string[]): DnsEndpointState[] {
  const found: DnsEndpointState[] = ips.map(() => 'gone');
  let open = ips.length;
  for (const m of w.machines) {
    if (open === 0) break;
    const rt = runtimeOn(w, m);
    if (!rt) continue;
    for (const sb of rt.sandboxes.values()) {
      if (sb.state !== 'SANDBOX_READY' || sb.hostNetwork) continue;
      for (let i = 0; i < ips.length; i++) {
        if (found[i] !== 'gone' || sb.ip !== ips[i]) continue;
        found[i] = servesDns(w, rt, sb) ? 'serving' : 'closed';
        open--;
      }
    }
  }
  return found;
}

/** The node's rule for the cluster DNS as a query meets it. */
function routeFrom(w: World, node: string): DnsRoute {
  const rule = dnsRule(w, node);
  if (!rule) return { kind: 'unrouted' };
  if (rule.endpoints.length === 0) return { kind: 'reject' };
  return { kind: 'dnat', endpoints: endpointStates(w, rule.endpoints.map(ipOf)) };
}

/** The view from `node`, over `served` (records() computed once per publication). */
function viewFrom(w: World, node: string, served: Record<string, string[]>): ClusterDns {
  return { nameserver: CLUSTER_DNS, route: routeFrom(w, node), records: served };
}

export function clusterDnsFrom(w: World, node: string): ClusterDns {
  return viewFrom(w, node, records(w));
}

/** Re-forecasts the container's exit if its DNS changed; arms a new exit timer only when the exit moved. */
function publishTo(w: World, rt: RuntimeState, c: ContainerRecord, view: ClusterDns): boolean {
  if (c.state !== 'CONTAINER_RUNNING' || !c.process) return false;
  if (rt.sandboxes.get(c.sandboxId)?.hostNetwork !== false) return false;
  const before = processExit(c.process)?.at;
  const netBefore = processNetAt(c.process);
  if (!setClusterDns(c.process, w.now, view)) return false;
  if (processExit(c.process)?.at !== before || processNetAt(c.process) !== netBefore) armExit(w, rt, c);
  return true;
}

/** Publishes the current view to every running container on `nodes` (default: all machines). */
export function publishClusterDns(w: World, nodes: readonly string[] = w.machines): void {
  const served = records(w);
  for (const node of nodes) {
    const rt = runtimeOn(w, node);
    if (!rt) continue;
    const view = viewFrom(w, node, served);
    let changed = false;
    for (const c of rt.containers.values()) changed = publishTo(w, rt, c, view) || changed;
    if (changed) markComponentChanged(w, rt.id);
  }
}

/** The Pod IPs a set of kube-proxy rules sends cluster DNS queries to. */
function dnsTargetsOf(rules: Readonly<Record<string, ProxyRule>>): string[] {
  return rules[DNS_RULE_KEY]?.endpoints.map(ipOf) ?? [];
}

/** Keeps `w.dnsRuleTargets` exact as one node's kube-proxy replaces its rules `before` with `after`. */
export function dnsRuleReplaced(w: World, before: Readonly<Record<string, ProxyRule>>, after: Readonly<Record<string, ProxyRule>>): void {
  const gone = dnsTargetsOf(before);
  const added = dnsTargetsOf(after);
  if (gone.length === 0 && added.length === 0) return;
  const counts = (w.dnsRuleTargets ??= new Map());
  for (const ip of gone) {
    const n = (counts.get(ip) ?? 0) - 1;
    if (n > 0) counts.set(ip, n);
    else counts.delete(ip);
  }
  for (const ip of added) counts.set(ip, (counts.get(ip) ?? 0) + 1);
}

/**
 * After what holds the addresses `ips` changed (processes there stopped, a sandbox was torn down
 * or given one of them): if one is a kube-dns endpoint on any node's rule, every node's view changed.
 */
export function dnsEndpointsChanged(w: World, ips: readonly string[]): void {
  const targets = w.dnsRuleTargets;
  if (!targets || !ips.some((ip) => targets.has(ip))) return;
  publishClusterDns(w);
}
