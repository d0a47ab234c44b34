/**
 * Field schemas of autoscaling/v2 (and v1) HorizontalPodAutoscaler and apiregistration.k8s.io/v1
 * APIService (the grammar is core.ts's).
 */
import type { StructSchema } from './core';

const TYPE_META = { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta' };

export const AUTOSCALING_STRUCTS: Record<string, StructSchema> = {
  HorizontalPodAutoscaler: { go: 'v2.HorizontalPodAutoscaler', fields: { ...TYPE_META, spec: 'HorizontalPodAutoscalerSpec', status: 'any' } },
  HorizontalPodAutoscalerSpec: {
    go: 'v2.HorizontalPodAutoscalerSpec',
    fields: { scaleTargetRef: 'CrossVersionObjectReference', minReplicas: '*int32', maxReplicas: 'int32', metrics: '[]MetricSpec', behavior: 'HorizontalPodAutoscalerBehavior' },
  },
  CrossVersionObjectReference: { go: 'v2.CrossVersionObjectReference', fields: { kind: 'string', name: 'string', apiVersion: 'string?' } },
  MetricSpec: {
    go: 'v2.MetricSpec',
    fields: { type: 'string:v2.MetricSourceType', resource: 'ResourceMetricSource', containerResource: 'any', pods: 'any', object: 'any', external: 'any' },
  },
  ResourceMetricSource: { go: 'v2.ResourceMetricSource', fields: { name: 'string:v1.ResourceName', target: 'MetricTarget' } },
  MetricTarget: { go: 'v2.MetricTarget', fields: { type: 'string:v2.MetricTargetType', value: 'qty', averageValue: 'qty', averageUtilization: '*int32' } },
  HorizontalPodAutoscalerBehavior: { go: 'v2.HorizontalPodAutoscalerBehavior', fields: { scaleUp: 'HPAScalingRules', scaleDown: 'HPAScalingRules' } },
  HPAScalingRules: {
    go: 'v2.HPAScalingRules',
    fields: { stabilizationWindowSeconds: '*int32', selectPolicy: '*string:v2.ScalingPolicySelect', policies: '[]HPAScalingPolicy', tolerance: 'qty' },
  },
  HPAScalingPolicy: { go: 'v2.HPAScalingPolicy', fields: { type: 'string:v2.HPAScalingPolicyType', value: 'int32', periodSeconds: 'int32' } },
  // autoscaling/v1, decoded before its conversion to v2 (a request at /apis/autoscaling/v1): the
  // root is keyed `<Kind>@<version>` (decode.ts), its status is the conversion's to read.
  'HorizontalPodAutoscaler@v1': { go: 'v1.HorizontalPodAutoscaler', fields: { ...TYPE_META, spec: 'HorizontalPodAutoscalerSpecV1', status: 'any' } },
  HorizontalPodAutoscalerSpecV1: {
    go: 'v1.HorizontalPodAutoscalerSpec',
    fields: { scaleTargetRef: 'CrossVersionObjectReference', minReplicas: '*int32', maxReplicas: 'int32', targetCPUUtilizationPercentage: '*int32' },
  },
  APIService: { go: 'v1.APIService', fields: { ...TYPE_META, spec: 'APIServiceSpec', status: 'any' } },
  APIServiceSpec: {
    go: 'v1.APIServiceSpec',
    fields: {
      service: 'APIServiceServiceReference',
      group: 'string?',
      version: 'string?',
      insecureSkipTLSVerify: 'bool?',
      caBundle: 'bytes',
      groupPriorityMinimum: 'int32',
      versionPriority: 'int32',
    },
  },
  APIServiceServiceReference: { go: 'v1.ServiceReference', fields: { namespace: 'string?', name: 'string?', port: '*int32' } },
};
