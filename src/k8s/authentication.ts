/** authentication.k8s.io/v1 TokenRequest: what the serviceaccounts/token subresource takes and answers. */
import type { KObject } from './types';

export interface BoundObjectReference {
  kind?: string;
  apiVersion?: string;
  name?: string;
  uid?: string;
}

export interface TokenRequest extends KObject {
  /** audiences and boundObjectRef have no omitempty: unset, they marshal as null. */
  spec: { audiences: string[] | null; expirationSeconds?: number; boundObjectRef: BoundObjectReference | null };
  status?: { token: string; expirationTimestamp: string | null };
}
