/**
 * metav1.Status errors as kube-apiserver returns them, with apimachinery's exact messages.
 * kubectl turns these into `Error from server (<Reason>): <message>` lines.
 */
import { qualifiedResource, type ResourceInfo } from '../../k8s/resources';

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Forbidden'
  | 'Unauthorized'
  | 'MethodNotAllowed'
  | 'Timeout'
  | 'ServerTimeout'
  | 'InternalError'
  | 'Gone'
  | 'Expired'
  | 'TooManyRequests'
  | 'ServiceUnavailable'
  | 'UnsupportedMediaType'
  | 'NotAcceptable'
  | 'RequestEntityTooLarge'
  | '';

export interface StatusCause {
  type: string;
  field: string;
  message: string;
}

export interface StatusError {
  code: number;
  reason: StatusReason;
  message: string;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
}

/** A client-side failure to reach kube-apiserver at all (no HTTP status). */
export interface NetworkError {
  network: true;
  /** `host:port` the client dialled, e.g. `10.0.0.10:6443`. */
  server: string;
  message: string;
}

export function notFound(info: ResourceInfo, name: string): StatusError {
  return { code: 404, reason: 'NotFound', message: `${qualifiedResource(info)} "${name}" not found`, details: { name, group: info.group, kind: info.resource } };
}

export function alreadyExists(info: ResourceInfo, name: string): StatusError {
  return { code: 409, reason: 'AlreadyExists', message: `${qualifiedResource(info)} "${name}" already exists`, details: { name, group: info.group, kind: info.resource } };
}

export function conflict(info: ResourceInfo, name: string): StatusError {
  return {
    code: 409,
    reason: 'Conflict',
    message: `Operation cannot be fulfilled on ${qualifiedResource(info)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    details: { name, group: info.group, kind: info.resource },
  };
}

/** A DELETE's uid precondition failed (storage's Preconditions.Check, answered as a Conflict). */
export function preconditionFailed(info: ResourceInfo, name: string, wanted: string, actual: string): StatusError {
  return {
    code: 409,
    reason: 'Conflict',
    message: `Operation cannot be fulfilled on ${qualifiedResource(info)} "${name}": Precondition failed: UID in precondition: ${wanted}, UID in object meta: ${actual}`,
    details: { name, group: info.group, kind: info.resource },
  };
}

export interface FieldError {
  type: 'FieldValueRequired' | 'FieldValueInvalid' | 'FieldValueNotSupported' | 'FieldValueDuplicate' | 'FieldValueNotFound' | 'FieldValueForbidden' | 'FieldValueTooLong' | 'FieldValueTooMany';
  field: string;
  /** The rendered body after `<field>: `, e.g. `Required value` or `Invalid value: "x": must be ...`. */
  detail: string;
}

/**
 * apimachinery's NewInvalid: `Deployment.apps "x" is invalid: <aggregate>`. kubectl rebuilds its
 * own `The Deployment "x" is invalid: ...` text from `details.causes`.
 */
export function invalid(info: ResourceInfo, name: string, errs: FieldError[]): StatusError {
  const one = (e: FieldError): string => `${e.field}: ${e.detail}`;
  const body = errs.length === 1 ? one(errs[0]!) : `[${errs.map(one).join(', ')}]`;
  return {
    code: 422,
    reason: 'Invalid',
    message: `${info.group ? `${info.kind}.${info.group}` : info.kind} "${name}" is invalid: ${body}`,
    details: { name, group: info.group, kind: info.kind, causes: errs.map((e) => ({ type: e.type, field: e.field, message: e.detail })) },
  };
}

export function badRequest(message: string): StatusError {
  return { code: 400, reason: 'BadRequest', message };
}

/** The authentication filter's answer to credentials that did not verify (responsewriters.Unauthorized). */
export const UNAUTHORIZED: StatusError = { code: 401, reason: 'Unauthorized', message: 'Unauthorized' };

export function forbidden(message: string): StatusError {
  return { code: 403, reason: 'Forbidden', message };
}

export function methodNotAllowed(message: string): StatusError {
  return { code: 405, reason: 'MethodNotAllowed', message };
}

/** etcd trouble surfaces without a Status reason, so kubectl prints `Error from server: <msg>`. */
export function etcdFailure(message: string): StatusError {
  return unknownError(message);
}

/** An error that is no API status, as ErrorToAPIStatus sends it: 500, reason Unknown (empty). */
export function unknownError(message: string): StatusError {
  return { code: 500, reason: '', message };
}

export function internalError(detail: string): StatusError {
  return { code: 500, reason: 'InternalError', message: `Internal error occurred: ${detail}` };
}
