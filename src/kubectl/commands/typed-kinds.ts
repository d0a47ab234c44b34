/**
 * The typed objects of the generators that build one kind each (create deployment, job, cronjob,
 * configmap, secret, namespace, serviceaccount, quota, poddisruptionbudget, priorityclass, the
 * RBAC four, run's Pod, expose's Service and autoscale's HorizontalPodAutoscaler), as k8s.io/api
 * declares them: typedObject gives the object kubectl prints, in Go field order with the fields
 * encoding/json always writes. Ingress has its own (create-ingress.ts).
 */
import type { KObject } from '../../k8s/types';
import { POD_SPEC, POD_STATUS, POD_TEMPLATE } from './typed-pod';
import { always, CONDITION, inOrder, kind, LABEL_SELECTOR, META, value, type Order } from './typed-order';

const PORT: Order = { name: 0, protocol: 0, appProtocol: 0, port: 0, targetPort: 0, nodePort: 0 };
const SPEC: Order = {
  ports: [PORT], selector: 'map', clusterIP: 0, clusterIPs: 0, type: 0, externalIPs: 0, sessionAffinity: 0, loadBalancerIP: 0, loadBalancerSourceRanges: 0,
  externalName: 0, externalTrafficPolicy: 0, healthCheckNodePort: 0, publishNotReadyAddresses: 0, sessionAffinityConfig: { clientIP: { timeoutSeconds: 0 } },
  ipFamilies: 0, ipFamilyPolicy: 0, allocateLoadBalancerNodePorts: 0, loadBalancerClass: 0, internalTrafficPolicy: 0, trafficDistribution: 0,
};
const INGRESS: Order = { ip: 0, hostname: 0, ipMode: 0, ports: [{ port: 0, protocol: 0, error: 0 }] };
/** v1.Service (create service, expose). */
export const SERVICE: Order = kind({ spec: value(SPEC), status: value({ loadBalancer: value({ ingress: [INGRESS] }), conditions: [CONDITION] }) });

const OBJECT_REF: Order = { kind: 0, namespace: 0, name: 0, uid: 0, apiVersion: 0, resourceVersion: 0, fieldPath: 0 };

const DEPLOYMENT: Order = kind({
  spec: value({
    replicas: 0, selector: always(LABEL_SELECTOR, null), template: value(POD_TEMPLATE), strategy: value({ type: 0, rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } }),
    minReadySeconds: 0, revisionHistoryLimit: 0, paused: 0, progressDeadlineSeconds: 0,
  }),
  status: value({
    observedGeneration: 0, replicas: 0, updatedReplicas: 0, readyReplicas: 0, availableReplicas: 0, unavailableReplicas: 0, terminatingReplicas: 0,
    conditions: [{ type: 0, status: 0, lastUpdateTime: 0, lastTransitionTime: 0, reason: 0, message: 0 }], collisionCount: 0,
  }),
});

const JOB_SPEC: Order = {
  parallelism: 0, completions: 0, activeDeadlineSeconds: 0, podFailurePolicy: 0, successPolicy: 0, backoffLimit: 0, backoffLimitPerIndex: 0, maxFailedIndexes: 0,
  selector: LABEL_SELECTOR, manualSelector: 0, template: value(POD_TEMPLATE), ttlSecondsAfterFinished: 0, completionMode: 0, suspend: 0, podReplacementPolicy: 0, managedBy: 0,
};
const JOB: Order = kind({
  spec: value(JOB_SPEC),
  status: value({
    conditions: [{ type: 0, status: 0, lastProbeTime: 0, lastTransitionTime: 0, reason: 0, message: 0 }], startTime: 0, completionTime: 0, active: 0, succeeded: 0,
    failed: 0, terminating: 0, completedIndexes: 0, failedIndexes: 0, uncountedTerminatedPods: { succeeded: 0, failed: 0 }, ready: 0,
  }),
});
const CRONJOB: Order = kind({
  spec: value({
    schedule: 0, timeZone: 0, startingDeadlineSeconds: 0, concurrencyPolicy: 0, suspend: 0, jobTemplate: value({ metadata: value(META), spec: value(JOB_SPEC) }),
    successfulJobsHistoryLimit: 0, failedJobsHistoryLimit: 0,
  }),
  status: value({ active: [OBJECT_REF], lastScheduleTime: 0, lastSuccessfulTime: 0 }),
});

const CROSS_VERSION_REF: Order = { kind: 0, name: 0, apiVersion: 0 };
const METRIC_TARGET: Order = { type: 0, value: 0, averageValue: 0, averageUtilization: 0 };
const METRIC_VALUE: Order = { value: 0, averageValue: 0, averageUtilization: 0 };
const METRIC_ID: Order = { name: 0, selector: LABEL_SELECTOR };
const SCALING_RULES: Order = { stabilizationWindowSeconds: 0, selectPolicy: 0, policies: [{ type: 0, value: 0, periodSeconds: 0 }], tolerance: 0 };
/** autoscaling/v2: the status's desiredReplicas and currentMetrics have no omitempty. */
const HPA: Order = kind({
  spec: value({
    scaleTargetRef: value(CROSS_VERSION_REF), minReplicas: 0, maxReplicas: 0,
    metrics: [{
      type: 0, object: { describedObject: CROSS_VERSION_REF, target: METRIC_TARGET, metric: METRIC_ID }, pods: { metric: METRIC_ID, target: METRIC_TARGET },
      resource: { name: 0, target: METRIC_TARGET }, containerResource: { name: 0, target: METRIC_TARGET, container: 0 }, external: { metric: METRIC_ID, target: METRIC_TARGET },
    }],
    behavior: { scaleUp: SCALING_RULES, scaleDown: SCALING_RULES },
  }),
  status: value({
    observedGeneration: 0, lastScaleTime: 0, currentReplicas: 0, desiredReplicas: always(0, 0),
    currentMetrics: always([{
      type: 0, object: { metric: METRIC_ID, current: METRIC_VALUE, describedObject: CROSS_VERSION_REF }, pods: { metric: METRIC_ID, current: METRIC_VALUE },
      resource: { name: 0, current: METRIC_VALUE }, containerResource: { name: 0, current: METRIC_VALUE, container: 0 }, external: { metric: METRIC_ID, current: METRIC_VALUE },
    }], null),
    conditions: [{ type: 0, status: 0, lastTransitionTime: 0, reason: 0, message: 0 }],
  }),
});

const POLICY_RULE: Order = { verbs: always(0, null), apiGroups: 0, resources: 0, resourceNames: 0, nonResourceURLs: 0 };
const BINDING: Order = kind({
  subjects: [{ kind: 0, apiGroup: 0, name: 0, namespace: 0 }],
  roleRef: value({ apiGroup: always(0, ''), kind: always(0, ''), name: always(0, '') }),
});

/** By apiVersion and kind. */
const ORDERS: Readonly<Record<string, Order>> = {
  'autoscaling/v2 HorizontalPodAutoscaler': HPA,
  'rbac.authorization.k8s.io/v1 ClusterRole': kind({ rules: always([POLICY_RULE], null), aggregationRule: { clusterRoleSelectors: [LABEL_SELECTOR] } }),
  'rbac.authorization.k8s.io/v1 ClusterRoleBinding': BINDING,
  'v1 ConfigMap': kind({ immutable: 0, data: 'map', binaryData: 'map' }),
  'batch/v1 CronJob': CRONJOB,
  'apps/v1 Deployment': DEPLOYMENT,
  'batch/v1 Job': JOB,
  'v1 Namespace': kind({
    spec: value({ finalizers: 0 }),
    status: value({ phase: 0, conditions: [{ type: 0, status: 0, lastTransitionTime: 0, reason: 0, message: 0 }] }),
  }),
  'v1 Pod': kind({ spec: value(POD_SPEC), status: value(POD_STATUS) }),
  'policy/v1 PodDisruptionBudget': kind({
    spec: value({ minAvailable: 0, selector: LABEL_SELECTOR, maxUnavailable: 0, unhealthyPodEvictionPolicy: 0 }),
    status: value({
      observedGeneration: 0, disruptedPods: 'map', disruptionsAllowed: always(0, 0), currentHealthy: always(0, 0), desiredHealthy: always(0, 0),
      expectedPods: always(0, 0), conditions: [CONDITION],
    }),
  }),
  'scheduling.k8s.io/v1 PriorityClass': kind({ value: always(0, 0), globalDefault: 0, description: 0, preemptionPolicy: 0 }),
  'v1 ResourceQuota': kind({
    spec: value({ hard: 'map', scopes: 0, scopeSelector: { matchExpressions: [{ scopeName: 0, operator: 0, values: 0 }] } }),
    status: value({ hard: 'map', used: 'map' }),
  }),
  'rbac.authorization.k8s.io/v1 Role': kind({ rules: always([POLICY_RULE], null) }),
  'rbac.authorization.k8s.io/v1 RoleBinding': BINDING,
  'v1 Secret': kind({ immutable: 0, data: 'map', stringData: 'map', type: 0 }),
  'v1 Service': SERVICE,
  'v1 ServiceAccount': kind({ secrets: [OBJECT_REF], imagePullSecrets: [{ name: 0 }], automountServiceAccountToken: 0 }),
};

/** The object as its typed client holds it; a kind without a table here is returned as it is. */
export function typedObject(obj: KObject): KObject {
  const key = `${obj.apiVersion} ${obj.kind}`;
  return Object.hasOwn(ORDERS, key) ? (inOrder(obj, ORDERS[key]!) as KObject) : obj;
}
