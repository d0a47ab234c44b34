/**
 * X.501 distinguished names as the certificates here carry them: the subject a learner types to
 * `openssl req -subj "/CN=jane/O=dev"`, its DER (one attribute per RDN, as openssl and Go write
 * them), and the one-line form openssl prints (`CN = jane, O = dev`). A client certificate's
 * subject is its identity to kube-apiserver: CN the user, each O a group.
 */
import { children, oid, oidOf, printable, readTlv, seq, set, textOf, utf8, type Tlv } from './der';

export interface NameAttr {
  /** openssl's short name: CN, O, OU, C, ST, L, … */
  type: string;
  value: string;
}

const OIDS: Readonly<Record<string, string>> = {
  CN: '2.5.4.3',
  SN: '2.5.4.4',
  serialNumber: '2.5.4.5',
  C: '2.5.4.6',
  L: '2.5.4.7',
  ST: '2.5.4.8',
  street: '2.5.4.9',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  postalCode: '2.5.4.17',
};
const NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(OIDS).map(([k, v]) => [v, k]));

/**
 * `-subj`'s form, `/type0=value0/type1=value1`, with `\` escaping; the error text is openssl
 * 3.0's (`openssl req -subj CN=jane` on OpenSSL 3.0.19), and so are the warnings.
 */
export function parseSubjectArg(text: string): { ok: true; attrs: NameAttr[]; warnings: string[] } | { ok: false; message: string } {
  const notFormat = `subject name is expected to be in the format /type0=value0/type1=value1/type2=... where characters may be escaped by \\. This name is not in that format: '${text}'`;
  if (!text.startsWith('/')) return { ok: false, message: notFormat };
  const attrs: NameAttr[] = [];
  const warnings: string[] = [];
  let i = 1;
  while (i < text.length) {
    let type = '';
    while (i < text.length && text[i] !== '=') type += text[i++];
    if (text[i] !== '=') return { ok: false, message: notFormat };
    i++;
    let value = '';
    while (i < text.length && text[i] !== '/') {
      if (text[i] === '\\' && i + 1 < text.length) i++;
      value += text[i++];
    }
    i++;
    // openssl 3.0.19 warns and goes on: `req warning: Skipping unknown subject name attribute "FOO"`.
    if (!OIDS[type]) warnings.push(`Skipping unknown subject name attribute "${type}"`);
    else if (value === '') warnings.push(`No value provided for subject name attribute "${type}", skipped`);
    else attrs.push({ type, value });
  }
  return { ok: true, attrs, warnings };
}

/** Go's isPrintable (asn1.go): PrintableString's alphabet, which Go's encoder prefers to UTF8String. */
const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/**
 * The Name's DER, one attribute per RDN SET. `goStrings`: as Go's pkix marshals it (PrintableString
 * when the value allows it), which kube-controller-manager's signer writes; else UTF8String, as openssl does.
 */
export function nameDer(attrs: readonly NameAttr[], goStrings = false): number[] {
  return seq(...attrs.map((a) => set(seq(oid(OIDS[a.type] ?? '2.5.4.3'), goStrings && PRINTABLE.test(a.value) ? printable(a.value) : utf8(a.value)))));
}

export function nameFromDer(b: Uint8Array, name: Tlv): NameAttr[] {
  const out: NameAttr[] = [];
  for (const rdn of children(b, name)) {
    for (const atv of children(b, rdn)) {
      const [type, value] = children(b, atv);
      if (type && value) out.push({ type: NAMES[oidOf(b, type)] ?? oidOf(b, type), value: textOf(b, value) });
    }
  }
  return out;
}

/** openssl's default name printing (XN_FLAG_ONELINE without the spaces dropped): `CN = jane, O = dev`. */
export function nameOneLine(attrs: readonly NameAttr[]): string {
  return attrs.map((a) => `${a.type} = ${/[,+"\\<>;]/.test(a.value) || /^[ #]|[ ]$/.test(a.value) ? JSON.stringify(a.value) : a.value}`).join(', ');
}

/**
 * pkix.Name's reading of a subject: its CommonName and each Organization. Go's
 * FillFromRDNSequence keeps the last CN and every O in order.
 */
export function identityOf(attrs: readonly NameAttr[]): { commonName: string; organizations: string[] } {
  let commonName = '';
  const organizations: string[] = [];
  for (const a of attrs) {
    if (a.type === 'CN') commonName = a.value;
    if (a.type === 'O') organizations.push(a.value);
  }
  return { commonName, organizations };
}

/**
 * Go's ToRDNSequence order, which a Name parsed and marshalled again takes (the signer re-encodes
 * the request's subject): C, ST, L, street, postalCode, O, OU, CN, serialNumber.
 */
export function goNameOrder(attrs: readonly NameAttr[]): NameAttr[] {
  const order = ['C', 'ST', 'L', 'street', 'postalCode', 'O', 'OU', 'CN', 'serialNumber'];
  const out: NameAttr[] = [];
  for (const t of order) out.push(...attrs.filter((a) => a.type === t));
  return out;
}

/** Reads a standalone Name's DER (tests and callers holding bytes). */
export function readName(der: Uint8Array): NameAttr[] {
  return nameFromDer(der, readTlv(der, 0));
}
