/**
 * kubectl's ServiceCIDRDescriber and IPAddressDescriber: a ServiceCIDR's ranges and conditions
 * (RFC1123Z transition times), an IPAddress's parent reference field by field, then the events.
 */
import type { IPAddress, KObject, ServiceCIDR } from '../../k8s/types';
import type { Client } from '../client';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, fmtTime, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';

function header(w: DescribeWriter, o: KObject): void {
  w.write(0, `Name:\t${o.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', o.metadata.labels);
  annotationsMultiline(w, 'Annotations', o.metadata.annotations);
}

function events(client: Client, o: KObject, now: number, w: DescribeWriter, settings: DescriberSettings): void {
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: o.metadata.name ?? '', kind: o.kind, uid: o.metadata.uid }), now);
}

export function describeServiceCIDR(client: Client, sc: ServiceCIDR, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  header(w, sc);
  w.write(0, `CIDRs:\t${(sc.spec?.cidrs ?? []).join(', ')}\n`);
  const conditions = sc.status?.conditions ?? [];
  if (conditions.length) {
    w.write(0, 'Status:\n');
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conditions) w.write(1, `${c.type}\t${c.status}\t${fmtTime(c.lastTransitionTime)}\t${c.reason}\t${c.message}\n`);
  }
  events(client, sc, now, w, settings);
  return w.toString();
}

export function describeIPAddress(client: Client, ip: IPAddress, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  header(w, ip);
  const ref = ip.spec?.parentRef;
  if (ref) {
    w.write(0, 'Parent Reference:\n');
    w.write(1, `Group:\t${ref.group ?? ''}\n`);
    w.write(1, `Resource:\t${ref.resource ?? ''}\n`);
    w.write(1, `Namespace:\t${ref.namespace ?? ''}\n`);
    w.write(1, `Name:\t${ref.name ?? ''}\n`);
  }
  events(client, ip, now, w, settings);
  return w.toString();
}
