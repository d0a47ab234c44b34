/**
 * autoscaling/v2 HorizontalPodAutoscaler, apiregistration.k8s.io/v1 APIService and the
 * metrics.k8s.io/v1beta1 types metrics-server serves (NodeMetrics, PodMetrics), as the Go structs
 * have them. Shared by the engine (the HPA controller, the aggregator) and kubectl (top, printers,
 * describe, autoscale).
 */
import type { KObject, MetaCondition, ResourceList } from './types';

export interface CrossVersionObjectReference {
  kind: string;
  name: string;
  apiVersion?: string;
}

export interface MetricTarget {
  type: 'Utilization' | 'Value' | 'AverageValue';
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

export interface ResourceMetricSource {
  name: string;
  target: MetricTarget;
}

/** Only `Resource` metrics are computed; the other types are stored and reported as unsupported. */
export interface MetricSpec {
  type: 'Resource' | 'ContainerResource' | 'Pods' | 'Object' | 'External';
  resource?: ResourceMetricSource;
  containerResource?: ResourceMetricSource & { container: string };
  pods?: unknown;
  object?: unknown;
  external?: unknown;
}

export interface HPAScalingPolicy {
  type: 'Pods' | 'Percent';
  value: number;
  periodSeconds: number;
}

export interface HPAScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: 'Max' | 'Min' | 'Disabled';
  policies?: HPAScalingPolicy[];
  tolerance?: string;
}

export interface HorizontalPodAutoscalerBehavior {
  scaleUp?: HPAScalingRules;
  scaleDown?: HPAScalingRules;
}

export interface HorizontalPodAutoscalerSpec {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas: number;
  metrics?: MetricSpec[];
  behavior?: HorizontalPodAutoscalerBehavior;
}

export interface MetricValueStatus {
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

export interface MetricStatus {
  type: MetricSpec['type'];
  resource?: { name: string; current: MetricValueStatus };
}

/** autoscaling/v2 HorizontalPodAutoscalerCondition (not metav1.Condition: no observedGeneration). */
export interface HorizontalPodAutoscalerCondition {
  type: 'ScalingActive' | 'AbleToScale' | 'ScalingLimited';
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface HorizontalPodAutoscalerStatus {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas?: number;
  desiredReplicas: number;
  /** No omitempty upstream: none read is `null`. */
  currentMetrics?: MetricStatus[] | null;
  conditions?: HorizontalPodAutoscalerCondition[];
}

export interface HorizontalPodAutoscaler extends KObject {
  kind: 'HorizontalPodAutoscaler';
  spec: HorizontalPodAutoscalerSpec;
  status?: HorizontalPodAutoscalerStatus;
}

export interface APIServiceSpec {
  service?: { namespace: string; name: string; port?: number };
  group: string;
  version: string;
  insecureSkipTLSVerify?: boolean;
  caBundle?: string;
  groupPriorityMinimum: number;
  versionPriority: number;
}

export interface APIService extends KObject {
  kind: 'APIService';
  spec: APIServiceSpec;
  status?: { conditions?: (Omit<MetaCondition, 'observedGeneration'>)[] };
}

/** metrics.k8s.io/v1beta1 NodeMetrics. */
export interface NodeMetrics extends KObject {
  kind: 'NodeMetrics';
  timestamp: string;
  window: string;
  usage: ResourceList;
}

export interface ContainerMetrics {
  name: string;
  usage: ResourceList;
}

/** metrics.k8s.io/v1beta1 PodMetrics. */
export interface PodMetrics extends KObject {
  kind: 'PodMetrics';
  timestamp: string;
  window: string;
  containers: ContainerMetrics[];
}
