/**
 * matchPodFailurePolicy (pod_failure_policy.go): the first rule a failed Pod matches decides
 * whether its failure fails the Job (FailJob, with upstream's message), is not counted against
 * backoffLimit (Ignore) or is counted (Count). A FailIndex rule counts the failure and fails the
 * Pod's index at once (per-index.ts, with backoffLimitPerIndex, which validation requires for it).
 */
import type { Job, Pod, PodFailurePolicyRule } from '../../../k8s/types';

export interface PolicyMatch {
  failJobMessage?: string;
  countFailed: boolean;
  action?: PodFailurePolicyRule['action'];
}

function matchingContainer(pod: Pod, req: NonNullable<PodFailurePolicyRule['onExitCodes']>): { name: string; exitCode: number } | undefined {
  for (const list of [pod.status?.containerStatuses ?? [], pod.status?.initContainerStatuses ?? []]) {
    for (const cs of list) {
      const code = cs.state.terminated?.exitCode;
      if (code === undefined || code === 0) continue;
      if (req.containerName !== undefined && req.containerName !== cs.name) continue;
      const listed = (req.values ?? []).includes(code);
      if (req.operator === 'In' ? listed : req.operator === 'NotIn' ? !listed : false) return { name: cs.name, exitCode: code };
    }
  }
  return undefined;
}

export function matchPodFailurePolicy(job: Job, pod: Pod): PolicyMatch {
  const rules = job.spec.podFailurePolicy?.rules;
  if (!rules) return { countFailed: true };
  for (const [index, rule] of rules.entries()) {
    let failJobMessage: string | undefined;
    if (rule.onExitCodes) {
      const c = matchingContainer(pod, rule.onExitCodes);
      if (!c) continue;
      failJobMessage = `Container ${c.name} for pod ${pod.metadata.namespace}/${pod.metadata.name} failed with exit code ${c.exitCode} matching ${rule.action} rule at index ${index}`;
    } else if (rule.onPodConditions) {
      const cond = (pod.status?.conditions ?? []).find((pc) => rule.onPodConditions!.some((pat) => pat.type === pc.type && (pat.status ?? 'True') === pc.status));
      if (!cond) continue;
      failJobMessage = `Pod ${pod.metadata.namespace}/${pod.metadata.name} has condition ${cond.type} matching ${rule.action} rule at index ${index}`;
    } else continue;
    switch (rule.action) {
      case 'Ignore':
        return { countFailed: false, action: 'Ignore' };
      case 'Count':
      case 'FailIndex':
        return { countFailed: true, action: rule.action };
      case 'FailJob':
        return { failJobMessage, countFailed: true, action: 'FailJob' };
    }
  }
  return { countFailed: true };
}
