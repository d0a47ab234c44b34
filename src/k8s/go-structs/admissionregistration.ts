/** admissionregistration.k8s.io/v1 field schemas (strict decoding): ValidatingAdmissionPolicy and its binding, the webhook configurations. */
import type { StructSchema } from './core';

const TYPE_META = { apiVersion: 'string?', kind: 'string?' };

/** ValidatingWebhook's fields in its struct's order; MutatingWebhook adds reinvocationPolicy before matchConditions. */
const WEBHOOK_FIELDS = {
  name: 'string',
  clientConfig: 'WebhookClientConfig',
  rules: '[]RuleWithOperations',
  failurePolicy: '*string:v1.FailurePolicyType',
  matchPolicy: '*string:v1.MatchPolicyType',
  namespaceSelector: 'LabelSelector',
  objectSelector: 'LabelSelector',
  sideEffects: '*string:v1.SideEffectClass',
  timeoutSeconds: '*int32',
  admissionReviewVersions: '[]string',
  matchConditions: '[]MatchCondition',
};

export const ADMISSIONREGISTRATION_STRUCTS: Record<string, StructSchema> = {
  ValidatingAdmissionPolicy: { go: 'v1.ValidatingAdmissionPolicy', fields: { ...TYPE_META, metadata: 'ObjectMeta', spec: 'ValidatingAdmissionPolicySpec', status: 'any' } },
  ValidatingAdmissionPolicySpec: {
    go: 'v1.ValidatingAdmissionPolicySpec',
    fields: {
      paramKind: 'ParamKind',
      matchConstraints: 'MatchResources',
      validations: '[]Validation',
      failurePolicy: '*string:v1.FailurePolicyType',
      auditAnnotations: '[]AuditAnnotation',
      matchConditions: '[]MatchCondition',
      variables: '[]Variable',
    },
  },
  ParamKind: { go: 'v1.ParamKind', fields: { apiVersion: 'string?', kind: 'string?' } },
  Validation: { go: 'v1.Validation', fields: { expression: 'string', message: 'string?', reason: '*string:v1.StatusReason', messageExpression: 'string?' } },
  Variable: { go: 'v1.Variable', fields: { name: 'string', expression: 'string' } },
  AuditAnnotation: { go: 'v1.AuditAnnotation', fields: { key: 'string', valueExpression: 'string' } },
  MatchCondition: { go: 'v1.MatchCondition', fields: { name: 'string', expression: 'string' } },
  MatchResources: {
    go: 'v1.MatchResources',
    fields: {
      namespaceSelector: 'LabelSelector',
      objectSelector: 'LabelSelector',
      resourceRules: '[]NamedRuleWithOperations',
      excludeResourceRules: '[]NamedRuleWithOperations',
      matchPolicy: '*string:v1.MatchPolicyType',
    },
  },
  // RuleWithOperations and its Rule are inlined.
  NamedRuleWithOperations: {
    go: 'v1.NamedRuleWithOperations',
    fields: {
      resourceNames: '[]string',
      operations: '[]string:v1.OperationType',
      apiGroups: '[]string',
      apiVersions: '[]string',
      resources: '[]string',
      scope: '*string:v1.ScopeType',
    },
  },
  ValidatingAdmissionPolicyBinding: { go: 'v1.ValidatingAdmissionPolicyBinding', fields: { ...TYPE_META, metadata: 'ObjectMeta', spec: 'ValidatingAdmissionPolicyBindingSpec' } },
  ValidatingAdmissionPolicyBindingSpec: {
    go: 'v1.ValidatingAdmissionPolicyBindingSpec',
    fields: { policyName: 'string?', paramRef: 'ParamRef', matchResources: 'MatchResources', validationActions: '[]string:v1.ValidationAction' },
  },
  ParamRef: { go: 'v1.ParamRef', fields: { name: 'string?', namespace: 'string?', selector: 'LabelSelector', parameterNotFoundAction: '*string:v1.ParameterNotFoundActionType' } },
  ValidatingWebhookConfiguration: { go: 'v1.ValidatingWebhookConfiguration', fields: { ...TYPE_META, metadata: 'ObjectMeta', webhooks: '[]ValidatingWebhook' } },
  MutatingWebhookConfiguration: { go: 'v1.MutatingWebhookConfiguration', fields: { ...TYPE_META, metadata: 'ObjectMeta', webhooks: '[]MutatingWebhook' } },
  ValidatingWebhook: { go: 'v1.ValidatingWebhook', fields: WEBHOOK_FIELDS },
  MutatingWebhook: {
    go: 'v1.MutatingWebhook',
    fields: { ...WEBHOOK_FIELDS, reinvocationPolicy: '*string:v1.ReinvocationPolicyType', matchConditions: '[]MatchCondition' },
  },
  WebhookClientConfig: { go: 'v1.WebhookClientConfig', fields: { url: '*string', service: 'ServiceReference', caBundle: 'bytes' } },
  ServiceReference: { go: 'v1.ServiceReference', fields: { namespace: 'string', name: 'string', path: '*string', port: '*int32' } },
  // Rule is inlined.
  RuleWithOperations: {
    go: 'v1.RuleWithOperations',
    fields: { operations: '[]string:v1.OperationType', apiGroups: '[]string', apiVersions: '[]string', resources: '[]string', scope: '*string:v1.ScopeType' },
  },
};
