/**
 * The kubelet's effective security context for a container (pkg/kubelet/kuberuntime
 * security_context.go determineEffectiveSecurityContext): the ids, groups and runtime settings
 * it hands CRI. Pure: reads the Pod's and the container's securityContext as stored.
 */
import type { ContainerSecurity } from '../images/types';

/** securityContext.runAsUser (or another id field), when it is an id. */
export function idOf(sc: Record<string, unknown> | undefined, field = 'runAsUser'): number | undefined {
  const v = sc?.[field];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
}

/** determineEffectiveSecurityContext's supplemental groups: fsGroup first, then supplementalGroups. */
export function supplementalGroupsOf(sc: Record<string, unknown> | undefined): number[] {
  const fsGroup = idOf(sc, 'fsGroup');
  const listed = Array.isArray(sc?.['supplementalGroups']) ? (sc['supplementalGroups'] as unknown[]).filter((g): g is number => typeof g === 'number' && Number.isInteger(g) && g >= 0) : [];
  return [...(fsGroup === undefined ? [] : [fsGroup]), ...listed];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * The runtime's half of the effective security context (pkg/kubelet/kuberuntime
 * determineEffectiveSecurityContext, securitycontext.AddNoNewPrivileges): capabilities and
 * privileged and allowPrivilegeEscalation are the container's own; seccompProfile the container's
 * over the Pod's (none: Unconfined, the kubelet's SeccompDefault being off); supplementalGroupsPolicy the Pod's.
 */
export function securityOf(c: Record<string, unknown> | undefined, pod: Record<string, unknown> | undefined): ContainerSecurity | undefined {
  const caps = c?.['capabilities'] as Record<string, unknown> | undefined;
  const add = strings(caps?.['add']);
  const drop = strings(caps?.['drop']);
  const seccomp = ((c?.['seccompProfile'] ?? pod?.['seccompProfile']) as { type?: unknown } | undefined)?.type;
  const sec: ContainerSecurity = {
    ...(pod?.['supplementalGroupsPolicy'] === 'Strict' ? { strictGroups: true as const } : {}),
    ...(add.length ? { capAdd: add } : {}),
    ...(drop.length ? { capDrop: drop } : {}),
    ...(c?.['privileged'] === true ? { privileged: true as const } : {}),
    ...(c?.['allowPrivilegeEscalation'] === false ? { noNewPrivs: true as const } : {}),
    ...(seccomp === 'RuntimeDefault' || seccomp === 'Localhost' ? { seccomp: true as const } : {}),
  };
  return Object.keys(sec).length ? sec : undefined;
}
