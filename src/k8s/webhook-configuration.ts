/**
 * admissionregistration.k8s.io/v1 ValidatingWebhookConfiguration and MutatingWebhookConfiguration
 * (k8s.io/api admissionregistration/v1 types.go), as stored after defaulting.
 */
import type { KObject, LabelSelector } from './types';
import type { NamedExpression } from './admission-policy';

export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
}

export interface ServiceReference {
  namespace: string;
  name: string;
  path?: string;
  port?: number;
}

export interface WebhookClientConfig {
  url?: string;
  service?: ServiceReference;
  /** PEM certificates, base64-encoded as a []byte is in JSON. */
  caBundle?: string;
}

/** ValidatingWebhook; a MutatingWebhook adds reinvocationPolicy. */
export interface Webhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: string;
  matchPolicy?: string;
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects?: string;
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  reinvocationPolicy?: string;
  matchConditions?: NamedExpression[];
}

export interface WebhookConfiguration extends KObject {
  kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration';
  webhooks?: Webhook[];
}
