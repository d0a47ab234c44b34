/**
 * kubectl's IngressDescriber and IngressClassDescriber (pkg/describe/describe.go). A Service
 * backend is shown as `name:port` followed by the ready endpoints of the Service port it names,
 * looked up as kubectl does (EndpointSlices by the service-name label, then the Service), or by
 * the lookup's error: `<error: services "web" not found>`. Address stays empty until an ingress
 * controller writes status.loadBalancer, and a kubeadm cluster runs none.
 */
import type { EndpointSlice, Ingress, IngressBackend, IngressClass, Service } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import type { Client } from '../client';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { formatEndpointSlices } from './service';

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/** describeBackendV1. */
function describeBackend(client: Client, ns: string, backend: IngressBackend): string {
  const svc = backend.service;
  if (svc) {
    const port = svc.port?.number ? String(svc.port.number) : (svc.port?.name ?? '');
    const sb = `${svc.name}:${port}`;
    const slices = client.list(resourceInfo('endpointslices')!, ns, { labelSelector: [{ key: SERVICE_NAME_LABEL, op: 'In', values: [svc.name] }] });
    if (!slices.ok) return `${sb} (<error: ${slices.error.message}>)`;
    const got = client.get(resourceInfo('services')!, ns, svc.name);
    if (!got.ok) return `${sb} (<error: ${got.error.message}>)`;
    // The last Service port the backend names, by number or by name; none leaves the unnamed one.
    let spName = '';
    for (const sp of (got.value as Service).spec?.ports ?? []) {
      if ((svc.port?.number && svc.port.number === sp.port) || (svc.port?.name && svc.port.name === sp.name)) spName = sp.name ?? '';
    }
    return `${sb} (${formatEndpointSlices(slices.value as EndpointSlice[], spName)})`;
  }
  const r = backend.resource;
  if (r) return `APIGroup: ${r.apiGroup ?? '<none>'}, Kind: ${r.kind}, Name: ${r.name}`;
  return '';
}

/** ingressLoadBalancerStatusStringerV1 with wide: every distinct address, sorted, unclipped. */
function address(ing: Ingress): string {
  return [...new Set((ing.status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter((a) => a !== ''))].sort().join(',');
}

export function describeIngress(client: Client, ing: Ingress, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const ns = ing.metadata.namespace ?? '';
  w.write(0, `Name:\t${ing.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', ing.metadata.labels);
  w.write(0, `Namespace:\t${ns}\n`);
  w.write(0, `Address:\t${address(ing)}\n`);
  w.write(0, `Ingress Class:\t${ing.spec?.ingressClassName ?? '<none>'}\n`);
  const def = ing.spec?.defaultBackend;
  const defaultBackend = def ? describeBackend(client, ns, def) : '<default>';
  w.write(0, `Default backend:\t${defaultBackend}\n`);
  const tls = ing.spec?.tls ?? [];
  if (tls.length) {
    w.write(0, 'TLS:\n');
    for (const t of tls) w.write(1, t.secretName ? `${t.secretName} terminates ${(t.hosts ?? []).join(',')}\n` : `SNI routes ${(t.hosts ?? []).join(',')}\n`);
  }
  w.write(0, 'Rules:\n  Host\tPath\tBackends\n');
  w.write(1, '----\t----\t--------\n');
  let count = 0;
  for (const rule of ing.spec?.rules ?? []) {
    if (!rule.http) continue;
    count++;
    w.write(1, `${rule.host || '*'}\t\n`);
    for (const p of rule.http.paths ?? []) w.write(2, `\t${p.path ?? ''} \t${describeBackend(client, ns, p.backend)}\n`);
  }
  if (count === 0) w.write(1, `*\t*\t${defaultBackend}\n`);
  annotationsMultiline(w, 'Annotations', ing.metadata.annotations);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: ing.metadata.name ?? '', namespace: ns, kind: 'Ingress', uid: ing.metadata.uid }), now);
  return w.toString();
}

export function describeIngressClass(client: Client, ic: IngressClass, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${ic.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', ic.metadata.labels);
  annotationsMultiline(w, 'Annotations', ic.metadata.annotations);
  w.write(0, `Controller:\t${ic.spec?.controller ?? ''}\n`);
  const params = ic.spec?.parameters;
  if (params) {
    w.write(0, 'Parameters:\n');
    if (params.apiGroup !== undefined) w.write(1, `APIGroup:\t${params.apiGroup}\n`);
    w.write(1, `Kind:\t${params.kind}\n`);
    w.write(1, `Name:\t${params.name}\n`);
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: ic.metadata.name ?? '', kind: 'IngressClass', uid: ic.metadata.uid }), now);
  return w.toString();
}
