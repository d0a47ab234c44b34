/**
 * metav1.Status bodies as kube-apiserver writes them for a failed request, with the HTTP code in
 * both the status line and the body, so client-go's error decoding reads the reason and message
 * exactly as the engine produced them.
 */
import type { NetworkError, StatusError } from '../engine/index';

export const ACCEPTED_MEDIA_TYPES = 'application/json, application/merge-patch+json, application/strategic-merge-patch+json, application/json-patch+json, application/vnd.kubernetes.protobuf';

export interface StatusBody {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: StatusError['details'];
  code: number;
}

/** A Status error: the engine's own, or one only the HTTP front can raise (Expired, UnsupportedMediaType). */
export interface HttpError {
  code: number;
  reason: StatusError['reason'] | 'Expired' | 'UnsupportedMediaType' | 'ServiceUnavailable' | 'RequestEntityTooLarge';
  message: string;
  details?: StatusError['details'];
}

/** In metav1.Status's field order (message, reason, details, code), as encoding/json writes it. */
export function failure(e: HttpError): StatusBody {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: e.message, ...(e.reason ? { reason: e.reason } : {}), ...(e.details ? { details: e.details } : {}), code: e.code };
}

/**
 * The simulated cluster could not be reached (its kube-apiserver is down or cut off by a fault).
 * A real kubectl would fail to dial; over this one connection the closest honest answer is a 503
 * carrying the dial error the simulated kubectl would print.
 */
export function unreachable(e: NetworkError): HttpError {
  return { code: 503, reason: 'ServiceUnavailable', message: `simulated kube-apiserver unreachable: ${e.message}` };
}

export const notFoundPath: HttpError = { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' };

export const methodNotAllowed: HttpError = { code: 405, reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' };

export const unauthorized: HttpError = { code: 401, reason: 'Unauthorized', message: 'Unauthorized' };

export function badRequest(message: string): HttpError {
  return { code: 400, reason: 'BadRequest', message };
}

export function unsupportedMediaType(contentType: string): HttpError {
  return { code: 415, reason: 'UnsupportedMediaType', message: `the body of the request was in an unknown format - accepted media types include: ${ACCEPTED_MEDIA_TYPES} (${contentType})` };
}

/** The watch cache no longer holds the requested resourceVersion (the watch cache's Expired, storage/cacher/watch_cache_history.go). */
export function tooOld(requested: number, oldest: number): HttpError {
  return { code: 410, reason: 'Expired', message: `too old resource version: ${requested} (${oldest})` };
}
