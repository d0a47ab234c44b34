/**
 * The HPA's default scaling behaviour (k8s.io/kubernetes/pkg/apis/autoscaling/v2 defaults.go:
 * GenerateHPAScaleUpRules / GenerateHPAScaleDownRules): the API server fills in a behaviour that
 * was given, and the controller uses the same defaults for one that was not.
 */
import type { HPAScalingRules, HorizontalPodAutoscalerBehavior } from './autoscaling';

export const DEFAULT_CPU_UTILIZATION = 80;

/** Scale up by 100% or 4 Pods (whichever is more) every 15 s, with no stabilization window. */
export function scaleUpRules(given: HPAScalingRules | undefined): HPAScalingRules {
  return {
    stabilizationWindowSeconds: given?.stabilizationWindowSeconds ?? 0,
    selectPolicy: given?.selectPolicy ?? 'Max',
    policies: given?.policies ?? [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
    ...(given?.tolerance !== undefined ? { tolerance: given.tolerance } : {}),
  };
}

/** Scale down by up to 100% every 15 s, after a 300 s stabilization window. */
export function scaleDownRules(given: HPAScalingRules | undefined): HPAScalingRules {
  return {
    stabilizationWindowSeconds: given?.stabilizationWindowSeconds ?? 300,
    selectPolicy: given?.selectPolicy ?? 'Max',
    policies: given?.policies ?? [{ type: 'Percent', value: 100, periodSeconds: 15 }],
    ...(given?.tolerance !== undefined ? { tolerance: given.tolerance } : {}),
  };
}

export function fullBehavior(b: HorizontalPodAutoscalerBehavior | undefined): Required<HorizontalPodAutoscalerBehavior> {
  return { scaleUp: scaleUpRules(b?.scaleUp), scaleDown: scaleDownRules(b?.scaleDown) };
}
