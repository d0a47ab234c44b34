/**
 * The AdmissionReview kube-apiserver POSTs (request/admissionreview.go CreateAdmissionObjects:
 * the first admissionReviewVersion it speaks, v1 or v1beta1) and VerifyAdmissionResponse's
 * checks of the answer, with their messages.
 */
import type { Webhook } from '../../../../k8s/webhook-configuration';
import type { AdmissionAttributes } from '../types';
import { admissionRequest } from '../request';

export interface AdmissionResult {
  allowed: boolean;
  patch?: string;
  patchType?: string;
  result?: { code?: number; reason?: string; message?: string; status?: string };
  warnings?: string[];
}

export function reviewVersion(h: Webhook): string | undefined {
  return (h.admissionReviewVersions ?? []).find((v) => v === 'v1' || v === 'v1beta1');
}

/** CreateV1AdmissionReview: the object (or, on DELETE, the old object) and the request's attributes. */
export function admissionReview(uid: string, version: string, a: AdmissionAttributes): Record<string, unknown> {
  const object = a.operation === 'DELETE' ? null : a.obj;
  const oldObject = (a.operation === 'DELETE' ? a.obj : a.old) ?? null;
  const request = admissionRequest(a, uid, a.obj.metadata.name ?? '', { object, oldObject });
  return { kind: 'AdmissionReview', apiVersion: `admission.k8s.io/${version}`, request };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** VerifyAdmissionResponse: the answer, or the reason it is no valid one. */
export function verifyResponse(uid: string, version: string, mutating: boolean, body: string): AdmissionResult | { error: string } {
  let review: unknown;
  try {
    review = JSON.parse(body);
  } catch {
    return { error: `couldn't get version/kind; json parse error: invalid character '${body.trim().charAt(0) || ' '}' looking for beginning of value` };
  }
  if (!isRecord(review)) return { error: 'webhook response was absent' };
  const r = review['response'];
  if (!isRecord(r)) return { error: 'webhook response was absent' };
  const result: AdmissionResult = { allowed: r['allowed'] === true };
  if (isRecord(r['status'])) result.result = r['status'] as AdmissionResult['result'];
  if (Array.isArray(r['warnings'])) result.warnings = (r['warnings'] as unknown[]).map(String);
  const patch = typeof r['patch'] === 'string' ? r['patch'] : '';
  const patchType = typeof r['patchType'] === 'string' ? r['patchType'] : undefined;
  if (version === 'v1beta1') return mutating && patch ? { ...result, patch, patchType: 'JSONPatch' } : result;
  if (r['uid'] !== uid) return { error: `expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(String(r['uid'] ?? ''))}` };
  if (review['apiVersion'] !== 'admission.k8s.io/v1' || review['kind'] !== 'AdmissionReview') {
    return { error: `expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${String(review['apiVersion'] ?? '')}, Kind=${String(review['kind'] ?? '')}` };
  }
  if (mutating) {
    if (patch && patchType === undefined) return { error: 'webhook returned response.patch but not response.patchType' };
    if (!patch && patchType !== undefined) return { error: 'webhook returned response.patchType but not response.patch' };
    if (patchType === '') return { error: 'webhook returned invalid response.patchType of ""' };
    return { ...result, ...(patch ? { patch, patchType: patchType! } : {}) };
  }
  if (patch) return { error: 'validating webhook may not return response.patch' };
  if (patchType !== undefined) return { error: 'validating webhook may not return response.patchType' };
  return result;
}
