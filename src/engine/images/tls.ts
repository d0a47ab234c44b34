/**
 * The client half of a TLS handshake as curl (OpenSSL) decides it: the server must speak TLS, its
 * certificate must name the host the URL names, then chain to a trusted CA (`--cacert` replaces
 * the system store) — curl 8.17 checks the name first (lib/vtls/openssl.c ossl_check_peer). `-k`
 * skips both checks. No cryptography: a certificate is its issuer and its subject alternative names.
 */
import type { TlsClient, TlsFailure } from './types';
import { parsePemCertificates } from '../../k8s/x509';

/** What a TLS server presents. `issuerPem` undefined: a public CA the system store trusts. */
export interface ServerCertificate {
  issuerPem?: string;
  /** Subject alternative names: DNS names (`*.example.com` allowed) and IPv4 addresses. */
  names: readonly string[];
  /** The server sends its self-signed CA along with the certificate (the kubelet's own pair). */
  selfSigned?: boolean;
}

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

function nameMatches(pattern: string, host: string): boolean {
  if (pattern === host) return true;
  // A wildcard covers exactly one leftmost label (RFC 6125), never an IP address.
  if (!pattern.startsWith('*.') || IPV4.test(host)) return false;
  const dot = host.indexOf('.');
  return dot > 0 && host.slice(dot + 1) === pattern.slice(2);
}

/** The handshake's failure, or undefined when the client accepts the server. `cert` undefined: plain HTTP answered. */
export function handshake(client: TlsClient, cert: ServerCertificate | undefined): TlsFailure | undefined {
  if (!cert) return { kind: 'not-tls' };
  if (client.insecure) return undefined;
  const host = client.serverName.replace(/\.$/, '').toLowerCase();
  if (!cert.names.some((n) => nameMatches(n, host))) return { kind: 'name-mismatch', ipv4: IPV4.test(host) };
  const trusted = client.caBundle === undefined ? cert.issuerPem === undefined : cert.issuerPem !== undefined && client.caBundle.includes(cert.issuerPem.trim());
  if (!trusted) return cert.selfSigned ? { kind: 'self-signed-in-chain' } : { kind: 'unknown-issuer' };
  return undefined;
}

/**
 * The same decision for a server presenting a real PEM certificate (an app's --tls-cert-file):
 * trusted when the client's bundle holds a CA whose subject is the certificate's issuer, then
 * the name checked against its subjectAltNames, with x509.HostnameError's wording in `detail`.
 */
export function handshakePem(client: TlsClient, serverPem: string): TlsFailure | undefined {
  if (client.insecure) return undefined;
  const cert = parsePemCertificates(serverPem)[0];
  if (!cert) return { kind: 'unknown-issuer' };
  const roots = parsePemCertificates(client.caBundle ?? '');
  if (!roots.some((ca) => ca.isCA && ca.subject === cert.issuer)) return { kind: 'unknown-issuer' };
  const host = client.serverName.replace(/\.$/, '').toLowerCase();
  if (IPV4.test(host)) {
    if (cert.ipAddresses.includes(host)) return undefined;
    const detail = cert.ipAddresses.length ? `certificate is valid for ${cert.ipAddresses.join(', ')}, not ${host}` : `cannot validate certificate for ${host} because it doesn't contain any IP SANs`;
    return { kind: 'name-mismatch', ipv4: true, detail };
  }
  if (cert.dnsNames.some((n) => nameMatches(n.toLowerCase(), host))) return undefined;
  const detail =
    cert.dnsNames.length > 0
      ? `certificate is valid for ${cert.dnsNames.join(', ')}, not ${host}`
      : cert.subjectCN && cert.ipAddresses.length === 0
        ? 'certificate relies on legacy Common Name field, use SANs instead'
        : `certificate is not valid for any names, but wanted to match ${host}`;
  return { kind: 'name-mismatch', ipv4: false, detail };
}
