/**
 * describeHorizontalPodAutoscalerV2 (kubectl pkg/describe/describe.go): the reference, each
 * metric as `( current / target )`, the bounds, the behaviour when one is set, the target's Pods
 * (current / desired), the conditions table and the Events.
 */
import type { HPAScalingRules, HorizontalPodAutoscaler } from '../../k8s/autoscaling';
import type { Client } from '../client';
import { annotationsMultiline, describeEvents, fmtTime, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { DescribeWriter } from './writer';

function directionBehavior(w: DescribeWriter, direction: string, rules: HPAScalingRules | undefined): void {
  if (!rules) return;
  w.write(1, `${direction}:\n`);
  if (rules.stabilizationWindowSeconds !== undefined) w.write(2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  if (rules.policies?.length) {
    w.write(2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
    w.write(2, 'Policies:\n');
    for (const p of rules.policies) w.write(3, `- Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`);
  }
}

export function describeHorizontalPodAutoscaler(client: Client, hpa: HorizontalPodAutoscaler, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const spec = hpa.spec;
  const st = hpa.status;
  w.write(0, `Name:\t${hpa.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${hpa.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', hpa.metadata.labels);
  annotationsMultiline(w, 'Annotations', hpa.metadata.annotations);
  w.write(0, `CreationTimestamp:\t${fmtTime(hpa.metadata.creationTimestamp)}\n`);
  w.write(0, `Reference:\t${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}\n`);
  w.write(0, 'Metrics:\t( current / target )\n');
  (spec.metrics ?? []).forEach((m, i) => {
    const cur = st?.currentMetrics?.[i];
    if (m.type === 'Resource' && m.resource) {
      w.write(1, `resource ${m.resource.name} on pods`);
      const t = m.resource.target;
      if (t.averageValue !== undefined) {
        w.write(0, `:\t${cur?.resource?.current.averageValue ?? '<unknown>'} / ${t.averageValue}\n`);
      } else {
        const u = cur?.resource?.current.averageUtilization;
        const current = u !== undefined ? `${u}% (${cur?.resource?.current.averageValue ?? '0'})` : '<unknown>';
        w.write(1, `(as a percentage of request):\t${current} / ${t.averageUtilization !== undefined ? `${t.averageUtilization}%` : '<auto>'}\n`);
      }
    } else w.write(1, `<unknown metric type "${m.type}">\n`);
  });
  w.write(0, `Min replicas:\t${spec.minReplicas === undefined ? '<unset>' : spec.minReplicas}\n`);
  w.write(0, `Max replicas:\t${spec.maxReplicas}\n`);
  if (spec.behavior) {
    w.write(0, 'Behavior:\n');
    directionBehavior(w, 'Scale Up', spec.behavior.scaleUp);
    directionBehavior(w, 'Scale Down', spec.behavior.scaleDown);
  }
  w.write(0, `${spec.scaleTargetRef.kind} pods:\t`);
  w.write(0, `${st?.currentReplicas ?? 0} current / ${st?.desiredReplicas ?? 0} desired\n`);
  if (st?.conditions?.length) {
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tReason\tMessage\n');
    w.write(1, '----\t------\t------\t-------\n');
    for (const c of st.conditions) w.write(1, `${c.type}\t${c.status}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: hpa.metadata.name ?? '', namespace: hpa.metadata.namespace, kind: 'HorizontalPodAutoscaler', uid: hpa.metadata.uid }), now);
  return w.toString();
}
