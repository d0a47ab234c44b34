/**
 * autoscaling/v1 HorizontalPodAutoscaler and its conversion to and from autoscaling/v2, the
 * version kube-apiserver stores. Upstream: k8s.io/kubernetes pkg/apis/autoscaling/v1/conversion.go
 * (the v1 ⇄ internal functions; internal and v2 have the same shape), pkg/apis/autoscaling/
 * annotations.go (the round-trip annotations) and k8s.io/api autoscaling/v1 types.go (the v1
 * MetricSpec/MetricStatus kept in those annotations, in the v2beta1 shape).
 *
 * v1 has one metric of its own, `targetCPUUtilizationPercentage`; every other v2 metric, the
 * behavior, the current metrics and the conditions travel in annotations, so a v2 object survives
 * a v1 read-modify-write. Pure: JSON in, JSON out.
 */
import type {
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  HorizontalPodAutoscalerCondition,
  HorizontalPodAutoscalerStatus,
  HPAScalingRules,
  MetricSpec,
  MetricStatus,
} from './autoscaling';
import { DEFAULT_CPU_UTILIZATION } from './hpa-behavior';
import { metricSpecFromV1, metricSpecToV1, metricStatusFromV1, metricStatusToV1, type V1MetricSpec, type V1MetricStatus } from './autoscaling-v1-metrics';
import type { KObject, ObjectMeta } from './types';
import { goJsonEscape } from './go-json';

/** pkg/apis/autoscaling/annotations.go. */
export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
export const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';
const ROUND_TRIP = [METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, CONDITIONS_ANNOTATION, BEHAVIOR_ANNOTATION];

export interface HorizontalPodAutoscalerV1 extends KObject {
  spec?: {
    scaleTargetRef?: HorizontalPodAutoscaler['spec']['scaleTargetRef'];
    minReplicas?: number;
    maxReplicas?: number;
    targetCPUUtilizationPercentage?: number;
  };
  status?: {
    observedGeneration?: number;
    lastScaleTime?: string;
    currentReplicas?: number;
    desiredReplicas?: number;
    currentCPUUtilizationPercentage?: number;
  };
}

/** json.Marshal: compact, with HTML-significant characters and the JS line separators escaped. */
function goMarshal(v: unknown): string {
  return goJsonEscape(JSON.stringify(v));
}

/** DropRoundTripHorizontalPodAutoscalerAnnotations: the four annotations are the conversion's own. */
function dropRoundTrip(meta: ObjectMeta | undefined): ObjectMeta {
  const m = { ...(meta ?? {}) };
  const a = m.annotations;
  if (a && ROUND_TRIP.some((k) => k in a)) {
    const kept = { ...a };
    for (const k of ROUND_TRIP) delete kept[k];
    if (Object.keys(kept).length) m.annotations = kept;
    else delete m.annotations;
  }
  return m;
}

function isCpuUtilization(m: MetricSpec): boolean {
  return m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target.averageUtilization !== undefined;
}

/** Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler. */
export function hpaToV1(v2: KObject): HorizontalPodAutoscalerV1 {
  const hpa = v2 as HorizontalPodAutoscaler;
  const metadata = dropRoundTrip(hpa.metadata);
  const spec = hpa.spec ?? { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 };
  const metrics = spec.metrics ?? [];
  const annotations: Record<string, string> = {};
  // The first CPU-utilization metric is v1's own field; every other one goes to the annotation.
  const cpu = metrics.find(isCpuUtilization);
  const others = metrics.filter((m) => !isCpuUtilization(m));
  if (others.length) annotations[METRIC_SPECS_ANNOTATION] = goMarshal(others.map(metricSpecToV1));
  const status = hpa.status;
  // "we need to save the status even if it maps to a CPU utilization status in order to save the raw value as well"
  if (status?.currentMetrics?.length) annotations[METRIC_STATUSES_ANNOTATION] = goMarshal(status.currentMetrics.map(metricStatusToV1));
  // Marshals the internal type, which has no json tags: Go's field names (the TODO upstream keeps for compatibility).
  if (spec.behavior) annotations[BEHAVIOR_ANNOTATION] = goMarshal(behaviorToInternalJson(spec.behavior));
  if (status?.conditions?.length) annotations[CONDITIONS_ANNOTATION] = goMarshal(status.conditions.map(conditionToV1));
  if (Object.keys(annotations).length) metadata.annotations = { ...(metadata.annotations ?? {}), ...annotations };
  const out: HorizontalPodAutoscalerV1 = { ...hpa, apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata, spec: {} };
  const s = out.spec!;
  s.scaleTargetRef = spec.scaleTargetRef;
  if (spec.minReplicas !== undefined) s.minReplicas = spec.minReplicas;
  s.maxReplicas = spec.maxReplicas;
  if (cpu) s.targetCPUUtilizationPercentage = cpu.resource!.target.averageUtilization!;
  if (status) out.status = statusToV1(status);
  else delete out.status;
  return out;
}

function statusToV1(st: HorizontalPodAutoscalerStatus): NonNullable<HorizontalPodAutoscalerV1['status']> {
  const out: NonNullable<HorizontalPodAutoscalerV1['status']> = {};
  if (st.observedGeneration !== undefined) out.observedGeneration = st.observedGeneration;
  if (st.lastScaleTime !== undefined) out.lastScaleTime = st.lastScaleTime;
  // currentReplicas has no omitempty in v1 (it has in v2); desiredReplicas has none in either.
  out.currentReplicas = st.currentReplicas ?? 0;
  out.desiredReplicas = st.desiredReplicas;
  // The loop does not break: the last CPU status with a utilization wins.
  for (const m of st.currentMetrics ?? []) {
    if (m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.current.averageUtilization !== undefined) out.currentCPUUtilizationPercentage = m.resource.current.averageUtilization;
  }
  return out;
}

/**
 * v1 HorizontalPodAutoscalerCondition: type, status, lastTransitionTime, reason, message,
 * observedGeneration (Go's field order; a zero metav1.Time marshals as null despite omitempty).
 */
function conditionToV1(c: HorizontalPodAutoscalerCondition & { observedGeneration?: number }): object {
  return {
    type: c.type,
    status: c.status,
    lastTransitionTime: c.lastTransitionTime ?? null,
    ...(c.reason ? { reason: c.reason } : {}),
    ...(c.message ? { message: c.message } : {}),
    ...(c.observedGeneration !== undefined ? { observedGeneration: c.observedGeneration } : {}),
  };
}

function rulesToInternalJson(r: HPAScalingRules | undefined): object | null {
  if (!r) return null;
  return {
    StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
    SelectPolicy: r.selectPolicy ?? null,
    Policies: r.policies ? r.policies.map((p) => ({ Type: p.type, Value: p.value, PeriodSeconds: p.periodSeconds })) : null,
    Tolerance: r.tolerance ?? null,
  };
}

function behaviorToInternalJson(b: HorizontalPodAutoscalerBehavior): object {
  return { ScaleUp: rulesToInternalJson(b.scaleUp), ScaleDown: rulesToInternalJson(b.scaleDown) };
}

/** encoding/json matches object keys to field names case-insensitively. */
function field(o: unknown, name: string): unknown {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return undefined;
  const lower = name.toLowerCase();
  let found: unknown;
  for (const [k, v] of Object.entries(o)) if (k.toLowerCase() === lower) found = v;
  return found;
}

function rulesFromJson(o: unknown): HPAScalingRules | undefined {
  if (o === null || typeof o !== 'object') return undefined;
  const r: HPAScalingRules = {};
  const w = field(o, 'StabilizationWindowSeconds');
  if (typeof w === 'number') r.stabilizationWindowSeconds = w;
  const sp = field(o, 'SelectPolicy');
  if (sp === 'Max' || sp === 'Min' || sp === 'Disabled') r.selectPolicy = sp;
  const ps = field(o, 'Policies');
  if (Array.isArray(ps)) r.policies = ps.map((p) => ({ type: field(p, 'Type') === 'Percent' ? 'Percent' : 'Pods', value: Number(field(p, 'Value') ?? 0), periodSeconds: Number(field(p, 'PeriodSeconds') ?? 0) }));
  const t = field(o, 'Tolerance');
  if (typeof t === 'string') r.tolerance = t;
  return r;
}

function parseJson(s: string | undefined): unknown {
  if (s === undefined) return undefined;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    // Upstream ignores an annotation it cannot unmarshal.
    return undefined;
  }
}

/** Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler. */
export function hpaFromV1(v1: KObject): HorizontalPodAutoscaler {
  const hpa = v1 as HorizontalPodAutoscalerV1;
  const a = hpa.metadata?.annotations ?? {};
  const spec = hpa.spec ?? {};
  // v2's field order: scaleTargetRef, minReplicas, maxReplicas, metrics, behavior.
  const outSpec = { scaleTargetRef: spec.scaleTargetRef ?? { kind: '', name: '' } } as HorizontalPodAutoscaler['spec'];
  if (spec.minReplicas !== undefined) outSpec.minReplicas = spec.minReplicas;
  outSpec.maxReplicas = spec.maxReplicas ?? 0;
  let metrics: MetricSpec[] = [];
  if (spec.targetCPUUtilizationPercentage !== undefined) metrics = [cpuUtilization(spec.targetCPUUtilizationPercentage)];
  const others = parseJson(a[METRIC_SPECS_ANNOTATION]);
  // The annotation's metrics come first, then the one the spec conversion made.
  if (Array.isArray(others)) metrics = [...(others as V1MetricSpec[]).map(metricSpecFromV1), ...metrics];
  const behavior = parseJson(a[BEHAVIOR_ANNOTATION]);
  const scaleUp = rulesFromJson(field(behavior, 'ScaleUp'));
  const scaleDown = rulesFromJson(field(behavior, 'ScaleDown'));
  // "autoscaling/v1 formerly had an implicit default applied in the controller": 80% CPU.
  if (metrics.length === 0) metrics = [cpuUtilization(DEFAULT_CPU_UTILIZATION)];
  outSpec.metrics = metrics;
  // An all-nil behavior is dropped (`behavior != (autoscaling.HorizontalPodAutoscalerBehavior{})`).
  if (scaleUp || scaleDown) outSpec.behavior = { ...(scaleUp ? { scaleUp } : {}), ...(scaleDown ? { scaleDown } : {}) };
  const { status, ...rest } = hpa;
  const out: HorizontalPodAutoscaler = { ...rest, apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: dropRoundTrip(hpa.metadata), spec: outSpec };
  if (status) out.status = statusFromV1(status, a);
  return out;
}

function cpuUtilization(averageUtilization: number): MetricSpec {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } };
}

function statusFromV1(st: NonNullable<HorizontalPodAutoscalerV1['status']>, a: Record<string, string>): HorizontalPodAutoscalerStatus {
  // Built in v2's field order: the stored object is written as Go would marshal it.
  const out = {} as HorizontalPodAutoscalerStatus;
  if (st.observedGeneration !== undefined) out.observedGeneration = st.observedGeneration;
  if (st.lastScaleTime !== undefined) out.lastScaleTime = st.lastScaleTime;
  // v2's currentReplicas is omitempty (v1's is not).
  if (st.currentReplicas) out.currentReplicas = st.currentReplicas;
  out.desiredReplicas = st.desiredReplicas ?? 0;
  if (st.currentCPUUtilizationPercentage !== undefined) out.currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: st.currentCPUUtilizationPercentage } } }];
  const current = parseJson(a[METRIC_STATUSES_ANNOTATION]);
  if (Array.isArray(current)) out.currentMetrics = (current as V1MetricStatus[]).map(metricStatusFromV1) as unknown as MetricStatus[];
  const conditions = parseJson(a[CONDITIONS_ANNOTATION]);
  if (Array.isArray(conditions)) out.conditions = (conditions as HorizontalPodAutoscalerCondition[]).map(conditionFromV1);
  if (out.currentMetrics?.length === 0) delete out.currentMetrics;
  return out;
}

function conditionFromV1(c: HorizontalPodAutoscalerCondition): HorizontalPodAutoscalerCondition {
  const out: HorizontalPodAutoscalerCondition = { type: c.type, status: c.status };
  if (typeof c.lastTransitionTime === 'string') out.lastTransitionTime = c.lastTransitionTime;
  if (c.reason) out.reason = c.reason;
  if (c.message) out.message = c.message;
  return out;
}
