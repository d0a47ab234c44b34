/**
 * openssl 3.0's `-text` layouts for a request and a certificate (X509_REQ_print_ex,
 * X509_print_ex), as OpenSSL 3.0.19 printed them for `openssl req -in jane.csr -noout -text` and
 * `openssl x509 -in jane.crt -noout -text` on the machine they were recorded on: the indents,
 * the 15-byte rows of a modulus, the 18-byte rows of a signature, the extensions' names and the
 * trailing space after a non-critical extension's name.
 */
import type { Certificate, CertificateRequest, PublicKey, SubjectAltNames } from '../../k8s/pkix';
import { nameOneLine } from '../../k8s/pkix-name';
import { civil } from '../../k8s/time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** ASN1_TIME_print: `Dec  6 10:22:21 2027 GMT`. */
export function opensslDate(unixMs: number): string {
  const c = civil(unixMs);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${MONTHS[c.mo - 1]} ${String(c.d).padStart(2, ' ')} ${p(c.h)}:${p(c.mi)}:${p(c.s)} ${c.y} GMT`;
}

function hexRows(bytes: readonly number[], perRow: number, indent: number, upper = false): string {
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).map((h) => (upper ? h.toUpperCase() : h));
  const rows: string[] = [];
  for (let i = 0; i < hex.length; i += perRow) rows.push(' '.repeat(indent) + hex.slice(i, i + perRow).join(':') + (i + perRow < hex.length ? ':' : ''));
  return rows.join('\n') + '\n';
}

const SIG_NAMES: Readonly<Record<string, string>> = { '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption', '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256' };

function publicKeyText(key: PublicKey): string {
  if (key.alg === 'ec') {
    return `            Public Key Algorithm: id-ecPublicKey\n                Public-Key: (256 bit)\n                pub:\n${hexRows(key.point, 15, 20)}                ASN1 OID: prime256v1\n                NIST CURVE: P-256\n`;
  }
  const m = key.modulus[0]! & 0x80 ? [0, ...key.modulus] : key.modulus;
  return `            Public Key Algorithm: rsaEncryption\n                Public-Key: (${key.modulus.length * 8} bit)\n                Modulus:\n${hexRows(m, 15, 20)}                Exponent: ${key.exponent} (0x${key.exponent.toString(16)})\n`;
}

function sansText(s: SubjectAltNames): string {
  return [...s.dnsNames.map((d) => `DNS:${d}`), ...s.emailAddresses.map((e) => `email:${e}`), ...s.uris.map((u) => `URI:${u}`), ...s.ipAddresses.map((i) => `IP Address:${i}`)].join(', ');
}

const hasSans = (s: SubjectAltNames): boolean => s.dnsNames.length + s.emailAddresses.length + s.uris.length + s.ipAddresses.length > 0;

function signatureText(alg: string, sig: readonly number[]): string {
  return `    Signature Algorithm: ${SIG_NAMES[alg] ?? alg}\n    Signature Value:\n${hexRows(sig, 18, 8)}`;
}

export function opensslRequestText(req: CertificateRequest): string {
  let out = `Certificate Request:\n    Data:\n        Version: 1 (0x0)\n        Subject: ${nameOneLine(req.subject)}\n        Subject Public Key Info:\n${publicKeyText(req.publicKey)}        Attributes:\n`;
  // A request without attributes prints `(none)` and then, still, the extensions' heading.
  if (hasSans(req)) out += `            Requested Extensions:\n                X509v3 Subject Alternative Name: \n                    ${sansText(req)}\n`;
  else out += '            (none)\n            Requested Extensions:\n';
  return out + signatureText(req.signatureAlgorithm, req.signature);
}

const KU_NAMES: Readonly<Record<string, string>> = {
  digitalSignature: 'Digital Signature',
  contentCommitment: 'Non Repudiation',
  keyEncipherment: 'Key Encipherment',
  dataEncipherment: 'Data Encipherment',
  keyAgreement: 'Key Agreement',
  keyCertSign: 'Certificate Sign',
  cRLSign: 'CRL Sign',
  encipherOnly: 'Encipher Only',
  decipherOnly: 'Decipher Only',
};
const EKU_NAMES: Readonly<Record<string, string>> = {
  serverAuth: 'TLS Web Server Authentication',
  clientAuth: 'TLS Web Client Authentication',
  codeSigning: 'Code Signing',
  emailProtection: 'E-mail Protection',
  timeStamping: 'Time Stamping',
  ocspSigning: 'OCSP Signing',
  ipsecEndSystem: 'IPSec End System',
  ipsecTunnel: 'IPSec Tunnel',
  ipsecUser: 'IPSec User',
  any: 'Any Extended Key Usage',
  microsoftSGC: 'Microsoft Server Gated Crypto',
  netscapeSGC: 'Netscape Server Gated Crypto',
};

/** A serial that fits a positive long prints as decimal and hex; a longer one as colon hex. */
function serialText(serial: readonly number[]): string {
  const s = [...serial];
  while (s.length > 1 && s[0] === 0) s.shift();
  if (s.length <= 8 && !(s.length === 8 && s[0]! & 0x80)) {
    const v = s.reduce((a, b) => a * 256n + BigInt(b), 0n);
    return `        Serial Number: ${v} (0x${v.toString(16)})\n`;
  }
  return `        Serial Number:\n            ${s.map((b) => b.toString(16).padStart(2, '0')).join(':')}\n`;
}

function extensionsText(c: Certificate): string {
  const lines: string[] = [];
  const head = (name: string, critical: boolean): string => `            X509v3 ${name}: ${critical ? 'critical' : ''}`;
  // In the certificate's own order, as X509V3_extensions_print walks them.
  for (const id of c.extensionOrder) {
    if (id === '2.5.29.15' && c.keyUsage) lines.push(head('Key Usage', c.keyUsage.critical), `                ${c.keyUsage.usages.map((u) => KU_NAMES[u]).join(', ')}`);
    if (id === '2.5.29.37' && c.extKeyUsage) lines.push(head('Extended Key Usage', false), `                ${c.extKeyUsage.map((u) => EKU_NAMES[u] ?? u).join(', ')}`);
    if (id === '2.5.29.19' && c.basicConstraints) lines.push(head('Basic Constraints', c.basicConstraints.critical), `                CA:${c.basicConstraints.ca ? 'TRUE' : 'FALSE'}`);
    if (id === '2.5.29.14' && c.subjectKeyId) lines.push(head('Subject Key Identifier', false), hexRows(c.subjectKeyId, 64, 16, true).trimEnd());
    if (id === '2.5.29.35' && c.authorityKeyId) lines.push(head('Authority Key Identifier', false), hexRows(c.authorityKeyId, 64, 16, true).trimEnd());
    if (id === '2.5.29.17' && hasSans(c)) lines.push(head('Subject Alternative Name', false), `                ${sansText(c)}`);
  }
  return lines.length ? `        X509v3 extensions:\n${lines.join('\n')}\n` : '';
}

export function opensslCertificateText(c: Certificate): string {
  return (
    `Certificate:\n    Data:\n        Version: ${c.version} (0x${(c.version - 1).toString(16)})\n${serialText(c.serial)}` +
    `        Signature Algorithm: ${SIG_NAMES[c.signatureAlgorithm] ?? c.signatureAlgorithm}\n        Issuer: ${nameOneLine(c.issuer)}\n` +
    `        Validity\n            Not Before: ${opensslDate(c.notBefore)}\n            Not After : ${opensslDate(c.notAfter)}\n` +
    `        Subject: ${nameOneLine(c.subject)}\n        Subject Public Key Info:\n${publicKeyText(c.publicKey)}${extensionsText(c)}${signatureText(c.signatureAlgorithm, c.signature)}`
  );
}
