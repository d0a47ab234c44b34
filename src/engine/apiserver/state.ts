import type { ComponentBase } from '../core/component';
import type { AuditLog } from './audit-types';

/** One kube-apiserver process. Stateless by design: everything it serves lives in etcd. */
export interface ApiServerState extends ComponentBase {
  kind: 'kube-apiserver';
  /** `10.0.0.10:6443` */
  address: string;
  requestsServed: number;
  /** The audit log (`--audit-log-path`), created with its first event. */
  audit?: AuditLog;
  /**
   * Audit annotations admission added to requests still being served (audit.AddAuditAnnotations),
   * by request number; respond() moves them onto the request's event.
   */
  pendingAuditAnnotations?: Map<number, Record<string, string>>;
  /** This process's identity Lease holder (`apiserver-<hash>_<uuid>`), when identity Leases are renewed. */
  identityHolder?: string;
  /**
   * apiserver_request_total since this process started (request-metrics.ts): each label set as
   * one NUL-joined key, with its count; absent until the first counted request.
   */
  requestCounts?: Map<string, number>;
  /** The PodSecurity plugin's counters (admission/pod-security-metrics.ts), keyed by family and label values. */
  podSecurityCounts?: Map<string, number>;
  /** When this process last answered a read-only and a mutating request (apiserver_current_inflight_requests). */
  lastReadOnlyAt?: number;
  lastMutatingAt?: number;
  /** The API Priority and Fairness config consumer's pass is armed (apf-config.ts). */
  apfConsumerArmed?: boolean;
  /** When the config producer's next pass is armed for. */
  apfProducerAt?: number;
}
