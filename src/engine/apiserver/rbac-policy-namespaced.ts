/**
 * namespace_policy.go: the Roles and RoleBindings the bootstrap policy keeps in kube-system and
 * kube-public, as testdata/namespace-roles.yaml and namespace-role-bindings.yaml record them for
 * v1.36 (copies in testdata/bootstrappolicy). The bootstrap-signer, token-cleaner and
 * cloud-provider controllers they are for do not run in a kubeadm cluster's default set; the
 * objects exist all the same.
 */
import { EVENTS, READ, rule, sa, user, type BindingSpec, type RoleSpec, type SubjectSpec } from './rbac-policy-rules';

const LEADER_LOCKING = [rule('coordination.k8s.io', 'leases', ['create', 'get', 'list', 'update', 'watch']), rule('coordination.k8s.io', 'leasecandidates', ['create', 'get', 'list', 'update', 'watch'])];

const role = (namespace: string, name: string, rules: RoleSpec['rules']): RoleSpec => ({ name, namespace, rules, bootstrap: true });

/** By namespace, then name, as namespace-roles.yaml lists them. */
export const UPSTREAM_ROLES: readonly RoleSpec[] = [
  role('kube-public', 'system:controller:bootstrap-signer', [rule('', 'configmaps', READ), rule('', 'configmaps', 'update', 'cluster-info'), EVENTS]),
  role('kube-system', 'extension-apiserver-authentication-reader', [rule('', 'configmaps', READ, 'extension-apiserver-authentication')]),
  role('kube-system', 'system::leader-locking-kube-controller-manager', LEADER_LOCKING),
  role('kube-system', 'system::leader-locking-kube-scheduler', LEADER_LOCKING),
  role('kube-system', 'system:controller:bootstrap-signer', [rule('', 'secrets', READ)]),
  role('kube-system', 'system:controller:cloud-provider', [rule('', 'configmaps', ['create', 'get', 'list', 'watch'])]),
  role('kube-system', 'system:controller:token-cleaner', [rule('', 'secrets', ['delete', 'get', 'list', 'watch']), EVENTS]),
];

const bind = (namespace: string, name: string, roleName: string, subjects: readonly SubjectSpec[]): BindingSpec => ({ name, namespace, roleKind: 'Role', role: roleName, subjects, bootstrap: true });

export const UPSTREAM_ROLE_BINDINGS: readonly BindingSpec[] = [
  bind('kube-public', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', [sa('kube-system', 'bootstrap-signer')]),
  // The binding's name has the `system::` prefix; the Role it grants does not.
  bind('kube-system', 'system::extension-apiserver-authentication-reader', 'extension-apiserver-authentication-reader', [user('system:kube-controller-manager'), user('system:kube-scheduler')]),
  bind('kube-system', 'system::leader-locking-kube-controller-manager', 'system::leader-locking-kube-controller-manager', [
    user('system:kube-controller-manager'),
    sa('kube-system', 'kube-controller-manager'),
    sa('kube-system', 'leader-election-controller'),
  ]),
  bind('kube-system', 'system::leader-locking-kube-scheduler', 'system::leader-locking-kube-scheduler', [user('system:kube-scheduler'), sa('kube-system', 'kube-scheduler')]),
  bind('kube-system', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', [sa('kube-system', 'bootstrap-signer')]),
  bind('kube-system', 'system:controller:cloud-provider', 'system:controller:cloud-provider', [sa('kube-system', 'cloud-provider')]),
  bind('kube-system', 'system:controller:token-cleaner', 'system:controller:token-cleaner', [sa('kube-system', 'token-cleaner')]),
];
