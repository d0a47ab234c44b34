/**
 * Authentication and authorization. Every client presents an identity (in a real cluster a
 * client certificate or a ServiceAccount token); the authorizer chain (rbac-authorizer.ts) then
 * decides from the stored RBAC objects, with RoleBindings scoped to their namespace and
 * resourceNames honoured. The failure message is apiserver's forbiddenMessage, byte for byte.
 */
import type { World } from '../world';
import { authorizeResource } from './rbac-authorizer';

export interface UserInfo {
  name: string;
  groups: string[];
  uid?: string;
  /** What the authenticator adds besides (a ServiceAccount token's credential id, bound Pod and Node). */
  extra?: Readonly<Record<string, readonly string[]>>;
}

/** kubeadm's admin kubeconfig identity (the student's kubectl). */
/** kube-apiserver's own loopback identity (a system:masters member). */
export const APISERVER_USER: UserInfo = { name: 'system:apiserver', groups: ['system:masters', 'system:authenticated'] };
export const ADMIN: UserInfo = { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };
export const SCHEDULER_USER: UserInfo = { name: 'system:kube-scheduler', groups: ['system:authenticated'] };
export const CONTROLLER_MANAGER_USER: UserInfo = { name: 'system:kube-controller-manager', groups: ['system:authenticated'] };

/** A ServiceAccount's identity, as its token authenticates. */
export function serviceAccountUser(namespace: string, name: string): UserInfo {
  return { name: `system:serviceaccount:${namespace}:${name}`, groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'] };
}

/**
 * The same object for a controller each time, as the module's constant users are: the authorizer
 * memoises a user's bindings by the UserInfo object (rbac-authorizer.ts), and a controller's
 * client is made anew for every reconcile. A pure memo; nothing changes a UserInfo once made.
 */
const controllerUsers = new Map<string, UserInfo>();

/** kube-controller-manager's per-controller ServiceAccount (--use-service-account-credentials). */
export function controllerUser(controller: string): UserInfo {
  let user = controllerUsers.get(controller);
  if (!user) controllerUsers.set(controller, (user = serviceAccountUser('kube-system', controller)));
  return user;
}

const nodeUsers = new Map<string, UserInfo>();

/** A kubelet's identity, one object per node so the authorizer's per-user memo hits (as controllerUser). */
export function nodeUser(node: string): UserInfo {
  let user = nodeUsers.get(node);
  if (!user) nodeUsers.set(node, (user = { name: `system:node:${node}`, groups: ['system:nodes', 'system:authenticated'] }));
  return user;
}

/** kubeadm runs kube-proxy as the kube-system/kube-proxy ServiceAccount (kubeadm:node-proxier). */
export const KUBE_PROXY_USER: UserInfo = serviceAccountUser('kube-system', 'kube-proxy');

/** The CSI driver's sidecars (external-provisioner, external-attacher) share this ServiceAccount. */
export const CSI_DRIVER_USER: UserInfo = controllerUser('csi-hostpathplugin-sa');

/** The restricted learner of the RBAC lessons: `view` in `default`, nothing else. */
export const JANE: UserInfo = { name: 'jane', groups: ['system:authenticated'] };

/** A request without credentials, under kubeadm's --anonymous-auth=true (the anonymous authenticator). */
export const ANONYMOUS: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

/**
 * What a client asks to act as (the Impersonate-User, Impersonate-Group and Impersonate-Uid
 * headers kubectl's `--as`, `--as-group` and `--as-uid` send).
 */
export interface Impersonation {
  user: string;
  groups?: readonly string[];
  uid?: string;
}

/** One thing the requestor must be allowed to `impersonate`, as the impersonation filter checks it. */
export interface ImpersonationCheck {
  group: '' | 'authentication.k8s.io';
  resource: 'users' | 'serviceaccounts' | 'groups' | 'uids';
  namespace?: string;
  name: string;
}

const SA_USER = /^system:serviceaccount:([^:]+):([^:]+)$/;

/**
 * buildImpersonationRequests: the user (a ServiceAccount when its name is one), then each group,
 * then the uid — the order the filter authorizes them in, so the first refusal is upstream's.
 */
export function impersonationChecks(imp: Impersonation): ImpersonationCheck[] {
  const checks: ImpersonationCheck[] = [];
  const sa = SA_USER.exec(imp.user);
  if (sa) checks.push({ group: '', resource: 'serviceaccounts', namespace: sa[1]!, name: sa[2]! });
  else if (imp.user) checks.push({ group: '', resource: 'users', name: imp.user });
  for (const g of imp.groups ?? []) checks.push({ group: '', resource: 'groups', name: g });
  if (imp.uid) checks.push({ group: 'authentication.k8s.io', resource: 'uids', name: imp.uid });
  return checks;
}

/**
 * The identity a request runs as once impersonation is allowed: groups given are the authority;
 * without them a ServiceAccount gets its fixed groups; `system:authenticated` is added unless a
 * group already says authenticated or unauthenticated.
 */
export function impersonate(imp: Impersonation): UserInfo {
  const sa = SA_USER.exec(imp.user);
  const groups = imp.groups?.length ? [...imp.groups] : sa ? ['system:serviceaccounts', `system:serviceaccounts:${sa[1]!}`] : [];
  if (!groups.includes('system:authenticated') && !groups.includes('system:unauthenticated')) groups.push('system:authenticated');
  return imp.uid ? { name: imp.user, groups, uid: imp.uid } : { name: imp.user, groups };
}

/**
 * The authorizer's decision for one request. `namespace` is the request's namespace (for
 * `namespaces/<name>` it is that name); RoleBindings only grant inside their own namespace.
 */
export function authorize(w: World, user: UserInfo, verb: string, group: string, resource: string, namespace?: string, name?: string): boolean {
  return authorizeResource(w, user, { verb, group, resource, ...(namespace ? { namespace } : {}), ...(name ? { name } : {}) });
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
