/**
 * The PKI objects of the certificate flow, as real DER structures with no cryptography: an RSA
 * private key (PKCS#8, as `openssl genrsa` writes it), a PKCS#10 certificate request (`openssl req
 * -new`, a kubelet's TLS bootstrap), and an X.509 v3 certificate (kube-controller-manager's
 * signer). Every structure parses with any DER reader; the numbers in them are not: a key's
 * modulus is seeded bytes rather than a product of primes, and signatures are bytes the signer
 * derives from what it signs (cluster-ca.ts's caSignature), so only this simulation's CA can
 * make a certificate kube-apiserver accepts. Callers supply those bytes; this module only lays
 * them out and reads them back.
 */
import { bits, bool, bytesOf, children, ctx, NULL, octets, oid, oidOf, readTlv, seq, set, small, textOf, time, timeOf, tlv, uint, type Tlv } from './der';
import { nameDer, nameFromDer, type NameAttr } from './pkix-name';

const RSA = '1.2.840.113549.1.1.1';
const EC = '1.2.840.10045.2.1';
const P256 = '1.2.840.10045.3.1.7';
const SHA256_RSA = '1.2.840.113549.1.1.11';
const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';

export type PublicKey = { alg: 'rsa'; modulus: number[]; exponent: number } | { alg: 'ec'; point: number[] };

export interface SubjectAltNames {
  dnsNames: string[];
  ipAddresses: string[];
  emailAddresses: string[];
  uris: string[];
}

export interface CertificateRequest extends SubjectAltNames {
  subject: NameAttr[];
  publicKey: PublicKey;
  signatureAlgorithm: string;
  signature: number[];
}

export interface Certificate extends SubjectAltNames {
  version: number;
  serial: number[];
  signatureAlgorithm: string;
  issuer: NameAttr[];
  notBefore: number;
  notAfter: number;
  subject: NameAttr[];
  publicKey: PublicKey;
  /** RFC 5280 keyUsage bit names (`digitalSignature`), in bit order; critical when present. */
  keyUsage?: { critical: boolean; usages: string[] };
  extKeyUsage?: string[];
  basicConstraints?: { critical: boolean; ca: boolean };
  authorityKeyId?: number[];
  subjectKeyId?: number[];
  /** The extensions' OIDs in the order the certificate lists them (openssl prints them so). */
  extensionOrder: string[];
  /** The signed part, whose bytes the signature covers. */
  tbs: number[];
  signature: number[];
}

export function publicKeyDer(key: PublicKey): number[] {
  if (key.alg === 'ec') return seq(seq(oid(EC), oid(P256)), bits(key.point));
  return seq(seq(oid(RSA), NULL), bits(seq(uint(key.modulus), small(key.exponent))));
}

function readPublicKey(b: Uint8Array, spki: Tlv): PublicKey {
  const [algId, bitString] = children(b, spki);
  const alg = oidOf(b, children(b, algId!)[0]!);
  const keyBytes = bytesOf(b, bitString!).slice(1);
  if (alg === EC) return { alg: 'ec', point: keyBytes };
  const inner = new Uint8Array(keyBytes);
  const [n, e] = children(inner, readTlv(inner, 0));
  const modulus = bytesOf(inner, n!);
  while (modulus.length > 1 && modulus[0] === 0) modulus.shift();
  return { alg: 'rsa', modulus, exponent: bytesOf(inner, e!).reduce((a, x) => a * 256 + x, 0) };
}

/** A PKIX SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`), undefined when it does not parse. */
export function parsePublicKeyDer(der: Uint8Array): PublicKey | undefined {
  try {
    return readPublicKey(der, readTlv(der, 0));
  } catch {
    return undefined;
  }
}

// ---- RSA private keys ----

/**
 * A PKCS#8 PrivateKeyInfo around a PKCS#1 RSAPrivateKey whose modulus is `modulus` and whose
 * other numbers are `filler` (a real key's d, p, q… are as long; these are not them).
 */
export function rsaPrivateKeyDer(modulus: readonly number[], filler: (n: number) => number[]): number[] {
  return seq(small(0), seq(oid(RSA), NULL), octets(rsaPkcs1PrivateKeyDer(modulus, filler)));
}

/** The PKCS#1 RSAPrivateKey alone (`RSA PRIVATE KEY`, as kubeadm writes a kubeconfig's client key). */
export function rsaPkcs1PrivateKeyDer(modulus: readonly number[], filler: (n: number) => number[]): number[] {
  const half = modulus.length / 2;
  return seq(small(0), uint(modulus), small(65537), uint(filler(modulus.length)), uint(filler(half)), uint(filler(half)), uint(filler(half)), uint(filler(half)), uint(filler(half)));
}

/** The public half of a PEM private key's DER: PKCS#8 (`PRIVATE KEY`) or PKCS#1 (`RSA PRIVATE KEY`). */
export function publicKeyOfPrivate(der: Uint8Array, label: string): PublicKey | undefined {
  try {
    let rsa = der;
    if (label === 'PRIVATE KEY') {
      const [, algId, key] = children(der, readTlv(der, 0));
      if (oidOf(der, children(der, algId!)[0]!) !== RSA) return undefined;
      rsa = der.subarray(key!.body, key!.end);
    } else if (label !== 'RSA PRIVATE KEY') return undefined;
    const [, n, e] = children(rsa, readTlv(rsa, 0));
    const modulus = bytesOf(rsa, n!);
    while (modulus.length > 1 && modulus[0] === 0) modulus.shift();
    return { alg: 'rsa', modulus, exponent: bytesOf(rsa, e!).reduce((a, x) => a * 256 + x, 0) };
  } catch {
    return undefined;
  }
}

// ---- Subject alternative names ----

function sanDer(s: Partial<SubjectAltNames>): number[] | undefined {
  const names: number[][] = [];
  for (const d of s.dnsNames ?? []) names.push(tlv(0x82, [...d].map((c) => c.charCodeAt(0))));
  for (const e of s.emailAddresses ?? []) names.push(tlv(0x81, [...e].map((c) => c.charCodeAt(0))));
  for (const u of s.uris ?? []) names.push(tlv(0x86, [...u].map((c) => c.charCodeAt(0))));
  for (const ip of s.ipAddresses ?? []) names.push(tlv(0x87, ip.includes(':') ? ipv6Bytes(ip) : ip.split('.').map(Number)));
  return names.length ? seq(...names) : undefined;
}

/** An IPv6 address's 16 bytes (`::` expanded), as Go's net.IP holds `::1` in a SAN. */
function ipv6Bytes(text: string): number[] {
  const [head = '', tail] = text.split('::');
  const groups = (s: string): number[] => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

function readSans(b: Uint8Array, inner: Tlv, into: SubjectAltNames): void {
  for (const g of children(b, inner)) {
    if (g.tag === 0x82) into.dnsNames.push(textOf(b, g));
    if (g.tag === 0x81) into.emailAddresses.push(textOf(b, g));
    if (g.tag === 0x86) into.uris.push(textOf(b, g));
    if (g.tag === 0x87 && g.end - g.body === 4) into.ipAddresses.push(bytesOf(b, g).join('.'));
    // OpenSSL 3.0 prints an IPv6 SAN as eight uncompressed hex groups (`0:0:0:0:0:0:0:1`, recorded).
    if (g.tag === 0x87 && g.end - g.body === 16) {
      const v = bytesOf(b, g);
      into.ipAddresses.push(Array.from({ length: 8 }, (_, i) => ((v[2 * i]! << 8) | v[2 * i + 1]!).toString(16).toUpperCase()).join(':'));
    }
  }
}

const noSans = (): SubjectAltNames => ({ dnsNames: [], ipAddresses: [], emailAddresses: [], uris: [] });

// ---- PKCS#10 ----

/** The CertificationRequestInfo a request signs: version 0, subject, key, and its SANs as an extensionRequest. */
export function csrInfoDer(subject: readonly NameAttr[], key: PublicKey, sans: Partial<SubjectAltNames> = {}): number[] {
  const san = sanDer(sans);
  const attrs = san ? ctx(0, set(seq(oid(EXTENSION_REQUEST), set(seq(seq(oid('2.5.29.17'), octets(san))))))) : ctx(0, []);
  return seq(small(0), nameDer(subject), publicKeyDer(key), attrs);
}

export function csrDer(info: number[], key: PublicKey, signature: readonly number[]): number[] {
  return seq(info, seq(oid(key.alg === 'ec' ? ECDSA_SHA256 : SHA256_RSA), ...(key.alg === 'ec' ? [] : [NULL])), bits(signature));
}

export function parseCertificateRequest(der: Uint8Array): CertificateRequest | undefined {
  try {
    const [info, algId, sig] = children(der, readTlv(der, 0));
    const [, subject, spki, attrs] = children(der, info!);
    const req: CertificateRequest = { subject: nameFromDer(der, subject!), publicKey: readPublicKey(der, spki!), signatureAlgorithm: oidOf(der, children(der, algId!)[0]!), signature: bytesOf(der, sig!).slice(1), ...noSans() };
    for (const attr of attrs ? children(der, attrs) : []) {
      const [type, values] = children(der, attr);
      if (oidOf(der, type!) !== EXTENSION_REQUEST) continue;
      for (const ext of children(der, children(der, values!)[0]!)) {
        const parts = children(der, ext);
        if (oidOf(der, parts[0]!) === '2.5.29.17') readSans(der, readTlv(der, parts[parts.length - 1]!.body), req);
      }
    }
    return req;
  } catch {
    return undefined;
  }
}

// ---- X.509 ----

/** RFC 5280's keyUsage bits, in order. */
export const KEY_USAGE_BITS = ['digitalSignature', 'contentCommitment', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign', 'encipherOnly', 'decipherOnly'] as const;
export type KeyUsageBit = (typeof KEY_USAGE_BITS)[number];

/** extKeyUsage OIDs by the names certificates.k8s.io's usages give them. */
export const EXT_KEY_USAGES: Readonly<Record<string, string>> = {
  any: '2.5.29.37.0',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  codeSigning: '1.3.6.1.5.5.7.3.3',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  ipsecEndSystem: '1.3.6.1.5.5.7.3.5',
  ipsecTunnel: '1.3.6.1.5.5.7.3.6',
  ipsecUser: '1.3.6.1.5.5.7.3.7',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  ocspSigning: '1.3.6.1.5.5.7.3.9',
  microsoftSGC: '1.3.6.1.4.1.311.10.3.3',
  netscapeSGC: '2.16.840.1.113730.4.1',
};
const EKU_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(EXT_KEY_USAGES).map(([k, v]) => [v, k]));

/** Go's marshalKeyUsage: the bits set, trailing zero bits counted as unused. */
function keyUsageDer(usages: readonly KeyUsageBit[]): number[] {
  const bytes = [0, 0];
  for (const u of usages) {
    const i = KEY_USAGE_BITS.indexOf(u);
    bytes[i >> 3]! |= 0x80 >> (i & 7);
  }
  const content = bytes[1] ? bytes : [bytes[0]!];
  const last = content[content.length - 1]!;
  let unused = 0;
  while (unused < 7 && last && !(last & (1 << unused))) unused++;
  return tlv(0x03, [last ? unused : 0, ...content]);
}

function ext(id: string, critical: boolean, value: number[]): number[] {
  return seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
}

export interface CertificateTemplate {
  serial: number[];
  issuer: readonly NameAttr[];
  subject: readonly NameAttr[];
  notBefore: number;
  notAfter: number;
  publicKey: PublicKey;
  keyUsage: KeyUsageBit[];
  extKeyUsage: string[];
  /** The issuer's subjectKeyId; absent on a self-signed root, as Go leaves it out there. */
  authorityKeyId?: number[];
  /** A CA certificate (basicConstraints CA:TRUE) and the subjectKeyId it names itself by. */
  ca?: { subjectKeyId: number[] };
  sans?: Partial<SubjectAltNames>;
}

/**
 * The TBSCertificate Go's x509.CreateCertificate writes: v3, sha256WithRSA, and its extensions in
 * Go's order (keyUsage critical, extKeyUsage, basicConstraints critical — CA:FALSE for a leaf,
 * CA:TRUE for a CA —, subjectKeyIdentifier for a CA, authorityKeyIdentifier unless self-signed,
 * subjectAltName). Names are marshalled as Go marshals them.
 */
export function tbsCertificateDer(t: CertificateTemplate): number[] {
  const exts: number[][] = [];
  if (t.keyUsage.length) exts.push(ext('2.5.29.15', true, keyUsageDer(t.keyUsage)));
  if (t.extKeyUsage.length) exts.push(ext('2.5.29.37', false, seq(...t.extKeyUsage.map((u) => oid(EXT_KEY_USAGES[u]!)))));
  exts.push(ext('2.5.29.19', true, t.ca ? seq(bool(true)) : seq()));
  if (t.ca) exts.push(ext('2.5.29.14', false, octets(t.ca.subjectKeyId)));
  if (t.authorityKeyId) exts.push(ext('2.5.29.35', false, seq(tlv(0x80, t.authorityKeyId))));
  const san = sanDer(t.sans ?? {});
  if (san) exts.push(ext('2.5.29.17', false, san));
  return seq(ctx(0, small(2)), uint(t.serial), seq(oid(SHA256_RSA), NULL), nameDer(t.issuer, true), seq(time(t.notBefore), time(t.notAfter)), nameDer(t.subject, true), publicKeyDer(t.publicKey), ctx(3, seq(...exts)));
}

export function certificateDer(tbs: number[], signature: readonly number[]): number[] {
  return seq(tbs, seq(oid(SHA256_RSA), NULL), bits(signature));
}

export function parseX509(der: Uint8Array): Certificate | undefined {
  try {
    const [tbsT, algId, sig] = children(der, readTlv(der, 0));
    const tbs = children(der, tbsT!);
    const v = tbs[0]?.tag === 0xa0 ? 1 : 0;
    const version = v ? bytesOf(der, children(der, tbs[0]!)[0]!).reduce((a, x) => a * 256 + x, 0) + 1 : 1;
    const serial = bytesOf(der, tbs[v]!);
    const validity = children(der, tbs[v + 3]!);
    const cert: Certificate = {
      version,
      serial,
      signatureAlgorithm: oidOf(der, children(der, algId!)[0]!),
      issuer: nameFromDer(der, tbs[v + 2]!),
      notBefore: timeOf(der, validity[0]!),
      notAfter: timeOf(der, validity[1]!),
      subject: nameFromDer(der, tbs[v + 4]!),
      publicKey: readPublicKey(der, tbs[v + 5]!),
      tbs: [...der.subarray(tbsT!.start, tbsT!.end)],
      signature: bytesOf(der, sig!).slice(1),
      extensionOrder: [],
      ...noSans(),
    };
    const extsT = tbs.find((t) => t.tag === 0xa3);
    for (const e of extsT ? children(der, children(der, extsT)[0]!) : []) {
      const parts = children(der, e);
      const id = oidOf(der, parts[0]!);
      cert.extensionOrder.push(id);
      const critical = parts.length === 3 && der[parts[1]!.body] !== 0;
      const inner = readTlv(der, parts[parts.length - 1]!.body);
      if (id === '2.5.29.15') {
        const b = bytesOf(der, inner).slice(1);
        cert.keyUsage = { critical, usages: KEY_USAGE_BITS.filter((_, i) => ((b[i >> 3] ?? 0) & (0x80 >> (i & 7))) !== 0) };
      }
      if (id === '2.5.29.37') cert.extKeyUsage = children(der, inner).map((t) => EKU_NAMES[oidOf(der, t)] ?? oidOf(der, t));
      if (id === '2.5.29.19') cert.basicConstraints = { critical, ca: children(der, inner).some((c) => c.tag === 0x01 && der[c.body] !== 0) };
      if (id === '2.5.29.35') cert.authorityKeyId = children(der, inner).filter((c) => c.tag === 0x80).flatMap((c) => bytesOf(der, c));
      if (id === '2.5.29.14') cert.subjectKeyId = bytesOf(der, inner);
      if (id === '2.5.29.17') readSans(der, inner, cert);
    }
    return cert;
  } catch {
    return undefined;
  }
}
