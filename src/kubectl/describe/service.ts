/** describeService (describe.go, v1.33+: endpoints come from EndpointSlices) and describeEndpoints. */
import type { Endpoints, EndpointSlice, Service } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import type { Client } from '../client';
import { formatLabels } from '../../k8s/printers/util';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';

/** formatEndpointSlices for one service port name (ready endpoints only, first three); the Ingress describer shares it. */
export function formatEndpointSlices(slices: EndpointSlice[], portName: string): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const s of slices) {
    const ports = s.ports ?? [];
    if (ports.length === 0) {
      for (const ep of s.endpoints ?? []) {
        if (list.length === max) more = true;
        if (ep.conditions?.ready === false) continue;
        if (!more) list.push(ep.addresses[0] ?? '');
        count++;
      }
      continue;
    }
    for (const p of ports) {
      if ((p.name ?? '') !== portName) continue;
      for (const ep of s.endpoints ?? []) {
        if (list.length === max) more = true;
        if (ep.conditions?.ready === false) continue;
        if (!more) list.push(`${ep.addresses[0] ?? ''}:${p.port ?? ''}`);
        count++;
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

export function describeService(client: Client, svc: Service, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const spec = svc.spec ?? {};
  w.write(0, `Name:\t${svc.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${svc.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', svc.metadata.labels);
  annotationsMultiline(w, 'Annotations', svc.metadata.annotations);
  w.write(0, `Selector:\t${formatLabels(spec.selector)}\n`);
  w.write(0, `Type:\t${spec.type ?? ''}\n`);
  if (spec.ipFamilyPolicy) w.write(0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  w.write(0, `IP Families:\t${spec.ipFamilies?.length ? spec.ipFamilies.join(',') : '<none>'}\n`);
  w.write(0, `IP:\t${spec.clusterIP ?? ''}\n`);
  w.write(0, `IPs:\t${spec.clusterIPs?.length ? spec.clusterIPs.join(',') : '<none>'}\n`);
  if (spec.externalName) w.write(0, `External Name:\t${spec.externalName}\n`);
  const ingress = svc.status?.loadBalancer?.ingress ?? [];
  // buildIngressString (kubectl pkg/describe, read at dee3483a): an IP is followed by its ipMode.
  if (ingress.length) w.write(0, `LoadBalancer Ingress:\t${ingress.map((i) => (i.ip ? `${i.ip}${i.ipMode ? ` (${i.ipMode})` : ''}` : (i.hostname ?? ''))).join(', ')}\n`);
  const slicesRes = client.list(resourceInfo('endpointslices')!, svc.metadata.namespace, { labelSelector: [{ key: 'kubernetes.io/service-name', op: 'In', values: [svc.metadata.name ?? ''] }] });
  const slices = (slicesRes.ok ? slicesRes.value : []) as EndpointSlice[];
  for (const p of spec.ports ?? []) {
    const name = p.name || '<unset>';
    const proto = p.protocol ?? 'TCP';
    w.write(0, `Port:\t${name}\t${p.port}/${proto}\n`);
    w.write(0, `TargetPort:\t${String(p.targetPort ?? p.port)}/${proto}\n`);
    // Printed by kubectl v1.36 (not by v1.34).
    if (p.appProtocol !== undefined) w.write(0, `AppProtocol:\t${p.appProtocol}\n`);
    if (p.nodePort) w.write(0, `NodePort:\t${name}\t${p.nodePort}/${proto}\n`);
    w.write(0, `Endpoints:\t${formatEndpointSlices(slices, p.name ?? '')}\n`);
  }
  w.write(0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
  if (spec.externalTrafficPolicy) w.write(0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
  if (spec.internalTrafficPolicy) w.write(0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  const extra = spec as typeof spec & { healthCheckNodePort?: number; loadBalancerSourceRanges?: string[] };
  if (extra.healthCheckNodePort) w.write(0, `HealthCheck NodePort:\t${extra.healthCheckNodePort}\n`);
  if (extra.loadBalancerSourceRanges?.length) w.write(0, `LoadBalancer Source Ranges:\t${extra.loadBalancerSourceRanges.join(',')}\n`);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: svc.metadata.name ?? '', namespace: svc.metadata.namespace, kind: 'Service', uid: svc.metadata.uid }), now);
  return w.toString();
}

/** describeEndpoints: each subset's ready and not-ready IPs, then its ports. */
export function describeEndpoints(client: Client, ep: Endpoints, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${ep.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${ep.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', ep.metadata.labels);
  annotationsMultiline(w, 'Annotations', ep.metadata.annotations);
  w.write(0, 'Subsets:\n');
  for (const ss of ep.subsets ?? []) {
    w.write(1, `Addresses:\t${(ss.addresses ?? []).map((a) => a.ip).join(',') || '<none>'}\n`);
    w.write(1, `NotReadyAddresses:\t${(ss.notReadyAddresses ?? []).map((a) => a.ip).join(',') || '<none>'}\n`);
    if (ss.ports?.length) {
      w.write(1, 'Ports:\n');
      w.write(2, 'Name\tPort\tProtocol\n');
      w.write(2, '----\t----\t--------\n');
      for (const p of ss.ports) w.write(2, `${p.name || '<unset>'}\t${p.port}\t${p.protocol ?? ''}\n`);
    }
    w.write(0, '\n');
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: ep.metadata.name ?? '', namespace: ep.metadata.namespace, kind: 'Endpoints', uid: ep.metadata.uid }), now);
  return w.toString();
}
