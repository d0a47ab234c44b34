/**
 * What a Service's v1 Endpoints lists (endpoints_controller.go syncService, addEndpointSubset and
 * endpoints.RepackSubsets): one subset per distinct set of ports, each with its ready and
 * not-ready addresses sorted by IP. Upstream orders ports and subsets by a hash of their Go
 * values; here ports sort by name then number and subsets by their first port, which gives the
 * same result for the single-port-set Services learners write.
 */
import type { EndpointAddress, EndpointSubset, EndpointsPort, Pod, Service } from '../../../k8s/types';
import { isPodReady, isPodTerminal } from '../util/pods';
import { findPort } from '../endpointslice/endpoints';

/** ShouldPodBeInEndpoints with includeTerminating = publishNotReadyAddresses. */
export function podInEndpoints(pod: Pod, publishNotReady: boolean): boolean {
  if (isPodTerminal(pod)) return false;
  if (!pod.status?.podIP && !(pod.status?.podIPs?.length ?? 0)) return false;
  return publishNotReady || !pod.metadata.deletionTimestamp;
}

function address(pod: Pod, svc: Service): EndpointAddress {
  const a: EndpointAddress = { ip: pod.status?.podIPs?.[0]?.ip ?? pod.status?.podIP ?? '' };
  const spec = pod.spec as { hostname?: string; subdomain?: string };
  // ShouldSetHostname: a Pod with a hostname whose subdomain names this Service.
  if (spec.hostname && spec.subdomain === svc.metadata.name) a.hostname = spec.hostname;
  if (pod.spec.nodeName) a.nodeName = pod.spec.nodeName;
  a.targetRef = { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name ?? '', uid: pod.metadata.uid };
  return a;
}

function portKey(p: EndpointsPort): string {
  return `${p.name ?? ''}\u0000${p.port}\u0000${p.protocol ?? ''}\u0000${p.appProtocol ?? ''}`;
}

const byIP = (a: EndpointAddress, b: EndpointAddress): number => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : (a.targetRef?.uid ?? '') < (b.targetRef?.uid ?? '') ? -1 : 1);
const byPort = (a: EndpointsPort, b: EndpointsPort): number => ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : a.port - b.port);

export function endpointSubsets(svc: Service, pods: Iterable<Pod>): EndpointSubset[] {
  const publishNotReady = (svc.spec as { publishNotReadyAddresses?: boolean }).publishNotReadyAddresses === true;
  const headless = svc.spec.clusterIP === 'None';
  /** port key → the port and its addresses (ip → ready). */
  const byPortKey = new Map<string, { port: EndpointsPort | undefined; addrs: Map<string, { a: EndpointAddress; ready: boolean }> }>();
  const add = (port: EndpointsPort | undefined, a: EndpointAddress, ready: boolean): void => {
    const k = port ? portKey(port) : '';
    let e = byPortKey.get(k);
    if (!e) byPortKey.set(k, (e = { port, addrs: new Map() }));
    e.addrs.set(`${a.ip}/${a.targetRef?.uid ?? ''}`, { a, ready });
  };
  for (const pod of pods) {
    if (!podInEndpoints(pod, publishNotReady)) continue;
    const a = address(pod, svc);
    const ready = publishNotReady || isPodReady(pod);
    const ports = svc.spec.ports ?? [];
    if (ports.length === 0) {
      // A headless Service may have no ports.
      if (headless) add(undefined, a, ready);
      continue;
    }
    for (const sp of ports) {
      const n = findPort(pod, sp);
      if (n === undefined) continue;
      // EndpointPort.name is `omitempty`: an unnamed Service port's entry has none.
      const p: EndpointsPort = sp.name ? { name: sp.name, port: n, protocol: sp.protocol ?? 'TCP' } : { port: n, protocol: sp.protocol ?? 'TCP' };
      if (sp.appProtocol !== undefined) p.appProtocol = sp.appProtocol;
      add(p, a, ready);
    }
  }
  // RepackSubsets: ports that share exactly the same addresses form one subset.
  const groups = new Map<string, { ports: EndpointsPort[]; addrs: { a: EndpointAddress; ready: boolean }[] }>();
  for (const { port, addrs } of byPortKey.values()) {
    const list = [...addrs.values()];
    const key = list.map((x) => `${x.a.ip}/${x.a.targetRef?.uid ?? ''}/${x.ready}`).sort().join(',');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ports: [], addrs: list }));
    if (port) g.ports.push(port);
  }
  const out: EndpointSubset[] = [];
  for (const g of groups.values()) {
    const ss: EndpointSubset = {};
    const ready = g.addrs.filter((x) => x.ready).map((x) => x.a).sort(byIP);
    const notReady = g.addrs.filter((x) => !x.ready).map((x) => x.a).sort(byIP);
    if (ready.length) ss.addresses = ready;
    if (notReady.length) ss.notReadyAddresses = notReady;
    if (g.ports.length) ss.ports = g.ports.sort(byPort);
    out.push(ss);
  }
  return out.sort((a, b) => byPort(a.ports?.[0] ?? { port: 0 }, b.ports?.[0] ?? { port: 0 }));
}
