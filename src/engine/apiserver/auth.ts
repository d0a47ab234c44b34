/**
 * Authentication and authorization. Every client presents an identity (in a real cluster a
 * client certificate or a ServiceAccount token); RBAC then decides with the default
 * ClusterRoles' rules, trimmed to what the simulated components need. The failure message is
 * apiserver's forbiddenMessage, byte for byte.
 */
export interface UserInfo {
  name: string;
  groups: string[];
}

/** kubeadm's admin kubeconfig identity (the student's kubectl). */
export const ADMIN: UserInfo = { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };
export const SCHEDULER_USER: UserInfo = { name: 'system:kube-scheduler', groups: ['system:authenticated'] };

export function controllerUser(controller: string): UserInfo {
  return { name: `system:serviceaccount:kube-system:${controller}`, groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] };
}

export function nodeUser(node: string): UserInfo {
  return { name: `system:node:${node}`, groups: ['system:nodes', 'system:authenticated'] };
}

export const KUBE_PROXY_USER: UserInfo = { name: 'system:kube-proxy', groups: ['system:authenticated'] };

export interface PolicyRule {
  verbs: string[];
  /** API groups; '*' for all. */
  groups: string[];
  /** resource or resource/subresource; '*' for all. */
  resources: string[];
}

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'update', 'patch', 'delete'];
const ALL = ['*'];

/** Subject (user name or group) → rules; a tiny stand-in for ClusterRoleBindings. */
const POLICY: Record<string, PolicyRule[]> = {
  'kubeadm:cluster-admins': [{ verbs: ALL, groups: ['*'], resources: ['*'] }],
  'system:masters': [{ verbs: ALL, groups: ['*'], resources: ['*'] }],
  'system:kube-scheduler': [
    { verbs: READ, groups: ['', 'apps', 'storage.k8s.io', 'coordination.k8s.io'], resources: ['*'] },
    { verbs: ['create'], groups: [''], resources: ['pods/binding', 'bindings', 'events'] },
    { verbs: ['update', 'patch'], groups: [''], resources: ['pods/status'] },
    { verbs: ['create', 'update', 'get'], groups: ['coordination.k8s.io'], resources: ['leases'] },
  ],
  'system:kube-controller-manager': [
    { verbs: READ, groups: ['*'], resources: ['*'] },
    { verbs: ['create', 'update', 'get'], groups: ['coordination.k8s.io'], resources: ['leases'] },
    { verbs: ['create', 'update', 'patch'], groups: [''], resources: ['events'] },
  ],
  'system:kube-proxy': [
    { verbs: READ, groups: ['', 'discovery.k8s.io'], resources: ['services', 'endpointslices', 'nodes'] },
    { verbs: ['create', 'update', 'patch'], groups: [''], resources: ['events'] },
  ],
  'system:nodes': [
    { verbs: READ, groups: ['', 'storage.k8s.io'], resources: ['*'] },
    { verbs: ['create', 'update', 'patch', 'delete'], groups: [''], resources: ['pods', 'pods/status', 'nodes', 'nodes/status', 'events'] },
    { verbs: ['create', 'update', 'get', 'patch'], groups: ['coordination.k8s.io'], resources: ['leases'] },
  ],
  // kube-controller-manager runs each controller with its own ServiceAccount
  // (--use-service-account-credentials); they share the broad rule below.
  'system:serviceaccounts:kube-system': [
    { verbs: [...READ, ...WRITE], groups: ['*'], resources: ['*'] },
  ],
};

function ruleAllows(rule: PolicyRule, verb: string, group: string, resource: string): boolean {
  return (
    (rule.verbs.includes('*') || rule.verbs.includes(verb)) &&
    (rule.groups.includes('*') || rule.groups.includes(group)) &&
    (rule.resources.includes('*') || rule.resources.includes(resource))
  );
}

export function authorize(user: UserInfo, verb: string, group: string, resource: string): boolean {
  for (const subject of [user.name, ...user.groups]) {
    for (const rule of POLICY[subject] ?? []) if (ruleAllows(rule, verb, group, resource)) return true;
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
