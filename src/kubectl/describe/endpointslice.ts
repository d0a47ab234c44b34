/**
 * describe.go's describeEndpointSliceV1: the address type, a ports table (`<unset>` for a
 * missing name or port), and per endpoint its addresses, Ready condition, hostname, target,
 * node and zone, each `<unset>` when absent.
 */
import type { EndpointSlice } from '../../k8s/types';
import type { Client } from '../client';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';

const unset = (v: string | undefined): string => v ?? '<unset>';

export function describeEndpointSlice(client: Client, eps: EndpointSlice, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${eps.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${eps.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', eps.metadata.labels);
  annotationsMultiline(w, 'Annotations', eps.metadata.annotations);
  w.write(0, `AddressType:\t${eps.addressType}\n`);
  const ports = eps.ports ?? [];
  if (ports.length === 0) w.write(0, 'Ports: <unset>\n');
  else {
    w.write(0, 'Ports:\n');
    w.write(1, 'Name\tPort\tProtocol\n');
    w.write(1, '----\t----\t--------\n');
    for (const p of ports) w.write(1, `${p.name ? p.name : '<unset>'}\t${p.port === undefined ? '<unset>' : String(p.port)}\t${p.protocol ?? ''}\n`);
  }
  const endpoints = eps.endpoints ?? [];
  if (endpoints.length === 0) w.write(0, 'Endpoints: <none>\n');
  else {
    w.write(0, 'Endpoints:\n');
    for (const e of endpoints) {
      w.write(1, `- Addresses:\t${e.addresses.length ? e.addresses.join(', ') : '<none>'}\n`);
      w.write(2, 'Conditions:\n');
      w.write(3, `Ready:\t${e.conditions?.ready === undefined ? '<unset>' : String(e.conditions.ready)}\n`);
      w.write(2, `Hostname:\t${unset((e as { hostname?: string }).hostname)}\n`);
      if (e.targetRef) w.write(2, `TargetRef:\t${e.targetRef.kind}/${e.targetRef.name}\n`);
      w.write(2, `NodeName:\t${unset(e.nodeName)}\n`);
      w.write(2, `Zone:\t${unset(e.zone)}\n`);
    }
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: eps.metadata.name ?? '', namespace: eps.metadata.namespace, kind: 'EndpointSlice', uid: eps.metadata.uid }), now);
  return w.toString();
}
