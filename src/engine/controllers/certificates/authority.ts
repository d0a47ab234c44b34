/**
 * kube-controller-manager's local CA (pkg/controller/certificates/authority): signs a request with
 * the cluster CA kubeadm gave it (--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt) under
 * PermissiveSigningPolicy — the request's subject (as Go re-encodes a parsed Name) and SANs, its
 * key, the usages asked for, NotBefore backdated 5 minutes, NotAfter after the TTL (the
 * request's expirationSeconds within [10 min, --cluster-signing-duration 8760h], backdated too
 * unless shorter than 8 h). The certificate is a real X.509 structure; its serial is seeded from
 * the request and the moment (no draw from the world's PRNG), its signature from the
 * simulated CA (cluster-ca.ts's caSignature).
 */
import { certificateUsages } from '../../../k8s/certificates';
import { pemEncode } from '../../../k8s/der';
import { certificateDer, tbsCertificateDer, type CertificateRequest } from '../../../k8s/pkix';
import { goNameOrder } from '../../../k8s/pkix-name';
import { fnv1a } from '../../../k8s/sha256';
import { nextUint32, seedRng } from '../../core/rng';
import { EPOCH_MS } from '../../../k8s/time';
import { caKeyId, caSignature, CLUSTER_CA_SUBJECT } from '../../apiserver/cluster-ca';
import type { World } from '../../world';

/** --cluster-signing-duration's default (kubeadm leaves it). */
export const CLUSTER_SIGNING_DURATION_MS = 8760 * 3600_000;
const BACKDATE_MS = 5 * 60_000;
const SHORT_MS = 8 * 3600_000;
const MIN_MS = 10 * 60_000;

/** signer.duration: the requested lifetime, clamped. */
export function certificateTtl(expirationSeconds: number | undefined): number {
  if (expirationSeconds === undefined) return CLUSTER_SIGNING_DURATION_MS;
  return Math.min(CLUSTER_SIGNING_DURATION_MS, Math.max(MIN_MS, expirationSeconds * 1000));
}

/** The PEM certificate for `req`, issued now (or at simulated time `at`). */
export function signRequest(w: World, req: CertificateRequest, requestB64: string, usages: readonly string[], expirationSeconds: number | undefined, at: number = w.now): string {
  const now = EPOCH_MS + at;
  const ttl = certificateTtl(expirationSeconds);
  // authority.Sign: a random 128-bit serial; here one derived from what is signed, and when.
  const rng = seedRng(fnv1a(`${at}|${w.seed}|${requestB64}`));
  const serial = Array.from({ length: 16 }, () => nextUint32(rng) & 0xff);
  serial[0]! &= 0x7f;
  const { keyUsage, extKeyUsage } = certificateUsages(usages);
  const tbs = tbsCertificateDer({
    serial,
    issuer: CLUSTER_CA_SUBJECT,
    subject: goNameOrder(req.subject),
    notBefore: now - BACKDATE_MS,
    notAfter: ttl < SHORT_MS ? now + ttl : now + ttl - BACKDATE_MS,
    publicKey: req.publicKey,
    keyUsage,
    extKeyUsage,
    authorityKeyId: caKeyId(w),
    sans: req,
  });
  return pemEncode('CERTIFICATE', certificateDer(tbs, caSignature(w, tbs)));
}
