/**
 * admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding
 * (k8s.io/api admissionregistration/v1 types.go), as stored after defaulting.
 */
import type { KObject, LabelSelector, MetaCondition } from './types';

export type FailurePolicy = 'Fail' | 'Ignore';
export type ValidationAction = 'Deny' | 'Warn' | 'Audit';

export interface NamedRuleWithOperations {
  resourceNames?: string[];
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
}

export interface MatchResources {
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  resourceRules?: NamedRuleWithOperations[];
  excludeResourceRules?: NamedRuleWithOperations[];
  matchPolicy?: string;
}

export interface PolicyValidation {
  expression: string;
  message?: string;
  reason?: string;
  messageExpression?: string;
}

export interface NamedExpression {
  name: string;
  expression: string;
}

export interface AuditAnnotation {
  key: string;
  valueExpression: string;
}

export interface ParamKind {
  apiVersion?: string;
  kind?: string;
}

export interface ValidatingAdmissionPolicySpec {
  paramKind?: ParamKind;
  matchConstraints?: MatchResources;
  validations?: PolicyValidation[];
  failurePolicy?: string;
  auditAnnotations?: AuditAnnotation[];
  matchConditions?: NamedExpression[];
  variables?: NamedExpression[];
}

export interface ValidatingAdmissionPolicy extends KObject {
  kind: 'ValidatingAdmissionPolicy';
  spec: ValidatingAdmissionPolicySpec;
  status?: { observedGeneration?: number; typeChecking?: { expressionWarnings?: { fieldRef: string; warning: string }[] }; conditions?: MetaCondition[] };
}

export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: LabelSelector;
  parameterNotFoundAction?: string;
}

export interface ValidatingAdmissionPolicyBinding extends KObject {
  kind: 'ValidatingAdmissionPolicyBinding';
  spec: { policyName?: string; paramRef?: ParamRef; matchResources?: MatchResources; validationActions?: string[] };
}
