/**
 * csrcleaner (pkg/controller/certificates/cleaner): once an hour lists the requests and deletes
 * one that is issued and approved more than an hour ago, denied or failed more than an hour
 * ago, pending (no conditions) more than 24 hours after its creation, or whose certificate has
 * expired — so the node-csr-… of a join are gone an hour later, as on a real cluster.
 */
import { pemDecode } from '../../../k8s/der';
import type { CertificateSigningRequest } from '../../../k8s/certificates';
import { decodeBase64 } from '../../../k8s/base64';
import { parseX509 } from '../../../k8s/pkix';
import { EPOCH_MS, parseTimestamp } from '../../../k8s/time';
import { componentId } from '../../core/ids';
import { DONE, type ControllerContext, type ControllerDef } from '../framework';
import { statusCode } from '../util/errors';

const POLLING_MS = 3600_000;
const APPROVED_MS = 3600_000;
const DENIED_MS = 3600_000;
const FAILED_MS = 3600_000;
const PENDING_MS = 24 * 3600_000;

function olderThan(now: number, stamp: string | undefined, ms: number): boolean {
  if (!stamp) return false;
  const t = parseTimestamp(stamp);
  return !Number.isNaN(t) && now - t > ms;
}

function expired(csr: CertificateSigningRequest, now: number): boolean {
  const block = csr.status?.certificate ? pemDecode(decodeBase64(csr.status.certificate)) : undefined;
  const cert = block ? parseX509(block.der) : undefined;
  return cert !== undefined && EPOCH_MS + now > cert.notAfter;
}

/** Whether the cleaner deletes `csr` at `now` (isIssuedPastDeadline, isDeniedPastDeadline, isFailedPastDeadline, isPendingPastDeadline, isIssuedExpired). */
export function pastDeadline(csr: CertificateSigningRequest, now: number): boolean {
  const conditions = csr.status?.conditions ?? [];
  const issued = !!csr.status?.certificate;
  if (!conditions.length && olderThan(now, csr.metadata.creationTimestamp, PENDING_MS)) return true;
  for (const c of conditions) {
    if (c.type === 'Approved' && issued && (olderThan(now, c.lastUpdateTime, APPROVED_MS) || expired(csr, now))) return true;
    if (c.type === 'Denied' && olderThan(now, c.lastUpdateTime, DENIED_MS)) return true;
    if (c.type === 'Failed' && olderThan(now, c.lastUpdateTime, FAILED_MS)) return true;
  }
  return false;
}

function sweep(ctx: ControllerContext): void {
  for (const obj of ctx.cache('certificatesigningrequests').cache.values()) {
    const csr = obj as CertificateSigningRequest;
    if (!pastDeadline(csr, ctx.w.now)) continue;
    const res = ctx.request({ verb: 'delete', resource: 'certificatesigningrequests', name: csr.metadata.name ?? '' });
    if (!res.ok && statusCode(res) !== 404) continue;
  }
}

export const csrCleanerController: ControllerDef = {
  name: 'csrcleaner',
  actor: componentId('csrcleaner'),
  serviceAccount: 'certificate-controller',
  informers: ['certificatesigningrequests'],
  keysFor: () => [],
  reconcile: () => DONE,
  periodic: [{ name: 'csrcleaner', every: () => POLLING_MS, run: sweep }],
};
