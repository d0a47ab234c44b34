/**
 * pkg/controller/endpointslice/util: what a Pod contributes to a Service's EndpointSlices — one
 * endpoint (address, ready/serving/terminating, nodeName, zone, targetRef) and the ports the
 * Service's targetPorts resolve to in that Pod (a named targetPort is looked up among the Pod's
 * container ports, so Pods with different numbers land in different slices).
 */
import type { Endpoint, Node, Pod, Service, ServicePort } from '../../../k8s/types';
import { canonicalJson } from '../util/equal';
import { isPodReady, isPodTerminal } from '../util/pods';

export interface EndpointPort {
  name: string;
  port: number;
  protocol: string;
  appProtocol?: string;
}

/** ShouldPodBeInEndpoints (terminating Pods included): not finished, and it has an IP. */
export function shouldPodBeInEndpoints(pod: Pod): boolean {
  if (isPodTerminal(pod)) return false;
  return !!pod.status?.podIP || (pod.status?.podIPs?.length ?? 0) > 0;
}

/** podutil.FindPort: a numeric targetPort as is; a name through the containers' named ports. */
export function findPort(pod: Pod, sp: ServicePort): number | undefined {
  const target = sp.targetPort ?? sp.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(target)) return Number(target);
  const protocol = sp.protocol ?? 'TCP';
  const containers = [...pod.spec.containers, ...(pod.spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always')];
  for (const c of containers) for (const p of c.ports ?? []) if (p.name === target && (p.protocol ?? 'TCP') === protocol) return p.containerPort;
  return undefined;
}

export function endpointPorts(svc: Service, pod: Pod): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

export function portsKey(ports: readonly EndpointPort[] | null | undefined): string {
  return canonicalJson([...(ports ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.port - b.port)));
}

/** podToEndpoint. */
export function podToEndpoint(pod: Pod, svc: Service, node: Node | undefined): Endpoint {
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata.deletionTimestamp;
  const publishNotReady = (svc.spec as { publishNotReadyAddresses?: boolean }).publishNotReadyAddresses === true;
  const ready = publishNotReady || (serving && !terminating);
  const ip = pod.status?.podIPs?.[0]?.ip ?? pod.status?.podIP ?? '';
  const ep: Endpoint = {
    addresses: [ip],
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name ?? '', uid: pod.metadata.uid },
  };
  if (pod.spec.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata.labels?.['topology.kubernetes.io/zone'];
  if (zone) ep.zone = zone;
  const spec = pod.spec as { hostname?: string; subdomain?: string };
  if (spec.hostname && spec.subdomain === svc.metadata.name) (ep as Endpoint & { hostname?: string }).hostname = spec.hostname;
  return ep;
}

/** What of a Pod the controller reads: a change to anything else needs no resync. */
export function endpointView(pod: Pod | undefined): string {
  if (!pod) return '';
  return JSON.stringify([
    pod.status?.podIP,
    pod.status?.podIPs,
    isPodReady(pod),
    !!pod.metadata.deletionTimestamp,
    isPodTerminal(pod),
    pod.spec.nodeName,
    pod.spec.containers.map((c) => c.ports),
    (pod.spec as { hostname?: string }).hostname,
  ]);
}
