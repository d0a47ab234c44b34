/**
 * The admission plugin interface (k8s.io/apiserver/pkg/admission): what a plugin is handed and
 * what it answers. Type-only, so the plugins depend on the contract and not on the chain that
 * runs them (index.ts), which imports every plugin through plugins.ts.
 */
import type { KObject } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';
import type { World } from '../../world';
import type { UserInfo } from '../auth';
import type { StatusError } from '../status';
import type { ApiResponse } from '../handler';
import type { ComponentId } from '../../core/ids';

export interface AdmissionAttributes {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  info: ResourceInfo;
  /** The object being written; for DELETE, the stored object being deleted. */
  obj: KObject;
  old?: KObject;
  user: UserInfo;
  namespace: string | undefined;
  /** `status`, `finalize`, ... when the request targets a subresource. */
  subresource?: string;
  /** A dry-run request: plugins must not write anything (the ResourceQuota plugin charges no quota). */
  dryRun?: boolean;
  /**
   * Writes another object's status through the apiserver's own update path (its loopback
   * client upstream): how the ResourceQuota plugin records a charge before the object is stored.
   */
  writeStatus?: (info: ResourceInfo, namespace: string | undefined, old: KObject, next: KObject) => ApiResponse;
  /** The kube-apiserver handling the request: where an admission webhook's call leaves from. */
  serverId?: ComponentId;
  /** Where a plugin's warnings go (warning.AddWarning on the request's context): the response's `Warning:` headers. */
  warnings?: string[];
  /** Adds an audit annotation to the request's audit event (audit.AddAuditAnnotations). */
  annotateAudit?: (key: string, value: string) => void;
  /**
   * Set by ValidatingAdmissionWebhook only when it asked someone (nothing is allocated on the
   * common path): the webhooks that allowed the request, and those that failed open (Ignore).
   */
  asked?: { webhooks?: string[]; ignored?: string[] };
}

export interface MutatingPlugin {
  name: string;
  /** Mutates `a.obj` in place; returns true when it changed something, or a rejection. */
  admit(w: World, a: AdmissionAttributes): boolean | StatusError;
}

export interface ValidatingPlugin {
  name: string;
  validate(w: World, a: AdmissionAttributes): StatusError | undefined;
}
