/**
 * The RBAC policy a kind cluster (kubeadm-built) starts with, as data: kube-apiserver's
 * bootstrap policy (plugin/pkg/auth/authorizer/rbac/bootstrappolicy: rbac-policy-cluster.ts,
 * -controllers.ts, -namespaced.ts), then kubeadm's, the add-ons' and the learner's objects
 * (rbac-policy-kubeadm.ts). rbac-bootstrap.ts turns it into objects, drawing their uids in this
 * order; the CNI plugin's role and binding (cni-rbac.ts) come after all of these.
 */
import { UPSTREAM_CLUSTER_ROLE_BINDINGS, UPSTREAM_CLUSTER_ROLES } from './rbac-policy-cluster';
import { CONTROLLER_ROLE_BINDINGS, CONTROLLER_ROLES } from './rbac-policy-controllers';
import { UPSTREAM_ROLE_BINDINGS, UPSTREAM_ROLES } from './rbac-policy-namespaced';
import { OTHER_CLUSTER_ROLE_BINDINGS, OTHER_CLUSTER_ROLES, OTHER_ROLE_BINDINGS, OTHER_ROLES } from './rbac-policy-kubeadm';
import type { BindingSpec, ClusterRoleSpec, RoleSpec } from './rbac-policy-rules';

export type { AnyRule, BindingSpec, ClusterRoleSpec, NonResourceRule, PolicyRule, RoleSpec, SubjectSpec } from './rbac-policy-rules';
export { NODE_RULES } from './rbac-policy-cluster';

export const CLUSTER_ROLES: readonly ClusterRoleSpec[] = [...UPSTREAM_CLUSTER_ROLES, ...CONTROLLER_ROLES, ...OTHER_CLUSTER_ROLES];

export const CLUSTER_ROLE_BINDINGS: readonly BindingSpec[] = [...UPSTREAM_CLUSTER_ROLE_BINDINGS, ...CONTROLLER_ROLE_BINDINGS, ...OTHER_CLUSTER_ROLE_BINDINGS];

export const ROLES: readonly RoleSpec[] = [...UPSTREAM_ROLES, ...OTHER_ROLES];

export const ROLE_BINDINGS: readonly BindingSpec[] = [...UPSTREAM_ROLE_BINDINGS, ...OTHER_ROLE_BINDINGS];
