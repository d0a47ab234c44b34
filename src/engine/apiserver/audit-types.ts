/**
 * The shapes of kube-apiserver's audit log (audit.ts writes and renders them). A declaration
 * leaf, so the apiserver's state can hold its log without reaching code through its types.
 */
import type { ComponentId } from '../core/ids';

/** audit.k8s.io/v1 ObjectReference, fields in the struct's order. */
export interface AuditObjectRef {
  resource: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion: string;
  resourceVersion?: string;
  subresource?: string;
}

export interface AuditUser {
  name: string;
  groups: string[];
  uid?: string;
}

export interface AuditStatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: { type: string; field: string; message: string }[];
  retryAfterSeconds?: number;
}

export interface AuditRecord {
  /** The request's number (w.nextRequestId): orders events across apiservers and keys the auditID. */
  n: number;
  at: number;
  /** Microseconds past `at` the request was received (rising within one millisecond). */
  receivedMicros?: number;
  server: ComponentId;
  requestURI: string;
  verb: string;
  user: AuditUser;
  impersonatedUser?: AuditUser;
  /** The caller as the trace names it (a component id, or a controller's name). */
  from: ComponentId;
  objectRef?: AuditObjectRef;
  /** The response code, and for an error the Status the client was sent. */
  status: { code: number; failure?: { reason: string; message: string; details?: AuditStatusDetails } };
  decision?: 'allow' | 'forbid';
  reason?: string;
  /** What admission plugins annotated (PodSecurity's `pod-security.kubernetes.io/*`). */
  annotations?: Record<string, string>;
}

export interface AuditLog {
  events: AuditRecord[];
  /** Events written since the apiserver first started. */
  written: number;
  /** The last event's millisecond and received microseconds, so events of one millisecond stay in order. */
  lastAt?: number;
  lastMicros?: number;
}
