/**
 * SetDefaults_HorizontalPodAutoscaler (autoscaling/v2): minReplicas 1, an 80% CPU utilization
 * target when no metric is given, and the default rules filled into a behaviour that was given
 * (a missing behaviour stays missing; the controller applies the same defaults).
 */
import type { HorizontalPodAutoscaler } from '../../../k8s/autoscaling';
import { DEFAULT_CPU_UTILIZATION, scaleDownRules, scaleUpRules } from '../../../k8s/hpa-behavior';

export function defaultHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): boolean {
  const spec = (hpa.spec ??= { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 });
  const before = JSON.stringify(spec);
  spec.minReplicas ??= 1;
  if (!spec.metrics || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  }
  if (spec.behavior) spec.behavior = { scaleUp: scaleUpRules(spec.behavior.scaleUp), scaleDown: scaleDownRules(spec.behavior.scaleDown) };
  return before !== JSON.stringify(spec);
}

/** SetDefaults for apiregistration.k8s.io/v1: a Service reference's port is 443. */
export function defaultAPIService(spec: { service?: { port?: number } } | undefined): boolean {
  if (!spec?.service || spec.service.port !== undefined) return false;
  spec.service.port = 443;
  return true;
}
