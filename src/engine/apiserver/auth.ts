/**
 * Authentication and authorization. Every client presents an identity (in a real cluster a
 * client certificate or a ServiceAccount token); RBAC then decides from the bindings in
 * rbac-policy.ts, with RoleBindings scoped to their namespace and resourceNames honoured.
 * The failure message is apiserver's forbiddenMessage, byte for byte.
 */
import { BINDINGS, CLUSTER_ROLES, type PolicyRule } from './rbac-policy';

export type { PolicyRule };

export interface UserInfo {
  name: string;
  groups: string[];
}

/** kubeadm's admin kubeconfig identity (the student's kubectl). */
export const ADMIN: UserInfo = { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };
export const SCHEDULER_USER: UserInfo = { name: 'system:kube-scheduler', groups: ['system:authenticated'] };
export const CONTROLLER_MANAGER_USER: UserInfo = { name: 'system:kube-controller-manager', groups: ['system:authenticated'] };

/** A ServiceAccount's identity, as its token authenticates. */
export function serviceAccountUser(namespace: string, name: string): UserInfo {
  return { name: `system:serviceaccount:${namespace}:${name}`, groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'] };
}

/** kube-controller-manager's per-controller ServiceAccount (--use-service-account-credentials). */
export function controllerUser(controller: string): UserInfo {
  return serviceAccountUser('kube-system', controller);
}

export function nodeUser(node: string): UserInfo {
  return { name: `system:node:${node}`, groups: ['system:nodes', 'system:authenticated'] };
}

/** kubeadm runs kube-proxy as the kube-system/kube-proxy ServiceAccount (kubeadm:node-proxier). */
export const KUBE_PROXY_USER: UserInfo = serviceAccountUser('kube-system', 'kube-proxy');

/** The CSI driver's sidecars (external-provisioner, external-attacher) share this ServiceAccount. */
export const CSI_DRIVER_USER: UserInfo = controllerUser('csi-hostpathplugin-sa');

/** The restricted learner of the RBAC lessons: `view` in `default`, nothing else. */
export const JANE: UserInfo = { name: 'jane', groups: ['system:authenticated'] };

/** The identity `kubectl --as=<name>` impersonates (groups as an impersonated user gets them). */
export function impersonate(name: string, groups: string[] = []): UserInfo {
  if (name === JANE.name && groups.length === 0) return JANE;
  const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(name);
  if (sa && groups.length === 0) return serviceAccountUser(sa[1]!, sa[2]!);
  return { name, groups: [...groups, 'system:authenticated'] };
}

function matchesResource(ruleResource: string, resource: string): boolean {
  if (ruleResource === '*' || ruleResource === resource) return true;
  // `*/scale` grants a subresource of every resource.
  return ruleResource.startsWith('*/') && resource.endsWith(ruleResource.slice(1));
}

function ruleAllows(rule: PolicyRule, verb: string, group: string, resource: string, name: string | undefined): boolean {
  if (!(rule.verbs.includes('*') || rule.verbs.includes(verb))) return false;
  if (!(rule.groups.includes('*') || rule.groups.includes(group))) return false;
  if (!rule.resources.some((r) => matchesResource(r, resource))) return false;
  return !rule.resourceNames || (name !== undefined && rule.resourceNames.includes(name));
}

/**
 * RBAC's decision for one request. `namespace` is the request's namespace (for
 * `namespaces/<name>` it is that name); RoleBindings only grant inside their own namespace.
 */
export function authorize(user: UserInfo, verb: string, group: string, resource: string, namespace?: string, name?: string): boolean {
  const subjects = new Set([user.name, ...user.groups]);
  for (const b of BINDINGS) {
    if (!subjects.has(b.subject)) continue;
    if (b.namespace !== undefined && b.namespace !== namespace) continue;
    for (const rule of CLUSTER_ROLES[b.role] ?? []) if (ruleAllows(rule, verb, group, resource, name)) return true;
  }
  return false;
}

/** apiserver's forbiddenMessage. `resource` may be `pods/status`. */
export function forbiddenMessage(user: UserInfo, verb: string, group: string, resource: string, namespace: string | undefined, name: string | undefined): string {
  const [res, sub] = resource.split('/');
  const qualified = group ? `${res}.${group}` : res;
  const what = name ? `${qualified} "${name}"` : qualified;
  const subPart = sub ? `resource "${res}/${sub}"` : `resource "${res}"`;
  const scope = namespace ? `in the namespace "${namespace}"` : 'at the cluster scope';
  return `${what} is forbidden: User "${user.name}" cannot ${verb} ${subPart} in API group "${group}" ${scope}`;
}
