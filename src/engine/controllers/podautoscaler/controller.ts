/**
 * The horizontal Pod autoscaler controller (`horizontalpodautoscaling`, pkg/controller/
 * podautoscaler/horizontal.go): every 15 s (--horizontal-pod-autoscaler-sync-period; a new HPA
 * waits one period too, as its fixed-interval rate limiter makes it) each HPA reads its target's
 * /scale, lists the PodMetrics of the target's Pods from metrics.k8s.io, proposes a count per
 * metric (replica-calculator.ts; the highest wins), normalizes it (normalize.ts: stabilization,
 * rate limits, min/max) and writes it through the /scale subresource, recording the real
 * conditions and Events. The status is written only when it changed.
 */
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerStatus, MetricSpec, MetricStatus, PodMetrics } from '../../../k8s/autoscaling';
import type { KObject, LabelSelector, Pod } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import { parseMilli } from '../../../k8s/quantity';
import { resourceForKind } from '../../../k8s/resources';
import { workloadSelector } from '../../../k8s/scale';
import { parseTimestamp, rfc3339 } from '../../../k8s/time';
import { at as simAt, componentId } from '../../core/ids';
import { metaKey } from '../../client/informer';
import { cloneData } from '../../core/clone';
import type { ControllerContext, ControllerDef, ReconcileResult } from '../framework';
import { semanticEqual } from '../util/equal';
import { stateOf } from '../util/state';
import { resourceReplicas, type PodSample } from './replica-calculator';
import { normalize, storeScaleEvent, type HpaMemory } from './normalize';

export const HPA_SYNC_PERIOD_MS = 15_000;

type Memory = Record<string, HpaMemory>;

/** What the controller keeps between syncs: per HPA its recommendations and scale events. */
interface State {
  hpas: Memory;
}

interface Target {
  resource: string;
  replicas: number;
  statusReplicas: number;
  selector: LabelSelector | undefined;
}

class Failure extends Error {
  constructor(
    message: string,
    readonly condition: HorizontalPodAutoscalerCondition,
  ) {
    super(message);
  }
}

function setCondition(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, type: HorizontalPodAutoscalerCondition['type'], status: 'True' | 'False', reason: string, message: string): void {
  const st = (hpa.status ??= { desiredReplicas: 0, currentMetrics: null });
  const list = (st.conditions ??= []);
  let c = list.find((x) => x.type === type);
  if (!c) list.push((c = { type, status: 'Unknown' }));
  if (c.status !== status) c.lastTransitionTime = rfc3339(simAt(ctx.w.now));
  c.status = status;
  c.reason = reason;
  c.message = message;
}

/** getUnableComputeReplicaCountCondition: the Event, and the ScalingActive=False it proposes. */
function unable(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, reason: string, err: string): HorizontalPodAutoscalerCondition {
  ctx.record(hpa, { type: 'Warning', reason, message: err });
  return { type: 'ScalingActive', status: 'False', reason, message: `the HPA was unable to compute the replica count: ${err}` };
}

function groupOf(apiVersion: string | undefined): string {
  const v = apiVersion ?? '';
  return v.includes('/') ? v.slice(0, v.indexOf('/')) : '';
}

/** The scale of the target: its /scale subresource (spec.replicas, status.replicas, the selector). */
function getScale(ctx: ControllerContext, hpa: HorizontalPodAutoscaler): Target | string {
  const ref = hpa.spec.scaleTargetRef;
  const group = groupOf(ref.apiVersion);
  const info = resourceForKind(ref.kind);
  if (!info || info.group !== group) return `no matches for kind "${ref.kind}" in group "${group}"`;
  if (!info.subresources.includes('scale')) return `${info.resource}.${info.group} "${ref.name}" not found`;
  const res = ctx.request({ verb: 'get', resource: info.resource, subresource: 'scale', namespace: hpa.metadata.namespace, name: ref.name });
  if (!res.ok) return res.error.message;
  const o = res.object as KObject & { spec?: { replicas?: number }; status?: { replicas?: number } };
  return { resource: info.resource, replicas: o.spec?.replicas ?? 0, statusReplicas: o.status?.replicas ?? 0, selector: workloadSelector(o) };
}

/** The resource metrics client (rest_metrics_client.go GetResourceMetric): each Pod's summed container usage. */
function podSamples(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, resource: string, selector: LabelSelector): Map<string, PodSample> | string {
  const res = ctx.request({ verb: 'list', resource: 'pods.metrics.k8s.io', namespace: hpa.metadata.namespace, labelSelector: fromLabelSelector(selector) });
  if (!res.ok) return `unable to fetch metrics from resource metrics API: ${res.error.message} (get pods.metrics.k8s.io)`;
  const items = (res.items ?? []) as PodMetrics[];
  if (items.length === 0) return 'no metrics returned from resource metrics API';
  const out = new Map<string, PodSample>();
  for (const m of items) {
    let value = 0;
    for (const c of m.containers) {
      const q = parseMilli(c.usage[resource]);
      if (q === undefined) return `missing resource metric ${resource} for container ${c.name} in pod ${m.metadata.namespace ?? ''}/${m.metadata.name ?? ''}`;
      value += q;
    }
    out.set(m.metadata.name ?? '', { value, timestamp: parseTimestamp(m.timestamp), windowMs: (parseFloat(m.window) || 0) * 1000 });
  }
  return out;
}

function podsOf(ctx: ControllerContext, ns: string, selector: LabelSelector): Pod[] {
  const sel = fromLabelSelector(selector);
  const out: Pod[] = [];
  for (const o of ctx.cache('pods').cache.values()) if (o.metadata.namespace === ns && matches(sel, o.metadata.labels)) out.push(o as Pod);
  return out.sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
}

/** computeReplicasForMetric for one Resource metric. */
function resourceMetric(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, spec: MetricSpec, current: number, selector: LabelSelector): { replicas: number; name: string; status: MetricStatus } {
  if (spec.type === 'Pods' || spec.type === 'Object' || spec.type === 'External') {
    // No custom or external metrics adapter is ever registered here: the client's own refusal.
    const source = spec.type === 'Pods' ? spec.pods : spec.type === 'Object' ? spec.object : spec.external;
    const metric = (source as { metric?: { name?: string } } | undefined)?.metric?.name ?? '';
    const api = spec.type === 'External' ? 'no external metrics API (external.metrics.k8s.io) registered' : 'no custom metrics API (custom.metrics.k8s.io) registered';
    const err = `unable to get ${spec.type === 'External' ? 'external ' : ''}metric ${metric}: unable to fetch metrics from ${spec.type === 'External' ? 'external' : 'custom'} metrics API: ${api}`;
    const cond = unable(ctx, hpa, `FailedGet${spec.type}Metric`, err);
    throw new Failure(spec.type === 'External' ? err : `failed to get ${spec.type.toLowerCase()} metric value: ${err}`, cond);
  }
  if (spec.type !== 'Resource' || !spec.resource) {
    const err = `unknown metric source type "${spec.type}"`;
    throw new Failure(err, unable(ctx, hpa, 'InvalidMetricSourceType', err));
  }
  const { name, target } = spec.resource;
  const raw = target.averageValue !== undefined;
  if (!raw && target.averageUtilization === undefined) {
    const err = 'invalid resource metric source: neither a utilization target nor a value target was set';
    throw new Failure(err, unable(ctx, hpa, 'FailedGetResourceMetric', err));
  }
  const goal = raw ? (parseMilli(target.averageValue) ?? 0) : (target.averageUtilization ?? 0);
  const fail = (err: string): never => {
    throw new Failure(`failed to get ${name} utilization: ${err}`, unable(ctx, hpa, 'FailedGetResourceMetric', err));
  };
  const samples = podSamples(ctx, hpa, name, selector);
  if (typeof samples === 'string') return fail(`unable to get metrics for resource ${name}: ${samples}`);
  const calc = resourceReplicas(current, goal, name, podsOf(ctx, hpa.metadata.namespace ?? '', selector), samples, ctx.w.now, raw);
  if (!calc.ok) return fail(calc.error);
  const averageValue = name === 'cpu' ? `${calc.rawAverage}m` : String(Math.round(calc.rawAverage / 1000));
  if (raw) return { replicas: calc.replicas, name: `${name} resource`, status: { type: 'Resource', resource: { name, current: { averageValue } } } };
  return {
    replicas: calc.replicas,
    name: `${name} resource utilization (percentage of request)`,
    status: { type: 'Resource', resource: { name, current: { averageUtilization: calc.utilization, averageValue } } },
  };
}

function writeStatus(ctx: ControllerContext, hpa: HorizontalPodAutoscaler, original: HorizontalPodAutoscalerStatus | undefined): void {
  if (semanticEqual(original, hpa.status)) return;
  const res = ctx.request({ verb: 'update', resource: 'horizontalpodautoscalers', subresource: 'status', namespace: hpa.metadata.namespace, name: hpa.metadata.name, body: hpa });
  if (!res.ok) ctx.record(hpa, { type: 'Warning', reason: 'FailedUpdateStatus', message: res.error.message });
}

function setStatus(hpa: HorizontalPodAutoscaler, current: number, desired: number, metrics: MetricStatus[] | null | undefined, scaledAt: string | undefined): void {
  const old = hpa.status;
  const next: HorizontalPodAutoscalerStatus = { desiredReplicas: desired };
  const lastScaleTime = scaledAt ?? old?.lastScaleTime;
  if (lastScaleTime) next.lastScaleTime = lastScaleTime;
  if (current) next.currentReplicas = current;
  // currentMetrics has no omitempty (autoscaling/v2 types.go): none read is `null`, not absent.
  next.currentMetrics = metrics?.length ? metrics : null;
  if (old?.conditions) next.conditions = old.conditions;
  hpa.status = next;
}

/** reconcileAutoscaler. */
function reconcileAutoscaler(ctx: ControllerContext, stored: HorizontalPodAutoscaler, key: string, memory: Memory): void {
  const hpa = cloneData(stored);
  const original = cloneData(stored.status);
  const now = ctx.w.now;
  const target = getScale(ctx, hpa);
  if (typeof target === 'string') {
    ctx.record(hpa, { type: 'Warning', reason: 'FailedGetScale', message: target });
    setCondition(ctx, hpa, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${target}`);
    writeStatus(ctx, hpa, original);
    return;
  }
  setCondition(ctx, hpa, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale");
  const current = target.replicas;
  const mem = (memory[key] ??= { recommendations: [], scaleUp: [], scaleDown: [] });
  if (mem.recommendations.length === 0) mem.recommendations.push({ at: now, replicas: current });

  const min = hpa.spec.minReplicas ?? 1;
  const max = hpa.spec.maxReplicas;
  let desired = 0;
  let reason = '';
  let rescale = true;
  let statuses: MetricStatus[] | undefined;
  if (current === 0 && min !== 0) {
    rescale = false;
    setCondition(ctx, hpa, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero');
  } else if (current > max) {
    reason = 'Current number of replicas above Spec.MaxReplicas';
    desired = max;
  } else if (current < min) {
    reason = 'Current number of replicas below Spec.MinReplicas';
    desired = min;
  } else {
    const selector = target.selector;
    if (!selector) {
      const err = "selector is required";
      ctx.record(hpa, { type: 'Warning', reason: 'SelectorRequired', message: err });
      setCondition(ctx, hpa, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector");
      setStatus(hpa, current, hpa.status?.desiredReplicas ?? 0, hpa.status?.currentMetrics, undefined);
      writeStatus(ctx, hpa, original);
      return;
    }
    const specs = hpa.spec.metrics ?? [];
    statuses = specs.map(() => ({ type: 'Resource' }) as MetricStatus);
    let proposal = 0;
    let metricName = '';
    let invalid = 0;
    let firstError: Failure | undefined;
    specs.forEach((spec, i) => {
      try {
        const r = resourceMetric(ctx, hpa, spec, current, selector);
        statuses![i] = r.status;
        if (proposal === 0 || r.replicas > proposal) [proposal, metricName] = [r.replicas, r.name];
      } catch (e) {
        if (!(e instanceof Failure)) throw e;
        if (invalid === 0) firstError = e;
        invalid++;
      }
    });
    if (invalid >= specs.length && firstError) {
      const c = firstError.condition;
      setCondition(ctx, hpa, c.type, c.status as 'True' | 'False', c.reason ?? '', c.message ?? '');
      setStatus(hpa, current, hpa.status?.desiredReplicas ?? 0, hpa.status?.currentMetrics, undefined);
      writeStatus(ctx, hpa, original);
      ctx.record(hpa, { type: 'Warning', reason: 'FailedComputeMetricsReplicas', message: `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstError.message}` });
      return;
    }
    setCondition(ctx, hpa, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${metricName}`);
    desired = proposal;
    if (desired > current) reason = `${metricName} above target`;
    if (desired < current) reason = 'All metrics below target';
    const verdict = normalize(mem, hpa.spec.behavior, current, desired, min, max, now);
    setCondition(ctx, hpa, 'AbleToScale', 'True', verdict.able.reason, verdict.able.message);
    setCondition(ctx, hpa, 'ScalingLimited', verdict.limited.status, verdict.limited.reason, verdict.limited.message);
    desired = verdict.replicas;
    rescale = desired !== current;
  }

  let scaledAt: string | undefined;
  if (rescale) {
    const res = ctx.request({ verb: 'update', resource: target.resource, subresource: 'scale', namespace: hpa.metadata.namespace, name: hpa.spec.scaleTargetRef.name, body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: hpa.spec.scaleTargetRef.name, namespace: hpa.metadata.namespace }, spec: { replicas: desired } } });
    if (!res.ok) {
      ctx.record(hpa, { type: 'Warning', reason: 'FailedRescale', message: `New size: ${desired}; reason: ${reason}; error: ${res.error.message}` });
      setCondition(ctx, hpa, 'AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${res.error.message}`);
      setStatus(hpa, current, hpa.status?.desiredReplicas ?? 0, hpa.status?.currentMetrics, undefined);
      writeStatus(ctx, hpa, original);
      return;
    }
    setCondition(ctx, hpa, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desired}`);
    ctx.record(hpa, { type: 'Normal', reason: 'SuccessfulRescale', message: `New size: ${desired}; reason: ${reason}` });
    storeScaleEvent(mem, hpa.spec.behavior, current, desired, now);
    scaledAt = rfc3339(simAt(now));
  } else desired = current;
  ctx.observe(desired, current);
  setStatus(hpa, current, desired, statuses, scaledAt);
  writeStatus(ctx, hpa, original);
}

function sync(ctx: ControllerContext, key: string): ReconcileResult {
  const state = stateOf<State>(ctx, () => ({ hpas: {} }));
  const hpa = ctx.cache('horizontalpodautoscalers').cache.get(key) as HorizontalPodAutoscaler | undefined;
  if (!hpa) {
    delete state.hpas[key];
    return { kind: 'done' };
  }
  reconcileAutoscaler(ctx, hpa, key, state.hpas);
  // The fixed-interval rate limiter: whatever happened, look again one sync period later.
  return { kind: 'requeueAfter', delay: HPA_SYNC_PERIOD_MS };
}

export const horizontalPodAutoscalerController: ControllerDef = {
  name: 'horizontalpodautoscaling',
  actor: componentId('horizontal-pod-autoscaler'),
  informers: ['horizontalpodautoscalers', 'pods'],
  keysFor: (ctx, resource, d) => {
    // enqueueHPA is AddRateLimited, with a fixed-interval limiter: AddAfter one period. A new HPA
    // is first synced one period after it appears; later updates (our own status writes among
    // them) find the key already waiting at least as soon, and the delaying queue drops them.
    if (resource !== 'horizontalpodautoscalers' || !d.cur) return [];
    ctx.enqueue(metaKey(d.cur), HPA_SYNC_PERIOD_MS);
    return [];
  },
  reconcile: (ctx, key) => sync(ctx, key),
};
