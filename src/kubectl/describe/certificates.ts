/**
 * kubectl's describeCertificateSigningRequest: the request's metadata (labels and annotations on
 * one line, FormatLabels), its requestor, signer, requested duration and CONDITION, then the PEM
 * request's subject (Common Name, Serial Number, each Organization…) and its subject alternative
 * names, and the events. A request that does not parse is `Error parsing CSR: …`.
 */
import { csrCondition, type CertificateSigningRequest, parseCsrOf } from '../../k8s/certificates';
import { formatLabels } from '../../k8s/printers/util';
import { humanDuration } from '../../k8s/time';
import type { Client } from '../client';
import { plainError } from '../errors';
import { describeEvents, fmtTime, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { DescribeWriter } from './writer';

export function describeCertificateSigningRequest(client: Client, csr: CertificateSigningRequest, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const parsed = parseCsrOf(csr);
  if (!parsed.ok) throw plainError(`Error parsing CSR: ${parsed.message}`);
  const req = parsed.req;
  const w = new DescribeWriter();
  const list = (prefix: string, name: string, values: readonly string[]): void => {
    if (values.length) w.write(0, `${prefix}${name}:\t${values.join(`\n${prefix}\t`)}\n`);
  };
  const of = (type: string): string[] => req.subject.filter((a) => a.type === type).map((a) => a.value);
  w.write(0, `Name:\t${csr.metadata.name ?? ''}\n`);
  w.write(0, `Labels:\t${formatLabels(csr.metadata.labels)}\n`);
  w.write(0, `Annotations:\t${formatLabels(csr.metadata.annotations)}\n`);
  w.write(0, `CreationTimestamp:\t${fmtTime(csr.metadata.creationTimestamp)}\n`);
  w.write(0, `Requesting User:\t${csr.spec.username ?? ''}\n`);
  if (csr.spec.signerName) w.write(0, `Signer:\t${csr.spec.signerName}\n`);
  if (csr.spec.expirationSeconds !== undefined) w.write(0, `Requested Duration:\t${humanDuration(csr.spec.expirationSeconds * 1000)}\n`);
  w.write(0, `Status:\t${csrCondition(csr)}\n`);
  w.write(0, 'Subject:\n');
  w.write(0, `\tCommon Name:\t${of('CN').pop() ?? ''}\n`);
  w.write(0, `\tSerial Number:\t${of('serialNumber').pop() ?? ''}\n`);
  list('\t', 'Organization', of('O'));
  list('\t', 'Organizational Unit', of('OU'));
  list('\t', 'Country', of('C'));
  list('\t', 'Locality', of('L'));
  list('\t', 'Province', of('ST'));
  list('\t', 'StreetAddress', of('street'));
  list('\t', 'PostalCode', of('postalCode'));
  if (req.dnsNames.length + req.emailAddresses.length + req.ipAddresses.length + req.uris.length > 0) {
    w.write(0, 'Subject Alternative Names:\n');
    list('\t', 'DNS Names', req.dnsNames);
    list('\t', 'Email Addresses', req.emailAddresses);
    list('\t', 'URIs', req.uris);
    list('\t', 'IP Addresses', req.ipAddresses);
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: csr.metadata.name ?? '', kind: csr.kind, ...(csr.metadata.uid ? { uid: csr.metadata.uid } : {}) }), now);
  return w.toString();
}
