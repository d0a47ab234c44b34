/**
 * A small X.509 reader (RFC 5280's DER, no cryptography): what a TLS client needs from a PEM
 * certificate to decide trust the way this simulation models it — the subject and issuer Names
 * (their DER bytes, which Go's chain building compares, and their CN for messages), whether it
 * is a CA (basicConstraints), and its subjectAltName DNS names and IP addresses.
 */
import { decodeBase64 } from './base64';
import { children, oidOf as oid, readTlv, textOf as text, type Tlv } from './der';

export interface Certificate {
  /** The subject Name's DER, as hex: equal bytes are the same name. */
  subject: string;
  issuer: string;
  subjectCN?: string;
  issuerCN?: string;
  isCA: boolean;
  dnsNames: string[];
  ipAddresses: string[];
}

function hex(b: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += b[i]!.toString(16).padStart(2, '0');
  return s;
}

/** The Name's commonName (2.5.4.3), if it has one. */
function commonName(b: Uint8Array, name: Tlv): string | undefined {
  for (const rdn of children(b, name)) {
    for (const atv of children(b, rdn)) {
      const [type, value] = children(b, atv);
      if (type && value && oid(b, type) === '2.5.4.3') return text(b, value);
    }
  }
  return undefined;
}

function extensions(b: Uint8Array, tbs: Tlv[], cert: Certificate): void {
  const ext = tbs.find((t) => t.tag === 0xa3);
  if (!ext) return;
  for (const e of children(b, children(b, ext)[0]!)) {
    const parts = children(b, e);
    const id = oid(b, parts[0]!);
    const value = parts[parts.length - 1]!;
    const inner = readTlv(b, value.body);
    if (id === '2.5.29.19') cert.isCA = children(b, inner).some((c) => c.tag === 0x01 && b[c.body] !== 0);
    if (id === '2.5.29.17') {
      for (const g of children(b, inner)) {
        if (g.tag === 0x82) cert.dnsNames.push(text(b, g));
        if (g.tag === 0x87 && g.end - g.body === 4) cert.ipAddresses.push([...b.subarray(g.body, g.end)].join('.'));
      }
    }
  }
}

/** One DER certificate, or undefined when the bytes are not one. */
export function parseCertificate(der: Uint8Array): Certificate | undefined {
  try {
    const tbs = children(der, children(der, readTlv(der, 0))[0]!);
    // An explicit version ([0]) shifts the fields by one.
    const i = tbs[0]?.tag === 0xa0 ? 1 : 0;
    const issuer = tbs[i + 2]!;
    const subject = tbs[i + 4]!;
    const cert: Certificate = { subject: hex(der, subject.start, subject.end), issuer: hex(der, issuer.start, issuer.end), isCA: false, dnsNames: [], ipAddresses: [] };
    const scn = commonName(der, subject);
    const icn = commonName(der, issuer);
    if (scn !== undefined) cert.subjectCN = scn;
    if (icn !== undefined) cert.issuerCN = icn;
    extensions(der, tbs, cert);
    return cert;
  } catch {
    return undefined;
  }
}

/** Every CERTIFICATE block of a PEM bundle that parses, in order. */
export function parsePemCertificates(pem: string): Certificate[] {
  const out: Certificate[] = [];
  for (const m of pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)) {
    const raw = decodeBase64(m[1]!);
    const der = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) der[i] = raw.charCodeAt(i);
    const c = parseCertificate(der);
    if (c) out.push(c);
  }
  return out;
}
