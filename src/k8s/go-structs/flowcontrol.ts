/**
 * flowcontrol.apiserver.k8s.io/v1 field schemas (strict decoding) of FlowSchema and
 * PriorityLevelConfiguration, as k8s.io/api v0.36.3's flowcontrol/v1 types.go declares them.
 * Keys carry an `Fc` prefix where a struct's Go name (Subject, …) is another group's too; the
 * `go` name is what a decode error prints.
 */
import type { StructSchema } from './core';

const TYPE_META = { apiVersion: 'string?', kind: 'string?' };

export const FLOWCONTROL_STRUCTS: Record<string, StructSchema> = {
  FlowSchema: { go: 'v1.FlowSchema', fields: { ...TYPE_META, metadata: 'ObjectMeta', spec: 'FlowSchemaSpec', status: 'any' } },
  FlowSchemaSpec: {
    go: 'v1.FlowSchemaSpec',
    fields: { priorityLevelConfiguration: 'PriorityLevelConfigurationReference', matchingPrecedence: 'int32', distinguisherMethod: 'FlowDistinguisherMethod', rules: '[]PolicyRulesWithSubjects' },
  },
  PriorityLevelConfigurationReference: { go: 'v1.PriorityLevelConfigurationReference', fields: { name: 'string' } },
  FlowDistinguisherMethod: { go: 'v1.FlowDistinguisherMethod', fields: { type: 'string:v1.FlowDistinguisherMethodType' } },
  PolicyRulesWithSubjects: { go: 'v1.PolicyRulesWithSubjects', fields: { subjects: '[]FcSubject', resourceRules: '[]ResourcePolicyRule', nonResourceRules: '[]NonResourcePolicyRule' } },
  FcSubject: { go: 'v1.Subject', fields: { kind: 'string:v1.SubjectKind', user: 'FcUserSubject', group: 'FcGroupSubject', serviceAccount: 'FcServiceAccountSubject' } },
  FcUserSubject: { go: 'v1.UserSubject', fields: { name: 'string' } },
  FcGroupSubject: { go: 'v1.GroupSubject', fields: { name: 'string' } },
  FcServiceAccountSubject: { go: 'v1.ServiceAccountSubject', fields: { namespace: 'string', name: 'string' } },
  ResourcePolicyRule: { go: 'v1.ResourcePolicyRule', fields: { verbs: '[]string', apiGroups: '[]string', resources: '[]string', clusterScope: 'bool?', namespaces: '[]string' } },
  NonResourcePolicyRule: { go: 'v1.NonResourcePolicyRule', fields: { verbs: '[]string', nonResourceURLs: '[]string' } },
  PriorityLevelConfiguration: { go: 'v1.PriorityLevelConfiguration', fields: { ...TYPE_META, metadata: 'ObjectMeta', spec: 'PriorityLevelConfigurationSpec', status: 'any' } },
  PriorityLevelConfigurationSpec: {
    go: 'v1.PriorityLevelConfigurationSpec',
    fields: { type: 'string:v1.PriorityLevelEnablement', limited: 'LimitedPriorityLevelConfiguration', exempt: 'ExemptPriorityLevelConfiguration' },
  },
  LimitedPriorityLevelConfiguration: {
    go: 'v1.LimitedPriorityLevelConfiguration',
    fields: { nominalConcurrencyShares: '*int32', limitResponse: 'LimitResponse', lendablePercent: '*int32', borrowingLimitPercent: '*int32' },
  },
  ExemptPriorityLevelConfiguration: { go: 'v1.ExemptPriorityLevelConfiguration', fields: { nominalConcurrencyShares: '*int32', lendablePercent: '*int32' } },
  LimitResponse: { go: 'v1.LimitResponse', fields: { type: 'string:v1.LimitResponseType', queuing: 'QueuingConfiguration' } },
  QueuingConfiguration: { go: 'v1.QueuingConfiguration', fields: { queues: 'int32', handSize: 'int32', queueLengthLimit: 'int32' } },
};
