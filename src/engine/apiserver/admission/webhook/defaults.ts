/**
 * SetDefaults_ValidatingWebhook, SetDefaults_MutatingWebhook, SetDefaults_Rule and
 * SetDefaults_ServiceReference (pkg/apis/admissionregistration/v1/defaults.go): failurePolicy
 * Fail, matchPolicy Equivalent, empty namespace and object selectors, timeoutSeconds 10,
 * reinvocationPolicy Never (mutating only), rule scope `*`, service port 443. Each webhook is
 * laid out in its Go struct's field order, as kube-apiserver's JSON encoder writes it.
 */
import type { KObject } from '../../../../k8s/types';
import type { RuleWithOperations, Webhook, WebhookConfiguration } from '../../../../k8s/webhook-configuration';
import { defaultRuleScope, reorder } from '../field-order';

const WEBHOOK_ORDER = ['name', 'clientConfig', 'rules', 'failurePolicy', 'matchPolicy', 'namespaceSelector', 'objectSelector', 'sideEffects', 'timeoutSeconds', 'admissionReviewVersions', 'reinvocationPolicy', 'matchConditions'];
const CLIENT_ORDER = ['url', 'service', 'caBundle'];
const SERVICE_ORDER = ['namespace', 'name', 'path', 'port'];
const RULE_ORDER = ['operations', 'apiGroups', 'apiVersions', 'resources', 'scope'];

function defaultRule(r: RuleWithOperations): boolean {
  return defaultRuleScope(r, RULE_ORDER);
}

function defaultWebhook(h: Webhook, mutating: boolean): boolean {
  const before = JSON.stringify(h);
  h.failurePolicy ??= 'Fail';
  h.matchPolicy ??= 'Equivalent';
  h.namespaceSelector ??= {};
  h.objectSelector ??= {};
  h.timeoutSeconds ??= 10;
  if (mutating) h.reinvocationPolicy ??= 'Never';
  for (const r of h.rules ?? []) defaultRule(r);
  const svc = h.clientConfig?.service;
  if (svc) {
    svc.port ??= 443;
    reorder(svc, SERVICE_ORDER);
  }
  if (h.clientConfig) reorder(h.clientConfig, CLIENT_ORDER);
  reorder(h, WEBHOOK_ORDER);
  return JSON.stringify(h) !== before;
}

export function defaultWebhookConfiguration(obj: KObject, mutating: boolean): boolean {
  let changed = false;
  for (const h of (obj as WebhookConfiguration).webhooks ?? []) changed = defaultWebhook(h, mutating) || changed;
  return changed;
}
