/**
 * pkg/apis/certificates/validation for v1 CertificateSigningRequests: the request must be a PEM
 * CERTIFICATE REQUEST that parses, usages present, known and unique, a signerName of the form
 * `example.com/name` (never kubernetes.io/legacy-unknown through v1), expirationSeconds ≥ 600,
 * conditions well formed (Approved, Denied and Failed only True; Approved and Denied exclusive; no
 * duplicates), status.certificate only CERTIFICATE blocks — and on update: no condition of those
 * three removed, Approved/Denied changed only through /approval, the certificate set only through
 * /status and never changed once set. Approximate: the request's self-signature is not checked
 * (no cryptography here), and the tolerance for bad data already stored is not modelled.
 */
import { pemDecode } from '../../../k8s/der';
import { LEGACY_UNKNOWN, VALID_USAGES, type CertificateSigningRequest, type CsrCondition, parseCsrOf } from '../../../k8s/certificates';
import { parseX509 } from '../../../k8s/pkix';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../k8s/string-validation';
import { decodeBase64 } from '../../../k8s/base64';
import type { FieldError } from '../status';
import { duplicate, forbidden, invalid, notSupported, path, required, semanticEqual, tooLong, type Path } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';

const TRUE_ONLY = new Set(['Approved', 'Denied', 'Failed']);

/** apivalidation.ValidateSignerName. */
export function validateSignerName(p: Path, signerName: string): FieldError[] {
  if (!signerName) return [required(p)];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [invalid(p, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const errs: FieldError[] = [];
  const [domain, name] = segments as [string, string];
  if (domain.length > 253) errs.push(tooLong(p, 253));
  const domainLabels = domain.split('.');
  for (const label of domainLabels) {
    const e = isDNS1123Label(label);
    if (e.length) {
      errs.push(...e.map((m) => invalid(p, domain, `validating label ${JSON.stringify(label)}: ${m}`)));
      break;
    }
  }
  if (domainLabels.length < 2) errs.push(invalid(p, domain, 'should be a domain with at least two segments separated by dots'));
  for (const label of name.split('.')) {
    const e = isDNS1123Subdomain(label);
    if (e.length) {
      errs.push(...e.map((m) => invalid(p, name, `validating label ${JSON.stringify(label)}: ${m}`)));
      break;
    }
  }
  if (signerName.length > 571) errs.push(tooLong(p, 571));
  return errs;
}

/** validateCertificate: status.certificate's PEM, every block a CERTIFICATE that parses. */
function certificateError(b64: string | undefined): string | undefined {
  if (!b64) return undefined;
  let pem = decodeBase64(b64);
  let blocks = 0;
  for (;;) {
    const block = pemDecode(pem);
    if (!block) break;
    if (block.label !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found ${JSON.stringify(block.label)}`;
    blocks++;
    if (!parseX509(block.der)) return 'x509: malformed certificate';
    pem = pem.slice(pem.indexOf(`-----END ${block.label}-----`) + block.label.length + 14);
  }
  return blocks ? undefined : 'must contain at least one CERTIFICATE PEM block';
}

function validateConditions(conditions: readonly CsrCondition[]): FieldError[] {
  const p = path('status', 'conditions');
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditions.forEach((c, i) => {
    if (!c.type) errs.push(required(p.index(i).child('type')));
    const allowed = TRUE_ONLY.has(c.type) ? ['True'] : ['False', 'True', 'Unknown'];
    if (!c.status) errs.push(required(p.index(i).child('status')));
    else if (!allowed.includes(c.status)) errs.push(notSupported(p.index(i).child('status'), c.status, allowed));
    if (c.type === 'Approved') {
      approved = true;
      if (denied) errs.push(invalid(p.index(i).child('type'), c.type, 'Approved and Denied conditions are mutually exclusive'));
    }
    if (c.type === 'Denied') {
      denied = true;
      if (approved) errs.push(invalid(p.index(i).child('type'), c.type, 'Approved and Denied conditions are mutually exclusive'));
    }
    if (seen.has(c.type)) errs.push(duplicate(p.index(i).child('type'), c.type));
    seen.add(c.type);
  });
  return errs;
}

function validateCsr(csr: CertificateSigningRequest, old: CertificateSigningRequest | undefined): FieldError[] {
  const errs = validateObjectMeta(csr.metadata, false, () => []);
  const sp = path('spec');
  const spec = csr.spec ?? ({} as CertificateSigningRequest['spec']);
  const parsed = parseCsrOf(csr);
  if (!parsed.ok) errs.push(invalid(sp.child('request'), spec.request ?? '', parsed.message));
  const usages = spec.usages ?? [];
  if (!usages.length) errs.push(required(sp.child('usages')));
  const sorted = [...VALID_USAGES].sort();
  usages.forEach((u, i) => {
    if (!VALID_USAGES.includes(u)) errs.push(notSupported(sp.child('usages').index(i), u, sorted));
  });
  const seen = new Set<string>();
  usages.forEach((u, i) => {
    if (seen.has(u)) errs.push(duplicate(sp.child('usages').index(i), u));
    seen.add(u);
  });
  // allowLegacySignerName: only an object stored with it already (through v1beta1) keeps it.
  if (spec.signerName === LEGACY_UNKNOWN && old?.spec.signerName !== LEGACY_UNKNOWN) errs.push(invalid(sp.child('signerName'), spec.signerName, 'the legacy signerName is not allowed via this API version'));
  else errs.push(...validateSignerName(sp.child('signerName'), spec.signerName ?? ''));
  if (spec.expirationSeconds !== undefined && spec.expirationSeconds < 600) errs.push(invalid(sp.child('expirationSeconds'), spec.expirationSeconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
  errs.push(...validateConditions(csr.status?.conditions ?? []));
  // allowArbitraryCertificate: an update that leaves the certificate as stored is not re-checked.
  if (!(old && old.status?.certificate === csr.status?.certificate)) {
    const bad = certificateError(csr.status?.certificate);
    if (bad) errs.push(invalid(path('status', 'certificate'), '<certificate data>', bad));
  }
  return errs;
}

function conditionsOf(csr: CertificateSigningRequest, type: string): CsrCondition[] {
  return (csr.status?.conditions ?? []).filter((c) => c.type === type);
}

/**
 * ValidateCertificateSigningRequestCreate, and the update variants by subresource: `approval`
 * may set Approved/Denied, `status` may set the certificate, the object itself neither.
 */
export function validateCertificateSigningRequest(csr: CertificateSigningRequest, old: CertificateSigningRequest | undefined, subresource: string | undefined): FieldError[] {
  const errs = validateCsr(csr, old);
  if (!old) return errs;
  const cp = path('status', 'conditions');
  for (const t of ['Approved', 'Denied', 'Failed']) {
    if (conditionsOf(csr, t).length < conditionsOf(old, t).length) errs.push(forbidden(cp, `updates may not remove a condition of type ${JSON.stringify(t)}`));
  }
  if (subresource !== 'approval') {
    for (const t of ['Approved', 'Denied']) {
      const was = conditionsOf(old, t);
      const now = conditionsOf(csr, t);
      if (now.length > was.length) errs.push(forbidden(cp, `updates may not add a condition of type ${JSON.stringify(t)}`));
      // Approximate: upstream appends cmp.Diff's rendering of the change to this message.
      else if (now.length === was.length && !semanticEqual(was, now)) errs.push(forbidden(cp, `updates may not modify a condition of type ${JSON.stringify(t)}`));
    }
  }
  if ((csr.status?.certificate ?? '') !== (old.status?.certificate ?? '')) {
    if (subresource !== 'status') errs.push(forbidden(path('status', 'certificate'), 'updates may not set certificate content'));
    else if (old.status?.certificate) errs.push(forbidden(path('status', 'certificate'), 'updates may not modify existing certificate content'));
  }
  errs.push(...validateObjectMetaUpdate(csr.metadata, old.metadata));
  return errs;
}
