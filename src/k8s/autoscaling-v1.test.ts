import { describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler } from './autoscaling';
import { BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION, hpaFromV1, hpaToV1, METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION } from './autoscaling-v1';

const meta = { name: 'web', namespace: 'default' };
const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const cpu = (averageUtilization: number): NonNullable<HorizontalPodAutoscaler['spec']['metrics']>[number] => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } });

function v2(spec: Partial<HorizontalPodAutoscaler['spec']>, status?: HorizontalPodAutoscaler['status']): HorizontalPodAutoscaler {
  return { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { ...meta }, spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, ...spec }, ...(status ? { status } : {}) };
}

describe('autoscaling/v1 ⇄ v2 conversion (pkg/apis/autoscaling/v1/conversion.go)', () => {
  it('a CPU utilization metric is v1 targetCPUUtilizationPercentage, with no annotation', () => {
    const v1 = hpaToV1(v2({ metrics: [cpu(55)] }));
    expect(v1).toEqual({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: meta, spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 55 } });
    expect(hpaFromV1(v1).spec.metrics).toEqual([cpu(55)]);
  });

  it('a v1 HPA with no CPU target gets the controller\'s old implicit 80% CPU metric', () => {
    const back = hpaFromV1({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: meta, spec: { scaleTargetRef: ref, maxReplicas: 3 } } as never);
    expect(back.spec).toEqual({ scaleTargetRef: ref, maxReplicas: 3, metrics: [cpu(80)] });
  });

  it('other metrics ride in the metrics annotation in the v2beta1 shape, and come back first', () => {
    const metrics = [
      { type: 'Resource' as const, resource: { name: 'memory', target: { type: 'AverageValue' as const, averageValue: '100Mi' } } },
      cpu(50),
      { type: 'External' as const, external: { metric: { name: 'queue', selector: { matchLabels: { q: 'a' } } }, target: { type: 'AverageValue', averageValue: '30' } } },
      { type: 'Object' as const, object: { describedObject: { kind: 'Ingress', name: 'main', apiVersion: 'networking.k8s.io/v1' }, target: { type: 'Value', value: '10k' }, metric: { name: 'rps' } } },
      { type: 'Pods' as const, pods: { metric: { name: 'packets' }, target: { type: 'AverageValue', averageValue: '1k' } } },
    ];
    const v1 = hpaToV1(v2({ metrics }));
    expect(v1.spec?.targetCPUUtilizationPercentage).toBe(50);
    expect(v1.metadata.annotations?.[METRIC_SPECS_ANNOTATION]).toBe(
      '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"100Mi"}},' +
        '{"type":"External","external":{"metricName":"queue","metricSelector":{"matchLabels":{"q":"a"}},"targetAverageValue":"30"}},' +
        '{"type":"Object","object":{"target":{"kind":"Ingress","name":"main","apiVersion":"networking.k8s.io/v1"},"metricName":"rps","targetValue":"10k"}},' +
        '{"type":"Pods","pods":{"metricName":"packets","targetAverageValue":"1k"}}]',
    );
    const back = hpaFromV1(v1);
    expect(back.spec.metrics).toEqual([...metrics.filter((m) => m !== metrics[1]), cpu(50)]);
    expect(back.metadata.annotations).toBeUndefined();
  });

  it('status: the CPU utilization is v1\'s field, the raw current metrics and the conditions go to annotations', () => {
    const status: HorizontalPodAutoscaler['status'] = {
      currentReplicas: 2,
      desiredReplicas: 3,
      currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '120m', averageUtilization: 60 } } }],
      conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2025-09-01T09:00:22Z', reason: 'ReadyForNewScale', message: 'recommended size matches current size & <ok>' }],
    };
    const v1 = hpaToV1(v2({ metrics: [cpu(50)] }, status));
    expect(v1.status).toEqual({ currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 60 });
    expect(v1.metadata.annotations).toEqual({
      [METRIC_STATUSES_ANNOTATION]: '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":60,"currentAverageValue":"120m"}}]',
      // encoding/json escapes <, > and &.
      [CONDITIONS_ANNOTATION]: '[{"type":"AbleToScale","status":"True","lastTransitionTime":"2025-09-01T09:00:22Z","reason":"ReadyForNewScale","message":"recommended size matches current size \\u0026 \\u003cok\\u003e"}]',
    });
    expect(hpaFromV1(v1).status).toEqual(status);
  });

  it('a fresh status (no controller yet) is currentReplicas 0 at v1, omitted at v2', () => {
    const v1 = hpaToV1(v2({ metrics: [cpu(50)] }, { desiredReplicas: 0 }));
    expect(v1.status).toEqual({ currentReplicas: 0, desiredReplicas: 0 });
    expect(hpaFromV1(v1).status).toEqual({ desiredReplicas: 0 });
  });

  it('the behavior is the internal type marshalled without json tags, read back case-insensitively', () => {
    const behavior = { scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max' as const, policies: [{ type: 'Pods' as const, value: 4, periodSeconds: 15 }] }, scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Max' as const, policies: [{ type: 'Percent' as const, value: 100, periodSeconds: 15 }] } };
    const v1 = hpaToV1(v2({ metrics: [cpu(50)], behavior }));
    expect(v1.metadata.annotations?.[BEHAVIOR_ANNOTATION]).toBe(
      '{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}],"Tolerance":null},"ScaleDown":{"StabilizationWindowSeconds":300,"SelectPolicy":"Max","Policies":[{"Type":"Percent","Value":100,"PeriodSeconds":15}],"Tolerance":null}}',
    );
    expect(hpaFromV1(v1).spec.behavior).toEqual(behavior);
    const lower = hpaFromV1({ ...v1, metadata: { ...meta, annotations: { [BEHAVIOR_ANNOTATION]: '{"scaleDown":{"stabilizationWindowSeconds":60}}' } } });
    expect(lower.spec.behavior).toEqual({ scaleDown: { stabilizationWindowSeconds: 60 } });
  });

  it('drops the round-trip annotations a client sent, keeps the others, and ignores one it cannot decode', () => {
    const back = hpaFromV1({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { ...meta, annotations: { team: 'a', [METRIC_SPECS_ANNOTATION]: 'nope', [BEHAVIOR_ANNOTATION]: '{}' } }, spec: { scaleTargetRef: ref, maxReplicas: 3, targetCPUUtilizationPercentage: 40 } } as never);
    expect(back.metadata.annotations).toEqual({ team: 'a' });
    expect(back.spec.metrics).toEqual([cpu(40)]);
    expect(back.spec.behavior).toBeUndefined();
    // An annotation of ours already on the v2 object is replaced by the conversion's own.
    const v1 = hpaToV1({ ...v2({ metrics: [cpu(50)] }), metadata: { ...meta, annotations: { [CONDITIONS_ANNOTATION]: 'stale' } } });
    expect(v1.metadata.annotations).toBeUndefined();
  });
});
